import { createContext, Fragment, useContext, useMemo } from "react";
import { Link, useLocation, useMatches } from "react-router";
import {
  createTranslator,
  type MessageKey,
  type MessageValues,
  pageLanguage,
  type Translate,
  unprefixedPath,
} from "~/lib/i18n";
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, type Locale, localePath } from "~/lib/locales";
import { useMenuDisclosure } from "./disclosure";
import { GlobeIcon } from "./icons";

// The page's language in React: `useT()` for text, `useLocale()` and `useLocalePath()` for links that stay
// in the page's language, `<T>` for a message with links or emphasis inside, and the language switcher.

type I18nValue = { locale: Locale; locales: readonly Locale[]; t: Translate };
const I18nContext = createContext<I18nValue>({
  locale: DEFAULT_LOCALE,
  locales: LOCALES,
  t: createTranslator(DEFAULT_LOCALE, {}),
});

/** Gathers the messages every matched route sent (root: the shared ones) into one translator. */
export function I18nProvider({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  // A new translator when the matches change (a navigation or revalidation), not on every render.
  const value = useMemo(() => {
    const { locale, locales, messages } = pageLanguage(matches);
    return { locale, locales, t: createTranslator(locale, messages) };
  }, [matches]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useT(): Translate {
  return useContext(I18nContext).t;
}

export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}

/** The site's languages, in the list's order (the root's data: the pseudo-language too where it is on). */
export function useLocales(): readonly Locale[] {
  return useContext(I18nContext).locales;
}

/** A site path in the page's language (`/directory` → `/hi/directory` on a Hindi page). */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localePath(locale, path);
}

// Values are text: a `<` in one must not open a tag of the message.
const LT = "\uE000";

/**
 * A message with elements inside: `"Read <terms>the terms</terms>"` with `components={{ terms: (text) =>
 * <Link to="/terms">{text}</Link> }}`. Tags without a component are shown as their text.
 */
export function T({
  k,
  values,
  components = {},
}: {
  k: MessageKey;
  values?: MessageValues;
  components?: Record<string, (children: React.ReactNode) => React.ReactNode>;
}) {
  const t = useT();
  const safe = values
    ? Object.fromEntries(Object.entries(values).map(([n, v]) => [n, typeof v === "string" ? v.replaceAll("<", LT) : v]))
    : undefined;
  const text = t(k, safe);
  const out: React.ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index).replaceAll(LT, "<"));
    const inner = m[2].replaceAll(LT, "<");
    const render = components[m[1]];
    out.push(<Fragment key={m.index}>{render ? render(inner) : inner}</Fragment>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last).replaceAll(LT, "<"));
  return <>{out}</>;
}

/** Links to this page (same query) in the other languages, each named in its own script. */
export function LanguageSwitcher({
  className,
  label = "common.language.label",
}: {
  className?: string;
  /** Its name as a landmark (the header's and the footer's differ). */
  label?: MessageKey;
}) {
  const t = useT();
  const current = useLocale();
  const locales = useLocales();
  const location = useLocation();
  const path = unprefixedPath(location.pathname, current);
  return (
    <nav aria-label={t(label)} className={className ?? "language-switcher"}>
      <ul>
        {locales.map((locale) => (
          <li key={locale}>
            <Link
              to={localePath(locale, path) + location.search}
              lang={LOCALE_INFO[locale].htmlLang}
              hrefLang={LOCALE_INFO[locale].htmlLang}
              translate="no"
              aria-current={locale === current ? "page" : undefined}
            >
              {LOCALE_INFO[locale].nativeName}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The header's switcher: the current language on a button that opens a link per language. A <details>
 * disclosure, so it opens without JavaScript and by keyboard, and the crowded header keeps one button.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const t = useT();
  const current = useLocale();
  const ref = useMenuDisclosure();
  return (
    <details ref={ref} className={`language-menu${className ? ` ${className}` : ""}`}>
      <summary className="btn btn-ghost btn-sm">
        <GlobeIcon />
        <span className="visually-hidden">{t("common.language.label")}: </span>
        <span lang={LOCALE_INFO[current].htmlLang} translate="no">
          {LOCALE_INFO[current].nativeName}
        </span>
      </summary>
      <LanguageSwitcher className="language-switcher language-menu-panel" />
    </details>
  );
}
