import type { Kysely } from "kysely";

// Frozen once landed: later changes go in a new, later-named migration.
//
// The directory's default order (featured first, then rating, then id) ends with the listing's end date, so a
// page's public rule (status and end date) is decided from the index alone: the rows before the page's offset are
// skipped without reading each one's table page (docs/performance.md, "Where an uncached render's time goes").
const ORDER = ["status", "is_featured desc", "avg_rating desc", "id"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sellers_public_order").execute();
  await db.schema
    .createIndex("sellers_public_order")
    .on("sellers")
    .columns([...ORDER, "subscription_end_date"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sellers_public_order").execute();
  await db.schema.createIndex("sellers_public_order").on("sellers").columns(ORDER).execute();
}
