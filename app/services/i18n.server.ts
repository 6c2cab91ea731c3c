import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import {
  type CompiledMessage,
  createTranslator,
  localeForPrefix,
  type MessageKey,
  type PackedMessages,
  packMessages,
  type Translate,
} from "~/lib/i18n";
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, type Locale, servedLocales } from "~/lib/locales";
import { localizedName, type NamesByLanguage } from "~/lib/localized";
import { NAMESPACES, type Namespace } from "~/locales/catalogue";
import { config } from "./config.server";
import { logger } from "./logger.server";

// The catalogues (app/locales/<locale>/<namespace>.json, ICU MessageFormat), compiled once per process.
// English is complete (the catalogue check in `npm test` holds the others to its keys and arguments); a
// message missing from another language falls back to English, logged once.

type RawCatalogue = Record<string, string>;

// In the built server Vite inlines the files; scripts run by tsx (scripts/seller-mails.ts) have no
// import.meta.glob and read the same files through Node's JSON loading.
function catalogueFiles(): Record<string, RawCatalogue> {
  try {
    return import.meta.glob<RawCatalogue>("../locales/*/*.json", { eager: true, import: "default" });
  } catch {
    const require = createRequire(import.meta.url);
    const out: Record<string, RawCatalogue> = {};
    for (const locale of LOCALES)
      for (const namespace of NAMESPACES) {
        const path = `../locales/${locale}/${namespace}.json`;
        out[path] = require(path) as RawCatalogue;
      }
    return out;
  }
}
const files = catalogueFiles();

/** The raw catalogues: locale → namespace → key → ICU message (for the catalogue check and tools). */
export function rawCatalogues(): Record<string, Record<string, RawCatalogue>> {
  const out: Record<string, Record<string, RawCatalogue>> = {};
  for (const [path, messages] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    (out[match[1]] ??= {})[match[2]] = messages;
  }
  return out;
}

// Pseudo-language for the test that finds hard-coded text: every letter of a message accented, the message
// bracketed; placeholders and tags are left alone.
const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) => [
    c,
    [..."àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][i],
  ]),
);
type Token = string | [string, string?, Record<string, unknown>?];
function pseudoText(text: string): string {
  return text.replace(/<[^>]*>|[A-Za-z]/g, (m) => (m.length > 1 ? m : ACCENTED[m]));
}
function pseudoTokens(tokens: Token[]): Token[] {
  return tokens.map((token) => {
    if (typeof token === "string") return pseudoText(token);
    const [name, format, options] = token;
    if (!options) return token;
    const cases = Object.entries(options).map(([k, v]) => [
      k,
      Array.isArray(v) ? pseudoTokens(v as Token[]) : typeof v === "string" ? pseudoText(v) : v,
    ]);
    return [name, format, Object.fromEntries(cases)];
  });
}
function pseudo(message: CompiledMessage): CompiledMessage {
  const tokens = Array.isArray(message) ? (message as Token[]) : [String(message)];
  return ["[", ...pseudoTokens(tokens), "]"] as CompiledMessage;
}

type Compiled = Partial<Record<Locale, Map<string, CompiledMessage>>>;
let compiled: Compiled | undefined;
const warned = new Set<string>();

/**
 * Compiles raw catalogues (locale → namespace → key → message) of `locales` (the site's) from English's
 * keys: a message missing or empty in another language is English's, with one warning per language and
 * key in this process. The pseudo-language (lib/locales.ts) has no files: its messages are English's,
 * accented and bracketed.
 */
export function compileCatalogues(
  raw: Record<string, Record<string, RawCatalogue>>,
  options: {
    pseudoLocale?: boolean;
    locales?: readonly Locale[];
    warn?: (fields: { locale: Locale; key: string }, message: string) => void;
  } = {},
): Compiled {
  const warn = options.warn ?? ((fields, message) => logger.warn(fields, message));
  const result: Compiled = {};
  for (const locale of options.locales ?? LOCALES) {
    const map = new Map<string, CompiledMessage>();
    const pseudoLanguage = LOCALE_INFO[locale].pseudo;
    for (const [namespace, messages] of Object.entries(raw[DEFAULT_LOCALE] ?? {})) {
      const own = pseudoLanguage ? messages : (raw[locale]?.[namespace] ?? {});
      for (const [key, english] of Object.entries(messages)) {
        const id = `${namespace}.${key}`;
        let source = own[key];
        if (!source) {
          source = english;
          if (locale !== DEFAULT_LOCALE && !warned.has(`${locale}:${id}`)) {
            warned.add(`${locale}:${id}`);
            warn({ locale, key: id }, "translation missing; English shown");
          }
        }
        const message = compileMessage(source) as CompiledMessage;
        const accented = pseudoLanguage || (options.pseudoLocale && locale === DEFAULT_LOCALE);
        map.set(id, accented ? pseudo(message) : message);
      }
    }
    result[locale] = map;
  }
  return result;
}

