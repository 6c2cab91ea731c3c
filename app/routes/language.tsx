import { localeForPrefix } from "~/lib/i18n";
import { messagesFor, pageLocale, siteLocales } from "~/services/i18n.server";
import type { Route } from "./+types/language";

// The language layout of every public and seller page: `/hi/…` and `/kn/…` (each language's prefix in
// lib/locales.ts), or no prefix for English.
// Any other first segment that reached here (`/fr/directory`, `/fr/seller-dashboard`) is not a page: a
// 404, in English.

/** The 404 of an unknown prefix, or nothing under a known one: the one rule, for the middleware and the loader. */
function unknownPrefix(params: { lang?: string }): Response | undefined {
  if (localeForPrefix(params.lang, siteLocales())) return undefined;
  return new Response("Page not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

// Under an unknown prefix a page's own answer must not win over the 404. A post is answered with it before
// any action runs. A GET runs the loaders, so that the 404 renders in the site's frame with the root's data
// (React Router runs no loader at all when a middleware answers before them): this layout's loader throws
// it, and the root's error boundary draws the page. A page loader's redirect (the dashboard's to sign in)
// would still win over that, so it is answered with the plain 404 instead.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ params, request }, next) => {
    const notFound = unknownPrefix(params);
    if (!notFound) return next();
    if (request.method !== "GET" && request.method !== "HEAD") return notFound;
    const response = await next();
    return response.status >= 300 && response.status < 400 ? notFound : response;
  },
];

export function loader(args: Route.LoaderArgs) {
  const notFound = unknownPrefix(args.params);
  if (notFound) throw notFound;
  // The forms' messages (validation, refusals): the field components of every public and seller form show
  // them (lib/form-messages.ts), whichever page renders the form.
  return { messages: messagesFor(pageLocale(args), ["forms"]) };
}

// No component: React Router renders the child route in its place, and the browser downloads nothing for it.
