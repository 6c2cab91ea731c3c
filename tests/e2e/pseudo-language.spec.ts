import type { Page } from "@playwright/test";
import { createUser, e2eDb, expect, quoteRequestPath, resetPasswordPath, signInAs, test, uniqueWord } from "./fixtures";

// Nothing a visitor or seller reads is left out of the catalogues. A second server on the same database
// serves English in the pseudo-language (I18N_PSEUDO=1: every catalogue letter accented, each message in
// brackets, `[Šîĝñ îñ]`); this walk opens every public and seller page in it, in the states a visitor
// reaches (errors, success), and fails on any visible text, accessible name, placeholder or title with a
// plain Latin letter: text that did not come through a catalogue. Seller content and proper nouns are
// marked `translate="no"` (docs/translation.md) and skipped; a text node with at least one accented
// letter is a message with a value inside (a seller's name in a sentence) and passes.

const PSEUDO = process.env.E2E_PSEUDO_URL!;

type Walk = {
  name: string;
  path: string | (() => Promise<string>);
  seller?: true;
  /** Its meta description is the seller's own words (her tagline), not the catalogue's. */
  contentDescription?: true;
  /** Reach a state of the page (an error, a success) with selectors that do not depend on its words. */
  then?: (page: Page) => Promise<void>;
};

async function submit(page: Page, form: string) {
  await page.locator(form).evaluate((f) => f.setAttribute("novalidate", ""));
  await page.locator(`${form} [type=submit]`).first().click();
  await page.waitForLoadState("load");
}

const WALK: Walk[] = [
  { name: "home", path: "/" },
  { name: "directory", path: "/directory" },
  { name: "directory, no match", path: "/directory?search=zzznothingmatches" },
  { name: "directory list view", path: "/directory?view=list" },
  {
    name: "seller profile",
    path: async () => {
      const { createSeller } = await import("~db/seed/factories");
      return `/seller/${await createSeller(e2eDb(), { business_name: uniqueWord("pseudo"), tagline: "Hand-made", is_verified: 1 })}`;
    },
    contentDescription: true,
  },
  {
    name: "seller reviews tab, a review without stars",
    path: async () => {
      const { createSeller, createReviewRow } = await import("~db/seed/factories");
      const id = await createSeller(e2eDb(), { business_name: uniqueWord("pseudo") });
      await createReviewRow(e2eDb(), id, { seller_reply: "Thank you!" });
      return `/seller/${id}?tab=reviews`;
    },
    then: (page) => submit(page, "#review-form"),
  },
  { name: "seller not found", path: "/seller/999999999" },
  { name: "page not found", path: "/no-such-page" },
  { name: "tap link not available", path: "/go/999999999/whatsapp" },
  { name: "list your business", path: "/list-your-business" },
  { name: "application", path: "/register" },
  { name: "application errors", path: "/register", then: (page) => submit(page, "form.application-form") },
  { name: "contact", path: "/contact" },
  { name: "contact errors", path: "/contact", then: (page) => submit(page, "#contact-form") },
  { name: "ask for a quote", path: "/ask-for-a-quote" },
  { name: "ask for a quote errors", path: "/ask-for-a-quote", then: (page) => submit(page, "#quote-form") },
  { name: "ask for a quote, sent", path: "/ask-for-a-quote?sent=1" },
  { name: "quote request link", path: () => quoteRequestPath(e2eDb()) },
  { name: "newsletter", path: "/newsletter" },
  { name: "coming soon", path: "/coming-soon" },
  { name: "terms", path: "/terms" },
  { name: "privacy", path: "/privacy" },
  { name: "seller login", path: "/seller-login" },
  { name: "seller sign-up", path: "/seller-signup" },
  { name: "seller sign-up errors", path: "/seller-signup", then: (page) => submit(page, "form#signup-step1") },
  { name: "forgot password", path: "/forgot-password" },
  {
    name: "reset password",
    path: async () => resetPasswordPath(e2eDb(), (await createUser(e2eDb(), { role: "seller" })).id),
  },
  { name: "account deleted", path: "/account-deleted" },
  { name: "seller dashboard", path: "/seller-dashboard", seller: true },
  { name: "seller account", path: "/seller-account", seller: true },
];

/** Visible text, accessible names, placeholders and titles with a plain Latin letter and no accented one. */
async function untranslated(page: Page, contentDescription = false): Promise<string[]> {
  return page.evaluate((contentDescription) => {
    const found: string[] = [];
    const plain = (text: string) => /[A-Za-z]/.test(text) && !/[\u00C0-\u024F\u1E00-\u1EFF]/.test(text);
    // Content and names (translate="no"), dates and times written by Intl in the page's language (<time>).
    const content = (el: Element | null) => !!el?.closest("[translate='no'], time, script, style, template, svg");
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      if (text && plain(text) && !content(node.parentElement)) found.push(`text: ${text}`);
    }
    for (const el of document.body.querySelectorAll("[aria-label], [placeholder], [title], [alt]"))
      for (const attribute of ["aria-label", "placeholder", "title", "alt"]) {
        const value = el.getAttribute(attribute)?.trim();
        if (value && plain(value) && !content(el)) found.push(`${attribute}: ${value}`);
      }
    if (plain(document.title)) found.push(`title: ${document.title}`);
    const description = document.querySelector("meta[name=description]")?.getAttribute("content") ?? "";
    if (!contentDescription && plain(description)) found.push(`description: ${description}`);
    return [...new Set(found)];
  }, contentDescription);
}

test.describe("the pseudo-language walk", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "one walk, on the hydrated pages (they render the server's text and more)",
  );

  for (const entry of WALK) {
    test(`${entry.name}: every word comes from a catalogue`, async ({ page, context }) => {
      if (entry.seller) await signInAs(context, "seller");
      const path = typeof entry.path === "string" ? entry.path : await entry.path();
      await page.goto(PSEUDO + path);
      await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
      if (entry.then) await entry.then(page);
      expect(await untranslated(page, entry.contentDescription)).toEqual([]);
    });
  }
});
