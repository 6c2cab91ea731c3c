import pg from "pg";
import { startThrowawayPostgres, databaseUrl } from "./postgres-server";
import { migrateToLatest, openDatabase } from "~db/client";
import { seedCategories } from "~/models/categories-admin.server";
import { seedDemoSellers } from "~/services/demo-sellers.server";
const server = await startThrowawayPostgres();
const admin = new pg.Client({ connectionString: server.url });
await admin.connect(); await admin.query("create database perf10k"); await admin.end();
const url = databaseUrl(server.url, "perf10k");
for (const target of ["/tmp/perf/10k.db", url]) {
  const db = openDatabase(target);
  await migrateToLatest(db);
  await seedCategories(db);
  const t = Date.now();
  await seedDemoSellers(db, 10000, 2026);
  console.log("seeded", target, (Date.now() - t) / 1000);
  await db.destroy();
}
console.log("URL", url);
process.exit(0);
