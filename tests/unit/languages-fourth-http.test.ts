import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, type Locale, localePath } from "~/lib/locales";
import { renderedHtml } from "../support/html";
import { CATALOGUE_KEYS, concretePath, languagePages, walkSetUp } from "../support/language-pages";
import { type SiteUnderTest, startSite } from "../support/site";

// The site's file of its own (its database, its addresses): no value here is shared with another test.
// A fourth language added by the list alone (docs/decisions/210-languages-list-drives-columns-and-a-test-language.md):
// with I18N_PSEUDO_LOCALE=1 the built server also serves the pseudo-language en-XA under /xa, a line of
// app/lib/locales.ts with no catalogue files, no stored-text columns and no code of its own. Every page of
// the language layout answers in it as in English, says its language, offers it in the switcher and the
// alternates, shows no catalogue key, and the sitemaps list its pages; a seller's own text and the
// English names stand where it has no columns.

const PSEUDO: Locale = "en-XA";
const XA = LOCALE_INFO[PSEUDO];

let site: SiteUnderTest | undefined;
let base = "";
let cookie = "";
let sellerId = 0;
let serial = 0;
const address = () => `198.18.210.${++serial % 250}`;

/** The `hreflang` of each link of a page's HTML (the switcher's anchors) and of its alternates. */
const hreflangs = (html: string, tag: "a" | "link") =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*\\bhreflang="([^"]+)"`, "gi"))].map((m) => m[1]);

beforeAll(async () => {
  site = await startSite("fourth-language", (origin) => ({
    SEED_DEMO: "0",
    PUBLIC_URL: origin,
    TRUST_PROXY: "loopback",
    I18N_PSEUDO_LOCALE: "1",
  }));
  base = site.base;
  ({ sellerId, cookie } = await walkSetUp(site, {
    business: "Fourth Language Crafts",
    email: "fourth-language@example.in",
    address,
  }));
  await site.db
    .updateTable("sellers")
    .set({ tagline: "Handwoven in Mysuru", tagline_hi: "मैसूर में हाथ से बुना" })
    .where("id", "=", sellerId)
    .execute();
}, 90_000);
afterAll(() => site?.stop());

describe("a fourth language from the list alone", () => {
  it("is a language of the list that production does not serve", () => {
    expect(XA.pseudo).toBe(true);
    expect(LOCALES).not.toContain(PSEUDO);
  });

  it("answers every page as English does, in its language, offered by the switcher, with no catalogue key", async () => {
    const pages = languagePages();
    expect(pages.length).toBeGreaterThan(25);
    const shown: string[] = [];
    const wrong: string[] = [];
    let rendered = 0;
    for (const page of pages) {
      for (const signedIn of [false, true]) {
        const path = concretePath(page.path, sellerId);
        const get = (locale: Locale) =>
          fetch(`${base}${localePath(locale, path)}`, {
            headers: signedIn ? { Cookie: cookie } : {},
            redirect: "manual",
          });
        const [english, res] = [await get(DEFAULT_LOCALE), await get(PSEUDO)];
        const url = localePath(PSEUDO, path);
        // The same answer as the English page: 200 where English renders, the same redirect or 404.
        if (res.status !== english.status) wrong.push(`${url}: ${res.status}, English ${english.status}`);
        const html = await res.text();
        await english.body?.cancel();
        if (res.status !== 200 || !(res.headers.get("content-type") ?? "").startsWith("text/html")) continue;
        rendered++;
        if (!html.includes(`<html lang="${XA.htmlLang}"`)) wrong.push(`${url}: no <html lang="${XA.htmlLang}">`);
        if (!hreflangs(html, "a").includes(XA.htmlLang)) wrong.push(`${url}: the switcher does not offer it`);
        const text = renderedHtml(html);
        for (const key of CATALOGUE_KEYS) if (text.includes(key)) shown.push(`${page.id} ${url}: ${key}`);
        // The catalogue's words are the pseudo-language's (accented), not English's.
        if (!text.includes("[")) wrong.push(`${url}: no pseudo-language text`);
      }
    }
    expect(wrong).toEqual([]);
    expect(shown).toEqual([]);
    expect(rendered).toBeGreaterThan(25);
  }, 180_000);

  it("is among the alternates of every language's page, and its page's canonical is its own", async () => {
    for (const locale of [DEFAULT_LOCALE, "hi-IN", PSEUDO] as const) {
      const html = await (await fetch(`${base}${localePath(locale, "/directory")}`)).text();
      expect(hreflangs(html, "link").sort()).toEqual(
        [...LOCALES.map((l) => LOCALE_INFO[l].htmlLang), XA.htmlLang, "x-default"].sort(),
      );
      expect(html).toContain(`href="${base}/xa/directory"`);
    }
    const page = await (await fetch(`${base}/xa/directory`)).text();
    expect(page).toMatch(new RegExp(`<link rel="canonical" href="${base}/xa/directory"`));
    expect(page).toContain(`content="${XA.ogLocale}"`);
  });

  it("has its sitemaps, and its pages are in every language's alternates there", async () => {
    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(index).toContain(`${base}/sitemaps/pages-xa-1.xml`);
    expect(index).toContain(`${base}/sitemaps/sellers-xa-1.xml`);
    const pages = await fetch(`${base}/sitemaps/pages-xa-1.xml`);
    expect(pages.status).toBe(200);
    const xml = await pages.text();
    expect(xml).toContain(`<loc>${base}/xa/directory</loc>`);
    const english = await (await fetch(`${base}/sitemaps/pages-1.xml`)).text();
    expect(english).toContain(`hreflang="${XA.htmlLang}" href="${base}/xa/directory"`);
  });

  it("shows the seller's own text and the English names where it has no columns of its own", async () => {
    const html = renderedHtml(await (await fetch(`${base}/xa/seller/${sellerId}`)).text());
    expect(html).toContain("Handwoven in Mysuru");
    expect(html).not.toContain("मैसूर में हाथ से बुना");
    // Hindi has columns: her Hindi version there.
    const hindi = renderedHtml(await (await fetch(`${base}/hi/seller/${sellerId}`)).text());
    expect(hindi).toContain("मैसूर में हाथ से बुना");
  });

  it("can be her account's language, and a sign-in from its pages starts in it", async () => {
    const form = new URLSearchParams({ intent: "language", language: PSEUDO });
    const saved = await fetch(`${base}/xa/seller-account`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: base,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": address(),
      },
      body: form,
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    const account = await (await fetch(`${base}/xa/seller-account`, { headers: { Cookie: cookie } })).text();
    expect(account).toMatch(new RegExp(`<option value="${PSEUDO}"[^>]*selected`));
    // Google sign-in is not set up here: the language is taken (a 404 of the missing set-up, not a 400).
    expect((await fetch(`${base}/api/oauth/google/redirect_url?lang=${PSEUDO}`)).status).not.toBe(400);
    expect((await fetch(`${base}/api/oauth/google/redirect_url?lang=fr-FR`)).status).toBe(400);
  });
});
