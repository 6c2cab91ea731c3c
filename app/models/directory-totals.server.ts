import { LRUCache } from "lru-cache";
import type { DB } from "~db/client";
import { readVersionKey } from "./content-version.server";

// The directory's remembered totals (docs/performance.md): paging through a listing, or coming back to it,
// runs only the page query, not the count. What the count reads (sellers, their categories) moves the
// content version forward when it changes, and a subscription ends with the Indian day, so a total is
// kept only while both are the same as when it was counted.

/** Filter sets remembered per database; the least recently used go first. */
const MAX_FILTER_SETS = 1000;

type Totals = { generation: string; byFilters: LRUCache<string, number>; hits: number; misses: number };
const perDatabase = new WeakMap<DB, Totals>();

export type TotalFilters = { category: string; city: string; featured?: boolean };

/**
 * The remembered total of a filter set, if any, and how to remember the one about to be counted. The
 * version is read here, before the caller counts: a change committed in between moves it, so that total
 * is never reused.
 */
export async function rememberedTotal(
  db: DB,
  filters: TotalFilters,
): Promise<{ total: number | undefined; remember: (total: number) => void }> {
  const generation = await readVersionKey(db);
  let totals = perDatabase.get(db);
  if (!totals || totals.generation !== generation) {
    totals = {
      generation,
      byFilters: new LRUCache({ max: MAX_FILTER_SETS }),
      hits: totals?.hits ?? 0,
      misses: totals?.misses ?? 0,
    };
    perDatabase.set(db, totals);
  }
  const memory = totals;
  const key = JSON.stringify([filters.category, filters.city, Boolean(filters.featured)]);
  const total = memory.byFilters.get(key);
  if (total === undefined) memory.misses++;
  else memory.hits++;
  return { total, remember: (counted) => void memory.byFilters.set(key, counted) };
}

/** How often a remembered total was used (hits) or the count ran (misses), for tests and diagnostics. */
export function knownTotalsStats(db: DB): { hits: number; misses: number } {
  const totals = perDatabase.get(db);
  return { hits: totals?.hits ?? 0, misses: totals?.misses ?? 0 };
}
