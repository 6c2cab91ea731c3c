import type { Page } from "@playwright/test";
import { payOnline, type SiteWithPayments } from "../support/razorpay-stand-in";
import {
  applicationToPay,
  categoryId,
  createUser,
  e2eDb,
  expect,
  paidReceiptPath,
  payLinkPath,
  quoteRequestPath,
  resetPasswordPath,
  reviewerLinkPath,
  reviewInvitation,
  uniqueWord,
} from "./fixtures";
import { checkSameLayout } from "./same-layout";

// The list of public and seller pages (one line each): tests/e2e/pseudo-language.spec.ts and
// tests/e2e/languages-a11y.spec.ts walk it. A new public or seller page is a line here.

export type Walk = {
  name: string;
  path: string | (() => Promise<string>);
  seller?: true;
  /** After the sign-in of `seller`: what the page needs of her account (a listing, requests for quotes). */
  signedIn?: (user: { id: number }) => Promise<void>;
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
  // The refusal is the page to read: a form whose code comes on first use may post the document itself, and
  // "load" of the page still showing would not wait for that answer (the walk then read the old page while
  // the post navigated under it).
  await expect(page.locator(`${form} [aria-invalid="true"], ${form} .form-error`).first()).toBeVisible();
  await page.waitForLoadState("load");
}

/** Fills a form's fields by name (the words around them differ by language) and posts it; waits for `answer`. */
async function post(page: Page, form: string, fields: Record<string, string>, answer: string) {
  for (const [name, value] of Object.entries(fields)) await page.locator(`${form} [name="${name}"]`).fill(value);
  await page.locator(`${form} [type=submit]`).first().click();
  await expect(page.locator(answer).first()).toBeVisible();
}

/** A public seller (for an invitation to review her). */
async function invitingSeller(userId?: number) {
  const { createSeller } = await import("~db/seed/factories");
  return createSeller(e2eDb(), { business_name: `${uniqueWord("invites")} Crafts`, user_id: userId });
}

/** The signed-in seller's listing with an invitation to review it. */
async function listingWithInvitation(user: { id: number }) {
  await reviewInvitation(await invitingSeller(user.id), { customerName: "Meena" });
}

/** Sellers answering a request for quotes: one answered with a price, one declined, one not yet. */
export async function answeringSellers(first?: number) {
  const { createSeller } = await import("~db/seed/factories");
  const seller = () => createSeller(e2eDb(), { business_name: `${uniqueWord("quotes")} Tailors`, city: "Pune" });
  return [
    { sellerId: first ?? (await seller()), status: "answered" as const, answer: "Yes, by the 9th.", price: 2800 },
    { sellerId: await seller(), status: "declined" as const },
    { sellerId: await seller(), status: "sent" as const },
  ];
}

