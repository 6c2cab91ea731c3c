import { sql } from "kysely";
import type { DB } from "~db/client";

// What visitors searched for (docs/decisions/171-search-admin-counting-searches.md): one row per Indian day and
// normalised query with the number of searches and of searches that found nothing. No address, no session, no visitor:
// counts only. Written in batches by app/services/search-stats.server.ts; read by /admin/search.

export type SearchCount = { day: string; query: string; searches: number; empty: number };

/** Adds a batch of counts in one transaction: an upsert per (day, query) that adds to what is stored. */
export async function addSearchCounts(db: DB, counts: SearchCount[]): Promise<void> {
  if (!counts.length) return;
  await db.transaction().execute(async (trx) => {
    // 200 rows a statement keeps within both engines' bound-parameter limits.
    for (let i = 0; i < counts.length; i += 200) {
      await trx
        .insertInto("search_queries_daily")
        .values(
          counts
            .slice(i, i + 200)
            .map((c) => ({ day: c.day, query: c.query, searches: c.searches, empty_searches: c.empty })),
        )
        .onConflict((oc) =>
          oc.columns(["day", "query"]).doUpdateSet({
            searches: sql<number>`search_queries_daily.searches + excluded.searches`,
            empty_searches: sql<number>`search_queries_daily.empty_searches + excluded.empty_searches`,
          }),
        )
        .execute();
    }
  });
}

export type TopSearch = { query: string; searches: number; empty_searches: number; last_day: string };

function totalsSince(db: DB, sinceDay: string) {
  return db
    .selectFrom("search_queries_daily")
    .where("day", ">=", sinceDay)
    .groupBy("query")
    .select((eb) => [
      "query",
      eb.fn.sum<number>("searches").as("searches"),
      eb.fn.sum<number>("empty_searches").as("empty_searches"),
      eb.fn.max("day").as("last_day"),
    ]);
}

const asNumbers = (
  rows: { query: string; searches: number | string; empty_searches: number | string; last_day: string }[],
) => rows.map((r) => ({ ...r, searches: Number(r.searches), empty_searches: Number(r.empty_searches) }));

/** The most frequent searches since a day (YYYY-MM-DD, Indian), most searched first. */
export async function listTopSearches(db: DB, sinceDay: string, limit: number): Promise<TopSearch[]> {
  const rows = await totalsSince(db, sinceDay)
    .orderBy(sql`sum(searches)`, "desc")
    .orderBy("query")
    .limit(limit)
    .execute();
  return asNumbers(rows);
}

/**
 * The searches that found nothing since a day, most often first. A query counts here while its latest
 * search found nothing: one that found sellers since (a new seller, a synonym added) drops out.
 */
export async function listEmptySearches(db: DB, sinceDay: string, limit: number): Promise<TopSearch[]> {
  const rows = await totalsSince(db, sinceDay)
    .having(sql`sum(empty_searches)`, ">", 0)
    .orderBy(sql`sum(empty_searches)`, "desc")
    .orderBy("query")
    .limit(limit)
    .execute();
  return asNumbers(rows);
}

/** Keeps the table bounded: drops days before `beforeDay`. Returns the rows removed. */
export async function sweepSearchCounts(db: DB, beforeDay: string): Promise<number> {
  const result = await db.deleteFrom("search_queries_daily").where("day", "<", beforeDay).executeTakeFirst();
  return Number(result.numDeletedRows);
}
