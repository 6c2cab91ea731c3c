import sharp from "sharp";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, openDatabase } from "~db/client";
import { createReviewRow, createSeller } from "~db/seed/factories";
import { databaseEnv, type RunningServer, startServer } from "../support/server";
import { type SpareDatabase, spareDatabaseTarget } from "../support/test-db";
import { storedPositionOf } from "~db/pincodes";

// Crawling and link previews over real HTTP against the built production server (`npm run build`
// first): robots.txt, the sitemap index and its files (with a per-file limit of 2 set through
// SITEMAP_URLS_PER_FILE), the noindex rules, canonical and Open Graph tags, JSON-LD and share cards.
/** The server's address, known once it has started (its port is chosen right before it binds). */
let base = "";
const PUBLIC_URL = "https://bwp.example";
const BREAKOUT = `Cakes </script><script>alert("x")</script> & more`;
let dir: string;
let server: RunningServer | undefined;
let db: DB;
let site: SpareDatabase | undefined;
const ids: Record<"shown" | "second" | "third" | "hidden" | "expired" | "pending", number> = {
  shown: 0,
  second: 0,
  third: 0,
  hidden: 0,
  expired: 0,
  pending: 0,
};
let categoryId = 0;

async function page(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(base + path);
  return { status: res.status, html: await res.text() };
}

