// The site's languages: English (the original, today's URLs), Hindi under /hi and Kannada under /kn, and
// for tests only a pseudo-language under /xa. The back-office and the /api JSON stay in English.
// LOCALE_INFO is the list: everything that is not the translation itself is derived from it
// (docs/decisions/210-languages-list-drives-columns-and-a-test-language.md).

/** What the site knows of a language besides its translation. */
type LocaleInfo = {
  /** Its URL prefix ("" for English). */
  prefix: string;
  /** Its stored text's language: the `lang` of a seller's text, and the suffix of its columns (`name_hi`). */
  language: string;
  /** Its name in its own script (the switcher's words). */
  nativeName: string;
  /** Its name in English (the back-office's labels: "Name in Hindi (हिन्दी)"). */
  englishName: string;
  htmlLang: string;
  ogLocale: string;
  /**
   * Whether stored text has columns of its own in this language (`categories.name_hi`, `sellers.tagline_hi`,
   * `sellers.description_hi`; docs/decisions/189-languages-columns-per-language.md), which staff and
   * sellers fill in. A language without them shows the English names and the seller's own text.
   */
  columns: boolean;
  /**
   * Its script, for a language not written in Latin letters: the code point ranges that tell a text is
   * written in it (lib/localized.ts), and a letter and a conjunct of it that a font for the script draws as
   * one shape (the share card's probe, services/share-card.server.ts). Null: Latin, the English card.
   */
  script: { ranges: readonly (readonly [number, number])[]; letter: string; conjunct: string } | null;
  /**
   * How its numbers are grouped, as CLDR (so Intl, in Node and in browsers) writes them: "indian" 12,34,567,
   * "thousands" 1,234,567 (lib/format.ts's formatCount).
   */
  grouping: "indian" | "thousands";
  /**
   * Tests only: served only with I18N_PSEUDO_LOCALE=1, its catalogues English's accented and bracketed at
   * load (services/i18n.server.ts), so a test walks the site in a language of the list that nobody wrote.
   */
  pseudo: boolean;
};

/** Each language's prefix, names, columns and script: adding a language adds a line here (docs/translation.md). */
export const LOCALE_INFO = {
  "en-IN": {
    prefix: "",
    language: "en",
    nativeName: "English",
    englishName: "English",
    htmlLang: "en-IN",
    ogLocale: "en_IN",
    columns: false,
    script: null,
    grouping: "indian",
    pseudo: false,
  },
  "hi-IN": {
    prefix: "hi",
    language: "hi",
    nativeName: "हिन्दी",
    englishName: "Hindi",
    htmlLang: "hi-IN",
    ogLocale: "hi_IN",
    columns: true,
    // Devanagari and Devanagari Extended
    script: {
      ranges: [
        [0x0900, 0x097f],
        [0xa8e0, 0xa8ff],
      ],
      letter: "क",
      conjunct: "क्ष",
    },
    grouping: "indian",
    pseudo: false,
  },
  "kn-IN": {
    prefix: "kn",
    language: "kn",
    nativeName: "ಕನ್ನಡ",
    englishName: "Kannada",
    htmlLang: "kn-IN",
    ogLocale: "kn_IN",
    columns: true,
    script: { ranges: [[0x0c80, 0x0cff]], letter: "ಕ", conjunct: "ಕ್ಷ" },
    // CLDR's Kannada groups by thousands, unlike Hindi and Indian English.
    grouping: "thousands",
    pseudo: false,
  },
  // The pseudo-language (tests only; `en-XA` is the pseudo-locale tag browsers and Android use): English
  // accented, with no columns of its own, so its pages show the English names and the sellers' own text.
  "en-XA": {
    prefix: "xa",
    language: "en",
    nativeName: "Ƥšéûđö",
    englishName: "Pseudo",
    htmlLang: "en-XA",
    ogLocale: "en_XA",
    columns: false,
    script: null,
    grouping: "thousands",
    pseudo: true,
  },
} as const satisfies Record<string, LocaleInfo>;

/** A language the site knows (the pseudo-language included). */
export type Locale = keyof typeof LOCALE_INFO;
export const DEFAULT_LOCALE = "en-IN" satisfies Locale;

/** Every language of the list, the pseudo-language included. */
export const ALL_LOCALES = Object.keys(LOCALE_INFO) as Locale[];

/** The site's languages as production serves them: the list without the pseudo-language. */
export const LOCALES: readonly Locale[] = ALL_LOCALES.filter((l) => !LOCALE_INFO[l].pseudo);

/** The languages a site serves: the pseudo-language too when it is on (I18N_PSEUDO_LOCALE=1). */
export function servedLocales(pseudo: boolean): readonly Locale[] {
  return pseudo ? ALL_LOCALES : LOCALES;
}

