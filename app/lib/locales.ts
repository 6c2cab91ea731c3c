// The site's languages: English (the original, today's URLs), Hindi under /hi and Kannada under /kn.
// The back-office and the /api JSON stay in English.

export const LOCALES = ["en-IN", "hi-IN", "kn-IN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-IN";

/** What the site knows of a language besides its translation. */
type LocaleInfo = {
  /** Its URL prefix ("" for English). */
  prefix: string;
  /** Its stored text's language: the `lang` of a seller's text and the suffix of its columns (`name_hi`). */
  language: string;
  /** Its name in its own script (the switcher's words). */
  nativeName: string;
  htmlLang: string;
  ogLocale: string;
  /**
   * Its script, for a translated language: the code point ranges that tell a text is written in it
   * (lib/localized.ts), and a letter and a conjunct of it that a font for the script draws as one shape
   * (the share card's probe, services/share-card.server.ts).
   */
  script: { ranges: readonly (readonly [number, number])[]; letter: string; conjunct: string } | null;
};

/** Each language's prefix, names and script: adding a language adds a line here (docs/translation.md). */
export const LOCALE_INFO = {
  "en-IN": { prefix: "", language: "en", nativeName: "English", htmlLang: "en-IN", ogLocale: "en_IN", script: null },
  "hi-IN": {
    prefix: "hi",
    language: "hi",
    nativeName: "हिन्दी",
    htmlLang: "hi-IN",
    ogLocale: "hi_IN",
    // Devanagari and Devanagari Extended
    script: {
      ranges: [
        [0x0900, 0x097f],
        [0xa8e0, 0xa8ff],
      ],
      letter: "क",
      conjunct: "क्ष",
    },
  },
  "kn-IN": {
    prefix: "kn",
    language: "kn",
    nativeName: "ಕನ್ನಡ",
    htmlLang: "kn-IN",
    ogLocale: "kn_IN",
    script: { ranges: [[0x0c80, 0x0cff]], letter: "ಕ", conjunct: "ಕ್ಷ" },
  },
} as const satisfies Record<Locale, LocaleInfo>;

/** The language of stored text (`en`, `hi`, `kn`): an HTML `lang` value and a column suffix. */
export type ContentLanguage = (typeof LOCALE_INFO)[Locale]["language"];
/** The languages stored text is translated into: a column each (`name_hi`, `tagline_kn`). */
export type TranslatedLanguage = (typeof LOCALE_INFO)[TranslatedLocale]["language"];

/** A translated language (every language but the original, English). */
export type TranslatedLocale = Exclude<Locale, "en-IN">;

/** The translated languages (every language but the original). */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE) as TranslatedLocale[];

/** The translated languages of stored text (`hi`, `kn`). */
export const TRANSLATED_LANGUAGES: TranslatedLanguage[] = TRANSLATED_LOCALES.map((l) => LOCALE_INFO[l].language);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** A stored or sent language as one of the site's: English when it is missing or not one of the three. */
export function localeOr(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** A site path in a language: `/directory` → `/hi/directory` (English keeps the path as it is). */
export function localePath(locale: Locale, path: string): string {
  const prefix = LOCALE_INFO[locale].prefix;
  if (!prefix) return path;
  return path === "/" ? `/${prefix}` : path.startsWith("/") ? `/${prefix}${path}` : `/${prefix}/${path}`;
}
