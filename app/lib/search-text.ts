// The directory search's words, the same on both database engines and in the browser (highlighting):
// what counts as a word and how a word is folded (how it sounds is in search-sound.ts, server only)
// (docs/decisions/163-search-what-word-matches.md, docs/decisions/188-search-scripts-and-sound-alikes.md). What a
// word may also match is in search-matching.ts (server only: it brings the edit distance and the plural rules).

/** At most this many of the visitor's words are searched; the rest of a long text is ignored. */
export const MAX_SEARCH_WORDS = 8;

/**
 * Longer "words" are ignored: no real word is, and PostgreSQL neither indexes nor queries words of
 * over 2,047 bytes, so both engines agree that such a word finds nothing.
 */
export const MAX_WORD_LENGTH = 60;

/** The invisible joiners (ZWNJ, ZWJ) Indic keyboards put inside words: part of the word, never a letter of it. */
const JOINERS = /[\u200C\u200D]/g;

/**
 * Letters, digits, marks (virama, vowel signs, nukta, anusvara) and the joiners, as the text index reads
 * words (SQLite's unicode61 with marks and joiners as word characters; PostgreSQL's parser): a Devanagari
 * or Kannada word stays whole. A run of marks alone is no word.
 */
const WORD = /[\p{L}\p{N}\p{M}\u200C\u200D]+/gu;
const HAS_LETTER = /[\p{L}\p{N}]/u;
const FOLDED = /^[a-z0-9]*$/;

/** Whether a text is one word as the search reads words (the staff's synonym words). */
export function isSingleWord(text: string): boolean {
  return /^[\p{L}\p{N}\p{M}\u200C\u200D]+$/u.test(text) && HAS_LETTER.test(text);
}

/**
 * A word as the search compares it with the index: lower-cased, accents of Latin letters removed
 * (`remove_diacritics`, `unaccent`), the joiners left out (invisible, and typed or not by habit).
 */
export function foldWord(word: string): string {
  if (FOLDED.test(word)) return word;
  return word
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .replace(JOINERS, "")
    .normalize("NFC")
    .toLowerCase();
}

/** The visitor's searchable words: folded, unique, at most eight; null when the text has none. */
export function searchWords(text: string): string[] | null {
  const words = text.normalize("NFKC").match(WORD);
  if (!words) return null;
  const folded = words.map(foldWord).filter((w) => w.length > 0 && w.length <= MAX_WORD_LENGTH && HAS_LETTER.test(w));
  return folded.length ? [...new Set(folded)].slice(0, MAX_SEARCH_WORDS) : null;
}

/** Each word of a text with its place, for highlighting the matched ones. */
export function wordsWithPlaces(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: foldWord(m[0]), start: m.index, end: m.index + m[0].length }));
}

/**
 * The letters of a word, each with the marks that follow it (an akshara's consonant with its virama,
 * vowel sign or nukta; a Latin letter alone): the unit of length and of a typing mistake, so a typo
 * never cuts a vowel sign from its consonant.
 */
export function lettersOf(word: string): string[] {
  if (/^[ -~]*$/.test(word)) return word.split("");
  return word.match(/[^\p{M}][\p{M}]*|\p{M}+/gu) ?? [];
}
