import type { SellerFactoryInput } from "~db/seed/factories";

// The directory search's relevance test set (docs/decisions/221-search-as-india-types.md): queries as visitors type them (English,
// romanised Hindi and Kannada in several spellings, Devanagari, Kannada script, mixed scripts, Hinglish,
// plurals, typos, short words, names and localities), each judged by a rule over a seller's own stored text
// that a person would agree with, never by what the engine returns. tests/unit/search-relevance.test.ts runs
// them over the demo sellers (`seedDemoSellers(db, 40)`) and the few sellers below, on both engines.
//
// A query means one or more concepts. For one concept a seller is
// - expected when her public text (business name, owner, tagline and description in every language she wrote,
//   locality, her categories' names in every language) has one of the concept's words or phrases as whole
//   words, in any script, or she is in one of the concept's categories (where the query names the category);
// - neutral when she is only related: in a related category, a related word in her text, or a concept word in
//   what she shows besides (offers, subcategory names): neither counted for nor against;
// - forbidden otherwise: nothing of hers has to do with it.
// For a query of several concepts she is expected when expected for every one, forbidden when forbidden for
// every one, neutral otherwise (a relaxed search may show the sellers of one concept).
//
// Words are compared folded: lower case, Latin accents, the nukta and the joiners left out, chandrabindu read
// as anusvara. The lists spell out forms and spellings (plurals, inflections, romanisations) rather than
// leaning on any rule of the engine's.

