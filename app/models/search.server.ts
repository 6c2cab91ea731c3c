import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { DB } from "~db/client";
import type { SearchPlan, WordPlan } from "./search-vocabulary.server";
import { type Alternatives, PLACES, textIndexOf } from "./text-index.server";

// The directory's full-text search, through the engine's text index (text-index.server.ts: SQLite's FTS5
// index or PostgreSQL's tsvector documents). The matching and the order are the same on both, so the
// same data gives the same page on either engine:
// - a seller matches a word through its prefixes (the word, its simple forms, its synonyms) or through
//   an index word or beginning one or two edits away (a typo, also a prefix); a strict search needs every
//   word, a relaxed one any meaningful word (no stopword, no word of one or two letters: those only add to
//   a seller's count);
// - the order: more of the visitor's words matched, fewer typos, the words found in stronger places
//   (3 the business name, 2 the owner or a category, 1 the tagline or the locality, 0 the description),
//   featured first, then the lower id. No score depends on an engine's own ranking function.

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

const all = (word: WordPlan): Alternatives => [...word.prefixes, ...word.typos[0], ...word.typos[1]];

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
  const carrying = mode === "all" ? words : words.filter((w) => w.meaningful);
  if (!carrying.length) return { total: 0, ids: [], rows: [], distances: [] };
  const sum = (parts: RawBuilder<number>[]) => (parts.length ? sql.join(parts, sql` + `) : sql`0`);
  // In a strict search every word matched; only a relaxed one counts them.
  const matched =
    mode === "all" || words.length === 1
      ? sql`${sql.lit(words.length)}`
      : sum(words.map((w) => flag(index.matches(all(w)))));
  const typos = sum(
    words
      .filter((w) => w.typos[0].length + w.typos[1].length > 0)
      .map((w) => {
        const costs = [
          { cost: 1, terms: w.typos[0] },
          { cost: 2, terms: w.typos[1] },
        ].filter((c) => c.terms.length > 0);
        // A strict search's seller matched the word, so the last cost needs no check; in a relaxed one
        // a word the seller did not match costs nothing (it already counts as not matched).
        const checked = mode === "all" ? costs.slice(0, -1) : costs;
        const otherwise = mode === "all" ? costs[costs.length - 1].cost : 0;
        const branches = checked.map((c) => sql`when ${index.matches(c.terms)} then ${sql.lit(c.cost)}`);
        const exact = index.matches(w.prefixes);
        return sql<number>`(case when ${exact} then 0 ${branches.length ? sql.join(branches, sql` `) : sql``} else ${sql.lit(otherwise)} end)`;
      }),
  );
  const places = sum(
    words.map((w) => {
      const found = PLACES.map((place) => sql`when ${index.matches(all(w), place)} then ${sql.lit(place.points)}`);
      return sql<number>`(case ${sql.join(found, sql` `)} else 0 end)`;
    }),
  );
  const shown = columns.map((column) => sql`, ${sql.ref(`shown.${column}`)} as ${sql.ref(`shown_${column}`)}`);
  // Near me the nearest come first (by the distance shown), those who serve her first among them, then the
  // search's own order among equals.
  const nearFirst = near.distance ? sql`tenths, uncovered, ` : sql``;
  const { rows } = await sql<{
    total: number;
    id: number | null;
    version: number | null;
    distance: number | null;
    [shownColumn: string]: unknown;
  }>`with matches as materialized (
      select sellers.id as id, ${matched} as matched, ${typos} as typos, ${places} as places, sellers.is_featured as featured,
        ${near.distance ?? sql`null`} as distance, ${near.tenths ?? sql`null`} as tenths,
        ${near.uncovered ?? sql`null`} as uncovered
      from ${index.candidates(carrying.map(all), mode)} and ${conditions})
    select counted.total as total, page.id as id, page.distance as distance,
      (select version from content_version where id = 1) as version${sql.join(shown, sql``)}
    from (select count(*) as total from matches) as counted
    left join (select id, matched, typos, places, featured, distance, tenths, uncovered from matches
      order by ${nearFirst}matched desc, typos, places desc, featured desc, id limit ${limit} offset ${offset}) as page on true
    ${columns.length ? sql`left join sellers as shown on shown.id = page.id` : sql``}
    order by ${near.distance ? sql`page.tenths, page.uncovered, ` : sql``}page.matched desc, page.typos, page.places desc, page.featured desc, page.id`.execute(
    db,
  );
  const onPage = rows.filter((r) => r.id !== null);
  return {
    total: Number(rows[0]?.total ?? 0),
    ids: onPage.map((r) => Number(r.id)),
    version: rows[0]?.version == null ? undefined : Number(rows[0].version),
    rows: onPage.map((r) => Object.fromEntries(columns.map((column) => [column, r[`shown_${column}`]]))),
    distances: near.distance ? onPage.map((r) => Number(r.distance)) : [],
  };
}
