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
import { IconSprite } from "~/components/icons";
import { useNonce } from "~/components/nonce";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { NewsletterForm } from "~/components/newsletter-form";
import { THEME_BOOT_SCRIPT, themeFromCookieHeader } from "~/lib/theme";
import { publicOrigin } from "~/services/public-url.server";
import { getSessionUser } from "~/services/session.server";
import appStyles from "~/styles/app.css?url";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  return {
    theme: themeFromCookieHeader(request.headers.get("Cookie")),
    // Only what the header shows; pages that need more load it themselves.
    user: user ? { name: user.name, role: user.role } : null,
    // For absolute addresses in page metadata (canonical, og:url, og:image, JSON-LD).
    origin: publicOrigin(request),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const theme = data?.theme ?? null;
  return (
    <html lang="en-IN" data-theme={theme ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b0265f" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        <FirstInvalidFieldScope>
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          <IconSprite />
          <SiteHeader theme={theme} account={data?.user ? <AccountNav user={data.user} /> : undefined} />
          <main id="main">{children}</main>
          <SiteFooter
            newsletter={
              <div className="footer-newsletter">
                <h2>Newsletter</h2>
                <p className="muted">Community news and new sellers, twice a month.</p>
                <NewsletterForm source="footer" />
              </div>
            }
          />
        </FirstInvalidFieldScope>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let message = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "Page not found";
      message = "The page you're looking for doesn't exist or has moved.";
    } else {
      title = `${error.status} ${error.statusText || "Error"}`;
      message = typeof error.data === "string" ? error.data : message;
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  return (
    <div className="container section empty-state">
      <title>{`${title} | BWP Directory`}</title>
      <meta name="robots" content="noindex" />
      <h1>{title}</h1>
      <p className="muted">{message}</p>
      <p>
        <Link to="/" className="btn btn-primary">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