export const CATEGORY_SLUGS = [
  "fashion-and-apparel",
  "beauty-and-wellness",
  "food-and-beverages",
  "education-and-training",
  "technology-and-digital",
  "healthcare-and-medical",
  "home-and-lifestyle",
  "art-and-crafts",
  "events-and-entertainment",
  "fitness-and-sports",
  "travel-and-tourism",
  "professional-services",
  "agriculture-and-organic",
  "real-estate-and-property",
  "transportation-and-logistics",
  "gifts-and-hampers",
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export type Concept = {
  /** words or phrases (space-separated words) whose presence makes a seller expected */
  words: readonly string[];
  /** categories whose sellers are expected: the query names the category itself */
  categories?: readonly CategorySlug[];
  /** categories whose sellers are neutral */
  related?: readonly CategorySlug[];
  /** words or phrases that make a seller neutral */
  relatedWords?: readonly string[];
};

const FASHION = ["fashion-and-apparel"] as const;
const BEAUTY = ["beauty-and-wellness"] as const;
const FOOD = ["food-and-beverages"] as const;

// prettier-ignore
export const CONCEPTS = {
  // Fashion
  saree: {
    words: ["saree", "sarees", "sari", "saris", "saaree", "साड़ी", "साड़ियाँ", "साड़ियों", "साडी", "ಸೀರೆ", "ಸೀರೆಗಳು", "ಸೀರೆಯ", "ಸೀರೆಗಳ", "seere"],
    related: FASHION,
    relatedWords: ["handloom", "handwoven", "kanjeevaram", "drapes"],
  },
  silk: { words: ["silk", "silks", "रेशम", "रेशमी", "ರೇಷ್ಮೆ", "reshmi", "resham", "reshme"], related: FASHION },
  banarasi: { words: ["banarasi", "banarsi", "बनारसी", "ಬನಾರಸಿ"], related: FASHION },
  blouse: { words: ["blouse", "blouses", "ब्लाउज़", "ब्लाउज", "ब्लाउज़ों", "ರವಿಕೆ", "ರವಿಕೆಗಳು", "ravike"], related: FASHION },
  stitching: {
    words: ["stitching", "stitched", "stitch", "tailoring", "tailor", "tailors", "tailored", "सिलाई", "सिले", "दर्जी", "ಹೊಲಿಗೆ", "ದರ್ಜಿ", "ಟೈಲರ್", "silai", "darzi", "darji"],
    related: FASHION,
  },
  embroidery: {
    words: ["embroidery", "embroidered", "कढ़ाई", "ಕಸೂತಿ", "kadhai", "kadhaai", "chikankari", "zardozi"],
    related: [...FASHION, "art-and-crafts"],
  },
  fashion: {
    words: ["fashion", "apparel", "clothes", "clothing", "कपड़े", "कपड़ा", "फ़ैशन", "ಉಡುಪು", "ಬಟ್ಟೆ", "ಫ್ಯಾಷನ್", "kapde", "kapda"],
    categories: FASHION,
  },
  // Beauty
  mehendi: { words: ["mehendi", "mehndi", "mehandi", "henna", "मेहंदी", "मेंहदी", "ಮೆಹಂದಿ", "ಮದರಂಗಿ", "madarangi"], related: BEAUTY },
  bridal: {
    words: ["bridal", "bride", "brides", "दुल्हन", "ಮದುಮಗಳ", "ಮದುಮಗಳು", "ವಧು", "ವಧುವಿನ", "dulhan"],
    related: [...BEAUTY, "events-and-entertainment"],
    relatedWords: ["wedding", "weddings", "शादी", "ಮದುವೆ"],
  },
  // ಅಲಂಕಾರ is both make-up and decoration: a seller writing it is neither counted for nor against
  makeup: { words: ["makeup", "make up", "मेकअप", "ಮೇಕಪ್"], related: BEAUTY, relatedWords: ["ಅಲಂಕಾರ"] },
  parlour: { words: ["parlour", "parlor", "parlours", "salon", "salons", "पार्लर", "सैलून", "ಪಾರ್ಲರ್", "ಸಲೂನ್"], related: BEAUTY },
  beauty: { words: ["beauty", "ब्यूटी", "सौंदर्य", "ಸೌಂದರ್ಯ", "ಬ್ಯೂಟಿ"], categories: BEAUTY },
  // Food
  homeFood: {
    words: [
      "ghar ka khana", "ghar ka khaana", "ghar jaisa", "home cooked", "home style", "homemade", "home food",
      "घर का खाना", "घर जैसा", "ಮನೆ ಊಟ", "ಮನೆಯೂಟ", "mane oota", "mane uta",
    ],
    related: FOOD,
    relatedWords: ["tiffin", "tiffins", "टिफ़िन", "ಟಿಫಿನ್"],
  },
  gharJaisa: {
    words: ["ghar jaisa", "ghar jaise", "ghar jaisi", "घर जैसा", "घर जैसे", "घर जैसी"],
    related: FOOD,
  },
  tiffin: { words: ["tiffin", "tiffins", "टिफ़िन", "टिफिन", "ಟಿಫಿನ್", "dabba", "डब्बा", "lunchbox"], related: FOOD },
  food: {
    words: ["food", "khana", "khaana", "खाना", "भोजन", "ಊಟ", "ಮನೆಯೂಟ", "oota", "meal", "meals"],
    categories: FOOD,
  },
  cake: {
    words: ["cake", "cakes", "केक", "ಕೇಕ್"],
    related: FOOD,
    relatedWords: ["bakery", "bake", "bakes", "baked", "baker", "bakers", "बेकरी", "ಬೇಕರಿ"],
  },
  eggless: { words: ["eggless", "एगलेस", "ಎಗ್ಲೆಸ್"], related: FOOD },
  bakery: {
    words: ["bakery", "bakeries", "bake", "bakes", "baked", "baker", "bakers", "baking", "बेकरी", "ಬೇಕರಿ"],
    related: FOOD,
    relatedWords: ["cake", "cakes"],
  },
  pickle: { words: ["pickle", "pickles", "achaar", "achar", "अचार", "ಉಪ್ಪಿನಕಾಯಿ", "uppinakayi"], related: FOOD },
  // Art & Crafts
  pottery: {
    words: [
      "pottery", "potter", "potters", "terracotta", "पॉटरी", "ಪಾಟರಿ", "कुम्हार", "ಕುಂಬಾರ", "ಕುಂಬಾರಿಕೆ", "kumhar",
      "मिट्टी के बर्तन", "ಮಣ್ಣಿನ ಪಾತ್ರೆ", "mitti ke bartan",
    ],
    related: ["art-and-crafts"],
    relatedWords: ["pots", "kiln", "clay", "मिट्टी", "ಮಣ್ಣಿನ"],
  },
  // Events
  photography: {
    words: [
      "photography", "photographer", "photographers", "photo", "photos", "photoshoot",
      "फ़ोटोग्राफ़र", "फ़ोटोग्राफ़ी", "फ़ोटो", "ಫೋಟೋಗ್ರಾಫರ್", "ಫೋಟೋ", "ಛಾಯಾಗ್ರಹಣ",
    ],
    related: ["events-and-entertainment"],
  },
  wedding: {
    words: [
      "wedding", "weddings", "shaadi", "shadi", "शादी", "शादियां", "विवाह", "ಮದುವೆ", "ಮದುವೆಗಳು", "ಮದುವೆಯ",
      "maduve", "vivah",
    ],
    related: ["events-and-entertainment", "gifts-and-hampers"],
    relatedWords: ["bridal", "bride", "दुल्हन", "ಮದುಮಗಳ"],
  },
  decor: {
    words: ["decor", "decoration", "decorations", "decorated", "decorator", "सजावट", "sajavat", "sajawat"],
    related: ["home-and-lifestyle", "events-and-entertainment"],
    relatedWords: ["ಅಲಂಕಾರ", "सजी", "सजाए", "ಸಿಂಗರಿಸಿದ", "interiors"],
  },
  // Gifts
  hamper: { words: ["hamper", "hampers", "हैम्पर", "हैंपर", "ಹ್ಯಾಂಪರ್"], related: ["gifts-and-hampers"] },
  gift: {
    words: ["gift", "gifts", "gifting", "तोहफ़ा", "तोहफ़े", "उपहार", "गिफ़्ट", "ಉಡುಗೊರೆ", "ಉಡುಗೊರೆಗಳು", "tohfa", "tohfe"],
    categories: ["gifts-and-hampers"],
  },
  festive: {
    words: ["festive", "festival", "festivals", "त्योहार", "त्यौहार", "tyohar", "tyohaar", "ಹಬ್ಬ", "ಹಬ್ಬದ", "habba", "diwali", "दिवाली"],
    related: ["gifts-and-hampers"],
  },
  // Fitness
  yoga: { words: ["yoga", "yog", "योग", "योगा", "ಯೋಗ"], related: ["fitness-and-sports", "beauty-and-wellness"] },
  zumba: { words: ["zumba", "ज़ुम्बा", "ज़ुंबा", "ಜುಂಬಾ"], related: ["fitness-and-sports"] },
  fitness: { words: ["fitness", "फ़िटनेस", "ಫಿಟ್ನೆಸ್"], categories: ["fitness-and-sports"] },
  // Education
  tuition: {
    words: ["tuition", "tuitions", "tutor", "tutors", "tutoring", "coaching", "ट्यूशन", "ಟ್ಯೂಷನ್"],
    related: ["education-and-training"],
  },
  maths: {
    words: ["maths", "math", "mathematics", "गणित", "ಗಣಿತ", "ಗಣಿತವನ್ನು", "ganit", "ganita"],
    related: ["education-and-training"],
  },
  music: { words: ["music", "musical", "carnatic", "संगीत", "ಸಂಗೀತ", "sangeet"], related: ["education-and-training", "events-and-entertainment"] },
  // Health, art, farm goods, technology, professional services
  physio: {
    words: ["physiotherapy", "physio", "physiotherapist", "फ़िज़ियोथेरेपी", "फिजियोथेरेपी", "ಫಿಸಿಯೋಥೆರಪಿ"],
    related: ["healthcare-and-medical"],
  },
  madhubani: { words: ["madhubani", "मधुबनी", "ಮಧುಬನಿ"], related: ["art-and-crafts"] },
  warli: { words: ["warli", "वारली", "ವಾರ್ಲಿ"], related: ["art-and-crafts"] },
  oil: { words: ["oil", "oils", "तेल", "ಎಣ್ಣೆ"], related: ["agriculture-and-organic"] },
  millets: {
    words: ["millet", "millets", "मोटा अनाज", "ಸಿರಿಧಾನ್ಯ", "mota anaj", "siridhanya"],
    related: ["agriculture-and-organic"],
  },
  organic: { words: ["organic", "organics", "जैविक", "ಸಾವಯವ", "jaivik"], categories: ["agriculture-and-organic"] },
  website: { words: ["website", "websites", "वेबसाइट", "ವೆಬ್ಸೈಟ್"], related: ["technology-and-digital"], relatedWords: ["web"] },
  socialMedia: {
    words: ["social media", "सोशल मीडिया", "ಸೋಷಿಯಲ್ ಮೀಡಿಯಾ"],
    related: ["technology-and-digital"],
  },
  tax: { words: ["tax", "taxes", "gst", "टैक्स", "जीएसटी", "ತೆರಿಗೆ"], related: ["professional-services"] },
  // Names: of owners and businesses, in the scripts they are written in and their common romanisations
  usha: { words: ["usha", "उषा", "ಉಷಾ"] },
  sunita: { words: ["sunita", "sunitha", "सुनीता", "ಸುನೀತಾ", "ಸುನಿತಾ"] },
  lakshmi: { words: ["lakshmi", "laxmi", "लक्ष्मी", "ಲಕ್ಷ್ಮಿ"] },
  farah: { words: ["farah", "फ़राह"] },
  rukhsana: { words: ["rukhsana", "ruksana", "रुख़साना", "ರುಕ್ಸಾನಾ"] },
  shabnam: { words: ["shabnam", "शबनम"] },
  kavya: { words: ["kavya", "काव्या", "ಕಾವ್ಯ", "ಕಾವ್ಯಾ"] },
  jyoti: { words: ["jyoti", "jyothi", "ज्योति", "ಜ್ಯೋತಿ"] },
  meenakshi: { words: ["meenakshi", "minakshi", "मीनाक्षी", "ಮೀನಾಕ್ಷಿ"] },
  sharada: { words: ["sharada", "sharda", "शारदा", "ಶಾರದಾ", "ಶಾರದ"] },
  annapurna: { words: ["annapurna", "annapoorna", "अन्नपूर्णा", "ಅನ್ನಪೂರ್ಣ", "ಅನ್ನಪೂರ್ಣಾ"] },
  nari: { words: ["nari", "naari", "नारी", "ನಾರಿ"] },
  sakhi: { words: ["sakhi", "सखी", "ಸಖಿ"] },
  shakti: { words: ["shakti", "शक्ति", "ಶಕ್ತಿ"] },
  aangan: { words: ["aangan", "angan", "आंगन", "ಅಂಗಳ"] },
  sansar: { words: ["sansar", "संसार"] },
  // Localities
  jayanagar: { words: ["jayanagar", "jayanagara", "जयनगर", "ಜಯನಗರ"] },
  malleshwaram: { words: ["malleshwaram", "malleswaram", "मल्लेश्वरम", "ಮಲ್ಲೇಶ್ವರಂ", "ಮಲ್ಲೇಶ್ವರ"] },
  koramangala: { words: ["koramangala", "कोरमंगला", "ಕೋರಮಂಗಲ"] },
  indiranagar: { words: ["indiranagar", "indira nagar", "इंदिरानगर", "ಇಂದಿರಾನಗರ"] },
  hebbal: { words: ["hebbal", "हेब्बाल", "ಹೆಬ್ಬಾಳ"] },
  basavanagudi: { words: ["basavanagudi", "बसवनगुडी", "ಬಸವನಗುಡಿ"] },
  whitefield: { words: ["whitefield", "व्हाइटफ़ील्ड", "ವೈಟ್ಫೀಲ್ಡ್"] },
} satisfies Record<string, Concept>;

export type ConceptName = keyof typeof CONCEPTS;

/**
 * What a row tests, for the report: a plain `word`, a `plural` or inflected form, a romanised `spelling` that
 * differs by sound, a `typo` of a word of five letters or more, a `short` word (four letters or fewer: no
 * typo), a word whose sellers write it in another `script`, a `mixed` query of two scripts, a Hinglish or
 * several-word `phrase`, a `name` of an owner or business, a `locality`, or an example of the issue's own.
 */
export type RowCase =
  "word" | "plural" | "spelling" | "typo" | "short" | "script" | "mixed" | "phrase" | "name" | "locality" | "issue";

export type RelevanceRow = { query: string; concepts: ConceptName[]; case: RowCase };

// prettier-ignore
const ROWS: [string, ConceptName | ConceptName[], RowCase][] = [
  // The issue's own examples, verbatim
  ["ghar ka khana", "homeFood", "issue"],
  ["mane oota", "homeFood", "issue"],
  ["sari", "saree", "issue"],
  ["mehndi wali", "mehendi", "issue"],
  ["घर जैसा", "gharJaisa", "issue"],
  ["ghar jaisa", "gharJaisa", "issue"],
  ["ghar jaisa tiffin", ["gharJaisa", "tiffin"], "issue"],
  ["eggless cake ghar pe", ["eggless", "cake"], "issue"],
  ["ಮನೆ oota", "homeFood", "issue"],
  ["saree", "saree", "issue"],
  ["sarees", "saree", "issue"],
  ["saris", "saree", "issue"],
  ["साड़ी", "saree", "issue"],
  ["ಸೀರೆ", "saree", "issue"],
  ["ghara ka khana", "homeFood", "issue"],
  ["embroidary", "embroidery", "issue"],
  ["photografer", "photography", "issue"],
  // Saree: spellings, plurals and scripts; "sari" and "nari" are one letter apart and four letters long
  ["saaree", "saree", "spelling"],
  ["sareee", "saree", "typo"],
  ["साड़ियाँ", "saree", "plural"],
  ["साडी", "saree", "spelling"],
  ["ಸೀರೆಗಳು", "saree", "plural"],
  ["seere", "saree", "spelling"],
  ["silk saree", ["saree", "silk"], "phrase"],
  ["silk sarees", ["saree", "silk"], "plural"],
  ["reshmi saree", ["saree", "silk"], "phrase"],
  ["ರೇಷ್ಮೆ ಸೀರೆ", ["saree", "silk"], "phrase"],
  ["banarasi saree", ["saree", "banarasi"], "phrase"],
  ["बनारसी साड़ी", ["saree", "banarasi"], "script"],
  ["banarsi sari", ["saree", "banarasi"], "spelling"],
  ["saree ಜಯನಗರ", ["saree", "jayanagar"], "mixed"],
  ["saree jayanagar", ["saree", "jayanagar"], "locality"],
  // Blouses, tailoring, embroidery, clothes
  ["blouse", "blouse", "word"],
  ["blouses", "blouse", "plural"],
  ["ब्लाउज़", "blouse", "script"],
  ["ब्लाउज", "blouse", "spelling"],
  ["ರವಿಕೆ", "blouse", "script"],
  ["ravike", "blouse", "spelling"],
  ["blouse stitching", ["blouse", "stitching"], "phrase"],
  ["silai", "stitching", "spelling"],
  ["darzi", "stitching", "spelling"],
  ["tailor", "stitching", "word"],
  ["embroidery", "embroidery", "word"],
  ["embroidry", "embroidery", "typo"],
  ["कढ़ाई", "embroidery", "script"],
  ["chikankari", "embroidery", "word"],
  ["kapde", "fashion", "spelling"],
  ["कपड़े", "fashion", "script"],
  ["fashion", "fashion", "word"],
  // Mehendi, bridal, make-up, parlours
  ["mehndi", "mehendi", "spelling"],
  ["mehendi", "mehendi", "word"],
  ["mehandi", "mehendi", "spelling"],
  ["mehendhi", "mehendi", "typo"],
  ["henna", "mehendi", "word"],
  ["मेहंदी", "mehendi", "script"],
  ["मेंहदी", "mehendi", "spelling"],
  ["ಮೆಹಂದಿ", "mehendi", "script"],
  ["madarangi", "mehendi", "spelling"],
  ["मेहंदी wali", "mehendi", "mixed"],
  ["bridal mehndi", ["mehendi", "bridal"], "phrase"],
  ["dulhan mehndi", ["mehendi", "bridal"], "phrase"],
  ["ಮದುಮಗಳ ಮೆಹಂದಿ", ["mehendi", "bridal"], "phrase"],
  ["mehndi indiranagar", ["mehendi", "indiranagar"], "locality"],
  ["makeup", "makeup", "word"],
  ["मेकअप", "makeup", "script"],
  ["ಮೇಕಪ್", "makeup", "script"],
  ["bridal makeup", ["makeup", "bridal"], "phrase"],
  ["beauty parlour", "parlour", "phrase"],
  ["parlour", "parlour", "word"],
  ["parlor", "parlour", "spelling"],
  ["पार्लर", "parlour", "script"],
  ["ब्यूटी पार्लर", "parlour", "script"],
  ["ಪಾರ್ಲರ್", "parlour", "script"],
  ["beauty", "beauty", "word"],
  ["ब्यूटी", "beauty", "script"],
  // Home food, tiffins, food
  ["ghar ka khaana", "homeFood", "spelling"],
  ["घर का खाना", "homeFood", "script"],
  ["घर जैसा खाना", ["gharJaisa", "food"], "script"],
  ["ghar jaisa khana", ["gharJaisa", "food"], "phrase"],
  ["mane uta", "homeFood", "spelling"],
  ["ಮನೆ ಊಟ", "homeFood", "script"],
  ["ಮನೆಯೂಟ", "homeFood", "script"],
  ["home cooked food", "homeFood", "phrase"],
  ["homemade food", "homeFood", "phrase"],
  ["home style meals", "homeFood", "phrase"],
  ["ghar ka khana koramangala", ["homeFood", "koramangala"], "locality"],
  ["tiffin", "tiffin", "word"],
  ["tiffins", "tiffin", "plural"],
  ["tifin", "tiffin", "spelling"],
  ["tiffen", "tiffin", "typo"],
  ["टिफ़िन", "tiffin", "script"],
  ["टिफिन", "tiffin", "spelling"],
  ["ಟಿಫಿನ್", "tiffin", "script"],
  ["dabba", "tiffin", "word"],
  ["tiffin service", "tiffin", "phrase"],
  ["tiffin koramangala", ["tiffin", "koramangala"], "locality"],
  ["टिफ़िन koramangala", ["tiffin", "koramangala"], "mixed"],
  ["khana", "food", "word"],
  ["khaana", "food", "spelling"],
  ["खाना", "food", "script"],
  ["ಊಟ", "food", "script"],
  ["oota", "food", "short"],
  ["food", "food", "word"],
  // Cakes, bakeries, pickles
  ["cake", "cake", "short"],
  ["cakes", "cake", "plural"],
  ["केक", "cake", "script"],
  ["ಕೇಕ್", "cake", "script"],
  ["eggless cake", ["eggless", "cake"], "phrase"],
  ["एगलेस केक", ["eggless", "cake"], "script"],
  ["eggless केक", ["eggless", "cake"], "mixed"],
  ["bakery", "bakery", "word"],
  ["bakary", "bakery", "typo"],
  ["बेकरी", "bakery", "script"],
  ["achaar", "pickle", "spelling"],
  ["achar", "pickle", "spelling"],
  ["aachar", "pickle", "spelling"],
  ["pickle", "pickle", "word"],
  ["pickles", "pickle", "plural"],
  ["अचार", "pickle", "script"],
  ["ಉಪ್ಪಿನಕಾಯಿ", "pickle", "script"],
  // Pottery
  ["pottery", "pottery", "word"],
  ["potery", "pottery", "typo"],
  ["pottrey", "pottery", "typo"],
  ["potter", "pottery", "word"],
  ["terracotta", "pottery", "word"],
  ["पॉटरी", "pottery", "script"],
  ["ಪಾಟರಿ", "pottery", "script"],
  ["मिट्टी के बर्तन", "pottery", "script"],
  ["mitti ke bartan", "pottery", "spelling"],
  ["ಮಣ್ಣಿನ ಪಾತ್ರೆ", "pottery", "script"],
  ["kumhar", "pottery", "spelling"],
  ["pottery basavanagudi", ["pottery", "basavanagudi"], "locality"],
  // Photography, weddings, décor
  ["photographer", "photography", "word"],
  ["fotografer", "photography", "spelling"],
  ["photography", "photography", "word"],
  ["photoshoot", "photography", "word"],
  ["फ़ोटोग्राफ़र", "photography", "script"],
  ["फोटोग्राफर", "photography", "spelling"],
  ["ಫೋಟೋಗ್ರಾಫರ್", "photography", "script"],
  ["wedding photographer", ["wedding", "photography"], "phrase"],
  ["ಮದುವೆ photographer", ["wedding", "photography"], "mixed"],
  ["wedding", "wedding", "word"],
  ["weddings", "wedding", "plural"],
  ["shaadi", "wedding", "spelling"],
  ["shadi", "wedding", "spelling"],
  ["शादी", "wedding", "script"],
  ["ಮದುವೆ", "wedding", "script"],
  ["maduve", "wedding", "spelling"],
  ["vivah", "wedding", "spelling"],
  ["decor", "decor", "word"],
  ["सजावट", "decor", "script"],
  ["sajavat", "decor", "spelling"],
  // Gifts, hampers, festivals
  ["hampers", "hamper", "plural"],
  ["hamper", "hamper", "word"],
  ["हैम्पर", "hamper", "script"],
  ["ಹ್ಯಾಂಪರ್", "hamper", "script"],
  ["festive hampers", ["festive", "hamper"], "phrase"],
  ["tyohar", "festive", "spelling"],
  ["त्योहार", "festive", "script"],
  ["ಹಬ್ಬ", "festive", "script"],
  ["habba", "festive", "spelling"],
  ["gifts", "gift", "plural"],
  ["tohfe", "gift", "spelling"],
  ["ಉಡುಗೊರೆ", "gift", "script"],
  // Yoga, zumba, fitness
  ["yoga", "yoga", "short"],
  ["yog", "yoga", "spelling"],
  ["योग", "yoga", "script"],
  ["योगा", "yoga", "spelling"],
  ["ಯೋಗ", "yoga", "script"],
  ["zumba", "zumba", "word"],
  ["zoomba", "zumba", "spelling"],
  ["jumba", "zumba", "spelling"],
  ["ज़ुम्बा", "zumba", "script"],
  ["ಜುಂಬಾ", "zumba", "script"],
  ["fitness", "fitness", "word"],
  ["फ़िटनेस", "fitness", "script"],
  // Tuition, maths, music
  ["tuition", "tuition", "word"],
  ["tution", "tuition", "typo"],
  ["tuitions", "tuition", "plural"],
  ["ट्यूशन", "tuition", "script"],
  ["ಟ್ಯೂಷನ್", "tuition", "script"],
  ["maths", "maths", "word"],
  ["maths tuition", ["maths", "tuition"], "phrase"],
  ["ganit", "maths", "spelling"],
  ["ganita", "maths", "spelling"],
  ["गणित", "maths", "script"],
  ["ಗಣಿತ", "maths", "script"],
  ["sangeet", "music", "spelling"],
  ["संगीत", "music", "script"],
  ["music classes", "music", "phrase"],
  // Physiotherapy, folk art, farm goods, websites, social media, tax
  ["physiotherapy", "physio", "word"],
  ["physio", "physio", "word"],
  ["fisiotherapy", "physio", "spelling"],
  ["physiotheraphy", "physio", "typo"],
  ["फ़िज़ियोथेरेपी", "physio", "script"],
  ["ಫಿಸಿಯೋಥೆರಪಿ", "physio", "script"],
  ["physio ghar pe", "physio", "phrase"],
  ["madhubani", "madhubani", "word"],
  ["madhubni", "madhubani", "typo"],
  ["मधुबनी", "madhubani", "script"],
  ["madhubani art", "madhubani", "phrase"],
  ["warli", "warli", "word"],
  ["varli", "warli", "spelling"],
  ["oils", "oil", "plural"],
  ["cold pressed oil", "oil", "phrase"],
  ["तेल", "oil", "script"],
  ["millets", "millets", "plural"],
  ["mota anaj", "millets", "spelling"],
  ["मोटा अनाज", "millets", "script"],
  ["organic", "organic", "word"],
  ["जैविक", "organic", "script"],
  ["jaivik", "organic", "spelling"],
  ["website", "website", "word"],
  ["websites", "website", "plural"],
  ["vebsite", "website", "spelling"],
  ["वेबसाइट", "website", "script"],
  ["ವೆಬ್‌ಸೈಟ್", "website", "script"],
  ["social media", "socialMedia", "phrase"],
  ["सोशल मीडिया", "socialMedia", "script"],
  ["gst", "tax", "short"],
  ["tax filing", "tax", "phrase"],
  ["टैक्स", "tax", "script"],
  // Names of owners and businesses
  ["usha patil", "usha", "name"],
  ["usha", "usha", "name"],
  ["sunita", "sunita", "name"],
  ["सुनीता", "sunita", "name"],
  ["lakshmi", "lakshmi", "name"],
  ["laxmi", "lakshmi", "spelling"],
  ["लक्ष्मी", "lakshmi", "name"],
  ["ಲಕ್ಷ್ಮಿ", "lakshmi", "name"],
  ["farah", "farah", "name"],
  ["rukhsana", "rukhsana", "name"],
  ["ruksana", "rukhsana", "spelling"],
  ["shabnam", "shabnam", "name"],
  ["sabnam", "shabnam", "spelling"],
  ["kavya", "kavya", "name"],
  ["ಕಾವ್ಯ", "kavya", "name"],
  ["jyoti", "jyoti", "name"],
  ["jyothi", "jyoti", "spelling"],
  ["ज्योति", "jyoti", "name"],
  ["meenakshi", "meenakshi", "name"],
  ["minakshi", "meenakshi", "spelling"],
  ["sharada", "sharada", "name"],
  ["ಶಾರದಾ", "sharada", "name"],
  ["annapurna", "annapurna", "name"],
  ["annapoorna", "annapurna", "spelling"],
  ["अन्नपूर्णा", "annapurna", "name"],
  ["nari", "nari", "short"],
  ["naari", "nari", "spelling"],
  ["sakhi", "sakhi", "name"],
  ["सखी", "sakhi", "name"],
  ["shakti", "shakti", "name"],
  ["sakti", "shakti", "spelling"],
  ["शक्ति", "shakti", "name"],
  ["aangan", "aangan", "name"],
  ["angan", "aangan", "spelling"],
  ["sari sansar", ["saree", "sansar"], "name"],
  // Localities
  ["jayanagar", "jayanagar", "locality"],
  ["jaynagar", "jayanagar", "typo"],
  ["jayanagara", "jayanagar", "spelling"],
  ["जयनगर", "jayanagar", "locality"],
  ["ಜಯನಗರ", "jayanagar", "locality"],
  ["malleshwaram", "malleshwaram", "locality"],
  ["malleswaram", "malleshwaram", "spelling"],
  ["maleshwaram", "malleshwaram", "spelling"],
  ["ಮಲ್ಲೇಶ್ವರಂ", "malleshwaram", "locality"],
  ["koramangala", "koramangala", "locality"],
  ["kormangala", "koramangala", "typo"],
  ["ಕೋರಮಂಗಲ", "koramangala", "locality"],
  ["कोरमंगला", "koramangala", "locality"],
  ["indiranagar", "indiranagar", "locality"],
  ["indira nagar", "indiranagar", "spelling"],
  ["hebbal", "hebbal", "locality"],
  ["hebal", "hebbal", "spelling"],
  ["ಹೆಬ್ಬಾಳ", "hebbal", "locality"],
  ["basavanagudi", "basavanagudi", "locality"],
  ["ಬಸವನಗುಡಿ", "basavanagudi", "locality"],
  ["whitefield", "whitefield", "locality"],
];

export const RELEVANCE_ROWS: RelevanceRow[] = ROWS.map(([query, concepts, rowCase]) => ({
  query,
  concepts: Array.isArray(concepts) ? concepts : [concepts],
  case: rowCase,
}));

/** The issue's examples, which the set must hold verbatim. */
export const ISSUE_QUERIES = [
  "ghar ka khana",
  "mane oota",
  "sari",
  "mehndi wali",
  "घर जैसा",
  "ghar jaisa",
  "ghar jaisa tiffin",
  "eggless cake ghar pe",
  "ಮನೆ oota",
  "saree",
  "sarees",
  "saris",
  "साड़ी",
  "ಸೀರೆ",
];

type HandMadeSeller = Omit<SellerFactoryInput, "categoryIds" | "subcategoryIds"> & { categories: CategorySlug[] };

/**
 * Sellers added next to the demo sellers, each for a case of the issue the demo data lacks (the demo's
 * texts are English, a few Hindi and Kannada taglines and descriptions, and no seller of these kinds).
 */
export const RELEVANCE_SELLERS: Record<string, { why: string; seller: HandMadeSeller }> = {
  hindiTiffin: {
    why: "the issue's example: a Devanagari tagline 'घर जैसा टिफ़िन' found by 'ghar jaisa tiffin'; a Devanagari owner found by 'sunita'",
    seller: {
      business_name: "अन्नपूर्णा रसोई",
      owner_name: "सुनीता यादव",
      tagline: "घर जैसा टिफ़िन, रोज़ ताज़ा",
      locality: "HSR Layout",
      categories: ["food-and-beverages"],
    },
  },
  latinHomeKitchen: {
    why: "a Latin-script home kitchen, 'Ghar Jaisa Khana': found by 'घर जैसा' and 'ghar ka khana'",
    seller: {
      business_name: "Ghar Jaisa Khana",
      owner_name: "Usha Patil",
      tagline: "Daily tiffin of dal, roti and sabzi from my kitchen",
      locality: "Koramangala",
      categories: ["food-and-beverages"],
    },
  },
  sariShop: {
    why: "a saree shop spelt 'Sari' in her name only, and the Hindi plural साड़ियाँ in her own Hindi tagline",
    seller: {
      business_name: "Sari Sansar",
      owner_name: "Meenakshi Sundaram",
      tagline: "Kanjeevaram and Banarasi silk from the weavers",
      tagline_hi: "कांजीवरम और बनारसी रेशमी साड़ियाँ",
      locality: "Jayanagar",
      categories: ["fashion-and-apparel"],
    },
  },
  kannadaMeals: {
    why: "Kannada 'ಮನೆ ಊಟ' found by 'mane oota' and 'ಮನೆ oota'; a Kannada-script locality found by 'jayanagar'",
    seller: {
      business_name: "ಅನ್ನಪೂರ್ಣ ಮನೆ ಊಟ",
      owner_name: "ಶಾರದಾ ಭಟ್",
      tagline: "ಪ್ರತಿದಿನ ಬಿಸಿ ಬಿಸಿ ಮನೆ ಊಟ ಮತ್ತು ಟಿಫಿನ್",
      locality: "ಜಯನಗರ",
      categories: ["food-and-beverages"],
    },
  },
  nariYoga: {
    why: "the issue's false positive: 'nari' is one letter from 'sari', and 'saree' must not find her",
    seller: {
      business_name: "Nari Yoga Space",
      owner_name: "Pallavi Shetty",
      tagline: "Yoga for women, mornings and evenings",
      locality: "Indiranagar",
      categories: ["fitness-and-sports"],
    },
  },
  nariWellness: {
    why: "the issue's other false positive for 'saree'; also the one beauty parlour",
    seller: {
      business_name: "Nari Wellness",
      owner_name: "Deepika Hegde",
      tagline: "Beauty parlour, threading and Ayurvedic massage",
      locality: "Hebbal",
      categories: ["beauty-and-wellness"],
    },
  },
  potteryHouse: {
    why: "a pottery house whose owner's name begins 'Sari' (Sarita): 'sari' and 'saree' must not find her",
    seller: {
      business_name: "Mitti Pottery House",
      owner_name: "Sarita Kulkarni",
      tagline: "Terracotta pots, planters and wheel classes",
      locality: "Basavanagudi",
      categories: ["art-and-crafts"],
    },
  },
  hindiMehndi: {
    why: "a mehndi artist writing in Devanagari, found by 'mehndi', 'mehendi', 'mehandi' and 'mehndi wali'",
    seller: {
      business_name: "रुख़साना मेहंदी आर्ट",
      owner_name: "Rukhsana Shaikh",
      tagline: "दुल्हन की मेहंदी, घर पर",
      locality: "Hebbal",
      categories: ["beauty-and-wellness"],
    },
  },
  mehndiWali: {
    why: "a 'mehndi wali' by name, writing 'henna' in Latin letters: found by 'मेहंदी' and 'ಮೆಹಂದಿ'",
    seller: {
      business_name: "Farah Mehndi Wali",
      owner_name: "Farah Sheikh",
      tagline: "Arabic and bridal henna designs",
      locality: "Indiranagar",
      categories: ["beauty-and-wellness"],
    },
  },
  egglessBaker: {
    why: "the issue's 'eggless cake ghar pe': a home baker of eggless cakes",
    seller: {
      business_name: "Bake Ghar",
      owner_name: "Neha Agarwal",
      tagline: "Eggless cakes baked at home, delivered to your door",
      locality: "Whitefield",
      categories: ["food-and-beverages"],
    },
  },
  embroidery: {
    why: "'embroidary' (a typo of a long word) and her own Hindi tagline's कढ़ाई and ब्लाउज़",
    seller: {
      business_name: "Chikankari Embroidery Studio",
      owner_name: "Shabnam Ansari",
      tagline: "Hand embroidery on kurtis, dupattas and blouses",
      tagline_hi: "कुर्ती, दुपट्टे और ब्लाउज़ पर हाथ की कढ़ाई",
      locality: "Malleshwaram",
      categories: ["fashion-and-apparel"],
    },
  },
  photographer: {
    why: "'photografer' (the issue's spelling) and 'wedding photographer': the demo has no photographer's text",
    seller: {
      business_name: "Lens Kahani Photography",
      owner_name: "Kavita Rao",
      tagline: "Candid wedding photographer",
      locality: "JP Nagar",
      categories: ["events-and-entertainment"],
    },
  },
  kannadaSaree: {
    why: "a saree shop writing Kannada only (ಸೀರೆ, the plural ಸೀರೆಗಳು), found by 'saree', 'sarees' and 'seere'",
    seller: {
      business_name: "ಲಕ್ಷ್ಮಿ ರೇಷ್ಮೆ ಸೀರೆ",
      owner_name: "ಲಕ್ಷ್ಮಿ ನಾಯಕ್",
      tagline: "ಮೈಸೂರು ರೇಷ್ಮೆ ಸೀರೆಗಳು",
      locality: "ಮಲ್ಲೇಶ್ವರಂ",
      categories: ["fashion-and-apparel"],
    },
  },
  tuition: {
    why: "the demo has no tuition text: 'tution', 'ಟ್ಯೂಷನ್' in her own Kannada tagline, 'ganit'",
    seller: {
      business_name: "Saraswati Tuition Classes",
      owner_name: "Geeta Kulkarni",
      tagline: "Maths and science tuition for classes 6 to 10",
      tagline_kn: "೬ರಿಂದ ೧೦ನೇ ತರಗತಿಯವರಿಗೆ ಗಣಿತ ಮತ್ತು ವಿಜ್ಞಾನ ಟ್ಯೂಷನ್",
      locality: "Basavanagudi",
      categories: ["education-and-training"],
    },
  },
};

/** A text folded for comparison: lower case, no Latin accents, no nukta or joiners, chandrabindu as anusvara. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .replace(/[\u093C\u0CBC\u200C\u200D]/g, "")
    .replace(/\u0901/g, "\u0902")
    .normalize("NFC")
    .toLowerCase();
}

/** A text's words, folded; a run of Latin letters next to Kannada or Devanagari letters is a word of its own. */
export function wordsOf(text: string): string[] {
  return (
    foldText(text).match(/[\p{Script=Latin}\p{N}]+|\p{Script=Devanagari}+|\p{Script=Kannada}+|[\p{L}\p{M}]+/gu) ?? []
  );
}

/** A seller as the judgments read her: her words, field by field, and her categories. */
export type JudgedSeller = {
  id: number;
  /** her business name, or her name without one: how the report names her */
  label: string;
  /** the words of each field of her public text */
  text: string[][];
  /** the words of what she shows besides (offers, subcategory names) */
  other: string[][];
  categories: string[];
};

export function judgedSeller(seller: {
  id: number;
  label: string;
  text: (string | null | undefined)[];
  other: (string | null | undefined)[];
  categories: string[];
}): JudgedSeller {
  const words = (fields: (string | null | undefined)[]) => fields.filter((f): f is string => !!f).map(wordsOf);
  return {
    id: seller.id,
    label: seller.label,
    text: words(seller.text),
    other: words(seller.other),
    categories: seller.categories,
  };
}

/** Whether one of `phrases` is in one of `fields` as whole words, in a row. */
function hasAny(fields: string[][], phrases: readonly string[]): boolean {
  return phrases.some((phrase) => {
    const wanted = wordsOf(phrase);
    return fields.some((words) => words.some((_, start) => wanted.every((word, i) => words[start + i] === word)));
  });
}

export type Judgment = "expected" | "neutral" | "forbidden";

function judgeConcept(concept: Concept, seller: JudgedSeller): Judgment {
  const inCategory = (slugs: readonly string[] | undefined) =>
    (slugs ?? []).some((slug) => seller.categories.includes(slug));
  if (inCategory(concept.categories) || hasAny(seller.text, concept.words)) return "expected";
  if (
    inCategory(concept.related) ||
    hasAny(seller.other, concept.words) ||
    hasAny([...seller.text, ...seller.other], concept.relatedWords ?? [])
  )
    return "neutral";
  return "forbidden";
}

/** How a seller stands for a row: expected for every concept, forbidden for every one, or neutral. */
export function judge(row: RelevanceRow, seller: JudgedSeller): Judgment {
  const each = row.concepts.map((name) => judgeConcept(CONCEPTS[name], seller));
  if (each.every((j) => j === "expected")) return "expected";
  if (each.every((j) => j === "forbidden")) return "forbidden";
  return "neutral";
}

/** The script of a query, for the report and the set's own checks. */
export function scriptOf(query: string): "latin" | "devanagari" | "kannada" | "mixed" {
  const scripts = new Set(
    wordsOf(query).map((w) =>
      /\p{Script=Devanagari}/u.test(w) ? "devanagari" : /\p{Script=Kannada}/u.test(w) ? "kannada" : "latin",
    ),
  );
  return scripts.size === 1 ? [...scripts][0] : "mixed";
}
