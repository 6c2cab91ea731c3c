import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { expect } from "vitest";
import { createSeller } from "~db/seed/factories";
import routes from "~/routes";
import { sessionCookieOf, signUpOverApi } from "./accounts";
import type { SiteUnderTest } from "./site";

// The walk of every page of the language layout (docs/decisions/206-languages-pages-checked-for-raw-keys-list-drives-the-rest.md):
// the pages of app/routes.ts with their parameters filled, the keys of the English catalogues a page must
// never show as text, and a seller signed in on the site under test.

/** Every key of the English catalogues (`contact.form.title`): what a page shows when its messages are missing. */
export const CATALOGUE_KEYS = (() => {
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
export function languagePages(): { id: string; path: string }[] {
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
export function concretePath(path: string, sellerId: number): string {
  return path
    .replace(":id/:target", `${sellerId}/whatsapp`)
    .replace(":id", String(sellerId))
    .replace(":reference", "no-such-receipt")
    .replace("*", "no-such-page");
}

/**
 * A public seller and a signed-in seller account on the site (her dashboard and account pages render
 * rather than redirect): the seller's id and the account's session cookie.
 */
export async function walkSetUp(
  site: SiteUnderTest,
  who: { business: string; email: string; address: () => string },
): Promise<{ sellerId: number; cookie: string }> {
  const base = site.base;
  const sellerId = await createSeller(site.db, { business_name: who.business, city: "Bangalore" });
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
  const registered = await signUpOverApi(base, {
    email: who.email,
    categoryId: categories[0].id,
    fields: { name: "Kavya Raw Keys", city: "Bangalore" },
    headers: { "X-Forwarded-For": who.address() },
  });
  expect(registered.status).toBe(201);
  return { sellerId, cookie: sessionCookieOf(registered) };
}
