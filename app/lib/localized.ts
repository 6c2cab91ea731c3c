import {
  type ColumnLanguage,
  columnLanguageOf,
  type ContentLanguage,
  DEFAULT_LOCALE,
  LOCALE_INFO,
  type Locale,
  NAME_COLUMNS,
  type NameColumn,
  SCRIPT_LOCALES,
} from "./locales";

// Stored text in the site's languages (docs/decisions/189-languages-columns-per-language.md): the
// catalogue's names (English required, one optional column per language that has columns) and a seller's
// tagline and description (her original, in whatever script she wrote it, and her optional versions in
// those languages). A language without columns (docs/decisions/210-languages-list-drives-columns-and-a-test-language.md)
// shows the English names and her original. Pure functions, so every public page picks the same text the same way.

export type { ContentLanguage };

/** A page locale's content language: `hi-IN` → `hi`. */
export function contentLanguageOf(locale: Locale): ContentLanguage {
  return LOCALE_INFO[locale].language;
}

/** A catalogue row's names: the English one, and one per column language when staff gave it (`name_hi`). */
export type NamesByLanguage = { name: string } & { [L in ColumnLanguage as `name_${L}`]?: string | null };

/** A catalogue row's names in the column languages as selected (null: none, the English name stands). */
export type TranslatedNames = Record<NameColumn, string | null>;

/** A row without its names in the column languages (the `/api` answers: English only, the spec's fields). */
export function withoutTranslatedNames<T extends TranslatedNames>(row: T): Omit<T, NameColumn> {
  const rest: Partial<T> = { ...row };
  for (const column of NAME_COLUMNS) delete rest[column];
  return rest as Omit<T, NameColumn>;
}

/** A category's or subcategory's name for a page's locale, the English name when it has none in that language. */
export function localizedName(row: NamesByLanguage, locale: Locale): string {
  const language = columnLanguageOf(locale);
  const translated = language ? row[`name_${language}`] : null;
  return translated?.trim() ? translated : row.name;
}

const LETTER = /^[\p{L}\p{M}]$/u;
const SCRIPTS = SCRIPT_LOCALES.map((locale) => ({
  language: LOCALE_INFO[locale].language,
  ranges: LOCALE_INFO[locale].script.ranges,
}));
/** A character at or above the lowest code point of any script's ranges. */
const BEYOND_LATIN = new RegExp(
  `[^\\u0000-\\u{${(Math.min(...SCRIPTS.flatMap(({ ranges }) => ranges.map(([from]) => from))) - 1).toString(16)}}]`,
  "u",
);

/**
 * The language a text is written in, told by its script (lib/locales.ts): mostly (more than half of its
 * letters) Devanagari is Hindi, mostly Kannada script is Kannada, anything else (Latin, mixed, no letters)
 * English. A seller's original needs no language field of its own this way.
 */
export function languageOfScript(text: string): ContentLanguage {
  // Most texts have no character in any script's ranges (Latin): English without looking at each letter.
  if (!BEYOND_LATIN.test(text)) return "en";
  let letters = 0;
  const counts = SCRIPTS.map(() => 0);
  for (const char of text) {
    if (!LETTER.test(char)) continue;
    letters++;
    const code = char.codePointAt(0)!;
    const script = SCRIPTS.findIndex(({ ranges }) => ranges.some(([from, to]) => code >= from && code <= to));
    if (script >= 0) counts[script]++;
  }
  const most = counts.findIndex((count) => count * 2 > letters);
  return most >= 0 ? SCRIPTS[most].language : "en";
}

/** A seller's text in one language as shown: what it says and the language it is in. */
export type ShownText = { text: string; lang: ContentLanguage };

/**
 * A seller's text for a page's locale: her version in the page's language when she wrote one, else her
 * original (in the language its script tells). Null when there is no original and no fitting version.
 */
export function localizedText(
  original: string | null,
  translations: Record<ColumnLanguage, string | null>,
  locale: Locale,
): ShownText | null {
  const language = columnLanguageOf(locale);
  const translated = language ? translations[language] : null;
  if (language && translated?.trim()) return { text: translated, lang: language };
  if (!original?.trim()) return null;
  return { text: original, lang: languageOfScript(original) };
}

/**
 * The `lang` attribute an element of shown text needs on a page of `locale`: none when the text is in the
 * page's own language (the page's `<html lang>` says it), else the text's language.
 */
export function langAttribute(shown: ShownText, locale: Locale = DEFAULT_LOCALE): { lang?: ContentLanguage } {
  return LOCALE_INFO[locale].language === shown.lang ? {} : { lang: shown.lang };
}

/** A seller's tagline and description with her versions of them (the shape of the public seller). */
export type SellerTextsSource = {
  tagline: string | null;
  description: string | null;
  translations: {
    tagline: Record<ColumnLanguage, string | null>;
    description: Record<ColumnLanguage, string | null>;
  };
};

/** A seller's tagline and description as a page of `locale` shows them. */
export function sellerTexts(seller: SellerTextsSource, locale: Locale) {
  return {
    tagline: localizedText(seller.tagline, seller.translations.tagline, locale),
    description: localizedText(seller.description, seller.translations.description, locale),
  };
}
