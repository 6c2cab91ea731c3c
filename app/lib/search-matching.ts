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
  return editsForLength(letterCount(word));
}

/** Typing mistakes forgiven in a word of `length` letters (see `allowedEdits`). */
export function editsForLength(length: number): 0 | 1 | 2 {
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
 * `baby` → `babies`, साड़ी → साड़ियाँ, कपड़ा → कपड़े), by English rules for words of Latin letters (never shorter
 * than three), Hindi's for Devanagari ones and Kannada's -ಗಳು (ಸೀರೆ, ಸೀರೆಗಳು).
 */
export function simpleForms(word: string): string[] {
  if (/[\u0900-\u097F]/.test(word)) return hindiForms(word);
  if (/[\u0C80-\u0CFF]/.test(word)) return kannadaForms(word);
  if (!/^[a-z]{3,}$/.test(word)) return [];
  const forms = new Set([pluralize.singular(word), pluralize.plural(word)]);
  forms.delete(word);
  return [...forms].filter((form) => /^[a-z]{3,}$/.test(form));
}

// Hindi's plurals and oblique forms of the two common endings: -ī (साड़ी, साड़ियाँ, साड़ियों) and -ā (कपड़ा,
// कपड़े, कपड़ों); the chandrabindu and the anusvara as both are typed.
const HINDI_ENDINGS: [RegExp, string[]][] = [
  [
    /\u093F\u092F\u093E[\u0901\u0902]$|\u093F\u092F\u094B\u0902$|\u0940$/,
    ["\u0940", "\u093F\u092F\u093E\u0901", "\u093F\u092F\u093E\u0902", "\u093F\u092F\u094B\u0902"],
  ],
  [/\u094B\u0902$|[\u093E\u0947]$/, ["\u093E", "\u0947", "\u094B\u0902"]],
];

function hindiForms(word: string): string[] {
  for (const [ending, forms] of HINDI_ENDINGS) {
    const match = ending.exec(word);
    if (!match) continue;
    const stem = word.slice(0, match.index);
    // a stem of one akshara at least (का, की are stopwords, not plurals)
    if (lettersOf(stem).length < 1 || lettersOf(word).length < 2) return [];
    return forms.map((f) => stem + f).filter((form) => form !== word);
  }
  return [];
}

const KANNADA_PLURAL = "\u0C97\u0CB3\u0CC1";

function kannadaForms(word: string): string[] {
  if (word.endsWith(KANNADA_PLURAL)) {
    const stem = word.slice(0, -KANNADA_PLURAL.length);
    return lettersOf(stem).length >= 2 ? [stem] : [];
  }
  // a word ending in a virama takes the plural after a joiner (ಟೈಲರ್‌ಗಳು): found as a beginning already
  return lettersOf(word).length >= 2 && !word.endsWith("\u0CCD") ? [word + KANNADA_PLURAL] : [];
}
