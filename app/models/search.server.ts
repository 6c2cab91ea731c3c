import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import { LRUCache } from "lru-cache";
import type { DB } from "~db/client";
import { idsInOrder } from "~db/engine";
import { versionKey } from "./content-version.server";
import type { SearchPlan, WordPlan } from "./search-vocabulary.server";
import { type Alternatives, PLACES, textIndexOf } from "./text-index.server";

// The directory's full-text search, through the engine's text index (text-index.server.ts: SQLite's FTS5
// index or PostgreSQL's tsvector documents). The matching and the order are the same on both, so the
// same data gives the same page on either engine:
// - a seller matches a word through its prefixes (the word, its simple forms, its synonyms, its sound-alikes
//   in any script) or through an index word or beginning one or two edits away (a typo, also a prefix); a
//   strict search needs every meaningful word (no stopword, no word of one or two letters: those are not
//   counted at all, "ghar ka khana"), a relaxed one any meaningful word;
// - the order: more of the visitor's words matched; then how well (`QUALITY`: a whole word in the business
//   name, a whole word anywhere, a beginning, a typo), summed over the words; the words found in stronger
//   places (3 the business name, 2 the owner or a category, 1 the tagline or the locality, 0 the
//   description); featured first; then the lower id. No score depends on an engine's own ranking function
//   (docs/decisions/221-search-as-india-types.md).

/**
 * `version`: the content version the statement read (none when nothing was asked); `rows`: the page's sellers
 * in rank order, with the columns asked for.
 */
export type RankedPage = {
  total: number;
  ids: number[];
  version?: number;
  rows: Record<string, unknown>[];
  /** near me: each row's distance in km (in `rows`' order); empty otherwise */
  distances: number[];
};

/** A word's alternatives at no cost: its beginnings, and the words it matches only whole. */
const atNoCost = (word: WordPlan): Alternatives => {
  const whole = new Set(word.wholeOnly);
  return word.prefixes.map((p) => (whole.has(p) ? { whole: p } : p));
};
const all = (word: WordPlan): Alternatives => [...atNoCost(word), ...word.typos[0], ...word.typos[1]];

/** How well a seller matched a word, best first: what each kind of match adds to the order's sum. */
const QUALITY = { nameWhole: 0, whole: 1, beginning: 2, typo: 3, secondTypo: 4 } as const;

/** 1 when the condition holds, else 0. */
const flag = (condition: Expression<SqlBool>) => sql<number>`(case when ${condition} then 1 else 0 end)`;

/**
 * One page of a search and the number of matches, in one statement (the count and the page agree),
 * restricted by `conditions` over `sellers`. Driven from the text index, so the cost follows the number
 * of matches, never the number of sellers; the page's rows (`columns` of `sellers`) are read by primary key
 * in the same statement, one round trip fewer on PostgreSQL than a read of its own.
 */
