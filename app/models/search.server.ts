const MAX_TERMS = 8;

/**
 * Turns visitor text into a safe FTS5 query: each word becomes a quoted prefix term, so FTS syntax
 * (quotes, *, NEAR, OR, parentheses, column filters) is matched as plain words, never interpreted.
 * Returns null when the text has no searchable word.
 */
export function toFtsQuery(text: string): string | null {
  const words = text.normalize("NFKC").match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  const unique = [...new Set(words.map((w) => w.toLowerCase()))].slice(0, MAX_TERMS);
  return unique.map((w) => `"${w.replace(/"/g, '""')}"*`).join(" ");
}
