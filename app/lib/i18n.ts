import type { MessageKey, Namespace } from "~/locales/catalogue";
import { boundedMemo } from "./bounded-memo";
import { formatCount } from "./format";
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, type Locale } from "./locales";

// Translation for server and browser alike: ICU MessageFormat catalogues, compiled on the server by
// Lingui's compiler (services/i18n.server.ts) and sent with the page's data; `formatMessage` below reads
// Lingui's compiled form. It is Lingui's runtime in 0.4 KB instead of 2 KB of the first visit's JavaScript
// (docs/decisions/187-languages-lingui-catalogues-in-page-data.md); tests/unit/catalogues.test.ts holds the two to the same
// output for every message of every language.

export type { MessageKey, Namespace };
export type MessageValues = Record<string, string | number | Date | null | undefined>;
/** A message compiled by Lingui: text, or tokens (`[name]`, `[name, "number"]`, `[name, "plural", cases]`). */
export type CompiledMessage = string | Token[];
type Token = string | [string, string?, unknown?];
/** A page's messages: compiled, by key (`common.nav.directory`), for one language. */
export type PageMessages = Record<string, CompiledMessage>;

/**
 * A route's messages as its loader sends them: the record as one JSON text (`messagesFor` on the server). React
 * Router's page data (turbo-stream) encodes a text in one step, where a record of compiled messages cost it a
 * walk of every token of every message on every render (docs/performance.md).
 */
export type PackedMessages = string & { readonly __packedMessages: true };

/** Packs a record of messages for a loader's data (the server keeps each pack; see `messagesFor`). */
export function packMessages(messages: PageMessages): PackedMessages {
  return JSON.stringify(messages) as PackedMessages;
}

/**
 * A route's messages from its loader's data, read once per distinct pack (a server has one per language and
 * set of namespaces, a browser those of the pages it visited): the same record each time, so merging them is
 * remembered too (`mergedMessages`). At most 256 kept.
 */
const unpackMessages = boundedMemo(256, (packed: PackedMessages) => JSON.parse(packed) as PageMessages);

export type Translate = (key: MessageKey, values?: MessageValues) => string;

const POUND = "\u0000#";
const DATE_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  default: { day: "numeric", month: "short", year: "numeric" },
  short: { day: "numeric", month: "numeric", year: "numeric" },
  long: { day: "numeric", month: "long", year: "numeric" },
  full: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
};

// Intl's constructors cost far more than a format (a directory render made hundreds: 11 % of its CPU time), so
// each is made once per language and style; the styles come from the catalogues, so the map stays small.
const formatters = new Map<string, Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}

function formatOne(locale: Locale, type: string, value: unknown, style: unknown, values: MessageValues): string {
  if (type === "plural" || type === "selectordinal") {
    const cases = style as Record<string, Token[] | number>;
    const n = Number(value) - ((cases.offset as number | undefined) ?? 0);
    const kind = type === "plural" ? "cardinal" : "ordinal";
    const rule = formatter(`${kind} ${locale}`, () => new Intl.PluralRules(locale, { type: kind })).select(n);
    const branch = (cases[String(value)] ?? cases[rule] ?? cases.other) as Token[];
    return formatTokens(locale, branch, values, true).replaceAll(POUND, formatCount(n, locale));
  }
  if (type === "select") {
    const cases = style as Record<string, Token[]>;
    return formatTokens(locale, cases[String(value)] ?? cases.other, values);
  }
  if (type === "number") {
    const named = typeof style === "string" ? style : "";
    if (!named) return formatCount(Number(value), locale);
    return formatter(
      `number ${locale} ${named}`,
      () => new Intl.NumberFormat(locale, named ? { style: named as "percent" } : undefined),
    ).format(Number(value));
  }
  const date = typeof value === "string" ? new Date(value) : (value as Date);
  const named = typeof style === "string" ? style : "default";
  const options =
    type === "time"
      ? { hour: "numeric", minute: "numeric", ...(style === "short" ? {} : { second: "numeric" }) }
      : DATE_STYLES[named];
  return formatter(
    `${type === "time" ? "time" : "date"} ${locale} ${named}`,
    () => new Intl.DateTimeFormat(locale, options as Intl.DateTimeFormatOptions),
  ).format(date);
}