/** The languages this site serves: the list's, and the pseudo-language with I18N_PSEUDO_LOCALE=1. */
export function siteLocales(): readonly Locale[] {
  return servedLocales(config().pseudoLanguage);
}

function compileAll(): Compiled {
  return compileCatalogues(rawCatalogues(), { pseudoLocale: config().pseudoLocale, locales: siteLocales() });
}

function catalogue(locale: Locale): Map<string, CompiledMessage> {
  compiled ??= compileAll();
  // A language this site does not serve (a stored one the list no longer has on): English.
  return compiled[locale] ?? compiled[DEFAULT_LOCALE]!;
}

const byNamespaces = new Map<string, PackedMessages>();

/** A page's messages in one language: only the namespaces it renders, packed for its data (`PackedMessages`). */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[]): PackedMessages {
  const cacheKey = `${locale}|${namespaces.join(",")}`;
  const cached = byNamespaces.get(cacheKey);
  if (cached) return cached;
  const prefixes = namespaces.map((ns) => `${ns}.`);
  const out: Record<string, CompiledMessage> = {};
  for (const [id, message] of catalogue(locale)) if (prefixes.some((p) => id.startsWith(p))) out[id] = message;
  const packed = packMessages(out);
  byNamespaces.set(cacheKey, packed);
  return packed;
}

const translators = new Map<Locale, Translate>();

/** A translator with every message of a language (server-side text: mails, titles, redirects' notices). */
export function translatorFor(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator(locale, Object.fromEntries(catalogue(locale)));
    translators.set(locale, t);
  }
  return t;
}

export type { MessageKey };

// The page's language, decided once per request (docs/decisions/205-languages-decided-once-per-request.md):
// the root's middleware reads the language layout's `:lang?` (English without one, and for every
// address outside the layout: /admin, /api, files) and keeps it in the request's router context;
// loaders, actions and services read it from there with `pageLocale(args)`, the page's components from
// the root's data (`useLocale()`), a `meta` from its matches (`translatorFromMatches`).
const pageLocaleContext = createContext<Locale>();
// The request's context for the few helpers handed only the request (forms.server.ts's refusals of a body,
// read before any route code): the router makes new Request objects on the way (an action's loaders get
// a copy), so the context travels with the request's asynchronous work instead.
const requestContexts = new AsyncLocalStorage<Readonly<RouterContextProvider>>();

/** The root's middleware: decides the request's language from the URL's prefix, once. */
export const decidePageLocale: MiddlewareFunction<Response> = ({ params, context }, next) => {
  context.set(pageLocaleContext, localeForPrefix(params.lang, siteLocales()) ?? DEFAULT_LOCALE);
  return requestContexts.run(context, next);
};

/** The page's language, as the root's middleware decided it for this request. */
export function pageLocale({ context }: { context: Readonly<RouterContextProvider> }): Locale {
  return context.get(pageLocaleContext);
}

/** The page's language for code that is handed no context (English outside a request: scripts). */
export function currentPageLocale(): Locale {
  const context = requestContexts.getStore();
  return context ? pageLocale({ context }) : DEFAULT_LOCALE;
}

/**
 * A category's or subcategory's name as a page of `locale` shows it (`localizedName`); in the
 * pseudo-language its English name is accented like a message, since staff's names are translated text.
 */
export function categoryName(row: NamesByLanguage, locale: Locale): string {
  const name = localizedName(row, locale);
  return LOCALE_INFO[locale].pseudo || (config().pseudoLocale && locale === DEFAULT_LOCALE) ? pseudoText(name) : name;
}

/**
 * Names stored in English (a seller's `category_list`, a search's closest categories) as a page of
 * `locale` shows them, looked up among the catalogue's rows; a name not among them stays as it is.
 */
export function categoryNames(rows: readonly NamesByLanguage[], locale: Locale): (english: string) => string {
  const byName = new Map(rows.map((row) => [row.name, categoryName(row, locale)]));
  return (english) => byName.get(english) ?? english;
}
