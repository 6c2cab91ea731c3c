import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { AccountNav } from "~/components/account-nav";
import { FirstInvalidFieldScope } from "~/components/first-invalid-field";
import { I18nProvider, useLocalePath, useT } from "~/components/i18n";
import { useNonce } from "~/components/nonce";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { NewsletterForm } from "~/components/newsletter-form";
import { DEFAULT_LOCALE, LOCALE_INFO } from "~/lib/locales";
import { THEME_BOOT_SCRIPT, themeFromCookieHeader } from "~/lib/theme";
import { SHARED_NAMESPACES } from "~/locales/catalogue";
import { decidePageLocale, messagesFor, pageLocale, siteLocales } from "~/services/i18n.server";
import { shareCardLanguage, siteShareImagePath } from "~/services/share-card.server";
import { publicOrigin } from "~/services/public-url.server";
import { getSessionUser } from "~/services/session.server";
import appStyles from "~/styles/app.css?url";
import type { Route } from "./+types/root";
import { useEffect } from "react";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// The page's language, decided once for the request before any loader or action runs (an unknown
// prefix is English here and a 404 from the language layout).
export const middleware = [decidePageLocale];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const locale = pageLocale({ context });
  return {
    locale,
    // The site's languages (the switcher's, the alternates'): the pseudo-language too where it is on.
    locales: siteLocales(),
    messages: messagesFor(locale, SHARED_NAMESPACES),
    theme: themeFromCookieHeader(request.headers.get("Cookie")),
    // Only what the header shows; pages that need more load it themselves.
    user: user ? { name: user.name, role: user.role } : null,
    // For absolute addresses in page metadata (canonical, og:url, og:image, JSON-LD).
    origin: publicOrigin(request),
    // The site's share card in the page's language when the server has the fonts to draw it, else English.
    siteShareImage: siteShareImagePath(await shareCardLanguage(locale)),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const theme = data?.theme ?? null;
  const locale = data?.locale ?? DEFAULT_LOCALE;
  // Marks the document once React has hydrated it (the layout's effect runs after every child's): the
  // accessibility walk reads a page only then, not while hydration still changes it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={LOCALE_INFO[locale].htmlLang} data-theme={theme ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b0265f" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider>
          <FirstInvalidFieldScope>
            <SkipLink />
            <SiteHeader theme={theme} account={data?.user ? <AccountNav user={data.user} /> : undefined} />
            <main id="main">{children}</main>
            <SiteFooter newsletter={<FooterNewsletter />} />
          </FirstInvalidFieldScope>
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SkipLink() {
  const t = useT();
  return (
    <a href="#main" className="skip-link">
      {t("common.skipToContent")}
    </a>
  );
}

function FooterNewsletter() {
  const t = useT();
  return (
    <div className="footer-newsletter">
      <h2>{t("common.footer.newsletter")}</h2>
      <p className="muted">{t("common.footer.newsletterText")}</p>
      <NewsletterForm source="footer" />
    </div>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const home = useLocalePath()("/");
  let title = t("common.error.title");
  let message = t("common.error.message");
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = t("common.error.notFoundTitle");
      message = t("common.error.notFoundMessage");
    } else {
      title = t("common.error.statusTitle", { status: error.status, statusText: error.statusText || "Error" });
      message = typeof error.data === "string" ? error.data : message;
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  return (
    <div className="container section empty-state">
      <title>{t("common.meta.titleSuffix", { title })}</title>
      <meta name="robots" content="noindex" />
      <h1>{title}</h1>
      <p className="muted">{message}</p>
      <p>
        <Link to={home} className="btn btn-primary">
          {t("common.error.home")}
        </Link>
      </p>
    </div>
  );
}
