import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_INFO, LOCALES, localePath, type Locale } from "~/lib/locales";
import { renderedHtml } from "../support/html";
import { CATALOGUE_KEYS, concretePath, languagePages, walkSetUp } from "../support/language-pages";
import { type SiteUnderTest, startSite } from "../support/site";

// The site is this file's own (its database, its addresses): no value here is shared with another test.
// The page's language over HTTP against the built server (`npm run build` first;
// docs/decisions/205-languages-decided-once-per-request.md,
// docs/decisions/206-languages-pages-checked-for-raw-keys-list-drives-the-rest.md):
// every page of the language layout in app/routes.ts, in every language of app/lib/locales.ts, renders
// no catalogue key as text (a loader that forgot a namespace shows its keys), and a refusal made before
// any route code reads the form speaks the page's language.

let site: SiteUnderTest | undefined;
let base = "";
let cookie = "";
let sellerId = 0;
let serial = 0;
const address = () => `198.18.206.${++serial % 250}`;

beforeAll(async () => {
  site = await startSite("page-language", (origin) => ({
    SEED_DEMO: "0",
    PUBLIC_URL: origin,
    TRUST_PROXY: "loopback",
  }));
  base = site.base;
  // Signed in as a seller, so her dashboard and account pages render rather than redirect to the sign-in.
  ({ sellerId, cookie } = await walkSetUp(site, { business: "Raw Key Crafts", email: "raw-keys@example.in", address }));
}, 90_000);
afterAll(() => site?.stop());

describe("every page in every language", () => {
  const pages = languagePages();

  it("finds the pages in app/routes.ts", () => {
    expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(["/", "/directory", "/contact", "/seller/:id"]));
    expect(pages.length).toBeGreaterThan(25);
  });

  for (const locale of LOCALES)
    it(`${locale}: no page shows a catalogue key`, async () => {
      const shown: string[] = [];
      for (const page of pages) {
        for (const signedIn of [false, true]) {
          const url = `${base}${localePath(locale, concretePath(page.path, sellerId))}`;
          // A redirect (signed out from her dashboard, a lead link to WhatsApp) renders nothing: the page it
          // leads to is walked itself.
          const res = await fetch(url, { headers: signedIn ? { Cookie: cookie } : {}, redirect: "manual" });
          const html = await res.text();
          expect(res.status, `${url} answered ${res.status}`).not.toBe(500);
          if (!(res.headers.get("content-type") ?? "").startsWith("text/html")) continue;
          const text = renderedHtml(html);
          for (const key of CATALOGUE_KEYS) if (text.includes(key)) shown.push(`${page.id} ${url}: ${key}`);
        }
      }
      expect(shown).toEqual([]);
    }, 120_000);
});

describe("a refusal before the route reads the form", () => {
  it("is in the page's language (413 and 400 on /hi/forgot-password, English on /forgot-password)", async () => {
    const catalogue = (locale: Locale) =>
      JSON.parse(readFileSync(join(import.meta.dirname, `../../app/locales/${locale}/forms.json`), "utf8")) as Record<
        string,
        string
      >;
    const post = (path: string, body: string, type: string) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "Content-Type": type, Origin: base, "X-Forwarded-For": address() },
        body,
      });
    const large = `email=${"a".repeat(200 * 1024)}`;
    const hindi = await post("/hi/forgot-password", large, "application/x-www-form-urlencoded");
    expect(hindi.status).toBe(413);
    expect(await hindi.text()).toContain(catalogue("hi-IN").tooLarge);
    const english = await post("/forgot-password", large, "application/x-www-form-urlencoded");
    expect(english.status).toBe(413);
    expect(await english.text()).toContain(catalogue("en-IN").tooLarge);
    // A multipart post without its boundary cannot be read.
    const kannada = await post("/kn/forgot-password", "email=x", "multipart/form-data");
    expect(kannada.status).toBe(400);
    expect(await kannada.text()).toContain(catalogue("kn-IN").unreadable);
  });
});

describe("the production site's languages", () => {
  it("are the list's without the test-only pseudo-language: /xa is no page, the switcher, alternates and sitemaps name the three", async () => {
    expect((await fetch(`${base}/xa/directory`)).status).toBe(404);
    const html = await (await fetch(`${base}/directory`)).text();
    const switcher = [...html.matchAll(/<a [^>]*hrefLang="([^"]+)"|<a [^>]*hreflang="([^"]+)"/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(new Set(switcher)).toEqual(new Set(LOCALES.map((l) => LOCALE_INFO[l].htmlLang)));
    const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)"/gi)].map((m) => m[1]);
    expect(alternates.sort()).toEqual([...LOCALES.map((l) => LOCALE_INFO[l].htmlLang), "x-default"].sort());
    expect(html).not.toContain("en-XA");
    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(index).toContain("pages-hi-1.xml");
    expect(index).not.toContain("-xa-");
    expect((await fetch(`${base}/sitemaps/pages-xa-1.xml`)).status).toBe(404);
  });
});
