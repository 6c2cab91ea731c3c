import { LRUCache } from "lru-cache";
import type { DB } from "~db/client";
import { NAME_COLUMNS } from "~/lib/locales";
import type { NamesByLanguage } from "~/lib/localized";
import { editsForLength, editsWithin, letterCount, simpleForms } from "~/lib/search-matching";
import { isMeaningful, isStopword, scriptOf, soundOf, soundsOf, typedSoundsOf, typingLength } from "~/lib/search-sound";
import { foldWord, lettersOf, searchWords } from "~/lib/search-text";
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
/**
 * Longer index words a whole Latin word of hers may begin, kept per alternative (`home`: homemade, homestyle);
 * beyond it the alternative is a beginning again (a word so common begins too many to list).
 */
const MAX_COMPOUNDS = 16;
/**
 * Letters a longer word must add to one of hers to be a compound of it, not another word (Sarita, Saritha are
 * no sari); or fewer, when what it adds is a word of the index itself (home + made).
 */
const COMPOUND_REST = 4;
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
   * prefixes matched at no cost: the word, its simple forms, its synonyms, and the index words (or, for a
   * word of five letters or more, beginnings) that sound like one of them, in any script
   */
  prefixes: string[];
  /**
   * the same words matched whole, which rank first: the word, its simple forms (singular and plural), its
   * synonyms and the index words that sound like one of them (its variants and transliterations)
   */
  exact: string[];
  /**
   * the prefixes matched only as whole words: a Latin word the index has whole begins no longer word but its
   * compounds (`COMPOUND_REST`, listed among the prefixes): `sari` finds no Sarita, `home` finds homemade
   */
  wholeOnly: string[];
  /**
   * index words or their beginnings (five letters or more) one edit away, then two, matched as prefixes
   * (so `tifin` finds `tiffins` through `tiffin`); none for words shorter than five letters
   */
  typos: [string[], string[]];
  /** whether the word may carry a relaxed search alone (not a stopword, three letters or more) */
  meaningful: boolean;
  /** why each alternative is there (for the staff's explanation of a search) */
  rules: Record<string, MatchRule>;
};

/**
 * Why a word of the index matches the visitor's word: it is what she typed, one of its simple forms, a word of
 * its synonym group or of a category's name in another language, a sound-alike in her script, the same sound
 * in another script, or a typo (one edit, two).
 */
export type MatchRule =
  "typed" | "variant" | "synonym" | "category" | "sound" | "transliteration" | "typo" | "second typo";

/** `version`: the version key of the vocabulary the plan was made with. */
export type SearchPlan = { words: WordPlan[]; version: string };

/**
 * An index word or beginning, its sound (`soundOf`: its first reading, for the typos) and the number of
 * sellers using it.
 */
type Term = { term: string; sound: string; documents: number; whole?: boolean };

