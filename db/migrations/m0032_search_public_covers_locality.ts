import type { Kysely } from "kysely";

// Frozen once landed: later changes go in a new, later-named migration.
//
// The narrow index a search's matches are checked against (id, the public rule, the filters) ends with the
// locality, so the suggestions' localities (public sellers whose locality begins with the typed words, counted per
// locality) are read from the index alone, not from each match's wide row: at 100,000 sellers a common beginning
// matches thousands (docs/performance.md, "Search at scale").
const COLUMNS = ["id", "status", "subscription_end_date", "city", "is_featured"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sellers_search_public").execute();
  await db.schema
    .createIndex("sellers_search_public")
    .on("sellers")
    .columns([...COLUMNS, "locality"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sellers_search_public").execute();
  await db.schema.createIndex("sellers_search_public").on("sellers").columns(COLUMNS).execute();
}