/** A seller account's listing, a request for quotes waiting for her answer and one she answered. */
export async function listingWithRequests(user: { id: number }) {
  const { createSeller } = await import("~db/seed/factories");
  const db = e2eDb();
  const mine = await createSeller(db, {
    user_id: user.id,
    business_name: `${uniqueWord("quotes")} Tailors`,
    city: "Pune",
    // Her PIN code: the dashboard's map of her point is walked too.
    pincode: "411004",
    categoryIds: [await categoryId(db, "fashion-and-apparel")],
  });
  await quoteRequestPath(db, [{ sellerId: mine, status: "sent" }]);
  await quoteRequestPath(db, await answeringSellers(mine));
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
    name: "directory near a PIN code",
    sameLayoutAs: "directory",
    path: async () => {
      const { createSeller } = await import("~db/seed/factories");
      const word = uniqueWord("pseudo");
      await createSeller(e2eDb(), { business_name: `${word} Snacks`, pincode: "560038" });
      return `/directory?search=${word}&near=560034&within_km=10`;
    },
  },
  { name: "directory near an unknown PIN code", sameLayoutAs: "directory", path: "/directory?near=999999" },
  {
    name: "directory, open now",
    sameLayoutAs: "directory",
    path: async () => {
      const { createSeller } = await import("~db/seed/factories");
      const word = uniqueWord("pseudo");
      const always = [{ opens: "00:00", closes: "24:00" }];
      const week = { mon: always, tue: always, wed: always, thu: always, fri: always, sat: always, sun: always };
      await createSeller(e2eDb(), {
        business_name: `${word} Snacks`,
        opening_hours: JSON.stringify({ week, by_appointment: false, special_days: [] }),
      });
      return `/directory?search=${word}&open_now=1`;
    },
  },
  {
    name: "seller profile",
    path: async () => {
      const { createSeller } = await import("~db/seed/factories");
      // With a PIN code: her area's small map and the Directions link (the tests' servers have maps on).
      return `/seller/${await createSeller(e2eDb(), { business_name: uniqueWord("pseudo"), tagline: "Hand-made", is_verified: 1, pincode: "560034", locality: "Koramangala" })}`;
    },
    contentDescription: true,
  },
  {
    name: "seller profile with opening hours",
    sameLayoutAs: "seller profile",
    path: async () => {
      const { createSeller } = await import("~db/seed/factories");
      const week = { mon: [{ opens: "10:00", closes: "19:00" }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
      return `/seller/${await createSeller(e2eDb(), {
        business_name: uniqueWord("pseudo"),
        opening_hours: JSON.stringify({
          week,
          by_appointment: false,
          special_days: [{ from: "2030-10-25", to: "2030-10-26", label: "Diwali", hours: [] }],
        }),
      })}`;
    },
  },
  {
    name: "seller reviews tab, a review without stars",
    path: async () => {
      const { createSeller, createReviewRow } = await import("~db/seed/factories");
      const id = await createSeller(e2eDb(), { business_name: uniqueWord("pseudo") });
      await createReviewRow(e2eDb(), id, { seller_reply: "Thank you!" });
      // the breakdown, the sort links and a review's marks in the page's language
      await createReviewRow(e2eDb(), id, {
        rating: 3,
        verified_by: "quote",
        verified_on: "2030-11-12",
        email_confirmed_at: "2030-11-20T10:00:00Z",
        edited_at: "2030-11-21T10:00:00Z",
      });
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
  { name: "contact, sent", sameLayoutAs: "contact", path: "/contact?sent=1" },
  { name: "ask for a quote", path: "/ask-for-a-quote" },
  {
    name: "ask for a quote errors",
    sameLayoutAs: "ask for a quote",
    path: "/ask-for-a-quote",
    then: (page) => submit(page, "#quote-form"),
  },
  { name: "ask for a quote, sent", sameLayoutAs: "ask for a quote", path: "/ask-for-a-quote?sent=1" },
  { name: "quote request link", path: () => quoteRequestPath(e2eDb()) },
  {
    name: "quote request, confirmed, with answers",
    sameLayoutAs: "quote request link",
    path: async () => quoteRequestPath(e2eDb(), await answeringSellers()),
  },
  { name: "review email confirmation", path: () => reviewerLinkPath(e2eDb(), "confirm") },
  {
    name: "review email confirmed",
    sameLayoutAs: "review email confirmation",
    path: () => reviewerLinkPath(e2eDb(), "confirm", true),
  },
  { name: "her review", path: () => reviewerLinkPath(e2eDb(), "manage") },
  {
    name: "her review, saved",
    sameLayoutAs: "her review",
    path: async () => `${await reviewerLinkPath(e2eDb(), "manage")}&saved=1`,
  },
  { name: "newsletter", path: "/newsletter" },
  {
    name: "newsletter errors",
    sameLayoutAs: "newsletter",
    path: "/newsletter",
    then: (page) => submit(page, "form#newsletter-page"),
  },
  { name: "newsletter, signed up", sameLayoutAs: "newsletter", path: "/newsletter?status=subscribed" },
  { name: "coming soon", path: "/coming-soon" },
  { name: "terms", path: "/terms" },
  { name: "privacy", sameLayoutAs: "terms", path: "/privacy" },
  { name: "review policy", sameLayoutAs: "terms", path: "/review-policy" },
  { name: "seller login", path: "/seller-login" },
  {
    name: "seller login error",
    sameLayoutAs: "seller login",
    path: "/seller-login",
    then: (page) =>
      post(
        page,
        "form:has([name=password])",
        { email: `${uniqueWord("nobody")}@example.test`, password: "wrong-password" },
        "form:has([name=password]) [role=alert]",
      ),
  },
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
    name: "forgot password, sent",
    sameLayoutAs: "forgot password",
    path: "/forgot-password",
    then: (page) =>
      post(page, "form#forgot-password", { email: `${uniqueWord("nobody")}@example.test` }, "[role=status]"),
  },
  {
    name: "reset password",
    path: async () => resetPasswordPath(e2eDb(), (await createUser(e2eDb(), { role: "seller" })).id),
  },
  { name: "account deleted", path: "/account-deleted" },
  { name: "seller dashboard", path: "/seller-dashboard", seller: true },
  {
    name: "seller dashboard with requests for quotes",
    sameLayoutAs: "seller dashboard",
    path: "/seller-dashboard",
    seller: true,
    signedIn: (user) => listingWithRequests(user),
  },
  {
    name: "seller dashboard with an invitation to review",
    sameLayoutAs: "seller dashboard",
    path: "/seller-dashboard",
    seller: true,
    signedIn: (user) => listingWithInvitation(user),
  },
  {
    name: "invitation card",
    path: "/seller-dashboard",
    seller: true,
    signedIn: (user) => listingWithInvitation(user),
    then: async (page) => {
      await page.locator('a[href*="/seller-dashboard/invitations/"][href$="/card"]').first().click();
      await expect(page.locator(".invitation-card")).toBeVisible();
    },
  },
  { name: "review invitation", path: async () => reviewInvitation(await invitingSeller(), { customerName: "Meena" }) },
  { name: "review invitation, used", path: async () => reviewInvitation(await invitingSeller(), { used: true }) },
  {
    name: "review invitation, expired",
    sameLayoutAs: "review invitation, used",
    path: async () => reviewInvitation(await invitingSeller(), { daysAgo: 31 }),
  },
  { name: "seller account", path: "/seller-account", seller: true },
  { name: "payment return, not verified", path: "/payments/return" },
  { name: "payment receipt", path: () => paidReceiptPath(e2eDb()) },
  { name: "payment receipt, link not valid", path: "/payments/receipt/bwp-a1-00000000?token=not-valid" },
];

checkSameLayout(PUBLIC_PAGES);

/**
 * The pages only a site with online payments shows (the shared e2e site has them off): walked on a site of
 * the walk's own with the gateway's stand-in (`startSiteWithPayments`), whose SESSION_SECRET is the e2e
 * site's, so the links signed by the fixtures hold. Paths are the site's, without a language's prefix.
 */
export const PAYMENT_PAGES: { name: string; path: (site: SiteWithPayments) => Promise<string> }[] = [
  { name: "pay for a listing", path: async (site) => payLinkPath("application", await applicationToPay(site.db)) },
  {
    name: "payment return, paid",
    path: async (site) => payOnline(site, payLinkPath("application", await applicationToPay(site.db))),
  },
];
