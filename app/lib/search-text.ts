// The directory search's words, the same on both database engines and in the browser (highlighting):
// what counts as a word and how a word is folded (docs/decisions/163-search-what-word-matches.md). What a word may also
// match is in search-matching.ts (server only: it brings the edit distance and the plural rules).

/** At most this many of the visitor's words are searched; the rest of a long text is ignored. */
export const MAX_SEARCH_WORDS = 8;

/**
 * Longer "words" are ignored: no real word is, and PostgreSQL neither indexes nor queries words of
 * over 2,047 bytes, so both engines agree that such a word finds nothing.
 */
export const MAX_WORD_LENGTH = 60;

/** Letters and digits, as SQLite's unicode61 tokenizer reads words (marks and punctuation separate them). */
const WORD = /[\p{L}\p{N}]+/gu;

/** A word as the index stores it: lower-cased, accents of Latin letters removed (`remove_diacritics`, `unaccent`). */
export function foldWord(word: string): string {
  return word
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC")
    .toLowerCase();
}

/** The visitor's searchable words: folded, unique, at most eight; null when the text has none. */
export function searchWords(text: string): string[] | null {
  const words = text.normalize("NFKC").match(WORD);
  if (!words) return null;
  const folded = words.map(foldWord).filter((w) => w.length > 0 && w.length <= MAX_WORD_LENGTH);
  return folded.length ? [...new Set(folded)].slice(0, MAX_SEARCH_WORDS) : null;
}

/** Each word of a text with its place, for highlighting the matched ones. */
export function wordsWithPlaces(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: foldWord(m[0]), start: m.index, end: m.index + m[0].length }));
}
