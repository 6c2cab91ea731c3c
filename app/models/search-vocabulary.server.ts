import { LRUCache } from "lru-cache";
import type { DB } from "~db/client";
import { allowedEdits, editsWithin, simpleForms } from "~/lib/search-matching";
import { searchWords } from "~/lib/search-text";
import { readVersionKey } from "./content-version.server";
import { listSynonymGroups } from "./search-synonyms.server";
import { listActiveCategories } from "./categories.server";
import { textIndexOf } from "./text-index.server";

// What the visitor's words may match, worked out before any search statement runs, the same way on both
// engines (docs/decisions/168-search-admin-who-edits-synonyms.md): each word as a prefix, its simple forms and the
// words of its synonym group (no typo), then the index's own words one or two edits away (typos). The index's words and
// the synonym groups are read once per version key (any change to a seller's public text or to a group moves it).

/** Typo corrections kept per word: the closest first, then the most used. */
const MAX_CORRECTIONS = 12;

export type WordPlan = {
  /** the visitor's word, folded */
  word: string;
  /** prefixes matched at no cost: the word, its simple forms, its synonyms */
  prefixes: string[];
  /**
   * index words or their beginnings (five letters or more) one edit away, then two, matched as prefixes
   * (so `tifin` finds `tiffins` through `tiffin`); none for words shorter than five letters
   */
  typos: [string[], string[]];
};

export type SearchPlan = { words: WordPlan[] };

type Term = { term: string; documents: number; whole?: boolean };

type Vocabulary = {
  version: string;
  /** whole index words by length, for "Did you mean" */
  words: Map<number, Term[]>;
  /** index words and their beginnings of five letters or more, by length, for typos */
  stems: Map<number, Term[]>;
  /** a word's synonym group (every word of it, the word included) */
  synonyms: Map<string, string[]>;
  corrections: LRUCache<string, Term[][]>;
};

/** Per database handle (a process has one; the tests and tools open several). */
const cached = new WeakMap<DB, { version: string; vocabulary: Promise<Vocabulary> }>();

const SEARCHABLE = /^[\p{L}\p{N}]+$/u;

async function readTerms(db: DB): Promise<Term[]> {
  const rows = await textIndexOf(db).terms(db);
  return rows
    .filter((r) => r.term.length >= 3 && SEARCHABLE.test(r.term))
    .map((r) => ({ ...r, documents: Number(r.documents) }));
}

/** Beginnings of index words this long and longer are typo targets too (a visitor still typing). */
const MIN_STEM = 5;

function byLength(terms: Iterable<Term>): Map<number, Term[]> {
  const grouped = new Map<number, Term[]>();
  for (const term of terms) {
    const length = [...term.term].length;
    const group = grouped.get(length);
    if (group) group.push(term);
    else grouped.set(length, [term]);
  }
  return grouped;
}

async function loadVocabulary(db: DB, version: string): Promise<Vocabulary> {
  const [terms, groups] = await Promise.all([readTerms(db), listSynonymGroups(db)]);
  // A beginning counts the sellers of every word it begins (an upper bound: one seller may use two).
  const stems = new Map<string, Term>();
  for (const { term, documents } of terms) {
    const letters = [...term];
    for (let length = Math.min(MIN_STEM, letters.length); length <= letters.length; length++) {
      const stem = length === letters.length ? term : letters.slice(0, length).join("");
      const known = stems.get(stem);
      if (known) {
        known.documents += documents;
        known.whole ||= stem === term;
      } else stems.set(stem, { term: stem, documents, whole: stem === term });
    }
  }
  const synonyms = new Map<string, string[]>();
  for (const group of groups) for (const term of group.terms) synonyms.set(term, group.terms);
  return {
    version,
    words: byLength(terms),
    stems: byLength(stems.values()),
    synonyms,
    corrections: new LRUCache({ max: 2000 }),
  };
}

/** The index's words and the synonym groups as of the current version key. */
async function vocabulary(db: DB): Promise<Vocabulary> {
  const version = await readVersionKey(db);
  const known = cached.get(db);
  if (known && known.version === version) return known.vocabulary;
  const vocabulary = loadVocabulary(db, version);
  cached.set(db, { version, vocabulary });
  vocabulary.catch(() => cached.delete(db));
  return vocabulary;
}

