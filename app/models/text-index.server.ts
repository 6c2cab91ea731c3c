import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { DB } from "~db/client";
import { engineOf } from "~db/engine";

// The directory's text index, the one model that differs by engine: SQLite's FTS5 index (`sellers_fts`,
// its words in `sellers_fts_terms`) or PostgreSQL's tsvector documents (`sellers_search`, GIN index, its
// words in `search_terms`). The search (search.server.ts), the suggestions and the vocabulary ask it
// their questions and build no engine-specific SQL themselves. PostgreSQL's documents also carry the
// columns of the public rule and the filters (migration 2026-12-01T0400_search_public_columns).

/** Where a word was found, strongest first: the columns of each place, as SQLite names them, and PostgreSQL's weight. */
export const PLACES = [
  { points: 3, columns: "business_name", weight: "A" },
  { points: 2, columns: "owner_name category_names", weight: "B" },
  { points: 1, columns: "tagline locality tagline_hi tagline_kn", weight: "C" },
] as const;

export type Place = (typeof PLACES)[number];
/**
 * What matches one of the visitor's words: beginnings of index words, or (`{ whole }`) an index word only as
 * the whole word (`sari` is no beginning of Sarita: docs/decisions/221-search-as-india-types.md).
 */
export type Alternatives = (string | { whole: string })[];

const wordOf = (p: string | { whole: string }) => (typeof p === "string" ? p : p.whole);
const isWhole = (p: string | { whole: string }, whole?: "whole") => !!whole || typeof p !== "string";

/** A column the suggestions look words up in: SQLite's FTS5 column, PostgreSQL's `<column>_words` beside the documents. */
const SUGGEST_COLUMNS = {
  business_name: { column: "business_name" },
  locality: { column: "locality" },
} as const;

/** An index word and the number of sellers whose text has it. */
export type IndexTerm = { term: string; documents: number };

/**
 * How one engine asks "does this seller's text match these alternatives (in this place)?": the only
 * model code that knows which engine it talks to (the lint rule keeps `engineOf` and the engine's own
 * tables and operators here).
 */
export interface TextIndex {
  /**
   * the statement's source of candidate rows, ending in a where clause, with the seller's row as `sellers`:
   * only its id, status, subscription_end_date, city and is_featured may be read (PostgreSQL's documents
   * carry just these)
   */
  candidates(words: Alternatives[], mode: "all" | "any"): RawBuilder<unknown>;
  /**
   * true when the current seller matches any of the alternatives, anywhere or in one place: as the
   * beginning of a word, or (`whole`) as a whole word
   */
  matches(alternatives: Alternatives, place?: Place, whole?: "whole"): RawBuilder<SqlBool>;
  /**
   * sellers whose `column` has, for every word, one of its alternatives (folded) as a prefix: the
   * statement's source, with the seller's row as `sellers` and ending in a where clause (only what
   * `candidates` may read, and the business name and the locality), and the seller id in the index's own
   * order
   */
  prefixesIn(
    column: keyof typeof SUGGEST_COLUMNS,
    words: Alternatives[],
  ): { source: RawBuilder<unknown>; id: RawBuilder<unknown> };
  /** every word of the index and the number of sellers using it */
  terms(db: DB): Promise<IndexTerm[]>;
}

/** SQLite: FTS5 query strings; every word is quoted, so FTS syntax in the visitor's text is never read. */
const sqliteIndex: TextIndex = {
  candidates(words, mode) {
    const query = words.map((w) => `(${ftsAlternatives(w)})`).join(mode === "all" ? " AND " : " OR ");
    // Each match is checked against the narrow `sellers_search_public` index (named, as the planner would
    // otherwise read the wide table rows).
    return sql`sellers_fts cross join sellers indexed by sellers_search_public on sellers.id = sellers_fts.rowid
      where sellers_fts match ${query}`;
  },
  matches(alternatives, place, whole) {
    const words = ftsAlternatives(alternatives, whole);
    const query = place ? `{${place.columns}} : (${words})` : words;
    return sql<SqlBool>`sellers.id in (select rowid from sellers_fts where sellers_fts match ${query})`;
  },
  prefixesIn(column, words) {
    const { column: name } = SUGGEST_COLUMNS[column];
    const match = words.map((w) => `${name} : (${ftsAlternatives(w)})`).join(" AND ");
    // A locality's matches (thousands for a common beginning) are counted from the narrow index, which ends
    // with the locality, not from each one's wide row.
    const through = column === "locality" ? sql`indexed by sellers_search_public` : sql``;
    return {
      source: sql`sellers_fts cross join sellers ${through} on sellers.id = sellers_fts.rowid
        where sellers_fts match ${match}`,
      id: sql`sellers_fts.rowid`,
    };
  },
  async terms(db) {
    const rows = await db.selectFrom("sellers_fts_terms").select(["term", "doc as documents"]).execute();
    return rows;
  },
};

function ftsAlternatives(prefixes: Alternatives, whole?: "whole"): string {
  return prefixes.map((p) => `"${wordOf(p).replace(/"/g, '""')}"${isWhole(p, whole) ? "" : "*"}`).join(" OR ");
}

/**
 * PostgreSQL: tsquery text, cast once per statement (`to_tsquery` would be called again for every row);
 * the words are folded as the documents' lexemes are, and quoted (letters, digits and marks only, still).
 */
const postgresIndex: TextIndex = {
  candidates(words, mode) {
    const query = words.map((w) => `(${tsAlternatives(w)})`).join(mode === "all" ? " & " : " | ");
    // The documents carry the columns the public rule and the filters read (kept by the trigger that
    // writes the document), so the statement's conditions on `sellers` are read from them: no join to the
    // wide sellers rows. The function reads the matches through the GIN index, never testing every
    // document (docs/decisions/196-search-matches-through-the-index.md).
    return sql`sellers_search_matching(${query}::tsquery) as sellers where true`;
  },
  matches(alternatives, place, whole) {
    return sql<SqlBool>`sellers.document @@ ${tsAlternatives(alternatives, place?.weight, whole)}::tsquery`;
  },
  prefixesIn(column, words) {
    const query = words.map((w) => `(${tsAlternatives(w)})`).join(" & ");
    // The documents carry the business name and the locality with their own words, beside the public rule's
    // columns: a match tests a few words, and no wide sellers row is read (m0033_search_documents_carry_names).
    // Not through sellers_search_matching: the planner may read the business names in id order for the first
    // few matches.
    const columnWords = sql.ref(`sellers.${SUGGEST_COLUMNS[column].column}_words`);
    return { source: sql`sellers_search as sellers where ${columnWords} @@ ${query}::tsquery`, id: sql`sellers.id` };
  },
  async terms(db) {
    return db.selectFrom("search_terms").select(["term", "documents"]).execute();
  },
};

/** The text index of the database's engine. */
export function textIndexOf(db: DB): TextIndex {
  return engineOf(db) === "postgres" ? postgresIndex : sqliteIndex;
}

function tsAlternatives(prefixes: Alternatives, weight = "", whole?: "whole"): string {
  return prefixes
    .map((p) => {
      const star = isWhole(p, whole) ? "" : "*";
      const label = star || weight ? `:${star}${weight}` : "";
      return `'${wordOf(p).replace(/\\/g, "\\\\").replace(/'/g, "''")}'${label}`;
    })
    .join(" | ");
}