export async function rankSearch(
  db: DB,
  plan: SearchPlan,
  mode: "all" | "any",
  conditions: Expression<SqlBool>,
  limit: number,
  offset: number,
  columns: readonly string[] = [],
  /**
   * near me: each match's distance (an expression over `sellers`), and the first keys of the order (the
   * shown distance in tenths of a km, then whether her service area leaves the visitor out: `nearOrderKeys`)
   */
  near: { distance?: Expression<number>; tenths?: Expression<number>; uncovered?: Expression<number> } = {},
): Promise<RankedPage> {
  const index = textIndexOf(db);
  const words = plan.words;
  const meaningful = words.filter((w) => w.meaningful);
  // A strict search needs its meaningful words (all of them when it has none); a relaxed one any of them.
  const carrying = mode === "all" && !meaningful.length ? words : meaningful;
  if (!carrying.length) return { total: 0, ids: [], rows: [], distances: [] };
  const sum = (parts: RawBuilder<number>[]) => (parts.length ? sql.join(parts, sql` + `) : sql`0`);
  // Only the carrying words count (a stopword adds nothing, "ghar ka khana"). Every seller matched each of
  // them in a strict search, and the only one of a relaxed search; otherwise they are counted.
  const matchedByAll = mode === "all" || carrying.length === 1;
  const matched = matchedByAll
    ? sql<number>`${sql.lit(carrying.length)}`
    : sum(carrying.map((w) => flag(index.matches(all(w)))));
  const quality = sum(
    carrying.map((w) => {
      const kinds = [
        { cost: QUALITY.nameWhole, when: index.matches(w.exact, PLACES[0], "whole") },
        { cost: QUALITY.whole, when: index.matches(w.exact, undefined, "whole") },
        { cost: QUALITY.beginning, when: index.matches(atNoCost(w)) },
        ...(w.typos[0].length ? [{ cost: QUALITY.typo, when: index.matches(w.typos[0]) }] : []),
        ...(w.typos[1].length ? [{ cost: QUALITY.secondTypo, when: index.matches(w.typos[1]) }] : []),
      ];
      // A word every seller matched needs no check of its last kind; a word she did not match adds nothing
      // (it already counts as not matched).
      const last = matchedByAll ? kinds.pop()!.cost : 0;
      const branches = kinds.map((k) => sql`when ${k.when} then ${sql.lit(k.cost)}`);
      return branches.length
        ? sql<number>`(case ${sql.join(branches, sql` `)} else ${sql.lit(last)} end)`
        : sql<number>`${sql.lit(last)}`;
    }),
  );
  const places = sum(
    carrying.map((w) => {
      const found = PLACES.map((place) => sql`when ${index.matches(all(w), place)} then ${sql.lit(place.points)}`);
      return sql<number>`(case ${sql.join(found, sql` `)} else 0 end)`;
    }),
  );
  const shown = columns.map((column) => sql`, ${sql.ref(`shown.${column}`)} as ${sql.ref(`shown_${column}`)}`);
  // Near me the nearest come first (by the distance shown), those who serve her first among them, then the
  // search's own order among equals.
  const nearFirst = near.distance ? sql`tenths, uncovered, ` : sql``;
  // A relaxed search shows the sellers matching the most of her words, not every seller matching one of them.
  const relaxedToBest =
    mode === "any" && !matchedByAll ? sql` where matched = (select max(matched) from matches)` : sql``;
  const matches = sql`select sellers.id as id, ${matched} as matched, ${quality} as quality, ${places} as places, sellers.is_featured as featured,
        ${near.distance ?? sql`null`} as distance, ${near.tenths ?? sql`null`} as tenths,
        ${near.uncovered ?? sql`null`} as uncovered
      from ${index.candidates(carrying.map(all), mode)} and ${conditions}`;
  // Near me too: the centre and reach are in the statement, so in the key, and the page's distances are
  // computed again for its rows by the same expression.
  const remembering = rememberedRankingKey(db, sql`${matches}${relaxedToBest}`);
  const stats = rankingStatsOf(db);
  const page = await rememberedPage(db, remembering, limit, offset, columns, near.distance);
  if (page) {
    stats.hits++;
    return page;
  }
  stats.misses++;
  const { rows } = await sql<{
    total: number;
    id: number | null;
    version: number | null;
    distance: number | null;
    ranked: string | null;
    [shownColumn: string]: unknown;
  }>`with matches as materialized (
      ${matches}),
    shown_matches as (select * from matches${relaxedToBest})
    select counted.total as total, page.id as id, page.distance as distance,
      (select version from content_version where id = 1) as version${sql.join(shown, sql``)},
      (select ${idsInOrder(db, sql`${nearFirst}matched desc, quality, places desc, featured desc, id`)} from shown_matches) as ranked
    from (select count(*) as total from shown_matches) as counted
    left join (select id, matched, quality, places, featured, distance, tenths, uncovered from shown_matches
      order by ${nearFirst}matched desc, quality, places desc, featured desc, id limit ${limit} offset ${offset}) as page on true
    ${columns.length ? sql`left join sellers as shown on shown.id = page.id` : sql``}
    order by ${near.distance ? sql`page.tenths, page.uncovered, ` : sql``}page.matched desc, page.quality, page.places desc, page.featured desc, page.id`.execute(
    db,
  );
  const onPage = rows.filter((r) => r.id !== null);
  const total = Number(rows[0]?.total ?? 0);
  const version = rows[0]?.version == null ? undefined : Number(rows[0].version);
  if (version !== undefined) remember(db, remembering, version, total, rows[0]?.ranked ?? null);
  return {
    total,
    ids: onPage.map((r) => Number(r.id)),
    version,
    rows: onPage.map((r) => Object.fromEntries(columns.map((column) => [column, r[`shown_${column}`]]))),
    distances: near.distance ? onPage.map((r) => Number(r.distance)) : [],
  };
}

// A search's whole order, remembered per database while the version key holds (docs/performance.md): the next
// page of a search, or the same search in another language, view or theme, reads only its page's rows by id,
// with the content version in the same statement, instead of ranking every match again (six lookups in the text
// index per statement). The version read with the rows is the one the order was ranked under, or the search is
// ranked again: the rows then come from a snapshot with the same public content as the order.

