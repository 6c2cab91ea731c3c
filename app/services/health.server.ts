import { closeDb, type DB, getDb, pendingMigrations, pingDatabase } from "~db/client";
import { flushLeads } from "./leads.server";
import { registerDatabaseGauge } from "./metrics.server";
import { flushSearchCounts } from "./search-stats.server";
import { stopStartupTasks } from "./startup.server";
import { uploadStore } from "./upload-store.server";

// GET /readyz and the clean stop: whether the site can serve (the database answers, its migrations are
// current, the upload store (folder or bucket) takes writes), and what to close when the process is asked to stop.

export type Readiness = {
  ready: boolean;
  checks: Record<"database" | "migrations" | "uploads", { ok: boolean; detail?: string }>;
};

export async function readiness(db: DB): Promise<Readiness> {
  const checks: Readiness["checks"] = { database: { ok: false }, migrations: { ok: false }, uploads: { ok: false } };
  try {
    await pingDatabase(db);
    checks.database = { ok: true };
    const pending = await pendingMigrations(db);
    checks.migrations = pending.length ? { ok: false, detail: `${pending.length} pending` } : { ok: true };
  } catch {
    checks.database = { ok: false, detail: "the database does not answer" };
  }
  checks.uploads = await uploadStore().check();
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}

/** After the server stopped taking requests: timers stop, counted views and searches are written, the database closes cleanly. */
export async function shutdown(): Promise<void> {
  await stopStartupTasks();
  try {
    await flushLeads(getDb());
  } catch (error) {
    console.error("writing profile views failed:", error);
  }
  try {
    await flushSearchCounts(getDb());
  } catch (error) {
    console.error("writing search counts failed:", error);
  }
  await closeDb();
}

// /metrics (docs/decisions/224-metrics.md): what /readyz says, read on scrape.
registerDatabaseGauge({
  name: "bwp_ready",
  help: "1 when the site can serve (database, migrations, uploads: as /readyz says), else 0.",
  read: async (db) => [{ value: (await readiness(db)).ready ? 1 : 0 }],
});
