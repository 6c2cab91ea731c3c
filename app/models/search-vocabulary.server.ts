import { LRUCache } from "lru-cache";
import type { DB } from "~db/client";
import { NAME_COLUMNS } from "~/lib/locales";
import type { NamesByLanguage } from "~/lib/localized";
import { allowedEdits, editsWithin, letterCount, simpleForms } from "~/lib/search-matching";
import { foldWord, isMeaningful, isStopword, lettersOf, searchWords, soundOf } from "~/lib/search-text";
import { readVersionKey } from "./content-version.server";
import { listSynonymGroups } from "./search-synonyms.server";
import { listActiveCategories } from "./categories.server";
import { textIndexOf } from "./text-index.server";

// What the visitor's words may match, worked out before any search statement runs, the same way on both
// engines (docs/decisions/168-search-admin-who-edits-synonyms.md): each word as a prefix, its simple forms and the
// words of its synonym group (no typo), the index's words and beginnings that sound the same (no typo: `soundOf`,
// docs/decisions/188-search-scripts-and-sound-alikes.md), then the index's own words one or two edits away (typos),
// counted between their sounds and in letters (an akshara is one). The index's words and the synonym groups are read
// once per version key (any change to a seller's public text or to a group moves it).

/** Typo corrections kept per word: the closest first, then the most used. */
const MAX_CORRECTIONS = 12;
/** Index words and beginnings that sound like a word (or one of its forms and synonyms), kept per word. */
const MAX_SOUND_ALIKES = 12;
/** Beginnings of index words this long and longer (in letters) are found by their sound. */
const MIN_SOUND = 3;

/**
 * Whether a word is long enough to be read into the vocabulary and found by its sound: three letters, or
 * two aksharas of another script than Latin (घर, जरी, ಊಟ: an akshara says more than a Latin letter).
 */
function longEnough(word: string): boolean {
  const letters = letterCount(word);
  return letters >= MIN_SOUND || (letters === 2 && !/\p{Script=Latin}/u.test(word));
}

export type WordPlan = {
  /** the visitor's word, folded */
  word: string;
  /**
   * prefixes matched at no cost: the word, its simple forms, its synonyms, and the index words or
   * beginnings that sound like one of them
   */
  prefixes: string[];
  /**
   * index words or their beginnings (five letters or more) one edit away, then two, matched as prefixes
   * (so `tifin` finds `tiffins` through `tiffin`); none for words shorter than five letters
   */
  typos: [string[], string[]];
  /** whether the word may carry a relaxed search alone (not a stopword, three letters or more) */
  meaningful: boolean;
};

/** `version`: the version key of the vocabulary the plan was made with. */
export type SearchPlan = { words: WordPlan[]; version: string };

/** An index word or beginning, its sound (`soundOf`) and the number of sellers using it. */
type Term = { term: string; sound: string; documents: number; whole?: boolean };

type Vocabulary = {
  version: string;
  /** whole index words by the length of their sound, for "Did you mean" */
  words: Map<number, Term[]>;
  /** index words and their beginnings of five letters or more, by the length of their sound, for typos */
  stems: Map<number, Term[]>;
  /** index words and their beginnings of three letters or more, by their sound */
  sounds: Map<string, Term[]>;
  /** a sound's synonym groups (every word of them) */
  synonyms: Map<string, string[]>;
  /** the sound of a category name's word in another language: the words of the category's English name */
  categoryNames: Map<string, string[]>;
  corrections: LRUCache<string, Term[][]>;
};

/** Per database handle (a process has one; the tests and tools open several). */
const cached = new WeakMap<DB, { version: string; vocabulary: Promise<Vocabulary> }>();

const SEARCHABLE = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}\u200C\u200D]*$/u;

async function readTerms(db: DB): Promise<Term[]> {
  const rows = await textIndexOf(db).terms(db);
  return rows
    .filter((r) => SEARCHABLE.test(r.term) && longEnough(r.term))
    .map((r) => ({ term: r.term, sound: soundOf(foldWord(r.term)), documents: Number(r.documents) }));
}

/** Beginnings of index words this long and longer are typo targets too (a visitor still typing). */
const MIN_STEM = 5;

