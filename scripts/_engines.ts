import { openDatabase } from "~db/client";
import { listPublicSellers } from "~/models/sellers.server";
import { listActiveCategories } from "~/models/categories.server";
import { readContentVersion } from "~/models/content-version.server";
const [sqlitePath, pgUrl] = process.argv.slice(2);
const engines = { sqlite: openDatabase(sqlitePath), postgres: openDatabase(pgUrl) };
const q = (search: string, page = 1) => ({ search, category: "", city: "", featured: false, page, limit: 12 });
const cases: [string, (db: any) => Promise<unknown>][] = [
  ["content version (PK read)", (db) => readContentVersion(db)],
  ["active categories", (db) => listActiveCategories(db)],
  ["directory page 5, no search", (db) => listPublicSellers(db, q("", 5))],
  ["search kitchen (791 matches)", (db) => listPublicSellers(db, q("kitchen"))],
  ["search sakhi (12,751 matches)", (db) => listPublicSellers(db, q("sakhi"))],
  ["search kitchn (typo)", (db) => listPublicSellers(db, q("kitchn"))],
  ["search tifin (typo of a beginning)", (db) => listPublicSellers(db, q("tifin"))],
  ["search kitchen koramangala", (db) => listPublicSellers(db, q("kitchen koramangala"))],
  ["search sakhi unicornx (relaxed)", (db) => listPublicSellers(db, q("sakhi unicornx"))],
];
for (const [label, run] of cases) {
  const times: Record<string, number[]> = { sqlite: [], postgres: [] };
  for (const [name, db] of Object.entries(engines)) await run(db);
  for (let i = 0; i < 15; i++)
    for (const [name, db] of Object.entries(engines)) {
      const t = performance.now();
      await run(db);
      times[name].push(performance.now() - t);
    }
  const p50 = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const [s, p] = [p50(times.sqlite), p50(times.postgres)];
  console.log(`| ${label} | ${s.toFixed(2)} | ${p.toFixed(2)} | ${(p / s).toFixed(1)}× |`);
}
await engines.sqlite.destroy(); await engines.postgres.destroy();
