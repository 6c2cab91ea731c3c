import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { editsWithin, allowedEdits } from "~/lib/search-matching";
import { isMeaningful, soundOf } from "~/lib/search-sound";
import { foldWord, lettersOf, searchWords } from "~/lib/search-text";
import { listPublicSellers } from "~/services/directory.server";
import { suggestSearches } from "~/models/search-suggest.server";
import { categoryNameSynonyms, categoryWords, planSearch } from "~/models/search-vocabulary.server";
import { textIndexOf } from "~/models/text-index.server";
import { categoryIdBySlug, createTestDb, testEngine } from "../support/test-db";

// Search across scripts (docs/decisions/188-search-scripts-and-sound-alikes.md): Devanagari and Kannada words
// are indexed whole (virama, vowel signs, nukta, ZWJ/ZWNJ), found whole and by prefix, never mangled by the
// typo rules; romanised spellings that differ by sound are no edit; the synonym groups join the scripts;
// suggestions and "Did you mean" work in each script; a relaxed search never stands on a stopword or a
// short word alone. This file runs in the SQLite and in the PostgreSQL run of the suite.

let db: DB;
let cleanup: () => Promise<void>;
const key = new Map<number, string>();

const ZWJ = "\u200D";
const ZWNJ = "\u200C";

const search = (text: string) =>
  listPublicSellers(db, { search: text, category: "", city: "", featured: false, page: 1, limit: 24 });

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  const cat = async (slug: string) => [await categoryIdBySlug(db, slug)];
  const sellers: Record<string, Parameters<typeof createSeller>[1]> = {
    hindiTailor: {
      business_name: "सीमा दर्जी की दुकान",
      owner_name: "सीमा शर्मा",
      // a nukta (ज़) and a danda; the sentence ends in "सिलाई।"
      tagline: "ब्लाउज़ और सूट की सिलाई।",
      locality: "जयनगर",
      categoryIds: await cat("fashion-and-apparel"),
    },
    kannadaTailor: {
      business_name: "ಲಕ್ಷ್ಮಿ ಲೇಡೀಸ್ ಟೈಲರ್",
      owner_name: "ಲಕ್ಷ್ಮಿ ರಾವ್",
      tagline: "ನುರಿತ ದರ್ಜಿ, ರವಿಕೆ ಹೊಲಿಗೆ",
      locality: "ಮಲ್ಲೇಶ್ವರಂ",
      categoryIds: await cat("fashion-and-apparel"),
    },
    englishTailor: {
      business_name: "Stitch Perfect Tailoring",
      owner_name: "Anita Desai",
      tagline: "Blouse and kurti alterations",
      categoryIds: await cat("fashion-and-apparel"),
    },
    darji: {
      business_name: "Darji Sisters",
      owner_name: "Farida Begum",
      tagline: "Ladies suits made to measure",
    },
    // The old tokenizer read every Devanagari word as its single letters: द, र, ज are all here.
    spices: {
      business_name: "जीरा दालचीनी मसाले",
      owner_name: "राधा दरबारी",
      categoryIds: await cat("food-and-beverages"),
    },
    // दर्जा (rank) is one vowel sign from दर्जी (tailor): no typo of a three-letter word
    coaching: {
      business_name: "प्रथम दर्जा कोचिंग",
      owner_name: "विनोद कुमार",
      categoryIds: await cat("education-and-training"),
    },
    // a zero-width non-joiner (ಫಿಟ್‌ನೆಸ್) and joiner (पार्‍लर), as Kannada and Hindi keyboards type them
    fitness: {
      business_name: `ಶಕ್ತಿ ಫಿಟ್${ZWNJ}ನೆಸ್`,
      owner_name: "ಕವಿತಾ ಗೌಡ",
      tagline: `महिला पार्${ZWJ}लर और जिम`,
    },
    // a precomposed nukta letter (U+095B), as some older keyboards store it
    zari: {
      business_name: "\u095Bरी कढ़ाई घर",
      owner_name: "Rukhsana Shaikh",
    },
    kannadaPhoto: {
      business_name: "ಚಿತ್ರ ಫೋಟೋಗ್ರಾಫರ್",
      owner_name: "ಸುಮಾ ಹೆಗಡೆ",
    },
    photographer: {
      business_name: "Click Photographers",
      owner_name: "Nandini Rao",
      tagline: "Candid wedding shoots",
    },
    soundAlike: {
      business_name: "Phulkari Zari Works",
      owner_name: "Shobha Bhatt",
      tagline: "Khadi dupattas and woollen shawls",
      locality: "Basavanagudi",
    },
    mehndi: {
      business_name: "Rehana Mehndi Designs",
      owner_name: "Rehana Khan",
    },
  };
  for (const [name, input] of Object.entries(sellers)) key.set(await createSeller(db, input), name);
});
afterAll(() => cleanup());

