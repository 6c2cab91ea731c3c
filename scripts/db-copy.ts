// npm run db:copy -- --to postgres://user:password@host:5432/name
// The one-way move of a STOPPED SQLite site (DATABASE_PATH) into an empty PostgreSQL database: every
// table, ids included, in one transaction; search documents rebuilt; row counts compared. The uploads
// folder is not touched: point UPLOADS_DIR of the new instances at it (or a copy on the shared volume).
import { parseArgs } from "node:util";
import { databasePath, describeTarget, openDatabase } from "~db/client";
import { isPostgresUrl } from "~db/engine";
import { CopyRefused, copySqliteToPostgres } from "~db/copy";

const { values } = parseArgs({ options: { to: { type: "string" } } });
if (!values.to || !isPostgresUrl(values.to)) {
  console.error("usage: npm run db:copy -- --to postgres://user:password@host:5432/name   (stop the site first)");
  process.exit(2);
}
const source = openDatabase(databasePath());
const target = openDatabase(values.to, { poolSize: 2 });
try {
  const report = await copySqliteToPostgres(source, target, (table, rows) => console.log(`${table}: ${rows} rows`));
  const total = report.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`copied ${databasePath()} into ${describeTarget(values.to)}: ${total} rows, counts checked`);
  console.log("Start the site with DATABASE_URL set to it.");
} catch (error) {
  console.error(`not copied: ${error instanceof CopyRefused ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await source.destroy();
  await target.destroy();
}
