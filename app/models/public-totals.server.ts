import { LRUCache } from "lru-cache";
import type { DB } from "~db/client";
import { todayIso } from "~/lib/dates";
import { readContentVersion } from "./content-version.server";
import { listPublicSellers } from "./sellers.server";

type ListQuery = Parameters<typeof listPublicSellers>[1];

/** Filter sets remembered per database (each search text is one); the least recently used go first. */
const MAX_FILTER_SETS = 1000;

type Totals = { generation: string; byFilters: LRUCache<string, number>; hits: number; misses: number };
const perDatabase = new WeakMap<DB, Totals>();

/**
 * `listPublicSellers` with each filter set's total remembered: paging through a listing, or coming back to
 * it, runs only the page query, not the count (issue 9, point 6). What the count reads (sellers, their
 * categories, the search index) moves the content version forward when it changes, and a subscription
 * ends with the Indian day, so a total is kept only while both are the same as when it was counted.
 */
export async function listPublicSellersWithKnownTotals(db: DB, query: ListQuery): ReturnType<typeof listPublicSellers> {
  // Read before counting: a change committed in between moves the version, so that total is never reused.
  const generation = `${await readContentVersion(db)}@${todayIso()}`;
  let totals = perDatabase.get(db);
  if (!totals || totals.generation !== generation) {
    totals = { generation, byFilters: new LRUCache({ max: MAX_FILTER_SETS }), hits: totals?.hits ?? 0, misses: totals?.misses ?? 0 };
    perDatabase.set(db, totals);
  }
  const key = JSON.stringify([query.search.trim(), query.category, query.city, Boolean(query.featured)]);
  const total = totals.byFilters.get(key);
  if (total === undefined) totals.misses++;
  else totals.hits++;
  const result = await listPublicSellers(db, query, { total });
  if (total === undefined) totals.byFilters.set(key, result.pagination.total);
  return result;
}

/** How often a remembered total was used (hits) or the count ran (misses), for tests and diagnostics. */
export function knownTotalsStats(db: DB): { hits: number; misses: number } {
  const totals = perDatabase.get(db);
  return { hits: totals?.hits ?? 0, misses: totals?.misses ?? 0 };
}