const TAILORS = ["hindiTailor", "kannadaTailor", "englishTailor", "darji"];

type Expectation = {
  finds?: string[];
  only?: string[];
  notFinds?: string[];
  didYouMean?: string | null;
  relaxed?: boolean;
};

// prettier-ignore
const TABLE: [string, string, Expectation][] = [
  // whole words with virama, vowel signs and the danda after them
  ["Devanagari word with virama and vowel sign", "दर्जी", { finds: ["hindiTailor"], notFinds: ["spices", "coaching"] }],
  ["Devanagari word before a danda", "सिलाई", { finds: ["hindiTailor"] }],
  ["Kannada word with vowel sign and final virama", "ಟೈಲರ್", { finds: ["kannadaTailor"] }],
  ["Kannada word with virama inside", "ದರ್ಜಿ", { finds: ["kannadaTailor"] }],
  ["Kannada conjunct", "ಲಕ್ಷ್ಮಿ", { only: ["kannadaTailor"] }],
  ["two Devanagari words", "सीमा शर्मा", { only: ["hindiTailor"] }],
  // prefixes, cut after a virama or before a vowel sign
  ["Devanagari prefix ending in virama", "दर्", { finds: ["hindiTailor"], notFinds: ["spices"] }],
  ["Kannada prefix ending in virama", "ದರ್", { only: ["kannadaTailor"] }],
  ["Kannada prefix of one akshara", "ಟೈಲ", { finds: ["kannadaTailor"] }],
  ["Devanagari locality prefix", "जयन", { only: ["hindiTailor"] }],
  // nukta: with or without it, precomposed or not
  // (and through the blouse group, "blouse" and ರವಿಕೆ; docs/decisions/221-search-as-india-types.md)
  ["nukta as typed", "ब्लाउज़", { only: ["englishTailor", "hindiTailor", "kannadaTailor"] }],
  ["nukta left out", "ब्लाउज", { only: ["englishTailor", "hindiTailor", "kannadaTailor"] }],
  // (and by its sound in Latin letters, "Phulkari Zari Works")
  ["precomposed nukta letter in the text, decomposed query", "ज़री", { only: ["soundAlike", "zari"] }],
  ["precomposed nukta letter in the text, no nukta typed", "जरी", { only: ["soundAlike", "zari"] }],
  // ZWNJ and ZWJ: typed or not, whole and as a prefix
  ["ZWNJ typed", `ಫಿಟ್${ZWNJ}ನೆಸ್`, { only: ["fitness"] }],
  ["ZWNJ left out", "ಫಿಟ್ನೆಸ್", { only: ["fitness"] }],
  ["prefix before the ZWNJ", "ಫಿಟ್", { only: ["fitness"] }],
  ["ZWJ typed", `पार्${ZWJ}लर`, { only: ["fitness"] }],
  ["ZWJ left out", "पार्लर", { only: ["fitness"] }],
  // typo tolerance counts aksharas and never mangles them
  ["a three-letter Indic word has no typo (दर्जा is another word)", "दर्जा", { only: ["coaching"] }],
  // long and short o are one sound (fotografar), so no typo at all; the photography group brings the English
  ["a short o for a long one", "ಫೋಟೊಗ್ರಾಫರ್", { only: ["kannadaPhoto", "photographer"] }],
  ["two short o's for long ones", "ಫೊಟೊಗ್ರಾಫರ್", { only: ["kannadaPhoto", "photographer"], didYouMean: null }],
  ["one akshara wrong in a six-letter word", "ಫೋಟೋಗ್ರಾಪರ್", { only: ["kannadaPhoto"] }],
  [
    "two aksharas wrong in a six-letter word: no match, the word offered instead",
    "ಫೋಟೋಗ್ರಾಪರು",
    { only: [], didYouMean: "ಫೋಟೋಗ್ರಾಫರ್" },
  ],
  // romanised spellings by ear: no edit
  // (and through the photography group, the Kannada ಫೋಟೋಗ್ರಾಫರ್)
  ["ph/f", "fotografer", { only: ["photographer", "kannadaPhoto"] }],
  // (five letters: a beginning in another script too)
  ["ph/f in a beginning", "fotog", { only: ["kannadaPhoto", "photographer"] }],
  ["ph/f, z/j", "fulkari jari", { only: ["soundAlike"] }],
  ["kh/k", "kadi", { only: ["soundAlike"] }],
  ["ph/f and one typo on top", "fulkary", { only: ["soundAlike"] }],
  ["w/v, oo/u, doubled letters", "vulen", { only: ["soundAlike"] }],
  ["sh/s, bh/b, doubled letters", "sobha bhat", { only: ["soundAlike"] }],
  ["z/j", "darzi", { finds: ["darji"] }],
  ["the unwritten vowel after h", "rehna mehendi", { only: ["mehndi"] }],
  // synonyms across scripts find every tailor
  ["Hindi synonym", "दर्जी", { finds: TAILORS }],
  ["Kannada synonym", "ಟೈಲರ್", { finds: TAILORS }],
  ["Kannada synonym, other word", "ದರ್ಜಿ", { finds: TAILORS }],
  ["romanised synonym", "darzi", { finds: TAILORS }],
  ["English word finds the scripts", "tailor", { finds: TAILORS }],
  // category names in each language through the seeded groups (Fashion & Apparel)
  ["Hindi category word", "कपड़े", { finds: ["hindiTailor", "kannadaTailor", "englishTailor"] }],
  ["Kannada category word", "ಬಟ್ಟೆ", { finds: ["hindiTailor", "kannadaTailor", "englishTailor"] }],
  ["romanised category word", "kapde", { finds: ["hindiTailor", "kannadaTailor", "englishTailor"] }],
  // spellings by ear in the scripts: ಟೇಲರ್ sounds like टेलर of the tailor group, दरजी like दर्जी
  ["Kannada spelling by ear", "ಟೇಲರ್", { finds: TAILORS }],
  ["Devanagari spelling by ear", "दरजी", { finds: TAILORS }],
  // "Did you mean" in each script, in the script she typed (दर्जी, not the Latin darji of the same sound)
  ["Did you mean, Kannada", "ಟೈಕರ್", { only: [], didYouMean: "ಟೈಲರ್" }],
  ["Did you mean, Devanagari", "दर्की", { only: [], didYouMean: "दर्जी" }],
  // stopwords and short words never carry a relaxed search
  ["an injection-looking query", "xyzzy' OR '1'='1", { only: [] }],
  ["only stopwords and short words", "and the of a", { only: [] }],
  ["Hindi stopwords", "xyzzy और की से", { only: [] }],
  ["Kannada stopwords", "xyzzy ಮತ್ತು ಹತ್ತಿರ", { only: [] }],
  ["a meaningful word carries, a stopword does not", "darzi or unicorn", { finds: ["darji"], relaxed: true }],
];

