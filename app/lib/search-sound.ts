import Sanscript from "@indic-transliteration/sanscript";
import { LRUCache } from "lru-cache";
import { lettersOf } from "./search-text";

// How a word sounds, whatever its script (docs/decisions/188-search-scripts-and-sound-alikes.md,
// docs/decisions/221-search-as-india-types.md): romanised Hindi, Kannada and Indian English are spelt by ear, and
// the same word is written in Devanagari, in Kannada script and in Latin letters. Every word is read into one
// Latin spelling of its sound; words that share it are one word to the search, on both engines and on both
// sides (the index's words and the visitor's). Server only: the transliteration tables stay out of the pages.

// Spellings that differ by sound are one spelling. Applied in this order to a folded word of Latin letters:
// chh→ch, ph→f, th/dh/bh/kh/gh/jh→t/d/b/k/g/j, sh→s, w→v, z→j, ee→i, oo→u, in one pass from the left (no
// rule makes a match for another); then the unwritten vowel after an h; then doubled letters are one (aa→a);
// then a final a after a consonant is dropped, as Hindi drops it (ghara → ghar; the visitor's jaisa and
// जैसा alike → jais). Written as a loop: the vocabulary reads every index word's beginnings through it.
const ASPIRATES = new Set(["t", "d", "b", "k", "g", "j"]);
const UNWRITTEN_VOWEL = /([aeiou])h[ae](?=[^aeiouh])/g;
const FINAL_A = /([^aeiou])a$/;