/**
 * The index words (`words`) or words and beginnings (`stems`) within `edits` of a word, grouped by
 * distance (index 0: one edit, 1: two), each group ordered by the number of sellers, then alphabetically.
 */
function correctionsOf(vocabulary: Vocabulary, from: "words" | "stems", word: string, edits: number): Term[][] {
  const key = `${from}:${edits}:${word}`;
  const known = vocabulary.corrections.get(key);
  if (known) return known;
  const found: Term[][] = [[], []];
  const length = [...word].length;
  for (let l = length - edits; l <= length + edits; l++) {
    for (const term of vocabulary[from].get(l) ?? []) {
      if (term.term === word) continue;
      // A typo may change a whole word's first letter (fotography → photography), not a beginning's: `henna`
      // is one edit from `chenna`, the beginning of Chennai, and no visitor meant that.
      if (from === "stems" && !term.whole && term.term[0] !== word[0]) continue;
      const distance = editsWithin(word, term.term, edits);
      if (distance >= 1 && distance <= edits) found[distance - 1].push(term);
    }
  }
  for (const group of found) group.sort((a, b) => b.documents - a.documents || (a.term < b.term ? -1 : 1));
  vocabulary.corrections.set(key, found);
  return found;
}

/** What each of the visitor's words may match; null when the text has no searchable word. */
export async function planSearch(db: DB, text: string): Promise<SearchPlan | null> {
  const words = searchWords(text);
  if (!words) return null;
  const vocab = await vocabulary(db);
  return {
    words: words.map((word) => {
      const forms = [word, ...simpleForms(word)];
      const prefixes = new Set(forms);
      for (const form of forms) for (const synonym of vocab.synonyms.get(form) ?? []) prefixes.add(synonym);
      const kept = [...prefixes];
      const typos: [string[], string[]] = [[], []];
      const edits = allowedEdits(word);
      const [one, two] = edits ? correctionsOf(vocab, "stems", word, edits) : [[], []];
      for (const [distance, group] of [one, two].entries()) {
        // shorter beginnings first, so a longer one they cover is left out
        const shortestFirst = [...group].sort((a, b) => a.term.length - b.term.length);
        for (const { term } of shortestFirst) {
          if (typos[0].length + typos[1].length >= MAX_CORRECTIONS) break;
          if (kept.some((p) => term.startsWith(p))) continue;
          typos[distance].push(term);
          kept.push(term);
        }
      }
      return { word, prefixes: [...prefixes].sort(), typos };
    }),
  };
}

/**
 * "Did you mean …?": each word replaced by the most used index word at most two edits away (one for
 * words of three or four letters), when there is one; null when nothing would change.
 */
export async function suggestSpelling(db: DB, text: string): Promise<string | null> {
  const words = searchWords(text);
  if (!words) return null;
  const vocab = await vocabulary(db);
  let changed = false;
  const suggested = words.map((word) => {
    const length = [...word].length;
    if (length < 3) return word;
    const inIndex = vocab.words.get(length)?.some((t) => t.term === word);
    if (inIndex) return word;
    const [one, two] = correctionsOf(vocab, "words", word, length >= 5 ? 2 : 1);
    const best = one[0] ?? two[0];
    if (!best) return word;
    changed = true;
    return best.term;
  });
  return changed ? suggested.join(" ") : null;
}

/**
 * The active categories whose names are closest to the visitor's text (at most three): a word of the
 * name starting with one of the visitor's words (three letters or more), or one edit from it (two from five letters).
 */
export async function closestCategories(db: DB, text: string): Promise<{ name: string; slug: string }[]> {
  const words = (searchWords(text) ?? []).filter((w) => [...w].length >= 3);
  if (!words.length) return [];
  const categories = await listActiveCategories(db);
  const scored = categories.flatMap((category) => {
    const nameWords = searchWords(category.name) ?? [];
    let best = Infinity;
    for (const word of words)
      for (const nameWord of nameWords) {
        const distance = nameWord.startsWith(word) ? 0 : editsWithin(word, nameWord, [...word].length >= 5 ? 2 : 1);
        best = Math.min(best, distance);
      }
    return best <= 2 ? [{ name: category.name, slug: category.slug, distance: best }] : [];
  });
  scored.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : 1));
  return scored.slice(0, 3).map(({ name, slug }) => ({ name, slug }));
}
