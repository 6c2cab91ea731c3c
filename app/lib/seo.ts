import type { MetaDescriptor } from "react-router";
import { SITE_NAME } from "./constants";
import { pageLanguage } from "./i18n";
import { DEFAULT_LOCALE, LOCALE_INFO, localePath } from "./locales";

// Per-page metadata: every public route's `meta` calls `pageMeta` (title, description, canonical,
// Open Graph, Twitter card); private pages call `privatePageMeta`. The site's public origin comes from
// the root loader (`publicOrigin`: PUBLIC_URL or the request's origin), so canonical and og:url are absolute.

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
/** The site's own share card (home and the pages without a card of their own). */
export const SITE_SHARE_IMAGE_PATH = "/share/site.jpg";

export type Robots = "noindex" | "noindex,follow";

export interface ShareImage {
  /** a path on this site (made absolute with the origin) */
  path: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface PageSeo {
  /** the page's own title, without the site name */
  title: string;
  description: string;
  /**
   * path plus only the query parameters that define the page, without the language prefix (the page's
   * language is added, with its alternates in the other languages); omitted on pages that are not indexed
   */
  path?: string;
  type?: "website" | "profile";
  image?: ShareImage;
  robots?: Robots;
}

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** The public origin the root loader found for this request ("" when it is not known, as in an error before the root loaded). */
export function originFromMatches(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { origin?: unknown } | undefined;
  return typeof data?.origin === "string" ? data.origin : "";
}

/** The site's share card for this page's language, as the root loader chose it (English when the server cannot draw the language). */
function siteShareImageFromMatches(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { siteShareImage?: unknown } | undefined;
  return typeof data?.siteShareImage === "string" ? data.siteShareImage : SITE_SHARE_IMAGE_PATH;
}

export function fullTitle(title: string): string {
  return title === SITE_NAME || title.endsWith(`| ${SITE_NAME}`) ? title : `${title} | ${SITE_NAME}`;
}

export function pageMeta(matches: readonly MatchLike[], seo: PageSeo): MetaDescriptor[] {
  const origin = originFromMatches(matches);
  const { locale, locales } = pageLanguage(matches);
  const title = fullTitle(seo.title);
  const image = seo.image ?? {
    path: siteShareImageFromMatches(matches),
    alt: `${SITE_NAME}: discover women-led businesses`,
  };
  const imageUrl = `${origin}${image.path}`;
  const meta: MetaDescriptor[] = [{ title }, { name: "description", content: seo.description }];
  if (seo.robots) meta.push({ name: "robots", content: seo.robots });
  if (seo.path !== undefined) {
    const path = seo.path;
    const url = `${origin}${localePath(locale, path)}`;
    meta.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
    // The page in every language, and English for everyone else (x-default).
    for (const other of locales)
      meta.push({
        tagName: "link",
        rel: "alternate",
        hrefLang: LOCALE_INFO[other].htmlLang,
        href: `${origin}${localePath(other, path)}`,
      });
    meta.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: `${origin}${localePath(DEFAULT_LOCALE, path)}`,
    });
  }
  meta.push(
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: LOCALE_INFO[locale].ogLocale },
    ...locales
      .filter((l) => l !== locale)
      .map((l) => ({
        property: "og:locale:alternate",
        content: LOCALE_INFO[l].ogLocale,
      })),
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: String(image.width ?? SHARE_IMAGE_WIDTH) },
    { property: "og:image:height", content: String(image.height ?? SHARE_IMAGE_HEIGHT) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
  );
  return meta;
}

/** Admin, account and form-result pages: a title and `noindex`, nothing to share. */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title: fullTitle(title) }, { name: "robots", content: "noindex" }];
}

/** The directory's page-defining parameters, in one order (view, unknown parameters and page 1 are not among them). */
export function directoryPath(q: { search?: string; category?: string; city?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (q.search) params.set("search", q.search);
  if (q.category) params.set("category", q.category);
  if (q.city) params.set("city", q.city);
  if (q.page && q.page > 1) params.set("page", String(q.page));
  const qs = params.toString();
  return qs ? `/directory?${qs}` : "/directory";
}

/**
 * Which directory listings search engines should index: the landing pages of a category, a city, or a
 * category in a city (what the sitemap lists), on their first page. A search text or a later page is
 * `noindex,follow` (the sellers it links to are still found), and so is a listing with no seller.
 */
export function directoryRobots(q: {
  search?: string;
  category?: string;
  city?: string;
  page?: number;
  total?: number;
}): Robots | undefined {
  if (q.search || (q.page ?? 1) > 1 || q.total === 0) return "noindex,follow";
  return undefined;
}

/** "Home Bakers in Koramangala, Bangalore": what and where, for the title and share texts. */
export function sellerSummary(s: { category_list: string[]; locality: string | null; city: string }): string {
  const place = [s.locality, s.city].filter(Boolean).join(", ");
  return s.category_list[0] ? `${s.category_list[0]} in ${place}` : `Women-led business in ${place}`;
}

/** The text shared with a profile's address ("Share" on the profile, and its WhatsApp share link). */
export function sellerShareText(s: {
  display_name: string;
  category_list: string[];
  locality: string | null;
  city: string;
}): string {
  return `${s.display_name} — ${sellerSummary(s)}, on ${SITE_NAME}:`;
}
