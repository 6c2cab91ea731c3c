import type { Kysely } from "kysely";

// Frozen once landed: later changes go in a new, later-named migration.

// The directory search walks the full-text matches and checks each one against this narrow index
// (id first, then what the public rule and the filters read) instead of the wide sellers rows, so
// its cost follows the number of matches, not the number of sellers (docs/performance.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("sellers_search_public")
    .on("sellers")
    .columns(["id", "status", "subscription_end_date", "city", "is_featured"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sellers_search_public").execute();
}
