import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { MessageKey, Namespace } from "~/locales/catalogue";
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, type Locale } from "./locales";

// Translation for server and browser alike: ICU MessageFormat catalogues, compiled on the server
// (services/i18n.server.ts) and sent with the page's data, formatted by Lingui's runtime.

export type { MessageKey, Namespace };
export type MessageValues = Record<string, string | number | Date | null | undefined>;
/** A page's messages: compiled, by key (`common.nav.directory`), for one language. */
export type PageMessages = Messages;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The language of a site path: `/hi/…` → hi-IN, `/kn/…` → kn-IN, anything else English. */
export function localeFromPathname(pathname: string): Locale {
  const first = pathname.split("/", 2)[1];
  for (const locale of LOCALES) if (LOCALE_INFO[locale].prefix && LOCALE_INFO[locale].prefix === first) return locale;
  return DEFAULT_LOCALE;
}

/** The language-neutral path of a site path (`/hi/directory` → `/directory`, `/hi` → `/`). */
export function unprefixedPath(pathname: string): string {
  const locale = localeFromPathname(pathname);
  const prefix = LOCALE_INFO[locale].prefix;
  if (!prefix) return pathname;
  return pathname.slice(prefix.length + 1) || "/";
}

/** The language for a URL prefix (`hi` → hi-IN); undefined for none or an unknown one. */
export function localeForPrefix(prefix: string | undefined): Locale | undefined {
  if (prefix === undefined) return DEFAULT_LOCALE;
  return LOCALES.find((locale) => LOCALE_INFO[locale].prefix && LOCALE_INFO[locale].prefix === prefix);
}

/** A translator over compiled messages; a key without a message shows the key (the catalogue check prevents it). */
export function createTranslator(locale: Locale, messages: PageMessages): Translate & { i18n: I18n } {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  const t = ((key: MessageKey, values?: MessageValues) =>
    i18n._(key, values as Record<string, unknown>)) as Translate & {
    i18n: I18n;
  };
  t.i18n = i18n;
  return t;
}

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** The page's language and messages, from the root's and each route's loader data (`messages`). */
export function pageLanguage(matches: readonly MatchLike[]): { locale: Locale; messages: PageMessages } {
  let locale: Locale = DEFAULT_LOCALE;
  const messages: PageMessages = {};
  for (const match of matches) {
    const data = (match?.loaderData ?? match?.data) as { locale?: Locale; messages?: PageMessages } | undefined;
    if (!data || typeof data !== "object") continue;
    if (match?.id === "root" && data.locale) locale = data.locale;
    if (data.messages) Object.assign(messages, data.messages);
  }
  return { locale, messages };
}

/** A translator for a route's `meta` (its matches carry the messages the loaders sent). */
export function translatorFromMatches(matches: readonly MatchLike[]): Translate {
  const { locale, messages } = pageLanguage(matches);
  return createTranslator(locale, messages);
}