describe(`search across scripts (${testEngine})`, () => {
  it("indexes Devanagari and Kannada words whole, without the danda", async () => {
    const terms = new Set((await textIndexOf(db).terms(db)).map((t) => t.term));
    for (const word of ["दर्जी", "सिलाई", "ब्लाउज़", "ಟೈಲರ್", "ದರ್ಜಿ", "ಲಕ್ಷ್ಮಿ", "ಮಲ್ಲೇಶ್ವರಂ"])
      expect(terms, word).toContain(word.normalize("NFC"));
    // no single letters or split-off consonants of those words
    for (const piece of ["द", "र", "ज", "सिलाई।", "ಟ", "ಲ"]) expect(terms, piece).not.toContain(piece);
    // the joiners: kept inside SQLite's word, dropped from PostgreSQL's; one word either way
    const fitness = [...terms].filter((t) => foldWord(t) === "ಫಿಟ್ನೆಸ್");
    expect(fitness).toHaveLength(1);
  });

  it.each(TABLE)("%s: %s", async (_, text, expected) => {
    const result = await search(text);
    const found = result.sellers.map((s) => key.get(s.id));
    for (const name of expected.finds ?? []) expect(found, text).toContain(name);
    for (const name of expected.notFinds ?? []) expect(found, text).not.toContain(name);
    if (expected.only) expect([...found].sort(), text).toEqual([...expected.only].sort());
    if (expected.didYouMean !== undefined) expect(result.search?.did_you_mean, text).toBe(expected.didYouMean);
    if (expected.relaxed !== undefined) expect(result.search?.relaxed, text).toBe(expected.relaxed);
  });

  it("a relaxed search finds only sellers matching a meaningful word", async () => {
    const result = await search("darzi or unicorn");
    const found = result.sellers.map((s) => key.get(s.id));
    expect(found.every((name) => TAILORS.includes(name!))).toBe(true);
    // before, "or" alone made every seller with a word starting "or" a close match
    const old = await search("xyzzy' OR '1'='1");
    expect(old.pagination.total).toBe(0);
    expect(old.search?.relaxed).toBe(false);
  });

  it("counts sound-alike spellings as no edit, typos on top of them", async () => {
    const plan = await planSearch(db, "fulkari phulkary");
    const [fulkari, phulkary] = plan!.words;
    expect(fulkari.prefixes).toContain("phulkari");
    expect([...fulkari.typos[0], ...fulkari.typos[1]]).not.toContain("phulkari");
    // one real typo (y for i) after the sound: one edit
    expect(phulkary.typos[0].some((t) => "phulkari".startsWith(t))).toBe(true);
  });

  it("offers typo corrections of Indic words only as whole aksharas", async () => {
    const plan = await planSearch(db, "ಫೋಟೋಗ್ರಾಪರ್ ಮಲ್ಲೇಶ್ವರ");
    const corrections = plan!.words.flatMap((w) => [...w.typos[0], ...w.typos[1]]);
    expect(corrections).toContain("ಫೋಟೋಗ್ರಾಫರ್");
    const terms = (await textIndexOf(db).terms(db)).map((t) => t.term);
    for (const correction of corrections) {
      const whole = terms.some((term) => {
        const letters = lettersOf(term);
        return letters.some((_, i) => letters.slice(0, i + 1).join("") === correction);
      });
      expect(whole, correction).toBe(true);
    }
  });

  it("suggests business names, localities and categories in each script", async () => {
    const labels = async (text: string) => (await suggestSearches(db, text)).map((s) => `${s.kind}:${s.label}`);
    expect(await labels("दर्")).toContain("seller:सीमा दर्जी की दुकान");
    expect(await labels("ಟೈಲ")).toContain("seller:ಲಕ್ಷ್ಮಿ ಲೇಡೀಸ್ ಟೈಲರ್");
    expect(await labels("ಲಕ್ಷ್ಮಿ ಟೈ")).toEqual(["seller:ಲಕ್ಷ್ಮಿ ಲೇಡೀಸ್ ಟೈಲರ್"]);
    expect(await labels("ಮಲ್ಲೇ")).toContain("locality:ಮಲ್ಲೇಶ್ವರಂ");
    expect(await labels("जयन")).toContain("locality:जयनगर");
    // a vowel sign is part of what was typed: दर्जा does not begin दर्जी
    expect(await labels("दर्जा")).toEqual(["seller:प्रथम दर्जा कोचिंग"]);
    // a Latin spelling by sound
    expect(await labels("fulk")).toContain("seller:Phulkari Zari Works");
  });
});