type Vocabulary = {
  version: string;
  /** whole index words by the length of their sound, for "Did you mean" */
  words: Map<number, Term[]>;
  /** index words and their beginnings of five letters or more, by the length of their sound, for typos */
  stems: Map<number, Term[]>;
  /**
   * index words and their beginnings of three letters or more, by each of their sounds (a whole Latin word
   * also by the sound of its singular: `sarees` under `sari`)
   */
  sounds: Map<string, Term[]>;
  /** index words and their beginnings of three letters or more, as spelt */
  spelt: Set<string>;
  /** index words, as spelt */
  whole: Set<string>;
  /** the index's words of Latin letters, sorted (the compounds a word begins are a range of it) */
  latinWords: string[];
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
    const folded = foldWord(beginning.term);
    const keys = new Set(soundsOf(folded));
    // A stopword (में is said "men") is nobody's sound-alike.
    if (beginning.whole && isStopword(folded)) keys.clear();
    if (beginning.whole) for (const form of simpleForms(folded)) keys.add(soundOf(form));
    for (const key of keys) {
      const same = sounds.get(key);
      if (same) same.push(beginning);
      else sounds.set(key, [beginning]);
    }
    if (beginning.whole || letterCount(beginning.term) >= MIN_STEM) stems.push(beginning);
  }
  const synonyms = new Map<string, string[]>();
  for (const group of groups)
    for (const term of group.terms) {
      // by the first reading of its letters, as a typed word looks them up (साड़ी is no शादी)
      const sound = soundOf(foldWord(term));
      synonyms.set(sound, [...new Set([...(synonyms.get(sound) ?? []), ...group.terms.map(foldWord)])]);
    }
  return {
    version,
    words: byLength(terms),
    stems: byLength(stems),
    sounds,
    spelt: new Set(beginnings.keys()),
    whole: new Set(terms.map((t) => t.term)),
    latinWords: terms
      .map((t) => t.term)
      .filter((t) => /^[a-z0-9]+$/.test(t))
      .sort(),
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
 * The vocabulary built afresh from the index, and what it holds (the bench's figures at scale): its index
 * words, their beginnings, the sounds they are filed under, and the time it took.
 */
export async function measureVocabulary(
  db: DB,
): Promise<{ ms: number; words: number; beginnings: number; sounds: number }> {
  const started = performance.now();
  const vocab = await loadVocabulary(db, "measured");
  const ms = performance.now() - started;
  return { ms, words: vocab.whole.size, beginnings: vocab.spelt.size, sounds: vocab.sounds.size };
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
  const typed = searchWords(text);
  if (!typed) return null;
  const vocab = await vocabulary(db, options.lastKnownVocabulary);
  const words = joinCompounds(vocab, typed);
  return {
    version: vocab.version,
    words: words.map((word) => {
      const rules = new Map<string, MatchRule>([[word, "typed"]]);
      const add = (term: string, rule: MatchRule) => {
        if (!rules.has(term)) rules.set(term, rule);
      };
      const forms = [word, ...simpleForms(word)];
      for (const form of forms) add(form, "variant");
      for (const form of forms) {
        for (const synonym of vocab.synonyms.get(soundOf(form)) ?? []) add(synonym, "synonym");
        for (const name of vocab.categoryNames.get(soundOf(form)) ?? []) add(name, "category");
      }
      const prefixes = new Set(rules.keys());
      const exact = new Set([...prefixes].flatMap((p) => [p, ...simpleForms(p)]));
      const typedScript = scriptOf(word);
      // Sound-alikes of her word and its forms, not of its synonyms: a synonym's own spellings are in its
      // group, and what another word sounds like is no meaning of hers (`batte`, ಬಟ್ಟೆ, is no भट्ठे).
      for (const { term, whole } of soundAlikes(vocab, forms, typedSoundLength(word) >= MIN_STEM)) {
        add(term, scriptOf(term) === typedScript ? "sound" : "transliteration");
        prefixes.add(term);
        if (whole) exact.add(term);
      }
      const wholeOnly = new Set<string>();
      for (const p of [...prefixes]) {
        const compounds = compoundsOf(vocab, p);
        if (!compounds) continue;
        wholeOnly.add(p);
        for (const compound of compounds) {
          add(compound, rules.get(p)!);
          prefixes.add(compound);
          wholeOnly.add(compound);
        }
      }
      const kept = [...prefixes];
      const typos: [string[], string[]] = [[], []];
      // Typos only of what she typed, never of a form, synonym or sound-alike made from it, and only when
      // none of these is a word (or the beginning of one) of the index: `shakti` is no `sakhi`, `potter`
      // (the beginning of pottery) no `mother`.
      const foundAsTyped = [...prefixes].some((p) => vocab.spelt.has(p));
      const edits = foundAsTyped ? 0 : typoBudget(word);
      const [one, two] = edits ? correctionsOf(vocab, "stems", word, edits) : [[], []];
      for (const [distance, group] of [one, two].entries()) {
        // shorter beginnings first, so a longer one they cover is left out
        const shortestFirst = [...group].sort((a, b) => a.term.length - b.term.length);
        for (const { term } of shortestFirst) {
          if (typos[0].length + typos[1].length >= MAX_CORRECTIONS) break;
          if (kept.some((p) => term.startsWith(p))) continue;
          typos[distance].push(term);
          kept.push(term);
          add(term, distance === 0 ? "typo" : "second typo");
        }
      }
      return {
        word,
        prefixes: [...prefixes].sort(),
        exact: [...exact].sort(),
        wholeOnly: [...wholeOnly].sort(),
        typos,
        meaningful: isMeaningful(word),
        rules: Object.fromEntries(rules),
      };
    }),
  };
}

/**
 * The compounds a whole Latin index word begins (see `COMPOUND_REST`), when it is
 * one and they are few; null when the word is to be matched as a beginning (not a whole Latin word of the
 * index, or the beginning of too many).
 */
function compoundsOf(vocab: Vocabulary, word: string): string[] | null {
  if (!vocab.whole.has(word) || !/^[a-z0-9]+$/.test(word)) return null;
  const words = vocab.latinWords;
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words[middle] < word) low = middle + 1;
    else high = middle;
  }
  const compounds: string[] = [];
  for (let i = low; i < words.length && words[i].startsWith(word); i++) {
    const rest = words[i].slice(word.length);
    if (rest.length < COMPOUND_REST && !(rest.length >= 3 && vocab.whole.has(rest))) continue;
    if (compounds.length === MAX_COMPOUNDS) return null;
    compounds.push(words[i]);
  }
  return compounds;
}

