import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from "kysely";
import { caseInsensitiveLike } from "~db/engine";

// The back-office's text searches: the right side of `column LIKE …` with a visitor's own `%`, `_` and `\`
// taken literally, and the one rule every admin list's search box follows (`containsInAny`).

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches `text` anywhere. */
export function likeContains(text: string): RawBuilder<string> {
  return sql<string>`${`%${escapeLike(text)}%`} escape '\\'`;
}

/** Matches values starting with `text`. */
export function likeStartsWith(text: string): RawBuilder<string> {
  return sql<string>`${`${escapeLike(text)}%`} escape '\\'`;
}

/**
 * An admin list's search: `text` anywhere in any of `columns`, ignoring case on both engines, as one
 * parameter (never spliced into the SQL).
 */
export function containsInAny<D, TB extends keyof D>(
  db: Parameters<typeof caseInsensitiveLike>[0],
  eb: ExpressionBuilder<D, TB>,
  columns: readonly string[],
  text: string,
): Expression<SqlBool> {
  const like = likeContains(text);
  return eb.or(columns.map((c) => eb(sql.ref(c), caseInsensitiveLike(db), like)));
}
