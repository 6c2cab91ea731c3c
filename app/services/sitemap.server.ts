import { config } from "./config.server";
import type { DB } from "~db/client";
import { escapeXml } from "~/lib/format";
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale, localePath } from "~/lib/locales";
import { siteLocales } from "./i18n.server";
import { directoryPath } from "~/lib/seo";
import {
  countPublicSellers,
  listPublicCategoryCities,
  listPublicSellerStamps,
  publicSellerIdAt,
} from "~/models/sellers.server";

// /robots.txt and the sitemaps: /sitemap.xml is an index of child sitemaps of at most `urlsPerFile`
// addresses each (the protocol's limit is 50,000): `pages-N.xml` (the static pages and the directory's
// landing pages that have sellers) and `sellers-N.xml` (every public seller with its lastmod), the
// latter streamed from the database in pages so neither memory nor the connection is held. Each language
// has its own files (`pages-1.xml` English, `pages-hi-1.xml`, `sellers-kn-1.xml`, …), and every address
// lists its pages in the other languages (`xhtml:link` alternates, with English as x-default), so the
// protocol's per-file limit counts addresses exactly.

export const SITEMAP_MAX_URLS = 50_000;
const SELLER_BATCH = 500;

/** SITEMAP_URLS_PER_FILE (1 to 50,000; default 50,000), checked by the settings schema. */
export function sitemapUrlsPerFile(): number {
  return Math.min(config().sitemapUrlsPerFile, SITEMAP_MAX_URLS);
}

/** The public pages worth indexing, besides the seller profiles. */
export const STATIC_PATHS = [
  "/",
  "/directory",
  "/list-your-business",
  "/register",
  "/contact",
  "/terms",
  "/privacy",
  "/review-policy",
] as const;

/** Pages no crawler needs, in every language (accounts, forms' results). */
const PRIVATE_PAGE_PREFIXES = [
  "/seller-dashboard",
  "/seller-login",
  "/seller-signup",
  "/seller-account",
  "/forgot-password",
  "/reset-password",
  "/confirm-",
  "/account-deleted",
  "/newsletter",
];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    ...siteLocales().flatMap((locale) => PRIVATE_PAGE_PREFIXES.map((path) => `Disallow: ${localePath(locale, path)}`)),
    "Disallow: /logout",
    "Disallow: /auth/",
    "Disallow: /theme",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** Static pages, then each category, each city and each category in a city that has a public seller. */
async function pagePaths(db: DB): Promise<string[]> {
  const pairs = await listPublicCategoryCities(db);
  const categories = [...new Set(pairs.map((p) => p.slug))];
  const cities = [...new Set(pairs.map((p) => p.city))].sort();
  return [
    ...STATIC_PATHS,
    ...categories.map((category) => directoryPath({ category })),
    ...cities.map((city) => directoryPath({ city })),
    ...pairs.map(({ slug, city }) => directoryPath({ category: slug, city })),
  ];
}

/** A page's address in one language, with its alternates in every language (and English as x-default). */
function urlEntry(origin: string, path: string, locale: Locale, lastmod?: string): string {
  const alternate = (hreflang: string, other: Locale) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(origin + localePath(other, path))}"/>`;
  return (
    `<url><loc>${escapeXml(origin + localePath(locale, path))}</loc>` +
    (lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : "") +
    siteLocales()
      .map((other) => alternate(LOCALE_INFO[other].htmlLang, other))
      .join("") +
    alternate("x-default", DEFAULT_LOCALE) +
    "</url>\n"
  );
}

/** A child sitemap's file name: `pages-1.xml` for English, `pages-hi-1.xml` for Hindi. */
function fileName(kind: "pages" | "sellers", locale: Locale, part: number): string {
  const prefix = LOCALE_INFO[locale].prefix;
  return `${kind}${prefix ? `-${prefix}` : ""}-${part}.xml`;
}

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_CLOSE = "</urlset>\n";

export async function sitemapIndex(db: DB, origin: string, perFile = sitemapUrlsPerFile()): Promise<string> {
  const [pages, sellers] = await Promise.all([pagePaths(db), countPublicSellers(db)]);
  const files = siteLocales().flatMap((locale) => [
    ...Array.from({ length: Math.ceil(pages.length / perFile) }, (_, i) => fileName("pages", locale, i + 1)),
    ...Array.from({ length: Math.ceil(sellers / perFile) }, (_, i) => fileName("sellers", locale, i + 1)),
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${files.map((f) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${f}`)}</loc></sitemap>`).join("\n")}
</sitemapindex>
`;
}

/** A child sitemap by its file name (`pages-N.xml`, `sellers-hi-N.xml`, …) as a stream, or null when there is no such file. */
export async function sitemapFile(
  db: DB,
  origin: string,
  file: string,
  perFile = sitemapUrlsPerFile(),
): Promise<ReadableStream<Uint8Array> | null> {
  const match = /^(pages|sellers)-(?:([a-z]{2})-)?([1-9]\d{0,6})\.xml$/.exec(file);
  if (!match) return null;
  const locale = siteLocales().find((l) => LOCALE_INFO[l].prefix === (match[2] ?? ""));
  if (!locale || (match[2] !== undefined && locale === DEFAULT_LOCALE)) return null;
  const part = Number(match[3]);
  const encoder = new TextEncoder();
  if (match[1] === "pages") {
    const paths = (await pagePaths(db)).slice((part - 1) * perFile, part * perFile);
    if (!paths.length) return null;
    const body = URLSET_OPEN + paths.map((p) => urlEntry(origin, p, locale)).join("") + URLSET_CLOSE;
    return new ReadableStream({
      start(controller) {
        controller.enqueue(encoder.encode(body));
        controller.close();
      },
    });
  }
  const firstId = await publicSellerIdAt(db, (part - 1) * perFile);
  if (firstId === null) return null;
  let nextId = firstId;
  let left = perFile;
  let opened = false;
  // Pulled page by page: the next query runs only when the client has taken the previous one.
  return new ReadableStream({
    async pull(controller) {
      if (!opened) {
        opened = true;
        controller.enqueue(encoder.encode(URLSET_OPEN));
        return;
      }
      const rows = left > 0 ? await listPublicSellerStamps(db, nextId, Math.min(SELLER_BATCH, left)) : [];
      if (rows.length) {
        controller.enqueue(
          encoder.encode(rows.map((r) => urlEntry(origin, `/seller/${r.id}`, locale, r.updated_at)).join("")),
        );
        left -= rows.length;
        nextId = rows[rows.length - 1].id + 1;
      }
      if (!rows.length || left === 0 || rows.length < SELLER_BATCH) {
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
      }
    },
  });
}