function byLength(terms: Iterable<Term>): Map<number, Term[]> {
  const grouped = new Map<number, Term[]>();
  for (const term of terms) {
    const length = letterCount(term.sound);
    const group = grouped.get(length);
    if (group) group.push(term);
    else grouped.set(length, [term]);
  }
  return grouped;
}

async function loadVocabulary(db: DB, version: string): Promise<Vocabulary> {
  const [terms, groups, categories] = await Promise.all([
    readTerms(db),
    listSynonymGroups(db),
    listActiveCategories(db),
  ]);
  // A beginning (cut between letters, never inside an akshara) counts the sellers of every word it begins
  // (an upper bound: one seller may use two).
  const beginnings = new Map<string, Term>();
  for (const { term, documents } of terms) {
    const letters = lettersOf(term);
    for (let length = Math.min(MIN_SOUND, letters.length); length <= letters.length; length++) {
      const stem = length === letters.length ? term : letters.slice(0, length).join("");
      const known = beginnings.get(stem);
      if (known) {
        known.documents += documents;
        known.whole ||= stem === term;
      } else beginnings.set(stem, { term: stem, sound: soundOf(foldWord(stem)), documents, whole: stem === term });
    }
  }
  const sounds = new Map<string, Term[]>();
  const stems: Term[] = [];
  for (const beginning of beginnings.values()) {
    const same = sounds.get(beginning.sound);
    if (same) same.push(beginning);
    else sounds.set(beginning.sound, [beginning]);
    if (beginning.whole || letterCount(beginning.term) >= MIN_STEM) stems.push(beginning);
  }
  const synonyms = new Map<string, string[]>();
  for (const group of groups)
    for (const term of group.terms) {
      const sound = soundOf(foldWord(term));
      synonyms.set(sound, [...new Set([...(synonyms.get(sound) ?? []), ...group.terms.map(foldWord)])]);
    }
  return {
    version,
    words: byLength(terms),
    stems: byLength(stems),
    sounds,
    synonyms,
    categoryNames: categoryNameSynonyms(categories),
    corrections: new LRUCache({ max: 2000 }),
  };
}

/**
 * The index's words and the synonym groups as of the current version key; `lastKnown`: those last loaded,
 * without reading the version (the caller checks the plan's version against one read with its results).
 */
async function vocabulary(db: DB, lastKnown = false): Promise<Vocabulary> {
  const last = cached.get(db);
  if (lastKnown && last) return last.vocabulary;
  const version = await readVersionKey(db);
  const known = cached.get(db);
  if (known && known.version === version) return known.vocabulary;
  const vocabulary = loadVocabulary(db, version);
  cached.set(db, { version, vocabulary });
  vocabulary.catch(() => cached.delete(db));
  return vocabulary;
}

/**
 * The index words (`words`) or words and beginnings (`stems`) whose sound is within `edits` of a word's
 * sound, grouped by distance (index 0: one edit, 1: two), each group ordered by the number of sellers, then
 * alphabetically. Those that sound the same are the word's sound-alikes, not typos.
 */
function correctionsOf(vocabulary: Vocabulary, from: "words" | "stems", word: string, edits: number): Term[][] {
  const key = `${from}:${edits}:${word}`;
  const known = vocabulary.corrections.get(key);
  if (known) return known;
  const found: Term[][] = [[], []];
  const sound = soundOf(word);
  const first = lettersOf(sound)[0];
  const length = letterCount(sound);
  for (let l = length - edits; l <= length + edits; l++) {
    for (const term of vocabulary[from].get(l) ?? []) {
      if (term.term === word) continue;
      // A typo may change a whole word's first letter (fotography → photography), not a beginning's: `henna`
      // is one edit from `chenna`, the beginning of Chennai, and no visitor meant that.
      if (from === "stems" && !term.whole && lettersOf(term.sound)[0] !== first) continue;
      const distance = editsWithin(sound, term.sound, edits);
      if (distance >= 1 && distance <= edits) found[distance - 1].push(term);
    }
  }
  for (const group of found) group.sort((a, b) => b.documents - a.documents || (a.term < b.term ? -1 : 1));
  vocabulary.corrections.set(key, found);
  return found;
}