/** Remembered orders per database, bounded by the number of ids they hold in all. */
const MAX_REMEMBERED_IDS = 1_000_000;
type Ranking = { generation: string; total: number; ids: Int32Array };
const rankings = new WeakMap<DB, LRUCache<string, Ranking>>();

const rankingStats = new WeakMap<DB, { hits: number; misses: number }>();
function rankingStatsOf(db: DB): { hits: number; misses: number } {
  let stats = rankingStats.get(db);
  if (!stats) rankingStats.set(db, (stats = { hits: 0, misses: 0 }));
  return stats;
}

/** How many searches were paged from a remembered order (hits) and how many ranked (misses), for tests. */
export function rememberedRankingStats(db: DB): { hits: number; misses: number } {
  return { ...rankingStatsOf(db) };
}

/** Forgets the orders remembered for `db` (tests that look at a ranking's own statement). */
export function forgetRememberedRankings(db: DB): void {
  rankings.get(db)?.clear();
}

function rankingsOf(db: DB): LRUCache<string, Ranking> {
  let kept = rankings.get(db);
  if (!kept) {
    kept = new LRUCache({ maxSize: MAX_REMEMBERED_IDS, sizeCalculation: (ranking) => ranking.ids.length + 1 });
    rankings.set(db, kept);
  }
  return kept;
}

/** What tells one ranking from another: the statement of its matches, compiled, with its parameters. */
function rememberedRankingKey(db: DB, matches: RawBuilder<unknown>): string {
  const compiled = matches.compile(db);
  return `${compiled.sql}\n${JSON.stringify(compiled.parameters)}`;
}

function remember(db: DB, key: string, version: number, total: number, ranked: string | null): void {
  const ids = ranked ? Int32Array.from(ranked.split(","), Number) : new Int32Array(0);
  // The text is the whole order: a count that differs means it is not (never expected).
  if (ids.length !== total) return;
  rankingsOf(db).set(key, { generation: versionKey(version), total, ids });
}

/**
 * A page from a remembered order, or null when none is remembered or the version moved since it was ranked;
 * near me, with each row's `distance` (an expression over `sellers`) computed again.
 */
async function rememberedPage(
  db: DB,
  key: string,
  limit: number,
  offset: number,
  columns: readonly string[],
  distance?: Expression<number>,
): Promise<RankedPage | null> {
  const ranking = rankingsOf(db).get(key);
  if (!ranking) return null;
  const ids = Array.from(ranking.ids.subarray(offset, offset + limit));
  const shown = columns.map((column) => sql`, ${sql.ref(`sellers.${column}`)} as ${sql.ref(`shown_${column}`)}`);
  const { rows } = await sql<{
    version: number | null;
    id: number | null;
    distance: number | null;
    [shownColumn: string]: unknown;
  }>`
    select (select version from content_version where id = 1) as version, sellers.id as id,
      ${distance ?? sql`null`} as distance${sql.join(shown, sql``)}
    from (select 1 as one) as one
    left join sellers on ${ids.length ? sql`sellers.id in (${sql.join(ids)})` : sql`false`}`.execute(db);
  const version = rows[0]?.version;
  if (version == null || versionKey(Number(version)) !== ranking.generation) return null;
  const byId = new Map(rows.filter((r) => r.id !== null).map((r) => [Number(r.id), r]));
  if (byId.size !== ids.length) return null;
  return {
    total: ranking.total,
    ids,
    version: Number(version),
    rows: ids.map((id) => Object.fromEntries(columns.map((column) => [column, byId.get(id)![`shown_${column}`]]))),
    distances: distance ? ids.map((id) => Number(byId.get(id)!.distance)) : [],
  };
}

/**
 * The sellers (ids, ascending) under `conditions` whose text has `term` as a whole word, or (`beginning`) as
 * the beginning of a word: the staff's explanation of a search, one of its words' alternatives at a time.
 */
export async function sellersMatchingTerm(
  db: DB,
  term: string,
  how: "whole" | "beginning",
  conditions: Expression<SqlBool>,
): Promise<number[]> {
  const index = textIndexOf(db);
  const whole = how === "whole" ? sql`and ${index.matches([term], undefined, "whole")}` : sql``;
  const { rows } = await sql<{ id: number }>`select sellers.id as id from ${index.candidates([[term]], "all")}
    and ${conditions} ${whole} order by sellers.id`.execute(db);
  return rows.map((r) => Number(r.id));
}
