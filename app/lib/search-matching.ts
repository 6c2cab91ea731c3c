import damerauLevenshtein from "damerau-levenshtein";
import pluralize from "pluralize";
import { lettersOf } from "./search-text";

// What a visitor's word may also match (docs/decisions/163-search-what-word-matches.md): how many typing mistakes a
// word of a given length forgives, how far apart two words are, and which simple forms of a word are the same word.

/** A word's length in letters: an akshara (a consonant with its virama, vowel sign or nukta) is one. */
export function letterCount(word: string): number {
  return lettersOf(word).length;
}

/**
 * Typing mistakes forgiven in a word: none below five letters (exact or prefix only), one from five,
 * two from nine (as Algolia and Meilisearch count them).
 */
export function allowedEdits(word: string): 0 | 1 | 2 {
  const length = letterCount(word);
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * Edits between two words (insert, delete, substitute, or swap two neighbours, each one edit: the optimal
 * string alignment distance) when at most `max`, else Infinity. A letter with its marks is one unit, so
 * an edit replaces a whole akshara and never leaves a vowel sign or a virama on another consonant. Words
 * whose lengths differ by more are not compared at all (the library's table grows with the square of
 * the longer word).
 */
export function editsWithin(a: string, b: string, max: number): number {
  const [x, y] = [lettersOf(a), lettersOf(b)];
  if (Math.abs(x.length - y.length) > max) return Infinity;
  const steps = damerauLevenshtein(...asOneCharacterEach(a, x, b, y)).steps;
  return steps <= max ? steps : Infinity;
}

/** The two words with every letter (and its marks) written as one character, for the edit distance. */
function asOneCharacterEach(a: string, x: string[], b: string, y: string[]): [string, string] {
  if (x.length === a.length && y.length === b.length) return [a, b];
  const codes = new Map<string, string>();
  const code = (letter: string) => {
    let known = codes.get(letter);
    if (known === undefined) codes.set(letter, (known = String.fromCharCode(0xe000 + codes.size)));
    return known;
  };
  return [x.map(code).join(""), y.map(code).join("")];
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
