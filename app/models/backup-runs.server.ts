import type { DB } from "~db/client";

// The record of backup runs (docs/decisions/225-backups-leave-the-machine.md): one row per run, written when it
// starts and when it ends; a drill marks the run it restored.

export type BackupRun = {
  id: number;
  name: string;
  started_at: string;
  finished_at: string | null;
  ok: number | null;
  size_bytes: number | null;
  local_path: string | null;
  s3_url: string | null;
  error: string | null;
  drilled_at: string | null;
  drill_note: string | null;
};

export async function startBackupRun(db: DB, name: string, startedAt: string): Promise<number> {
  const row = await db
    .insertInto("backup_runs")
    .values({ name, started_at: startedAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishBackupRun(
  db: DB,
  id: number,
  outcome: {
    finishedAt: string;
    ok: boolean;
    sizeBytes?: number | null;
    localPath?: string | null;
    s3Url?: string | null;
    error?: string | null;
  },
): Promise<void> {
  await db
    .updateTable("backup_runs")
    .set({
      finished_at: outcome.finishedAt,
      ok: outcome.ok ? 1 : 0,
      size_bytes: outcome.sizeBytes ?? null,
      local_path: outcome.localPath ?? null,
      s3_url: outcome.s3Url ?? null,
      error: outcome.error ?? null,
    })
    .where("id", "=", id)
    .execute();
}

/** Marks the runs of backup `name` as restored by a drill; the number of rows marked. */
export async function markBackupDrilled(db: DB, name: string, drilledAt: string, note: string): Promise<number> {
  const result = await db
    .updateTable("backup_runs")
    .set({ drilled_at: drilledAt, drill_note: note })
    .where("name", "=", name)
    .where("ok", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A run restored as the site's database keeps the row it had when its copy was taken (still running): done. */
export async function settleRestoredRun(db: DB, name: string, finishedAt: string, s3Url: string | null): Promise<void> {
  await db
    .updateTable("backup_runs")
    .set({ finished_at: finishedAt, ok: 1, s3_url: s3Url })
    .where("name", "=", name)
    .where("ok", "is", null)
    .execute();
}

/** The newest finished runs, newest first, and the newest successful one. */
export async function recentBackupRuns(db: DB): Promise<{
  last: BackupRun | null;
  lastOk: BackupRun | null;
  failuresSinceLastOk: number;
  lastFailed: BackupRun | null;
}> {
  const last = await db
    .selectFrom("backup_runs")
    .selectAll()
    .where("ok", "is not", null)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const lastOk = await db
    .selectFrom("backup_runs")
    .selectAll()
    .where("ok", "=", 1)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const lastFailed = await db
    .selectFrom("backup_runs")
    .selectAll()
    .where("ok", "=", 0)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  let failures = db
    .selectFrom("backup_runs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("ok", "=", 0);
  if (lastOk) failures = failures.where("started_at", ">", lastOk.started_at);
  const { n } = await failures.executeTakeFirstOrThrow();
  return { last: last ?? null, lastOk: lastOk ?? null, lastFailed: lastFailed ?? null, failuresSinceLastOk: Number(n) };
}
