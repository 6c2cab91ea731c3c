import { type RawBuilder, sql } from "kysely";

// The right side of `column LIKE …` for the back-office's searches, with a visitor's own `%`, `_` and
// `\` taken literally.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches `text` anywhere. */
export function likeContains(text: string): RawBuilder<string> {
  return sql<string>`${`%${escapeLike(text)}%`} escape '\\'`;
}

/** Matches values starting with `text`. */
export function likeStartsWith(text: string): RawBuilder<string> {
  return sql<string>`${`${escapeLike(text)}%`} escape '\\'`;
}
