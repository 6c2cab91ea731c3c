import { LRUCache } from "lru-cache";
import type { DB } from "~db/client";
import { versionKey } from "./content-version.server";

// The directory's remembered totals (docs/performance.md): paging through a listing, or coming back to it,
// runs only the page query, not the count. What the count reads (sellers, their categories) moves the
// content version forward when it changes, and a subscription ends with the Indian day, so a total is
// kept only while both are the same as when it was counted.

/** Filter sets remembered per database; the least recently used go first. */
const MAX_FILTER_SETS = 1000;

type Totals = { generation: string; byFilters: LRUCache<string, number>; hits: number; misses: number };
const perDatabase = new WeakMap<DB, Totals>();

/** `place`: near me, the sellers with a position ("placed") or those within a radius of a centre. */
/** `open`: open now, the key of the set of sellers open at the moment (services/open-now.server.ts). */
export type TotalFilters = {
  category: string;
  city: string;
  featured?: boolean;
  place?: string | undefined;
  open?: string | undefined;
};

/**
 * The total remembered for a filter set under the last content version seen, without reading the version:
 * the caller reads it in the same statement as the page (one round trip) and hands it to `settle`, which
 * says whether that total still holds (same version and day) and remembers a total counted in that
 * statement. A total counted in one statement with the version it was read with is never reused once the
 * version moves.
 */
export function rememberedTotal(
  db: DB,
  filters: TotalFilters,
): {
  total: number | undefined;
  settle: (version: number, counted: number | undefined) => number | undefined;
} {
  const key = JSON.stringify([
    filters.category,
    filters.city,
    Boolean(filters.featured),
    filters.place ?? "",
    filters.open ?? "",
  ]);
  const seen = perDatabase.get(db);
  const total = seen?.byFilters.get(key);
  return {
    total,
    settle(version, counted) {
      const generation = versionKey(version);
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
      if (counted !== undefined) {
        totals.misses++;
        totals.byFilters.set(key, counted);
        return counted;
      }
      const known = totals.byFilters.get(key);
      if (known !== undefined) totals.hits++;
      return known;
    },
  };
}

/** How often a remembered total was used (hits) or the count ran (misses), for tests and diagnostics. */
export function knownTotalsStats(db: DB): { hits: number; misses: number } {
  const totals = perDatabase.get(db);
  return { hits: totals?.hits ?? 0, misses: totals?.misses ?? 0 };
}
