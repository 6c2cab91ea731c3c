// The site's languages: English (the original, today's URLs), Hindi under /hi and Kannada under /kn.
// The back-office and the /api JSON stay in English.

export const LOCALES = ["en-IN", "hi-IN", "kn-IN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-IN";

/** Each language's URL prefix ("" for English) and its name in its own script (the switcher's words). */
export const LOCALE_INFO: Record<Locale, { prefix: string; nativeName: string; htmlLang: string; ogLocale: string }> = {
  "en-IN": { prefix: "", nativeName: "English", htmlLang: "en-IN", ogLocale: "en_IN" },
  "hi-IN": { prefix: "hi", nativeName: "हिन्दी", htmlLang: "hi-IN", ogLocale: "hi_IN" },
  "kn-IN": { prefix: "kn", nativeName: "ಕನ್ನಡ", htmlLang: "kn-IN", ogLocale: "kn_IN" },
};

/** The translated languages (every language but the original). */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE) as Exclude<Locale, "en-IN">[];

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
