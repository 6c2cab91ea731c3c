import type { Kysely } from "kysely";

// The smaller copies of public images are made in the background: one row per image whose copies are
// still to be written (queued in the transaction that makes the image public), removed once they are.
// A row survives a restart, so the server resumes it; `failed` after the last try (kept for the log).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("image_variant_jobs")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("image_variant_jobs_due")
    .on("image_variant_jobs")
    .columns(["status", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("image_variant_jobs").execute();
}
