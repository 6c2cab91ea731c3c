// npm run db:seed                  categories and subcategories (idempotent)
// npm run db:seed -- --demo 500    plus 500 demo sellers
import { parseArgs } from "node:util";
import { describeTarget, migrateToLatest, openDatabase } from "~db/client";
import { seedCategories } from "~/models/categories-admin.server";
import { seedDemoSellers } from "~/services/demo-sellers.server";

const { values } = parseArgs({ options: { demo: { type: "string" }, seed: { type: "string" } } });
const demo = values.demo === undefined ? 0 : Number(values.demo);
if (!Number.isInteger(demo) || demo < 0) {
  console.error("--demo takes a whole number of sellers, e.g. --demo 100");
  process.exit(2);
}
const db = openDatabase();
await migrateToLatest(db);
await seedCategories(db);
const started = Date.now();
await seedDemoSellers(db, demo, values.seed ? Number(values.seed) : Date.now() % 100000);
console.log(
  `seeded ${describeTarget()}: categories${demo ? `, ${demo} demo sellers in ${((Date.now() - started) / 1000).toFixed(1)} s` : ""}`,
);
await db.destroy();