/**
 * Her words with two neighbours joined where the index has them as one word (`indira nagar` → indiranagar,
 * `ghar jaisa` stays two): place names and compounds are written both ways.
 */
function joinCompounds(vocab: Vocabulary, words: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const pair = words[i] + (words[i + 1] ?? "");
    if (i + 1 < words.length && letterCount(words[i]) >= 2 && letterCount(words[i + 1]) >= 2 && vocab.whole.has(pair)) {
      joined.push(pair);
      i++;
    } else joined.push(words[i]);
  }
  return joined;
}

/** The letters of a typed word's sound (`ghar`: 3, `घर`: 3, `photographer`: 10). */
function typedSoundLength(word: string): number {
  return Math.min(...soundsOf(word).map(letterCount));
}

/**
 * The typos forgiven in what she typed, counted on the shorter of the word and its sound: `saree` sounds
 * `sari`, four letters, and gets none (no `nari`); दर्जी has three letters (aksharas) and gets none.
 */
function typoBudget(word: string): 0 | 1 | 2 {
  return editsForLength(Math.min(letterCount(word), typingLength(word)));
}

/**
 * The index words that sound like one of `words` (three letters or more, or two aksharas) but are spelt
 * otherwise, in any script, and with `beginnings` (a word of five letters or more, maybe half typed) the
 * beginnings of index words too: most used first, each left out when a shorter one already begins it. A
 * shorter word finds whole words only: `ghar` sounds like `gar`, which begins `garden`.
 */
function soundAlikes(vocab: Vocabulary, words: string[], beginnings: boolean): { term: string; whole: boolean }[] {
  const found = new Map<string, { documents: number; whole: boolean }>();
  for (const word of words) {
    if (!longEnough(word)) continue;
    // The index's words are filed under every reading of their letters (लड़की as larki and ladki), a typed
    // word looks up those with its flaps read as r: साड़ी (sari) finds no शादी (sadi).
    for (const sound of typedSoundsOf(word))
      for (const term of vocab.sounds.get(sound) ?? []) {
        if (term.term === word || !(term.whole || beginnings)) continue;
        const known = found.get(term.term);
        found.set(term.term, { documents: Math.max(known?.documents ?? 0, term.documents), whole: !!term.whole });
      }
  }
  const kept = [...words];
  const alikes: { term: string; whole: boolean }[] = [];
  const shortestFirst = [...found].sort(
    (a, b) => a[0].length - b[0].length || b[1].documents - a[1].documents || (a[0] < b[0] ? -1 : 1),
  );
  for (const [term, { whole }] of shortestFirst) {
    if (alikes.length >= MAX_SOUND_ALIKES) break;
    // A whole word is kept even when a shorter one begins it: it ranks as an exact match.
    if (!whole && kept.some((p) => term.startsWith(p))) continue;
    alikes.push({ term, whole });
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
  return words.map((word) => {
    // as beginnings only: a word a shorter alternative begins adds nothing to the index's question
    const kept = [word];
    for (const { term } of soundAlikes(vocab, [word], true)) if (!kept.some((p) => term.startsWith(p))) kept.push(term);
    return kept;
  });
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
    // a stopword or a word of one or two letters is left as typed, and so is a word the index knows in
    // some form, spelling or script, or a synonym group (`sarees` is no `bars`)
    if (!isMeaningful(word) || known(vocab, word)) return word;
    // An offer, not a result: one edit from three letters (`yoge`: yoga?), two from five.
    const [one, two] = correctionsOf(vocab, "words", word, letterCount(word) >= 5 ? 2 : 1);
    // in the script she typed, when the index has one so close (दर्की: दर्जी, not darji)
    const script = scriptOf(word);
    const best = [one, two].map((group) => group.find((t) => scriptOf(t.term) === script) ?? group[0]).find(Boolean);
    if (!best) return word;
    changed = true;
    return best.term;
  });
  return changed ? suggested.join(" ") : null;
}

/** Whether the index has a word that is `word`, one of its simple forms or a sound-alike, or it has synonyms. */
function known(vocab: Vocabulary, word: string): boolean {
  return [word, ...simpleForms(word)].some((form) =>
    soundsOf(form).some(
      (sound) =>
        vocab.synonyms.has(sound) ||
        vocab.categoryNames.has(sound) ||
        (vocab.sounds.get(sound) ?? []).some((t) => t.whole),
    ),
  );
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
        // A name word of her script only: across scripts two edits between sounds are another word
        // (`table` and ಕಲೆ, kale); the same sound in another script is found by the search itself.
        if (scriptOf(name.word) !== scriptOf(word)) continue;
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
export function categoryNameSynonyms(categories: readonly CategoryNames[]): Map<string, string[]> {
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
