import { type RawBuilder, sql } from "kysely";

// Substring search for the back-office lists: the right side of `column LIKE …` matching `text`
// anywhere, with a visitor's own `%`, `_` and `\` taken literally.

export function likeContains(text: string): RawBuilder<string> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<string>`${`%${escaped}%`} escape '\\'`;
}