/** The rules above but the last (the stopwords are listed as spelt: `nanna`, "my", is no `naan`). */
function spellingSound(word: string): string {
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
    else if (c === "x") out += "ks";
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

function latinSound(word: string): string {
  const sound = spellingSound(word);
  return sound.length >= 3 ? sound.replace(FINAL_A, "$1") : sound;
}

const DEVANAGARI = /[\u0900-\u097F]/;
const KANNADA = /[\u0C80-\u0CFF]/;

/** The script of a word: Devanagari, Kannada, or Latin (any other letters are read as they are). */
export function scriptOf(word: string): "deva" | "knda" | "latn" {
  return DEVANAGARI.test(word) ? "deva" : KANNADA.test(word) ? "knda" : "latn";
}

/**
 * Letters the transliteration reads as two (the nukta's ड़ and ढ़, said r and rh, are written d as often:
 * ladki, larki), each read both ways: a word with them has two sounds.
 */
const FLAPS: [RegExp, string, string][] = [
  [/\u0921\u093C/g, "\u0930", "\u0921"],
  [/\u0922\u093C/g, "\u0930\u094D\u0939", "\u0922"],
];
const NUKTA = /[\u093C\u0CBC]/g;
/** The candra o of English words (पॉटरी, ऑफ़िस) is an o to the transliteration. */
const CANDRA_O: [RegExp, string][] = [
  [/\u0949/g, "\u094B"],
  [/\u0911/g, "\u0913"],
];

// IAST as the transliteration writes it, read as Indians write their words in Latin letters: च is ch, छ chh,
// श and ष sh, ऋ ri; the anusvara and the nasals are n (mehendi, Bengaluru); the rest loses its accents.
const IAST_SPELLINGS: [RegExp, string][] = [
  [/ch/g, "chh"],
  [/c(?!hh)/g, "ch"],
  [/[śṣ]/g, "sh"],
  [/[ṛṝ]/g, "ri"],
  // the anusvara is m before p, b and m and at the end (ಮಲ್ಲೇಶ್ವರಂ, Malleshwaram; ಜುಂಬಾ, Zumba)
  [/ṃ(?=[pbm]|$)/g, "m"],
  [/[ṃṅñṇ]|m\u0310/g, "n"],
];

// Hindi drops the unwritten a of a consonant between a vowel and a consonant that a vowel follows (कपड़ा
// kapaḍā → kapda, नमकीन namakīna → namkin); Kannada says it. Read on the transliteration's units.
const IAST_UNIT = /ai|au|[aāiīuūeèoòṛṝḷ]|[kgcjṭḍtdpb]h|[^aāiīuūeèoòṛṝḷ]\p{M}*/gu;
const IAST_VOWEL = /^(ai|au|[aāiīuūeèoòṛṝḷ])$/;

function dropUnwrittenA(iast: string): string {
  const units = iast.match(IAST_UNIT) ?? [];
  const vowel = (i: number) => i >= 0 && i < units.length && IAST_VOWEL.test(units[i]);
  const consonant = (i: number) => i >= 0 && i < units.length && !IAST_VOWEL.test(units[i]);
  // the last first (घर ghar), then from the right
  if (units.length >= 3 && units[units.length - 1] === "a" && consonant(units.length - 2) && vowel(units.length - 3))
    units.pop();
  for (let i = units.length - 2; i >= 2; i--)
    if (units[i] === "a" && consonant(i - 1) && vowel(i - 2) && consonant(i + 1) && vowel(i + 2)) units.splice(i, 1);
  return units.join("");
}

/**
 * A Devanagari or Kannada word in Latin letters as it is written, one spelling per reading: a Hindi word with
 * its unwritten a's dropped as said (जयनगर jaynagar, कपड़ा kapda) and kept as names are often spelt
 * (Jayanagar); each flap read as r (`typed`: the reading a typed word looks up) and as d.
 */
function romanised(word: string): { latin: string; typed: boolean }[] {
  const script = scriptOf(word) === "deva" ? "devanagari" : "kannada";
  const decomposed = word.normalize("NFD");
  let readings = [{ text: decomposed, typed: true }];
  for (const [flap, asR, asD] of FLAPS)
    if (flap.test(decomposed))
      readings = readings.flatMap((r) => [
        { text: r.text.replace(flap, asR), typed: r.typed },
        { text: r.text.replace(flap, asD), typed: false },
      ]);
  const spelt = new Map<string, boolean>();
  for (const { text, typed } of readings) {
    let plain = text.replace(NUKTA, "");
    for (const [pattern, o] of CANDRA_O) plain = plain.replace(pattern, o);
    const iast = Sanscript.t(plain.normalize("NFC"), script, "iast");
    for (const form of script === "devanagari" ? [dropUnwrittenA(iast), iast] : [iast]) {
      const latin = latinLetters(form);
      spelt.set(latin, (spelt.get(latin) ?? false) || typed);
    }
  }
  return [...spelt].map(([latin, typed]) => ({ latin, typed }));
}

function latinLetters(iast: string): string {
  let spelling = iast;
  for (const [pattern, replacement] of IAST_SPELLINGS) spelling = spelling.replace(pattern, replacement);
  return spelling
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

/**
 * A folded word's sounds: the spellings every sound-alike of it shares, in Latin letters whatever its script
 * (`photographer` and `fotografer`, `mehendi` and `मेहंदी`, `ghar` and `घर`, `oota` and `ಊಟ`). A Latin word has
 * one; a Hindi word one with its unwritten a's dropped (the first) and one with them kept, each twice when it
 * has a flap (ड़, ढ़: r first, then d). The index's words are filed under all of them
 * (search-vocabulary.server.ts); the visitor's look up `typedSoundsOf`; on both engines alike.
 */
export function soundsOf(folded: string): string[] {
  return readingsOf(folded, latinSound);
}

/** The sounds a typed word looks up: those of `soundsOf` with its flaps read as r (साड़ी: sari, never sadi). */
export function typedSoundsOf(folded: string): string[] {
  return readingsOf(folded, latinSound, true);
}

/**
 * A folded word's sounds with its final a kept, for comparing beginnings as she types: `darja` (दर्जा) does
 * not begin `darji`, and `ghar` begins `ghara` (घर).
 */
export function beginningSoundsOf(folded: string): string[] {
  return readingsOf(folded, spellingSound);
}

/**
 * The transliterations of Indic words, most recent first: the suggestions read every word of up to 50 labels
 * per keystroke, mostly the same words (docs/performance.md, "Search at scale").
 */
const TRANSLITERATED = new LRUCache<string, { latin: string; typed: boolean }[]>({ max: 20_000 });

function readingsOf(folded: string, sound: (latin: string) => string, typedOnly = false): string[] {
  if (scriptOf(folded) === "latn") return [sound(folded)];
  let readings = TRANSLITERATED.get(folded);
  if (!readings) TRANSLITERATED.set(folded, (readings = romanised(folded)));
  // A word mixing scripts (rare: a brand) keeps its other letters as they are.
  const wanted = readings.filter((r) => r.typed || !typedOnly);
  return [...new Set(wanted.map(({ latin }) => sound(latin || folded)))];
}

/**
 * The letters of a folded word that its typos are counted on: an Indic word's aksharas, a Latin word's sound
 * before its final a is dropped (`saree` is `sari`, four letters; `zunba` is `junba`, five).
 */
export function typingLength(folded: string): number {
  if (scriptOf(folded) !== "latn") return lettersOf(folded).length;
  return spellingSound(folded).length;
}

/** A folded word's sound (its first reading): see `soundsOf`. */
export function soundOf(folded: string): string {
  return soundsOf(folded)[0];
}

// Words that never carry a search alone: a strict search needs every other word, a relaxed one another of
// them (docs/decisions/188-search-scripts-and-sound-alikes.md). English, Hindi and Kannada, in their scripts
// and as typed in Latin letters.
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
    .split(" "),
);
/** An Indic word with its nukta dropped and its chandrabindu an anusvara (मैं, मैँ), for the stopwords. */
const scriptSpelling = (word: string) =>
  word
    .normalize("NFD")
    .replace(NUKTA, "")
    .replace(/\u0901/g, "\u0902")
    .normalize("NFC");
const INDIC_STOPWORDS = new Set([...STOPWORDS].map(scriptSpelling));
const STOPWORD_SOUNDS = new Set([...STOPWORDS].map((w) => spellingSound(w)));

/** Whether a folded word is a stopword of English, Hindi or Kannada (in its script or romanised). */
export function isStopword(folded: string): boolean {
  if (scriptOf(folded) !== "latn") return INDIC_STOPWORDS.has(scriptSpelling(folded));
  return STOPWORD_SOUNDS.has(spellingSound(folded));
}

const HAS_LETTER = /[\p{L}\p{N}]/u;

/**
 * Whether a folded word carries a search: three letters or more, or two aksharas (घर, शादी: an akshara says
 * more than a Latin letter), and no stopword of the three languages. A search needs each such word; the
 * others only add to a seller's count.
 */
export function isMeaningful(folded: string): boolean {
  const letters = lettersOf(folded).filter((l) => HAS_LETTER.test(l)).length;
  const indic = scriptOf(folded) !== "latn";
  return (letters >= 3 || (indic && letters === 2)) && !isStopword(folded);
}
