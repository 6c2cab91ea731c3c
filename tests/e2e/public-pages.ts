import type { Page } from "@playwright/test";
import { createUser, e2eDb, quoteRequestPath, resetPasswordPath, uniqueWord } from "./fixtures";
import { checkSameLayout } from "./same-layout";

// The list of public and seller pages (one line each): tests/e2e/pseudo-language.spec.ts and
// tests/e2e/languages-a11y.spec.ts walk it. A new public or seller page is a line here.

export type Walk = {
  name: string;
  path: string | (() => Promise<string>);
  seller?: true;
  /** Its meta description is the seller's own words (her tagline), not the catalogue's. */
  contentDescription?: true;
  /**
   * Another state of a page walked here (same markup, other words), named by that page's name: the Hindi
   * and Kannada axe walk skips it.
   */
  sameLayoutAs?: string;
  /** Reach a state of the page (an error, a success) with selectors that do not depend on its words. */
  then?: (page: Page) => Promise<void>;
};

async function submit(page: Page, form: string) {
  await page.locator(form).evaluate((f) => f.setAttribute("novalidate", ""));
  await page.locator(`${form} [type=submit]`).first().click();
  await page.waitForLoadState("load");
}

/**
 * Every public and seller page (signed in where needed), in the states a visitor reaches (errors, success):
 * the pseudo-language walk and the Hindi and Kannada axe walk open each of them.
 */
export const PUBLIC_PAGES: Walk[] = [
  { name: "home", path: "/" },
  { name: "directory", path: "/directory" },
  { name: "directory, no match", sameLayoutAs: "directory", path: "/directory?search=zzznothingmatches" },
  { name: "directory list view", sameLayoutAs: "directory", path: "/directory?view=list" },
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
  {
    name: "application errors",
    sameLayoutAs: "application",
    path: "/register",
    then: (page) => submit(page, "form.application-form"),
  },
  { name: "contact", path: "/contact" },
  { name: "contact errors", sameLayoutAs: "contact", path: "/contact", then: (page) => submit(page, "#contact-form") },
  { name: "ask for a quote", path: "/ask-for-a-quote" },
  {
    name: "ask for a quote errors",
    sameLayoutAs: "ask for a quote",
    path: "/ask-for-a-quote",
    then: (page) => submit(page, "#quote-form"),
  },
  { name: "ask for a quote, sent", sameLayoutAs: "ask for a quote", path: "/ask-for-a-quote?sent=1" },
  { name: "quote request link", path: () => quoteRequestPath(e2eDb()) },
  { name: "newsletter", path: "/newsletter" },
  { name: "coming soon", path: "/coming-soon" },
  { name: "terms", path: "/terms" },
  { name: "privacy", sameLayoutAs: "terms", path: "/privacy" },
  { name: "seller login", path: "/seller-login" },
  { name: "Google sign-in callback, cancelled", path: "/auth/google/callback?error=access_denied" },
  { name: "seller sign-up", path: "/seller-signup" },
  {
    name: "seller sign-up errors",
    sameLayoutAs: "seller sign-up",
    path: "/seller-signup",
    then: (page) => submit(page, "form#signup-step1"),
  },
  { name: "forgot password", path: "/forgot-password" },
  {
    name: "reset password",
    path: async () => resetPasswordPath(e2eDb(), (await createUser(e2eDb(), { role: "seller" })).id),
  },
  { name: "account deleted", path: "/account-deleted" },
  { name: "seller dashboard", path: "/seller-dashboard", seller: true },
  { name: "seller account", path: "/seller-account", seller: true },
  { name: "payment return, not verified", path: "/payments/return" },
  { name: "payment receipt, link not valid", path: "/payments/receipt/bwp-a1-00000000?token=not-valid" },
];

checkSameLayout(PUBLIC_PAGES);