/** What each of the visitor's words may match; null when the text has no searchable word. */
export async function planSearch(
  db: DB,
  text: string,
  options: { lastKnownVocabulary?: boolean } = {},
): Promise<SearchPlan | null> {
  const words = searchWords(text);
  if (!words) return null;
  const vocab = await vocabulary(db, options.lastKnownVocabulary);
  return {
    version: vocab.version,
    words: words.map((word) => {
      const forms = [word, ...simpleForms(word)];
      const prefixes = new Set(forms);
      for (const form of forms)
        for (const synonym of [
          ...(vocab.synonyms.get(soundOf(form)) ?? []),
          ...(vocab.categoryNames.get(soundOf(form)) ?? []),
        ])
          prefixes.add(synonym);
      for (const term of soundAlikes(vocab, [...prefixes])) prefixes.add(term);
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
      return { word, prefixes: [...prefixes].sort(), typos, meaningful: isMeaningful(word) };
    }),
  };
}

/**
 * The index words and beginnings that sound like one of `words` (three letters or more) but are spelt
 * otherwise, most used first, each left out when a shorter one already begins it.
 */
function soundAlikes(vocab: Vocabulary, words: string[]): string[] {
  const found = new Map<string, number>();
  for (const word of words) {
    if (!longEnough(word)) continue;
    for (const term of vocab.sounds.get(soundOf(word)) ?? [])
      if (term.term !== word) found.set(term.term, Math.max(found.get(term.term) ?? 0, term.documents));
  }
  const kept = [...words];
  const alikes: string[] = [];
  const shortestFirst = [...found].sort((a, b) => a[0].length - b[0].length || b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [term] of shortestFirst) {
    if (alikes.length >= MAX_SOUND_ALIKES) break;
    if (kept.some((p) => term.startsWith(p))) continue;
    alikes.push(term);
    kept.push(term);
  }
  return alikes;
}

/**
 * The index beginnings that sound like each typed word (the word itself first), for the suggestions: the
 * alternatives of each word, any of which may begin a word of a suggestion.
 */
export async function soundAlikeBeginnings(db: DB, words: string[]): Promise<string[][]> {
  const vocab = await vocabulary(db);
  return words.map((word) => [word, ...soundAlikes(vocab, [word])]);
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
    // a stopword or a word of one or two letters is left as typed
    if (!isMeaningful(word)) return word;
    const sound = soundOf(word);
    const length = letterCount(word);
    const inIndex = vocab.words.get(letterCount(sound))?.some((t) => t.sound === sound);
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
  const words = (searchWords(text) ?? []).filter((w) => letterCount(w) >= 3);
  if (!words.length) return [];
  const categories = await listActiveCategories(db);
  const scored = categories.flatMap((category) => {
    const nameWords = categoryWords(category).map((w) => ({ word: w, sound: soundOf(w) }));
    let best = Infinity;
    for (const word of words) {
      const sound = soundOf(word);
      const edits = letterCount(word) >= 5 ? 2 : 1;
      for (const name of nameWords) {
        const begins = name.word.startsWith(word) || name.sound.startsWith(sound);
        best = Math.min(best, begins ? 0 : editsWithin(sound, name.sound, edits));
      }
    }
    return best <= 2 ? [{ name: category.name, slug: category.slug, distance: best }] : [];
  });
  scored.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : 1));
  return scored.slice(0, 3).map(({ name, slug }) => ({ name, slug }));
}

/** A category's names: English, and one per column language (`name_hi`, …) when categories have them. */
export type CategoryNames = NamesByLanguage;

/**
 * The searchable words of a category's names (folded), in every language it has: the closest categories
 * and the suggestions compare the visitor's words with them (`listActiveCategories` selects the names).
 */
export function categoryWords(category: CategoryNames): string[] {
  const names = [category.name, ...NAME_COLUMNS.map((column) => category[column])].filter((n): n is string => !!n);
  return [...new Set(names.flatMap((n) => searchWords(n) ?? []))];
}

/**
 * A category's names in other languages are more words of its sellers: a word of its Hindi or Kannada name
 * finds the words of its English name, which the index holds for every seller in it (`category_names`), as
 * a synonym would. Keyed by sound; English words gain nothing, so English searches are as before.
 */
export function categoryNameSynonyms(categories: CategoryNames[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const category of categories) {
    const english = searchWords(category.name) ?? [];
    for (const word of categoryWords(category)) {
      if (english.includes(word) || isStopword(word)) continue;
      const sound = soundOf(word);
      found.set(sound, [...new Set([...(found.get(sound) ?? []), ...english])]);
    }
  }
  return found;
}
