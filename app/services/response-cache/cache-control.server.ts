import { isAnonymousCookieHeader } from "./anonymous-visitor.server";

// The Cache-Control of public answers: what a route declares, and the one test of it that the cache and
// the document entry both use.

/** Browsers and CDNs may show a public answer up to 30 s old once while they fetch it again. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, stale-while-revalidate=30";

/**
 * Headers of a page or API answer that is the same for every anonymous visitor (a route's `headers`
 * export). Such a page may read no request header or cookie but the theme cookie. An error page
 * (a 404 of an unknown seller) is not public: `keepErrorAnswersPrivate` makes sure of it.
 */
export function publicCacheHeaders(args?: { errorHeaders?: Headers; actionHeaders?: Headers }): HeadersInit {
  if (args?.errorHeaders) return {};
  // A throttled post to a public form (contact, newsletter, a review) keeps its Retry-After.
  const retryAfter = args?.actionHeaders?.get("Retry-After");
  if (retryAfter) return { "Cache-Control": "no-store", "Retry-After": retryAfter };
  return { "Cache-Control": PUBLIC_CACHE_CONTROL, Vary: "Accept-Encoding, Cookie" };
}

/** Whether a Cache-Control value declares its answer public (the same for every anonymous visitor). */
export function isPublicCacheControl(value: string | number | string[] | null | undefined): boolean {
  return /^\s*public\b/i.test(String(value ?? ""));
}

/**
 * An error answer (status 400 or more: the 404 of an unknown or ended seller) is never public, whatever the
 * route declared: React Router calls a route's `headers` without `errorHeaders` when the thrown answer set
 * no header of its own, so `publicCacheHeaders` cannot tell it is answering an error.
 */
export function keepErrorAnswersPrivate(status: number, headers: Headers): void {
  if (status >= 400 && isPublicCacheControl(headers.get("Cache-Control"))) headers.set("Cache-Control", "no-store");
}

/** A page rendered for a visitor who is not anonymous may show their account: never public, whatever the route declares. */
export function keepSignedInPagesPrivate(request: Request, headers: Headers): void {
  if (!isAnonymousCookieHeader(request.headers.get("Cookie")) && isPublicCacheControl(headers.get("Cache-Control"))) {
    headers.set("Cache-Control", "private, no-cache");
  }
}