function formatTokens(locale: Locale, tokens: CompiledMessage, values: MessageValues, inPlural = false): string {
  if (!Array.isArray(tokens)) return tokens;
  let out = "";
  for (const token of tokens) {
    if (typeof token === "string") out += inPlural && token === "#" ? POUND : token;
    else {
      const [name, type, style] = token;
      const value = values[name];
      if (value == null) continue;
      out += type ? formatOne(locale, type, value, style, values) : String(value);
    }
  }
  return out;
}

/** A compiled message with its values, in a language's grammar (plurals) and formats (Indian grouping, dates). */
export function formatMessage(locale: Locale, message: CompiledMessage, values: MessageValues = {}): string {
  return formatTokens(locale, message, values);
}

/** The language-neutral path of a page of `locale` (`/hi/directory` → `/directory`, `/hi` → `/`). */
export function unprefixedPath(pathname: string, locale: Locale): string {
  const prefix = LOCALE_INFO[locale].prefix;
  if (!prefix || !(pathname === `/${prefix}` || pathname.startsWith(`/${prefix}/`))) return pathname;
  return pathname.slice(prefix.length + 1) || "/";
}

/** The language of `locales` (the site's) for a URL prefix (`hi` → hi-IN); undefined for an unknown one. */
export function localeForPrefix(prefix: string | undefined, locales: readonly Locale[]): Locale | undefined {
  if (prefix === undefined) return DEFAULT_LOCALE;
  return locales.find((locale) => LOCALE_INFO[locale].prefix && LOCALE_INFO[locale].prefix === prefix);
}

/** A translator over compiled messages; a key without a message shows the key (the catalogue check prevents it). */
export function createTranslator(locale: Locale, messages: PageMessages): Translate {
  return (key, values) => {
    const message = messages[key];
    return message === undefined ? key : formatMessage(locale, message, values);
  };
}

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/**
 * The page's language and messages in the browser: the language the root's middleware decided and the
 * site's languages (the switcher's, the alternates'), as the root's data carries them
 * (docs/decisions/205-languages-decided-once-per-request.md), and the messages each matched route sent
 * (`messages`).
 */
export function pageLanguage(matches: readonly MatchLike[]): {
  locale: Locale;
  locales: readonly Locale[];
  messages: PageMessages;
} {
  let locale: Locale = DEFAULT_LOCALE;
  let locales: readonly Locale[] = LOCALES;
  const parts: PageMessages[] = [];
  for (const match of matches) {
    const data = (match?.loaderData ?? match?.data) as
      { locale?: Locale; locales?: readonly Locale[]; messages?: PackedMessages } | undefined;
    if (!data || typeof data !== "object") continue;
    if (match?.id === "root" && data.locale) locale = data.locale;
    if (match?.id === "root" && data.locales) locales = data.locales;
    if (data.messages) parts.push(unpackMessages(data.messages));
  }
  return { locale, locales, messages: mergedMessages(parts) };
}

type MergedNode = { next: WeakMap<PageMessages, MergedNode>; merged?: PageMessages };
const mergedRoot: MergedNode = { next: new WeakMap() };

/**
 * The routes' messages as one record, merged once per list of records: a render asks for it several times (the
 * provider, `meta`, the page's SEO tags), each with the same records (the server's are cached per language and
 * namespaces, the browser's are the loaders' data), and merging ~400 messages each time was ~3 % of a render.
 */
function mergedMessages(parts: readonly PageMessages[]): PageMessages {
  let node = mergedRoot;
  for (const part of parts) {
    let next = node.next.get(part);
    if (!next) {
      next = { next: new WeakMap() };
      node.next.set(part, next);
    }
    node = next;
  }
  node.merged ??= Object.assign({}, ...parts) as PageMessages;
  return node.merged;
}

/** A translator for a route's `meta` (its matches carry the messages the loaders sent). */
export function translatorFromMatches(matches: readonly MatchLike[]): Translate {
  const { locale, messages } = pageLanguage(matches);
  return createTranslator(locale, messages);
}
