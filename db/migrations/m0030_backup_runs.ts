import { type Kysely, sql } from "kysely";
import { autoId, epochMsType } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.
//
// Backups that leave the machine (docs/decisions/225-backups-leave-the-machine.md): one row per backup run,
// scheduled or by hand. started_at/finished_at (ISO times; finished_at null while it runs), ok (1, 0, or null
// while it runs), size_bytes (the encrypted archive sent to the bucket, else the local folder's bytes),
// local_path and s3_url (where it went), error (what failed, never a secret), drilled_at and drill_note (when
// `npm run db:restore -- --drill` restored it into a scratch database, and what it found).
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = sql.raw(epochMsType(db));
  await db.schema
    .createTable("backup_runs")
    .addColumn("id", "integer", autoId(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("ok", "integer")
    .addColumn("size_bytes", bytes)
    .addColumn("local_path", "text")
    .addColumn("s3_url", "text")
    .addColumn("error", "text")
    .addColumn("drilled_at", "text")
    .addColumn("drill_note", "text")
    .execute();
  await db.schema.createIndex("backup_runs_started").on("backup_runs").column("started_at").execute();
  await db.schema.createIndex("backup_runs_name").on("backup_runs").column("name").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("backup_runs").execute();
}
