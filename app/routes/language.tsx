import { data } from "react-router";
import { localeForPrefix } from "~/lib/i18n";
import { messagesFor, pageLocale, siteLocales } from "~/services/i18n.server";
import type { Route } from "./+types/language";

// The language layout of every public and seller page: `/hi/…` and `/kn/…` (each language's prefix in
// lib/locales.ts), or no prefix for English.
// Any other first segment that reached here (`/fr/directory`, `/fr/seller-dashboard`) is not a page: a
// 404, in English.

// Any other prefix: a page's own answer must not win over the 404. A post is answered 404 before any action
// runs. A GET runs the loaders, so that the 404 below renders in the site's frame with the root's data (React
// Router runs no loader at all when a middleware throws before them); a page loader's redirect (the
// dashboard's to sign in) would win over that 404, so it is answered as a plain 404 instead.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ params, request }, next) => {
    if (localeForPrefix(params.lang, siteLocales())) return next();
    if (request.method !== "GET" && request.method !== "HEAD") return notFound();
    const response = await next();
    return response.status >= 300 && response.status < 400 ? notFound() : response;
  },
];

function notFound(): Response {
  return new Response("Page not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function loader(args: Route.LoaderArgs) {
  if (!localeForPrefix(args.params.lang, siteLocales())) throw data("Not found", { status: 404 });
  // The forms' messages (validation, refusals): the field components of every public and seller form show
  // them (lib/form-messages.ts), whichever page renders the form.
  return { messages: messagesFor(pageLocale(args), ["forms"]) };
}

// No component: React Router renders the child route in its place, and the browser downloads nothing for it.