/** The language of stored text (`en`, `hi`, `kn`): an HTML `lang` value and a column suffix. */
export type ContentLanguage = (typeof LOCALE_INFO)[Locale]["language"];

/** The languages stored text has columns in (`hi`, `kn`: `name_hi`, `tagline_kn`), from `columns` above. */
export type ColumnLanguage = {
  [L in Locale]: (typeof LOCALE_INFO)[L]["columns"] extends true ? (typeof LOCALE_INFO)[L]["language"] : never;
}[Locale];

function hasColumns(language: string): language is ColumnLanguage {
  return ALL_LOCALES.some((l) => LOCALE_INFO[l].columns && LOCALE_INFO[l].language === language);
}

/** The languages stored text has columns in, in the list's order. */
export const COLUMN_LANGUAGES: readonly ColumnLanguage[] = ALL_LOCALES.map((l) => LOCALE_INFO[l].language).filter(
  hasColumns,
);

/** A column language's name in English (the back-office's labels and messages: "Name in Hindi"). */
export function englishNameOf(language: ColumnLanguage): string {
  return LOCALE_INFO[ALL_LOCALES.find((l) => LOCALE_INFO[l].language === language)!].englishName;
}

/** A column language's name in its own script. */
export function nativeNameOf(language: ColumnLanguage): string {
  return LOCALE_INFO[ALL_LOCALES.find((l) => LOCALE_INFO[l].language === language)!].nativeName;
}

/** The column languages' English names as a list in words: "Hindi and Kannada" (`or`: "Hindi or Kannada"). */
export function columnLanguagesInWords(conjunction: "and" | "or" = "and"): string {
  const names = COLUMN_LANGUAGES.map(englishNameOf);
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} ${conjunction} ${names.at(-1)}`;
}

/** A page locale's column language: null when stored text has no columns in it (English, the pseudo-language). */
export function columnLanguageOf(locale: Locale): ColumnLanguage | null {
  const language = LOCALE_INFO[locale].language;
  return hasColumns(language) ? language : null;
}

/** The catalogue's names' columns (`name_hi`, `name_kn`). */
export const NAME_COLUMNS = COLUMN_LANGUAGES.map((l) => `name_${l}` as const);
export type NameColumn = (typeof NAME_COLUMNS)[number];
/** A seller's versions of her tagline and description (`tagline_hi`, `description_kn`). */
export const TAGLINE_COLUMNS = COLUMN_LANGUAGES.map((l) => `tagline_${l}` as const);
export const DESCRIPTION_COLUMNS = COLUMN_LANGUAGES.map((l) => `description_${l}` as const);

/** Columns of a table's alias for a select (`qualified("c", NAME_COLUMNS)` → `c.name_hi`, `c.name_kn`). */
export function qualified<const A extends string, C extends string>(alias: A, columns: readonly C[]): `${A}.${C}`[] {
  return columns.map((column) => `${alias}.${column}` as const);
}

/** A row's values of some columns (`pickColumns(input, NAME_COLUMNS)` → `{ name_hi, name_kn }`). */
export function pickColumns<T, C extends keyof T>(row: T, columns: readonly C[]): Pick<T, C> {
  return Object.fromEntries(columns.map((column) => [column, row[column]])) as Pick<T, C>;
}

/** An object with one entry per column language (`{ hi: …, kn: … }`). */
export function byColumnLanguage<T>(make: (language: ColumnLanguage) => T): Record<ColumnLanguage, T> {
  return Object.fromEntries(COLUMN_LANGUAGES.map((l) => [l, make(l)])) as Record<ColumnLanguage, T>;
}

/** The locales other than the original, English. */
export type TranslatedLocale = Exclude<Locale, typeof DEFAULT_LOCALE>;

/** The locales whose script a text and a font are told by (Hindi, Kannada): the share card's probes. */
export const SCRIPT_LOCALES = ALL_LOCALES.filter((l) => LOCALE_INFO[l].script !== null) as ScriptLocale[];
export type ScriptLocale = {
  [L in Locale]: (typeof LOCALE_INFO)[L]["script"] extends null ? never : L;
}[Locale];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && Object.hasOwn(LOCALE_INFO, value);
}

/** A stored or sent language as one of the list's: English when it is missing or not one of them. */
export function localeOr(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** A site path in a language: `/directory` → `/hi/directory` (English keeps the path as it is). */
export function localePath(locale: Locale, path: string): string {
  const prefix = LOCALE_INFO[locale].prefix;
  if (!prefix) return path;
  return path === "/" ? `/${prefix}` : path.startsWith("/") ? `/${prefix}${path}` : `/${prefix}/${path}`;
}