function metaContent(html: string, key: string): string | null {
  const tag = html.match(new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`));
  return tag
    ? tag[1]
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
    : null;
}
function canonical(html: string): string | null {
  return html.match(/<link rel="canonical" href="([^"]*)"/)?.[1].replace(/&amp;/g, "&") ?? null;
}
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );
}
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, "&"));
}

/** Every address in every file the sitemap index lists, checking each file's size on the way. */
async function allSitemapUrls(): Promise<string[]> {
  const index = await fetch(`${base}/sitemap.xml`);
  expect(index.headers.get("content-type")).toMatch(/^application\/xml/);
  const xml = await index.text();
  expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const urls: string[] = [];
  for (const file of locs(xml)) {
    expect(file.startsWith(`${PUBLIC_URL}/sitemaps/`)).toBe(true);
    const res = await fetch(base + file.slice(PUBLIC_URL.length));
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    const inFile = locs(body);
    expect(inFile.length).toBeGreaterThan(0);
    expect(inFile.length).toBeLessThanOrEqual(2);
    urls.push(...inFile);
  }
  return urls;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bwp-seo-"));
  site = await spareDatabaseTarget(dir, "site");
  const env = {
    WEB_CONCURRENCY: "1",
    ...databaseEnv(site.target),
    UPLOADS_DIR: join(dir, "uploads"),
    SEED_DEMO: "0",
    SESSION_SECRET: "seo-test-secret-0123456789abcdef",
    PUBLIC_URL,
    SITEMAP_URLS_PER_FILE: "2",
  };
  server = await startServer({ env });
  base = server.base;
  db = openDatabase(site.target);
  categoryId = (
    await db.selectFrom("categories").select("id").where("slug", "=", "food-and-beverages").executeTakeFirstOrThrow()
  ).id;
  ids.shown = await createSeller(db, {
    business_name: "Sakhi Bakes",
    description: BREAKOUT,
    tagline: "Eggless cakes",
    city: "Pune",
    locality: "Baner",
    pincode: "411004",
    mobile: "98765 43210",
    price_range: "500_1000",
    instagram: "https://instagram.com/sakhi",
    is_verified: 1,
    categoryIds: [categoryId],
  });
  await createReviewRow(db, ids.shown, { rating: 4, review_text: "Lovely </script> cake", reviewer_name: "Asha" });
  await createReviewRow(db, ids.shown, { rating: 2, review_text: "Not yet published", status: "pending" });
  ids.second = await createSeller(db, { business_name: "Second Shop", city: "Pune", categoryIds: [categoryId] });
  ids.third = await createSeller(db, { business_name: "Third Shop", city: "Mumbai" });
  ids.hidden = await createSeller(db, {
    business_name: "Hidden Shop",
    status: "inactive",
    city: "Delhi",
    categoryIds: [categoryId],
  });
  ids.expired = await createSeller(db, {
    business_name: "Expired Shop",
    subscription_end_date: "2020-01-31",
    city: "Delhi",
    categoryIds: [categoryId],
  });
  ids.pending = await createSeller(db, { business_name: "Pending Shop", status: "pending" });
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await server?.stop("SIGKILL");
  await site?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("robots.txt", () => {
  it("allows the public pages, keeps crawlers out of the back-office, API and accounts, and names the sitemap", async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const lines = (await res.text()).split("\n");
    for (const line of [
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin",
      "Disallow: /api/",
      "Disallow: /seller-dashboard",
      "Disallow: /seller-login",
      "Disallow: /seller-account",
      "Disallow: /reset-password",
      "Disallow: /hi/seller-dashboard",
      "Disallow: /kn/seller-account",
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ])
      expect(lines).toContain(line);
    expect(lines).not.toContain("Disallow: /seller/");
    expect(lines).not.toContain("Disallow: /hi/seller/");
  });
});

describe("the sitemap", () => {
  it("is an index of files of at most the set number of addresses: static pages, landing pages with sellers, every public seller with lastmod", async () => {
    const urls = await allSitemapUrls();
    expect(new Set(urls).size).toBe(urls.length);
    for (const path of ["/", "/directory", "/list-your-business", "/contact"])
      expect(urls).toContain(`${PUBLIC_URL}${path}`);
    expect(urls).toContain(`${PUBLIC_URL}/directory?category=food-and-beverages`);
    expect(urls).toContain(`${PUBLIC_URL}/directory?city=Pune`);
    expect(urls).toContain(`${PUBLIC_URL}/directory?category=food-and-beverages&city=Pune`);
    // Delhi's only sellers are hidden or expired: no landing page for it.
    expect(urls.some((u) => u.includes("city=Delhi"))).toBe(false);
    for (const id of [ids.shown, ids.second, ids.third]) expect(urls).toContain(`${PUBLIC_URL}/seller/${id}`);
    for (const id of [ids.hidden, ids.expired, ids.pending]) expect(urls).not.toContain(`${PUBLIC_URL}/seller/${id}`);
    const sellers = await (await fetch(`${base}/sitemaps/sellers-1.xml`)).text();
    expect(sellers).toMatch(/<url><loc>[^<]+\/seller\/\d+<\/loc><lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod><xhtml:link /);
    expect((await fetch(`${base}/sitemaps/sellers-99.xml`)).status).toBe(404);
    expect((await fetch(`${base}/sitemaps/other-1.xml`)).status).toBe(404);
    expect((await fetch(`${base}/sitemaps/pages-en-1.xml`)).status).toBe(404);
    expect((await fetch(`${base}/sitemaps/pages-fr-1.xml`)).status).toBe(404);

    // Every language's pages, each listing its pages in the three languages and English as x-default.
    const english = urls.filter((u) => !/^https:\/\/bwp\.example\/(hi|kn)(\/|$|\?)/.test(u));
    for (const prefix of ["hi", "kn"])
      expect(urls.filter((u) => u.startsWith(`${PUBLIC_URL}/${prefix}`)).sort()).toEqual(
        english
          .map((u) =>
            u
              .replace(PUBLIC_URL, `${PUBLIC_URL}/${prefix}`)
              .replace(`/${prefix}/?`, `/${prefix}?`)
              .replace(new RegExp(`/${prefix}/$`), `/${prefix}`),
          )
          .sort(),
      );
    expect(urls).toContain(`${PUBLIC_URL}/hi`);
    expect(urls).toContain(`${PUBLIC_URL}/kn/directory?category=food-and-beverages&city=Pune`);
    const kannada = await (await fetch(`${base}/sitemaps/sellers-kn-1.xml`)).text();
    expect(kannada).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = kannada.match(new RegExp(`<url><loc>${PUBLIC_URL}/kn/seller/(\\d+)</loc>.*?</url>`))!;
    const id = entry[1];
    for (const [hreflang, href] of [
      ["en-IN", `/seller/${id}`],
      ["hi-IN", `/hi/seller/${id}`],
      ["kn-IN", `/kn/seller/${id}`],
      ["x-default", `/seller/${id}`],
    ])
      expect(entry[0]).toContain(`<xhtml:link rel="alternate" hreflang="${hreflang}" href="${PUBLIC_URL}${href}"/>`);
  });

  it("drops a seller the moment they are hidden", async () => {
    const id = await createSeller(db, { business_name: "Soon Hidden", city: "Mumbai" });
    expect(await allSitemapUrls()).toContain(`${PUBLIC_URL}/seller/${id}`);
    await db.updateTable("sellers").set({ status: "inactive" }).where("id", "=", id).execute();
    expect(await allSitemapUrls()).not.toContain(`${PUBLIC_URL}/seller/${id}`);
  });
});

describe("noindex", () => {
  it("is noindex,follow on a directory search, a later page, an empty listing and 'Seller Not Found'", async () => {
    for (const path of [
      "/directory?search=cakes",
      "/directory?page=2",
      "/directory?category=food-and-beverages&page=2",
      "/directory?city=Kolkata",
      "/seller/999999",
    ]) {
      expect(metaContent((await page(path)).html, "robots"), path).toBe("noindex,follow");
    }
    expect((await page("/seller/999999")).status).toBe(404);
    expect(metaContent((await page(`/seller/${ids.hidden}`)).html, "robots")).toBe("noindex,follow");
  });

  it("is noindex on admin, account and form-result pages", async () => {
    for (const path of [
      "/admin/login",
      "/seller-login",
      "/seller-signup",
      "/contact?sent=1",
      "/register?submitted=1",
      "/newsletter",
    ]) {
      expect(metaContent((await page(path)).html, "robots"), path).toBe("noindex");
    }
  });

  it("leaves the landing pages indexable, with a canonical of only their defining parameters", async () => {
    const { html } = await page("/directory?city=Pune&category=food-and-beverages&view=list&utm_source=x");
    expect(metaContent(html, "robots")).toBeNull();
    expect(canonical(html)).toBe(`${PUBLIC_URL}/directory?category=food-and-beverages&city=Pune`);
    expect(metaContent(html, "og:url")).toBe(`${PUBLIC_URL}/directory?category=food-and-beverages&city=Pune`);
    expect(html).toContain("<title>Food &amp; Beverages in Pune | BWP Directory</title>");
    const search = await page("/directory?search=cakes&page=2");
    expect(canonical(search.html)).toBe(`${PUBLIC_URL}/directory?search=cakes&page=2`);
  });
});

describe("a page in each language", () => {
  it("has its language, a canonical of its own, the alternates in the three languages and x-default, og:locale", async () => {
    for (const [prefix, lang, ogLocale] of [
      ["", "en-IN", "en_IN"],
      ["/hi", "hi-IN", "hi_IN"],
      ["/kn", "kn-IN", "kn_IN"],
    ]) {
      const { status, html } = await page(`${prefix}/directory?city=Pune&utm_source=x`);
      expect(status).toBe(200);
      expect(html).toContain(`<html lang="${lang}"`);
      expect(canonical(html)).toBe(`${PUBLIC_URL}${prefix}/directory?city=Pune`);
      const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(
        (m) => `${m[1]} ${m[2].replace(/&amp;/g, "&")}`,
      );
      expect(alternates).toEqual([
        `en-IN ${PUBLIC_URL}/directory?city=Pune`,
        `hi-IN ${PUBLIC_URL}/hi/directory?city=Pune`,
        `kn-IN ${PUBLIC_URL}/kn/directory?city=Pune`,
        `x-default ${PUBLIC_URL}/directory?city=Pune`,
      ]);
      expect(metaContent(html, "og:locale")).toBe(ogLocale);
      const others = [...html.matchAll(/<meta property="og:locale:alternate" content="([^"]+)"/g)].map((m) => m[1]);
      expect(others.sort()).toEqual(["en_IN", "hi_IN", "kn_IN"].filter((l) => l !== ogLocale));
    }
    const home = await page("/kn");
    expect(canonical(home.html)).toBe(`${PUBLIC_URL}/kn`);
  });

  it("answers an unknown language prefix with a 404 in English, and a Hindi address that is no page with a Hindi 404", async () => {
    for (const path of ["/fr/directory", "/en/directory", "/fr", "/hi/no-such-page", "/hi/admin"]) {
      const { status } = await page(path);
      expect(status, path).toBe(404);
    }
    const unknown = await page("/fr/directory");
    expect(unknown.html).toContain('<html lang="en-IN"');
    expect(unknown.html).toContain("Page not found");
    const hindi = await page("/hi/no-such-page");
    expect(hindi.html).toContain('<html lang="hi-IN"');
    expect(hindi.html).toContain("पेज नहीं मिला");
  });
});

describe("the home page", () => {
  it("has its title, canonical, the site's share card and Organization and WebSite data", async () => {
    const { html } = await page("/");
    expect(canonical(html)).toBe(`${PUBLIC_URL}/`);
    expect(metaContent(html, "og:image")).toBe(`${PUBLIC_URL}/share/site.jpg`);
    const types = jsonLd(html).map((b) => b["@type"]);
    expect(types).toEqual(["Organization", "WebSite"]);
    const card = await fetch(`${base}/share/site.jpg`);
    expect(card.headers.get("content-type")).toBe("image/jpeg");
    expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({
      width: 1200,
      height: 630,
      format: "jpeg",
    });
  });
});

describe("a seller's profile", () => {
  it("has a unique title, description, canonical, Open Graph and Twitter tags, and a share card of 1200×630", async () => {
    const { html } = await page(`/seller/${ids.shown}?tab=reviews&utm_source=whatsapp`);
    expect(html).toContain("<title>Sakhi Bakes — Food &amp; Beverages in Baner, Pune | BWP Directory</title>");
    expect(metaContent(html, "description")).toBe("Eggless cakes");
    expect(metaContent(html, "robots")).toBeNull();
    expect(canonical(html)).toBe(`${PUBLIC_URL}/seller/${ids.shown}`);
    expect(metaContent(html, "og:url")).toBe(`${PUBLIC_URL}/seller/${ids.shown}`);
    expect(metaContent(html, "og:title")).toBe("Sakhi Bakes — Food & Beverages in Baner, Pune");
    expect(metaContent(html, "og:site_name")).toBe("BWP Directory");
    expect(metaContent(html, "og:locale")).toBe("en_IN");
    expect(metaContent(html, "og:type")).toBe("website");
    expect(metaContent(html, "og:image:width")).toBe("1200");
    expect(metaContent(html, "og:image:height")).toBe("630");
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    const image = metaContent(html, "og:image")!;
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/share/seller/${ids.shown}/[a-f0-9]{16}\\.jpg$`));
    expect(metaContent(html, "twitter:image")).toBe(image);

    const res = await fetch(base + image.slice(PUBLIC_URL.length));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
      width: 1200,
      height: 630,
      format: "jpeg",
    });
  });

  it("is answered to a crawler as one whole document", async () => {
    const asCrawler = await fetch(`${base}/seller/${ids.shown}`, {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(asCrawler.status).toBe(200);
    const html = await asCrawler.text();
    expect(html).toContain("<title>Sakhi Bakes — Food &amp; Beverages in Baner, Pune | BWP Directory</title>");
    expect(html.trimEnd()).toMatch(/<\/html>$/);
    expect(html).toContain("streamController.close()");
  });

  it("carries LocalBusiness and BreadcrumbList data, with the nonce, from published reviews only, and a seller's </script> cannot break out", async () => {
    const res = await fetch(`${base}/seller/${ids.shown}`);
    const nonce = res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    const html = await res.text();
    expect(nonce).toBeTruthy();
    // Without MAP_TILES_URL no map is drawn and no tile server is allowed
    // (docs/decisions/220-small-maps-from-tiles-without-a-library.md).
    expect(res.headers.get("content-security-policy")).toContain("; img-src 'self' data: blob:; ");
    expect(html).not.toContain(`class="static-map`);
    expect(html).toContain(`<script type="application/ld+json" nonce="${nonce}">`);
    // The only </script> sequences are the ends of real script elements: none inside the JSON.
    expect(html).not.toContain("</script><script>alert");
    const [business, crumbs] = jsonLd(html);
    expect(business).toMatchObject({
      "@type": "LocalBusiness",
      name: "Sakhi Bakes",
      description: BREAKOUT,
      telephone: "+919876543210",
      url: `${PUBLIC_URL}/seller/${ids.shown}`,
      sameAs: ["https://instagram.com/sakhi"],
      address: { "@type": "PostalAddress", addressLocality: "Pune", postalCode: "411004", addressCountry: "IN" },
      priceRange: "₹500 – ₹1,000",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 1 },
    });
    expect(business.review).toEqual([
      expect.objectContaining({
        "@type": "Review",
        reviewBody: "Lovely </script> cake",
        author: { "@type": "Person", name: "Asha" },
      }),
    ]);
    // Where her PIN code's area is, to two decimals (about a kilometre).
    const centre = storedPositionOf("411004")!;
    expect(business.geo).toEqual({
      "@type": "GeoCoordinates",
      latitude: Math.round(centre.lat * 100) / 100,
      longitude: Math.round(centre.lng * 100) / 100,
    });
    expect(String((business.geo as { latitude: number }).latitude).split(".")[1]?.length ?? 0).toBeLessThanOrEqual(2);
    expect(crumbs["@type"]).toBe("BreadcrumbList");
    const second = jsonLd((await page(`/seller/${ids.second}`)).html)[0];
    expect(second).not.toHaveProperty("aggregateRating");
    expect(second).not.toHaveProperty("review");
  });

  it("makes a new card when what it shows changes; an old card address leads to the new one; no card for a hidden seller", async () => {
    const before = metaContent((await page(`/seller/${ids.second}`)).html, "og:image")!;
    expect((await fetch(base + before.slice(PUBLIC_URL.length))).status).toBe(200);
    await db
      .updateTable("sellers")
      .set({ business_name: "Second Shop Renamed" })
      .where("id", "=", ids.second)
      .execute();
    const after = metaContent((await page(`/seller/${ids.second}`)).html, "og:image")!;
    expect(after).not.toBe(before);
    const old = await fetch(base + before.slice(PUBLIC_URL.length), { redirect: "manual" });
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(after.slice(PUBLIC_URL.length));
    for (const id of [ids.hidden, ids.expired, 999999]) {
      expect((await fetch(`${base}/share/seller/${id}/0123456789abcdef.jpg`)).status).toBe(404);
    }
  });
});
