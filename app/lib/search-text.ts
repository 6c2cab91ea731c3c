import damerauLevenshtein from "damerau-levenshtein";
import pluralize from "pluralize";

// The directory search's words, the same on both database engines and in the browser (highlighting):
// what counts as a word, how a word is folded, which simple forms of it are the same word, and how many
// typing mistakes a word of a given length forgives (issue 21).

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

/**
 * Typing mistakes forgiven in a word: none below five letters (exact or prefix only), one from five,
 * two from nine (as Algolia and Meilisearch count them).
 */
export function allowedEdits(word: string): 0 | 1 | 2 {
  const length = [...word].length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * Edits between two words (insert, delete, substitute, or swap two neighbours, each one edit: the optimal
 * string alignment distance) when at most `max`, else Infinity. Words whose lengths differ by more are
 * not compared at all (the library's table grows with the square of the longer word).
 */
export function editsWithin(a: string, b: string, max: number): number {
  if (Math.abs([...a].length - [...b].length) > max) return Infinity;
  const steps = damerauLevenshtein(a, b).steps;
  return steps <= max ? steps : Infinity;
}

/**
 * The simple forms of a word that are the same word (`cakes` → `cake`, `classes` → `class`,
 * `baby` → `babies`), by English rules only for words of Latin letters, and never shorter than three.
 */
export function simpleForms(word: string): string[] {
  if (!/^[a-z]{3,}$/.test(word)) return [];
  const forms = new Set([pluralize.singular(word), pluralize.plural(word)]);
  forms.delete(word);
  return [...forms].filter((form) => /^[a-z]{3,}$/.test(form));
}
