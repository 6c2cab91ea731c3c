import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from "./locales";

// Stored text in the site's three languages (docs/decisions/189-languages-columns-per-language.md): the
// catalogue's names (English required, Hindi and Kannada optional) and a seller's tagline and description
// (her original, in whatever script she wrote it, and her optional Hindi and Kannada versions). Pure
// functions, so every public page picks the same text the same way.

/** The language of a stored text, as an HTML `lang` value. */
export type ContentLanguage = "en" | "hi" | "kn";

/** The column suffix and `lang` of each translated locale. */
const LANGUAGE_OF: Record<Locale, ContentLanguage> = { "en-IN": "en", "hi-IN": "hi", "kn-IN": "kn" };

/** A page locale's content language: `hi-IN` → `hi`. */
export function contentLanguageOf(locale: Locale): ContentLanguage {
  return LANGUAGE_OF[locale];
}

/** A catalogue row's names: the English one, and the Hindi and Kannada ones when staff gave them. */
export type NamesByLanguage = { name: string; name_hi?: string | null; name_kn?: string | null };

/** A category's or subcategory's name for a page's locale, the English name when it has none in that language. */
export function localizedName(row: NamesByLanguage, locale: Locale): string {
  const language = LANGUAGE_OF[locale];
  const translated = language === "hi" ? row.name_hi : language === "kn" ? row.name_kn : null;
  return translated?.trim() ? translated : row.name;
}

const LETTER = /^[\p{L}\p{M}]$/u;
/** Devanagari and Devanagari Extended. */
const isDevanagari = (code: number) => (code >= 0x0900 && code <= 0x097f) || (code >= 0xa8e0 && code <= 0xa8ff);
const isKannada = (code: number) => code >= 0x0c80 && code <= 0x0cff;

/**
 * The language a text is written in, told by its script: mostly (more than half of its letters)
 * Devanagari is Hindi, mostly Kannada script is Kannada, anything else (Latin, mixed, no letters) English.
 * A seller's original needs no language field of its own this way.
 */
export function languageOfScript(text: string): ContentLanguage {
  let letters = 0;
  let devanagari = 0;
  let kannada = 0;
  for (const char of text) {
    if (!LETTER.test(char)) continue;
    letters++;
    const code = char.codePointAt(0)!;
    if (isDevanagari(code)) devanagari++;
    else if (isKannada(code)) kannada++;
  }
  if (devanagari * 2 > letters) return "hi";
  if (kannada * 2 > letters) return "kn";
  return "en";
}

/** A seller's text in one language as shown: what it says and the language it is in. */
export type ShownText = { text: string; lang: ContentLanguage };

/**
 * A seller's text for a page's locale: her version in the page's language when she wrote one, else her
 * original (in the language its script tells). Null when there is no original and no fitting version.
 */
export function localizedText(
  original: string | null,
  translations: { hi: string | null; kn: string | null },
  locale: Locale,
): ShownText | null {
  const language = LANGUAGE_OF[locale];
  const translated = language === "hi" ? translations.hi : language === "kn" ? translations.kn : null;
  if (translated?.trim()) return { text: translated, lang: language };
  if (!original?.trim()) return null;
  return { text: original, lang: languageOfScript(original) };
}

/**
 * The `lang` attribute an element of shown text needs on a page of `locale`: none when the text is in the
 * page's own language (the page's `<html lang>` says it), else the text's language.
 */
export function langAttribute(shown: ShownText, locale: Locale = DEFAULT_LOCALE): { lang?: ContentLanguage } {
  return LANGUAGE_OF[locale] === shown.lang ? {} : { lang: shown.lang };
}

/** The locales a seller can choose for her account, with their names in their own script. */
export const LANGUAGE_CHOICES = (Object.keys(LOCALE_INFO) as Locale[]).map((value) => ({
  value,
  label: LOCALE_INFO[value].nativeName,
}));

/** A seller's tagline and description with her versions of them (the shape of the public seller). */
export type SellerTextsSource = {
  tagline: string | null;
  description: string | null;
  translations: {
    tagline: { hi: string | null; kn: string | null };
    description: { hi: string | null; kn: string | null };
  };
};

/** A seller's tagline and description as a page of `locale` shows them. */
export function sellerTexts(seller: SellerTextsSource, locale: Locale) {
  return {
    tagline: localizedText(seller.tagline, seller.translations.tagline, locale),
    description: localizedText(seller.description, seller.translations.description, locale),
  };
}
