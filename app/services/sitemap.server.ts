import { config } from "./config.server";
import type { DB } from "~db/client";
import { escapeXml } from "~/lib/format";
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
// latter streamed from the database in pages so neither memory nor the connection is held.

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
] as const;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /seller-dashboard",
    "Disallow: /seller-login",
    "Disallow: /seller-signup",
    "Disallow: /seller-account",
    "Disallow: /forgot-password",
    "Disallow: /reset-password",
    "Disallow: /confirm-",
    "Disallow: /account-deleted",
    "Disallow: /logout",
    "Disallow: /auth/",
    "Disallow: /newsletter",
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

function urlEntry(loc: string, lastmod?: string): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}</url>\n`;
}

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = "</urlset>\n";

export async function sitemapIndex(db: DB, origin: string, perFile = sitemapUrlsPerFile()): Promise<string> {
  const [pages, sellers] = await Promise.all([pagePaths(db), countPublicSellers(db)]);
  const files = [
    ...Array.from({ length: Math.ceil(pages.length / perFile) }, (_, i) => `pages-${i + 1}.xml`),
    ...Array.from({ length: Math.ceil(sellers / perFile) }, (_, i) => `sellers-${i + 1}.xml`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${files.map((f) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${f}`)}</loc></sitemap>`).join("\n")}
</sitemapindex>
`;
}

/** A child sitemap by its file name (`pages-N.xml`, `sellers-N.xml`) as a stream, or null when there is no such file. */
export async function sitemapFile(
  db: DB,
  origin: string,
  file: string,
  perFile = sitemapUrlsPerFile(),
): Promise<ReadableStream<Uint8Array> | null> {
  const match = /^(pages|sellers)-([1-9]\d{0,6})\.xml$/.exec(file);
  if (!match) return null;
  const part = Number(match[2]);
  const encoder = new TextEncoder();
  if (match[1] === "pages") {
    const paths = (await pagePaths(db)).slice((part - 1) * perFile, part * perFile);
    if (!paths.length) return null;
    const body = URLSET_OPEN + paths.map((p) => urlEntry(`${origin}${p}`)).join("") + URLSET_CLOSE;
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
          encoder.encode(rows.map((r) => urlEntry(`${origin}/seller/${r.id}`, r.updated_at)).join("")),
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
