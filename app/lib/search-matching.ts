import damerauLevenshtein from "damerau-levenshtein";
import pluralize from "pluralize";

// What a visitor's word may also match (docs/decisions/163-search-what-word-matches.md): how many typing mistakes a
// word of a given length forgives, how far apart two words are, and which simple forms of a word are the same word.

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