describe("the folding of words", () => {
  // prettier-ignore
  const SAME_SOUND: [string, string][] = [
    ["photographer", "fotografer"], ["mehendi", "mehndi"], ["mehandi", "mehndi"], ["darji", "darzi"],
    ["saree", "sari"], ["pooja", "puja"], ["woollen", "vulen"], ["shalwar", "salvar"], ["thali", "tali"],
    ["dhokla", "dokla"], ["bhel", "bel"], ["khadi", "kadi"], ["ghee", "gi"], ["jhumka", "jumka"],
    ["chhole", "chole"], ["tiffin", "tifin"], ["aloo", "alu"], ["khaana", "khana"],
    ["दर्ज़ी", "दर्जी"], ["\u095Bरी", "जरी"], ["पूजा", "पुजा"], ["दीदी", "दिदि"], ["ಕೀರ್ತಿ", "ಕಿರ್ತಿ"], ["ಊಟ", "ಉಟ"],
    // every script in Latin letters (docs/decisions/221-search-as-india-types.md): long and short vowels are one
    ["ಕೊಡು", "ಕೋಡು"], ["घर", "ghar"], ["ghara", "ghar"], ["घर", "ghara"], ["जैसा", "jaisa"], ["ಊಟ", "oota"],
    ["मेहंदी", "mehendi"], ["ಮೆಹಂದಿ", "mehndi"], ["कपड़ा", "kapra"], ["नमकीन", "namkeen"], ["अचार", "achaar"],
    ["ಮಲ್ಲೇಶ್ವರಂ", "malleswaram"], ["laxmi", "lakshmi"], ["ಲಕ್ಷ್ಮಿ", "lakshmi"],
    [`ಫಿಟ್${ZWNJ}ನೆಸ್`, "ಫಿಟ್ನೆಸ್"], [`पार्${ZWJ}लर`, "पार्लर"],
  ];
  it.each(SAME_SOUND)("%s sounds like %s", (a, b) => {
    expect(soundOf(foldWord(a))).toBe(soundOf(foldWord(b)));
  });

  // prettier-ignore
  const DIFFERENT: [string, string][] = [
    ["दर्जी", "दर्जा"], ["ಟೈಲರ್", "ಟೇಲರ್"], ["cake", "coke"], ["pottery", "potter"],
    ["sari", "nari"], ["saree", "shaadi"],
  ];
  it.each(DIFFERENT)("%s does not sound like %s", (a, b) => {
    expect(soundOf(foldWord(a))).not.toBe(soundOf(foldWord(b)));
  });

  it("reads an Indic word as one word and counts its aksharas", () => {
    expect(searchWords(`दर्जी की दुकान। ಫಿಟ್${ZWNJ}ನೆಸ್`)).toEqual(["दर्जी", "की", "दुकान", "ಫಿಟ್ನೆಸ್"]);
    expect(lettersOf("दर्जी")).toEqual(["द", "र्", "जी"]);
    expect(lettersOf("ಟೈಲರ್")).toEqual(["ಟೈ", "ಲ", "ರ್"]);
    expect(allowedEdits("दर्जी")).toBe(0);
    expect(allowedEdits("ಫೋಟೋಗ್ರಾಫರ್")).toBe(1);
    // one edit replaces a whole akshara: a vowel sign never moves to another consonant
    expect(editsWithin("ಫೋಟೊಗ್ರಾಫರ್", "ಫೋಟೋಗ್ರಾಫರ್", 2)).toBe(1);
    expect(editsWithin("दर्जी", "दर्जा", 2)).toBe(1);
  });

  it("reads a category's names in every language as words of its sellers", () => {
    const fashion = { name: "Fashion & Apparel", name_hi: "फ़ैशन और परिधान", name_kn: "ಫ್ಯಾಷನ್ ಮತ್ತು ಉಡುಪು" };
    expect(categoryWords(fashion)).toEqual(["fashion", "apparel", "फ़ैशन", "और", "परिधान", "ಫ್ಯಾಷನ್", "ಮತ್ತು", "ಉಡುಪು"]);
    const synonyms = categoryNameSynonyms([fashion, { name: "Home & Lifestyle" }]);
    // a Hindi or Kannada word of the name finds the English name's words (in every seller's category_names)
    expect(synonyms.get(soundOf("परिधान"))).toEqual(["fashion", "apparel"]);
    expect(synonyms.get(soundOf("फैशन"))).toEqual(["fashion", "apparel"]);
    expect(synonyms.get(soundOf("ಉಡುಪು"))).toEqual(["fashion", "apparel"]);
    // English words gain nothing: English searches are as before
    expect(synonyms.get("fashion")).toBeUndefined();
    expect(synonyms.get("home")).toBeUndefined();
    // nor do stopwords of a name
    expect(synonyms.get(soundOf("और"))).toBeUndefined();
  });

  it("knows stopwords and short words in three languages", () => {
    for (const word of ["or", "the", "near", "a", "1", "की", "और", "aur", "ಮತ್ತು", "mattu", "में", "ka", "pe"])
      expect(isMeaningful(foldWord(word)), word).toBe(false);
    // two aksharas say as much as three Latin letters: घर, ಊಟ carry a search
    for (const word of ["xyzzy", "tailor", "दर्जी", "ಟೈಲರ್", "darzi", "घर", "ಊಟ", "naan"])
      expect(isMeaningful(foldWord(word)), word).toBe(true);
  });
});
