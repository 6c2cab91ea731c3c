// The directory search's words, the same on both database engines and in the browser (highlighting):
// what counts as a word, how a word is folded, and which spellings sound alike
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

// Spellings that differ by sound are one spelling: romanised Hindi and Kannada and Indian English are
// spelt by ear. Applied in this order to a folded word of Latin letters; then doubled letters are one.
// chh→ch, ph→f, th/dh/bh/kh/gh/jh→t/d/b/k/g/j, sh→s, w→v, z→j, ee→i, oo→u, in one pass from the left (no
// rule makes a match for another); then the unwritten vowel after an h; then doubled letters are one. Written
// as a loop: the vocabulary reads every index word's beginnings through it.
const ASPIRATES = new Set(["t", "d", "b", "k", "g", "j"]);
const UNWRITTEN_VOWEL = /([aeiou])h[ae](?=[^aeiouh])/g;

function latinSound(word: string): string {
  let out = "";
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    const next = word[i + 1];
    if (next === "h" && c === "c" && word[i + 2] === "h") {
      out += "ch";
      i += 2;
    } else if (next === "h" && c === "p") {
      out += "f";
      i++;
    } else if (next === "h" && (ASPIRATES.has(c) || c === "s")) {
      out += c;
      i++;
    } else if (c === "w") out += "v";
    else if (c === "z") out += "j";
    else if (c === "e" && next === "e") {
      out += "i";
      i++;
    } else if (c === "o" && next === "o") {
      out += "u";
      i++;
    } else out += c;
  }
  if (out.includes("ha") || out.includes("he")) out = out.replace(UNWRITTEN_VOWEL, "$1h");
  let sound = "";
  for (let i = 0; i < out.length; i++) {
    const c = out[i];
    if (c !== out[i - 1] || c < "a" || c > "z") sound += c;
  }
  return sound;
}

// The same in the scripts: a nukta (ज़/ज, फ़/फ), long and short i and u, chandrabindu and anusvara.
const SCRIPT_SOUNDS: [RegExp, string][] = [
  [/[\u093C\u0CBC]/g, ""],
  [/\u0908/g, "\u0907"],
  [/\u0940/g, "\u093F"],
  [/\u090A/g, "\u0909"],
  [/\u0942/g, "\u0941"],
  [/\u0901/g, "\u0902"],
  [/\u0C88/g, "\u0C87"],
  // NFD writes Kannada's long ii sign as i and a length mark, and its o sign as e and a long uu sign
  [/\u0CBF\u0CD5/g, "\u0CBF"],
  [/\u0C8A/g, "\u0C89"],
  [/(?<!\u0CC6)\u0CC2/g, "\u0CC1"],
];
const SCRIPT_TRIGGERS = /[\u0900-\u097F\u0C80-\u0CFF]/;

/**
 * A folded word's sound: the spelling every sound-alike of it shares (`photographer` and `fotografer`,
 * `darzi` and `darji`, `mehendi` and `mehndi`, `दर्ज़ी` and `दर्जी`). The one place both sides fold: the
 * index's words are read through it (search-vocabulary.server.ts) and so are the visitor's, on both engines.
 */
export function soundOf(folded: string): string {
  let word = folded;
  if (SCRIPT_TRIGGERS.test(word)) {
    word = word.normalize("NFD");
    for (const [pattern, replacement] of SCRIPT_SOUNDS) word = word.replace(pattern, replacement);
    word = word.normalize("NFC");
  }
  return latinSound(word);
}

// Words that never carry a search alone: a relaxed search (not every word matched) needs another of the
// visitor's words to match (docs/decisions/188-search-scripts-and-sound-alikes.md). English, Hindi and Kannada,
// in their scripts and as typed in Latin letters.
const STOPWORDS = new Set(
  [
    // English
    "and or the for with from near into onto over under not are was were has have had this that these those",
    "any all some who what where when which how best",
    // Hindi
    "का की के को में मे से और या है हैं था थी पर ने एक यह वह ये वो भी तो ही लिए पास वाला वाली वाले मेरे मेरी",
    "aur hai hain tha thi par yeh voh bhi liye paas pass wala wali wale mera meri mere mein",
    // Kannada
    "ಮತ್ತು ಅಥವಾ ಹತ್ತಿರ ಬಳಿ ಇದು ಅದು ಒಂದು ನನ್ನ ನಮ್ಮ ಇಲ್ಲಿ ಅಲ್ಲಿ ಬೇಕು ಇದೆ ಇವೆ",
    "mattu athava hattira bali idu adu ondu nanna namma illi alli beku ide ive",
  ]
    .join(" ")
    .split(" ")
    .map((w) => soundOf(foldWord(w))),
);

/** Whether a folded word is a stopword of English, Hindi or Kannada (in its script or romanised). */
export function isStopword(folded: string): boolean {
  return STOPWORDS.has(soundOf(folded));
}

/**
 * Whether a folded word may carry a relaxed search: three letters or more (an akshara is one letter),
 * and no stopword of the three languages.
 */
export function isMeaningful(folded: string): boolean {
  return lettersOf(folded).filter((l) => HAS_LETTER.test(l)).length >= 3 && !isStopword(folded);
}
