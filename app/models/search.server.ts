import { type Expression, type SqlBool, sql } from "kysely";
import type { DB } from "~db/client";
import { engineOf } from "~db/engine";

// The directory's full-text search, the one place that differs by engine: SQLite's FTS5 index
// (`sellers_fts`, ranked by bm25) or PostgreSQL's tsvector documents (`sellers_search`, GIN index,
// ranked by ts_rank). Both match every word of the visitor's text as a prefix, weigh the business name
// most, and break ties by featured first, then id.

const MAX_TERMS = 8;

/** The visitor's searchable words: letters and digits only, lower-cased, unique, at most eight; null when none. */
export function searchWords(text: string): string[] | null {
  const words = text.normalize("NFKC").match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  return [...new Set(words.map((w) => w.toLowerCase()))].slice(0, MAX_TERMS);
}

/**
 * Turns visitor text into a safe FTS5 query: each word becomes a quoted prefix term, so FTS syntax
 * (quotes, *, NEAR, OR, parentheses, column filters) is matched as plain words, never interpreted.
 * Returns null when the text has no searchable word.
 */
export function toFtsQuery(text: string): string | null {
  const words = searchWords(text);
  return words && words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(" ");
}

/** The same words as a PostgreSQL tsquery: each a prefix (`word:*`), all required. Words hold no operator. */
export function toTsQuery(text: string): string | null {
  const words = searchWords(text);
  return words && words.map((w) => `${w}:*`).join(" & ");
}

export type RankedPage = { total: number; ids: number[] };

/**
 * One page of a search and the number of matches, in one statement (the count and the page agree),
 * restricted by `conditions` over `sellers`. Driven from the text index, so the cost follows the number
 * of matches, never the number of sellers; the page's full rows are read afterwards by id.
 */
export async function rankSearch(
  db: DB,
  text: string,
  conditions: Expression<SqlBool>,
  limit: number,
  offset: number,
): Promise<RankedPage | null> {
  if (engineOf(db) === "postgres") {
    const query = toTsQuery(text);
    if (!query) return null;
    // Weights of D, C, B, A: description; tagline and locality; owner and categories; business name.
    const { rows } = await sql<{ total: number; id: number | null }>`with matches as materialized (
        select sellers.id as id, ts_rank('{0.1, 0.3, 0.5, 1.0}', s.document, q) as score, sellers.is_featured as featured
        from to_tsquery('bwp_simple', ${query}) as q
        join sellers_search as s on s.document @@ q
        join sellers on sellers.id = s.id
        where ${conditions})
      select counted.total as total, page.id as id
      from (select count(*) as total from matches) as counted
      left join (select id, score, featured from matches order by score desc, featured desc, id limit ${limit} offset ${offset}) as page on true
      order by page.score desc, page.featured desc, page.id`.execute(db);
    return pageOf(rows);
  }
  const match = toFtsQuery(text);
  if (!match) return null;
  // Each match is checked against the narrow `sellers_search_public` index (named, as the planner would
  // otherwise read the wide table rows); bm25 weighs business_name, owner_name, tagline, description,
  // category_names, locality.
  const { rows } = await sql<{ total: number; id: number | null }>`with matches as materialized (
      select sellers.id as id, bm25(sellers_fts, 10.0, 6.0, 3.0, 1.0, 4.0, 2.0) as score, sellers.is_featured as featured
      from sellers_fts cross join sellers indexed by sellers_search_public on sellers.id = sellers_fts.rowid
      where sellers_fts match ${match} and ${conditions})
    select counted.total as total, page.id as id
    from (select count(*) as total from matches) as counted
    left join (select id, score, featured from matches order by score, featured desc, id limit ${limit} offset ${offset}) as page
    order by page.score, page.featured desc, page.id`.execute(db);
  return pageOf(rows);
}

function pageOf(rows: { total: number; id: number | null }[]): RankedPage {
  return { total: Number(rows[0]?.total ?? 0), ids: rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)])) };
}
