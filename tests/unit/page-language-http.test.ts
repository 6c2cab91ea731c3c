import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller } from "~db/seed/factories";
import { LOCALES, localePath, type Locale } from "~/lib/locales";
import routes from "~/routes";
import { sessionCookieOf, signUpOverApi } from "../support/accounts";
import { renderedHtml } from "../support/html";
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

/** Every key of the English catalogues (`contact.form.title`): what a page shows when its messages are missing. */
const KEYS = (() => {
  const folder = join(import.meta.dirname, "../../app/locales/en-IN");
  const keys: string[] = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".json"))) {
    const namespace = file.replace(/\.json$/, "");
    for (const key of Object.keys(JSON.parse(readFileSync(join(folder, file), "utf8")) as object))
      keys.push(`${namespace}.${key}`);
  }
  return keys;
})();

/** The language layout's pages (`:lang?` in app/routes.ts), as paths without their prefix. */
function languagePages(): { id: string; path: string }[] {
  const layout = routes.find((entry) => entry.path === ":lang?");
  if (!layout?.children) throw new Error("app/routes.ts has no language layout");
  const out: { id: string; path: string }[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const path = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
      if (entry.children) walk(entry.children, path);
      else out.push({ id: entry.id ?? entry.file, path: `/${path}` });
    }
  };
  walk(layout.children, "");
  return out;
}

/** A page's address with its parameters filled: a seller that exists, a receipt that does not, a made-up path. */
function concrete(path: string): string {
  return path
    .replace(":id/:target", `${sellerId}/whatsapp`)
    .replace(":id", String(sellerId))
    .replace(":reference", "no-such-receipt")
    .replace("*", "no-such-page");
}

beforeAll(async () => {
  site = await startSite("page-language", (origin) => ({
    SEED_DEMO: "0",
    PUBLIC_URL: origin,
    TRUST_PROXY: "loopback",
  }));
  base = site.base;
  sellerId = await createSeller(site.db, { business_name: "Raw Key Crafts", city: "Bangalore" });
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
  // Signed in as a seller, so her dashboard and account pages render rather than redirect to the sign-in.
  const registered = await signUpOverApi(base, {
    email: "raw-keys@example.in",
    categoryId: categories[0].id,
    fields: { name: "Kavya Raw Keys", city: "Bangalore" },
    headers: { "X-Forwarded-For": address() },
  });
  expect(registered.status).toBe(201);
  cookie = sessionCookieOf(registered);
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
          const url = `${base}${localePath(locale as Locale, concrete(page.path))}`;
          // A redirect (signed out from her dashboard, a lead link to WhatsApp) renders nothing: the page it
          // leads to is walked itself.
          const res = await fetch(url, { headers: signedIn ? { Cookie: cookie } : {}, redirect: "manual" });
          const html = await res.text();
          expect(res.status, `${url} answered ${res.status}`).not.toBe(500);
          if (!(res.headers.get("content-type") ?? "").startsWith("text/html")) continue;
          const text = renderedHtml(html);
          for (const key of KEYS) if (text.includes(key)) shown.push(`${page.id} ${url}: ${key}`);
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
