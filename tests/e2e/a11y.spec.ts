import { appendFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { DB } from "~db/client";
import type { Role } from "~db/schema";
import { createReviewRow, createSeller } from "~db/seed/factories";
import { type SiteWithPayments, payOnline, startSiteWithPayments } from "../support/razorpay-stand-in";
import {
  applicationToPay,
  axePasses,
  type AxeKind,
  categoryId,
  createEnquiryRow,
  createUser,
  E2E_SESSION_SECRET,
  e2eDb,
  paidReceiptPath,
  payLinkPath,
  quoteRequestPath,
  reviewerLinkPath,
  expect,
  signInAs,
  walkTest as test,
  uniqueWord,
  violationsInPasses,
  unsubscribePath,
  verifyEmailPath,
  resetPasswordPath,
  reviewInvitation,
  emailChangePath,
  accountDeletionPath,
} from "./fixtures";
import { answeringSellers, listingWithRequests, PAYMENT_PAGES } from "./public-pages";
import { checkSameLayout } from "./same-layout";

// axe-core over every page, failing on a violation of ANY impact (with WCAG 2.2's 24 px target-size rule,
// off by default, turned on), in light and dark themes, on a 390 px phone and a 1280 px desktop (two
// complementary theme and width pairs per project, one for another state of a template: `axePasses`), each page read in its project's own
// context. In the js-on project the page is hydrated. In the js-off project the page has JavaScript off
// (`javaScriptEnabled: false`): no script of the site runs, inline ones included, and `<noscript>` is
// rendered, as a visitor without JavaScript gets it. axe cannot run in such a page's own world (its
// evaluations answer, but a timer or an animation frame of the page never fires, and axe waits on
// timers), so there it runs in an isolated world of the page, as a browser extension's content script
// does (`inPage`, tests/e2e/fixtures.ts): the same document and styles, the page left as it is but for
// each `<noscript>` unwrapped into a span, as axe never reads inside one. A second
// JavaScript context loading the served HTML (`setContent`) was the other way, and was not taken: with
// scripts on, `<noscript>` is parsed as text and `(scripting: none)` never matches, so it would read
// another page than the one served.
//
// New pages (the back-office as it lands) are one line each in `PAGES`; pages only a site with online
// payments shows are in `PAYMENT_SITE_PAGES`, walked on a site of their own.

type MakeCtx = {
  makeSeller: (i?: Record<string, unknown>) => Promise<number>;
  makeReview: (sellerId: number, input?: Parameters<typeof createReviewRow>[2]) => Promise<number>;
  /** The site with online payments (the pages of `PAYMENT_SITE_PAGES` only). */
  payments?: SiteWithPayments;
};
type PageCase = {
  path: string | ((ctx: MakeCtx) => Promise<string>);
  as?: Role;
  prepare?: (page: Page) => Promise<void>;
  /** After the sign-in of `as`: what the page needs of that account (a second factor, a listing, leads). */
  signedIn?: (user: { id: number }, ctx: MakeCtx) => Promise<void>;
  name: string;
  /**
   * Another state of a page walked above (an error, an empty list, a notice on the same card): one theme
   * and width pair per project (`axePasses(…, "state")`), and the 768 px tablet pass of the no-JavaScript
   * walk made once per template, on the page named here.
   */
  sameLayoutAs?: string;
};

/**
 * A page of a seller's own opened while she is signed in (her profile, her invitation link): the note with the test
 * id `note` shows in place of the review form. The seller is made with the path, before the sign-in, then given the
 * account.
 */
function openedBySellerHerself(
  { name, sameLayoutAs, note }: { name: string; sameLayoutAs: string; note: string },
  pathOf: (sellerId: number) => string | Promise<string>,
): PageCase {
  let sellerId = 0;
  return {
    name,
    sameLayoutAs,
    as: "seller",
    path: async ({ makeSeller }) => pathOf((sellerId = await makeSeller({ business_name: uniqueWord("axe") }))),
    signedIn: async (user) => {
      await e2eDb().updateTable("sellers").set({ user_id: user.id }).where("id", "=", sellerId).execute();
    },
    prepare: async (page) => {
      await expect(page.getByTestId(note)).toBeVisible();
    },
  };
}

const PAGES: PageCase[] = [
  { name: "home", path: "/" },
  {
    name: "directory",
    path: async ({ makeSeller }) => {
      const w = uniqueWord("axe");
      await makeSeller({ business_name: `${w} Crafts`, is_verified: 1, is_featured: 1 });
      return `/directory?search=${w}`;
    },
  },
  { name: "empty directory", sameLayoutAs: "directory", path: `/directory?search=zzznothingmatches` },
  {
    name: "directory, close matches (no seller has every word)",
    sameLayoutAs: "directory",
    path: async ({ makeSeller }) => {
      const w = uniqueWord("axe");
      await makeSeller({ business_name: `${w} Pottery`, is_verified: 1 });
      return `/directory?search=${w}+zzqxwv`;
    },
  },
  {
    name: "directory near a PIN code",
    sameLayoutAs: "directory",
    path: async ({ makeSeller }) => {
      const w = uniqueWord("axe");
      await makeSeller({ business_name: `${w} Snacks`, pincode: "560038", is_verified: 1 });
      return `/directory?search=${w}&near=560034&within_km=10`;
    },
  },
  { name: "directory near an unknown PIN code", sameLayoutAs: "directory", path: "/directory?near=999999" },
  {
    // With JavaScript: "Use my location" refused by the browser (no permission given), its message shown.
    // Without, there is no button: the plain form is the "directory" state's, walked already.
    name: "directory, location refused",
    sameLayoutAs: "directory",
    path: "/directory",
    prepare: async (page) => {
      test.skip(!test.info().project.use.javaScriptEnabled, "a JavaScript-only state");
      await page.getByRole("button", { name: "Use my location" }).click();
      await expect(page.getByRole("alert")).toContainText("did not share your location");
    },
  },
  {
    name: "directory, open now",
    sameLayoutAs: "directory",
    path: async ({ makeSeller }) => {
      const w = uniqueWord("axe");
      await makeSeller({
        business_name: `${w} Always`,
        is_verified: 1,
        opening_hours: JSON.stringify({
          week: Object.fromEntries(
            ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [{ opens: "00:00", closes: "24:00" }]]),
          ),
          by_appointment: false,
          special_days: [],
        }),
      });
      return `/directory?search=${w}&open_now=1`;
    },
  },
  { name: "directory list view", path: "/directory?view=list" },
  {
    name: "seller profile",
    path: async ({ makeSeller }) =>
      `/seller/${await makeSeller({ business_name: uniqueWord("axe"), tagline: "Hand-made", is_verified: 1 })}`,
  },
  {
    name: "seller profile with opening hours",
    sameLayoutAs: "seller profile",
    path: async ({ makeSeller }) =>
      `/seller/${await makeSeller({
        business_name: uniqueWord("axe"),
        // and a PIN code: the Directions link
        pincode: "560034",
        opening_hours: JSON.stringify({
          week: {
            mon: [{ opens: "10:00", closes: "19:00" }],
            tue: [],
            wed: [],
            thu: [],
            fri: [{ opens: "20:00", closes: "02:00" }],
            sat: [],
            sun: [],
          },
          by_appointment: false,
          special_days: [{ from: "2030-10-25", to: "2030-10-26", label: "Diwali", hours: [] }],
        }),
      })}`,
  },
  {
    name: "seller reviews tab",
    path: async ({ makeSeller, makeReview }) => {
      const id = await makeSeller({ business_name: uniqueWord("axe") });
      await makeReview(id, { seller_reply: "Thank you!" });
      // the breakdown, the sort links and a review's marks (docs/decisions/222-reviews-people-can-trust.md)
      await makeReview(id, {
        rating: 3,
        verified_by: "quote",
        verified_on: "2030-11-12",
        email_confirmed_at: "2030-11-20T10:00:00Z",
        edited_at: "2030-11-21T10:00:00Z",
      });
      return `/seller/${id}?tab=reviews&sort=verified`;
    },
  },
  openedBySellerHerself(
    {
      name: "seller reviews tab, opened by the seller herself",
      sameLayoutAs: "seller reviews tab",
      note: "own-listing",
    },
    (sellerId) => `/seller/${sellerId}?tab=reviews`,
  ),
  {
    name: "seller profile, share open",
    sameLayoutAs: "seller profile",
    path: async ({ makeSeller }) =>
      `/seller/${await makeSeller({ business_name: uniqueWord("axe"), mobile: "+919876543210" })}`,
    // Without the Web Share API (Chromium on Linux) the Share control is a disclosure: look at it open.
    prepare: async (page) => {
      const disclosure = page.locator("details", { has: page.locator("summary", { hasText: "Share" }) });
      await disclosure.locator("summary").click();
      await expect(disclosure).toHaveAttribute("open", "");
    },
  },
  { name: "seller not found", sameLayoutAs: "page not found", path: "/seller/999999999" },
  { name: "tap link not available", sameLayoutAs: "page not found", path: "/go/999999999/whatsapp" },
  {
    name: "monthly report opt-out, bad link",
    sameLayoutAs: "page not found",
    path: "/seller-mails/off?seller=1&token=forged",
  },
  { name: "page not found", path: "/no-such-page" },
  { name: "list your business", path: "/list-your-business" },
  { name: "application", path: "/register" },
  { name: "contact", path: "/contact" },
  { name: "ask for a quote", path: "/ask-for-a-quote" },
  { name: "ask for a quote, sent", sameLayoutAs: "ask for a quote", path: "/ask-for-a-quote?sent=1" },
  { name: "quote request link", path: () => quoteRequestPath(e2eDb()) },
  {
    name: "quote request, confirmed, with answers",
    sameLayoutAs: "quote request link",
    path: async () => quoteRequestPath(e2eDb(), await answeringSellers()),
  },
  // a reviewer's address: its confirmation link and her own review (docs/decisions/222-reviews-people-can-trust.md)
  { name: "review email confirmation", path: () => reviewerLinkPath(e2eDb(), "confirm") },
  {
    name: "review email confirmed",
    sameLayoutAs: "review email confirmation",
    path: () => reviewerLinkPath(e2eDb(), "confirm", true),
  },
  {
    name: "review link refused",
    sameLayoutAs: "review email confirmation",
    path: "/my-review?id=999999999&expires=1&token=forged",
  },
  { name: "her review deleted", sameLayoutAs: "review email confirmation", path: "/my-review?deleted=1" },
  { name: "her review", path: () => reviewerLinkPath(e2eDb(), "manage") },
  {
    name: "her review, saved",
    sameLayoutAs: "her review",
    path: async () => `${await reviewerLinkPath(e2eDb(), "manage")}&saved=1`,
  },
  {
    name: "her review, delete confirm step",
    sameLayoutAs: "her review",
    path: () => reviewerLinkPath(e2eDb(), "manage"),
    prepare: async (page) => {
      await page.locator("#my-review-delete [type=submit]").click();
      await expect(page.locator("#my-review-delete-confirmed")).toBeVisible();
    },
  },
  { name: "newsletter", path: "/newsletter" },
  { name: "coming soon", path: "/coming-soon" },
  { name: "terms", path: "/terms" },
  { name: "privacy", sameLayoutAs: "terms", path: "/privacy" },
  { name: "review policy", sameLayoutAs: "terms", path: "/review-policy" },
  { name: "seller login", path: "/seller-login" },
  {
    name: "seller login error",
    sameLayoutAs: "seller login",
    path: "/seller-login",
    prepare: async (page) => {
      await page.getByLabel("Email", { exact: true }).fill("nobody@example.test");
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page.getByRole("alert")).toBeVisible();
    },
  },
  { name: "seller sign-up", path: "/seller-signup" },
  {
    name: "seller sign-up errors",
    sameLayoutAs: "seller sign-up",
    path: "/seller-signup",
    prepare: async (page) => {
      await page.locator("form#signup-step1").evaluate((f) => f.setAttribute("novalidate", ""));
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("Name is required")).toBeVisible();
    },
  },
  // account recovery, the account page and her data (docs/decisions/158-account-email-change-link-new-address.md)
  { name: "forgot password", path: "/forgot-password" },
  { name: "forgot password (staff)", sameLayoutAs: "forgot password", path: "/forgot-password?for=admin" },
  {
    name: "forgot password sent",
    sameLayoutAs: "forgot password",
    path: "/forgot-password",
    prepare: async (page) => {
      await page.getByLabel("Email", { exact: true }).fill(`${uniqueWord("nobody")}@example.test`);
      await page.getByRole("button", { name: "Send Me a Link" }).click();
      await expect(page.getByRole("status")).toBeVisible();
    },
  },
  {
    name: "reset password",
    sameLayoutAs: "forgot password",
    path: async () => resetPasswordPath(e2eDb(), (await createUser(e2eDb(), { role: "seller" })).id),
  },
  {
    name: "reset password errors",
    sameLayoutAs: "forgot password",
    path: async () => resetPasswordPath(e2eDb(), (await createUser(e2eDb(), { role: "seller" })).id),
    prepare: async (page) => {
      await page.locator("form#reset-password").evaluate((f) => f.setAttribute("novalidate", ""));
      await page.getByRole("button", { name: "Set New Password" }).click();
      await expect(page.getByText("Password is required").first()).toBeVisible();
    },
  },
  {
    name: "reset password link not valid",
    sameLayoutAs: "forgot password",
    path: async () =>
      (await resetPasswordPath(e2eDb(), (await createUser(e2eDb(), { role: "seller" })).id)).replace(
        /token=[^&]+/,
        "token=bad",
      ),
  },
  { name: "seller account", path: "/seller-account", as: "seller" },
  {
    name: "seller account errors",
    sameLayoutAs: "seller account",
    path: "/seller-account",
    as: "seller",
    prepare: async (page) => {
      await page.locator("#delete form").evaluate((f) => f.setAttribute("novalidate", ""));
      await page.getByRole("button", { name: "Delete My Account" }).click();
      await expect(page.getByText("Please tick the box to confirm")).toBeVisible();
    },
  },
  {
    name: "confirm email change",
    sameLayoutAs: "forgot password",
    path: async () =>
      emailChangePath(await createUser(e2eDb(), { role: "seller" }), `${uniqueWord("new")}@example.test`),
  },
  { name: "email changed", sameLayoutAs: "forgot password", path: "/confirm-email-change?changed=1" },
  {
    name: "confirm account deletion",
    sameLayoutAs: "forgot password",
    path: async () => accountDeletionPath(await createUser(e2eDb(), { role: "seller" })),
  },
  { name: "account deleted", sameLayoutAs: "forgot password", path: "/account-deleted" },
  { name: "admin login", path: "/admin/login" },
  {
    name: "admin login error",
    sameLayoutAs: "admin login",
    path: "/admin/login",
    prepare: async (page) => {
      await page.getByLabel("Email", { exact: true }).fill("nobody@example.test");
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Sign In to Admin Portal" }).click();
      await expect(page.getByRole("alert")).toBeVisible();
    },
  },
  { name: "Google callback without a code", sameLayoutAs: "forgot password", path: "/auth/google/callback" },
  {
    // Without JavaScript, the `<noscript>` button that posts the code on; with it, the page posts the code
    // itself, and this made-up one is refused.
    name: "Google callback with a code",
    sameLayoutAs: "forgot password",
    path: "/auth/google/callback?code=axe-code&state=axe-state",
    prepare: async (page) => {
      await expect(
        test.info().project.use.javaScriptEnabled
          ? page.getByRole("alert")
          : page.getByRole("button", { name: "Continue to your account" }),
      ).toBeVisible();
    },
  },
  {
    name: "seller dashboard",
    sameLayoutAs: "seller dashboard with the leads chart",
    path: "/seller-dashboard",
    as: "seller",
  },
  {
    name: "seller dashboard, PIN code asked",
    sameLayoutAs: "seller dashboard with the leads chart",
    path: "/seller-dashboard",
    as: "seller",
    signedIn: async (user, { makeSeller }) => {
      await makeSeller({ user_id: user.id, business_name: uniqueWord("axe"), address: "1 MG Road" });
    },
    prepare: async (page) => {
      await expect(page.getByText("Add your PIN code")).toBeVisible();
    },
  },
  {
    name: "seller dashboard, opening hours refused",
    sameLayoutAs: "seller dashboard with the leads chart",
    path: "/seller-dashboard",
    as: "seller",
    signedIn: async (user, { makeSeller }) => {
      await makeSeller({
        user_id: user.id,
        business_name: uniqueWord("axe"),
        address: "1 MG Road",
        pincode: "560001",
        opening_hours: JSON.stringify({
          week: {
            mon: [{ opens: "10:00", closes: "19:00" }],
            tue: [],
            wed: [],
            thu: [],
            fri: [{ opens: "20:00", closes: "02:00" }],
            sat: [],
            sun: [],
          },
          by_appointment: false,
          special_days: [{ from: "2030-10-25", to: "2030-10-26", label: "Diwali", hours: [] }],
        }),
      });
    },
    prepare: async (page) => {
      await page.getByLabel("Tuesday", { exact: true }).fill("14:00-18:00, 10:00-13:00");
      await page.getByRole("button", { name: "Save Profile" }).click();
      await expect(page.getByText("Give the ranges in the order of the day")).toBeVisible();
    },
  },
  { name: "admin dashboard", path: "/admin", as: "admin" },
  { name: "admin sellers", path: "/admin/sellers", as: "admin" },
  {
    name: "admin sellers, no PIN code",
    sameLayoutAs: "admin sellers",
    path: async ({ makeSeller }) => {
      await makeSeller({ business_name: uniqueWord("axe") });
      return "/admin/sellers?pincode=missing";
    },
    as: "admin",
  },
  {
    name: "admin sellers, renewals waiting",
    sameLayoutAs: "admin sellers",
    path: "/admin/sellers?renewal=waiting",
    as: "admin",
  },
  {
    name: "admin seller edit",
    path: async ({ makeSeller }) =>
      `/admin/sellers/edit/${await makeSeller({ business_name: uniqueWord("axe"), is_verified: 1 })}`,
    as: "admin",
  },
  {
    name: "admin seller account deletion",
    path: async ({ makeSeller }) =>
      `/admin/sellers/${await makeSeller({ business_name: uniqueWord("axe") })}/delete-account`,
    as: "admin",
  },
  {
    name: "admin seller account deletion error",
    sameLayoutAs: "admin seller account deletion",
    path: async ({ makeSeller }) =>
      `/admin/sellers/${await makeSeller({ business_name: uniqueWord("axe") })}/delete-account`,
    as: "admin",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Delete Account and All Data" }).click();
      await expect(page.getByText("Please tick the box to confirm")).toBeVisible();
    },
  },
  { name: "admin seller new", sameLayoutAs: "admin seller edit", path: "/admin/sellers/new", as: "admin" },
  { name: "admin seller not found", path: "/admin/sellers/edit/999999999", as: "admin" },
  { name: "admin categories", path: "/admin/categories", as: "admin" },
  {
    name: "admin subcategories tab",
    sameLayoutAs: "admin categories",
    path: "/admin/categories?tab=subcategories",
    as: "admin",
  },
  {
    name: "admin category delete step",
    sameLayoutAs: "admin categories",
    path: async () =>
      `/admin/categories?confirm=delete&kind=category&id=${await categoryId(e2eDb(), "gifts-and-hampers")}`,
    as: "admin",
  },
  { name: "admin category new", sameLayoutAs: "admin category edit", path: "/admin/categories/new", as: "admin" },
  {
    name: "admin category edit",
    path: async () => `/admin/categories/edit/${await categoryId(e2eDb(), "gifts-and-hampers")}`,
    as: "admin",
  },
  { name: "admin subcategory new", sameLayoutAs: "admin category edit", path: "/admin/subcategories/new", as: "admin" },
  {
    name: "admin subcategory edit",
    sameLayoutAs: "admin category edit",
    path: async () =>
      `/admin/subcategories/edit/${(await e2eDb().selectFrom("subcategories").select("id").orderBy("id").executeTakeFirstOrThrow()).id}`,
    as: "admin",
  },
  { name: "admin reviews", path: "/admin/reviews", as: "moderator" },
  {
    // Signals beside a pending review (docs/decisions/222-reviews-people-can-trust.md): two chips, the
    // reviewer's address for staff, the signal filter set, the legend and the reason fields.
    name: "admin reviews, signals",
    sameLayoutAs: "admin reviews",
    path: async ({ makeSeller }) => {
      const w = uniqueWord("axe");
      const seller = await makeSeller({ business_name: `${w} Shop`, owner_name: `${w} Owner` });
      const stamp = new Date().toISOString();
      await e2eDb()
        .insertInto("reviews")
        .values({
          seller_id: seller,
          reviewer_name: `${w} Owner`,
          rating: 5,
          review_text: "Wonderful, the best shop in the city",
          status: "pending",
          created_at: stamp,
          updated_at: stamp,
          reviewer_email: `${w}@example.test`,
        })
        .execute();
      return `/admin/reviews?search=${w}&signal=seller_match`;
    },
    as: "moderator",
  },
  {
    name: "admin enquiries",
    path: async () => {
      const w = uniqueWord("axe");
      await createEnquiryRow(e2eDb(), { name: `${w} A`, subject: "Hello", mobile: "+919876543210" });
      return `/admin/enquiries?search=${w}`;
    },
    as: "admin",
  },
  {
    name: "admin enquiries empty",
    sameLayoutAs: "admin enquiries",
    path: "/admin/enquiries?search=zzznothingmatches",
    as: "moderator",
  },
  {
    name: "admin newsletter subscriptions",
    sameLayoutAs: "admin enquiries",
    path: async () => {
      const w = uniqueWord("axe");
      await e2eDb()
        .insertInto("newsletter_subscriptions")
        .values({
          email: `${w}@example.test`,
          source: "homepage_final_cta",
          status: "active",
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      return `/admin/enquiries?tab=newsletter&search=${w}`;
    },
    as: "admin",
  },
  {
    name: "admin enquiry detail",
    path: async () =>
      `/admin/enquiries/${await createEnquiryRow(e2eDb(), { name: uniqueWord("axe"), subject: "Hello", mobile: "+919876543210" })}`,
    as: "moderator",
  },
  {
    name: "admin enquiry not found",
    sameLayoutAs: "admin seller not found",
    path: "/admin/enquiries/999999999",
    as: "moderator",
  },
  { name: "newsletter unsubscribe", path: unsubscribePath("axe-reader@example.test") },
  {
    name: "newsletter unsubscribe bad link",
    sameLayoutAs: "newsletter unsubscribe",
    path: unsubscribePath("axe-reader@example.test", "bad-token"),
  },
  {
    name: "verify email",
    sameLayoutAs: "forgot password",
    path: async () => verifyEmailPath(await createUser(e2eDb(), { role: "seller" })),
  },
  {
    name: "verify email bad link",
    sameLayoutAs: "forgot password",
    path: async () => verifyEmailPath(await createUser(e2eDb(), { role: "seller" }), undefined, "bad-token"),
  },
  { name: "admin content", path: "/admin/content", as: "admin" },
  // Lists every staff account, and the suite has made 200+ by the time the js-off project walks it: axe's
  // two passes over that table took longer than 45 s in two clean-clone runs.
  { name: "account security (set-up)", path: "/admin/security", as: "moderator" },
  // States only a flow reaches; walked here too so the no-JavaScript HTML of each is checked.
  {
    name: "account security, authenticator app on",
    sameLayoutAs: "account security (set-up)",
    path: "/admin/security",
    as: "admin",
    signedIn: async (user) => {
      await e2eDb()
        .updateTable("users")
        .set({ totp_secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", totp_enabled_at: new Date().toISOString() })
        .where("id", "=", user.id)
        .execute();
    },
  },
  {
    name: "two-step sign-in page",
    sameLayoutAs: "admin login",
    path: "/admin/login",
    prepare: async (page) => {
      const staff = await createUser(e2eDb(), { role: "moderator" });
      await e2eDb()
        .updateTable("users")
        .set({ totp_secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", totp_enabled_at: new Date().toISOString() })
        .where("id", "=", staff.id)
        .execute();
      await page.getByLabel("Email", { exact: true }).fill(staff.email);
      await page.getByLabel("Password", { exact: true }).fill(staff.password);
      await page.getByRole("button", { name: "Sign In to Admin Portal" }).click();
      await expect(page.getByLabel("Authentication code")).toBeVisible();
    },
  },
  {
    name: "seller dashboard with the leads chart",
    path: "/seller-dashboard",
    as: "seller",
    signedIn: async (user, { makeSeller }) => {
      const today = new Date().toISOString().slice(0, 10);
      const id = await makeSeller({ user_id: user.id, business_name: uniqueWord("axe"), status: "active" });
      await e2eDb()
        .insertInto("seller_leads")
        .values([
          { seller_id: id, day: today, kind: "view", count: 12 },
          { seller_id: id, day: today, kind: "whatsapp", count: 3 },
        ])
        .execute();
    },
  },
  {
    name: "seller dashboard, an invitation to review made",
    sameLayoutAs: "seller dashboard with the leads chart",
    path: "/seller-dashboard",
    as: "seller",
    signedIn: async (user, { makeSeller }) => {
      const id = await makeSeller({ user_id: user.id, business_name: uniqueWord("axe"), status: "active" });
      await reviewInvitation(id, { customerName: "Lata", used: true });
      await reviewInvitation(id, { daysAgo: 40 });
    },
    prepare: async (page) => {
      await page.getByLabel("Customer's name (optional)").fill("Meena");
      await page.getByRole("button", { name: "Make an invitation link" }).click();
      await expect(page.getByText("Invitation made: share its link below.")).toBeVisible();
    },
  },
  {
    name: "invitation card",
    path: "/seller-dashboard",
    as: "seller",
    signedIn: async (user, { makeSeller }) => {
      const id = await makeSeller({ user_id: user.id, business_name: uniqueWord("axe"), status: "active" });
      await reviewInvitation(id, { customerName: "Meena" });
    },
    prepare: async (page) => {
      await page.getByRole("link", { name: "Printable card" }).click();
      await expect(page.getByRole("heading", { name: "Printable invitation card" })).toBeVisible();
    },
  },
  {
    name: "review invitation",
    path: async ({ makeSeller }) =>
      reviewInvitation(await makeSeller({ business_name: uniqueWord("axe") }), { customerName: "Meena" }),
  },
  openedBySellerHerself(
    {
      name: "review invitation, opened by the seller herself",
      sameLayoutAs: "review invitation",
      note: "own-invitation",
    },
    (sellerId) => reviewInvitation(sellerId, { customerName: "Meena" }),
  ),
  {
    name: "review invitation, used",
    path: async ({ makeSeller }) =>
      reviewInvitation(await makeSeller({ business_name: uniqueWord("axe") }), { used: true }),
  },
  {
    name: "review invitation, expired",
    sameLayoutAs: "review invitation, used",
    path: async ({ makeSeller }) =>
      reviewInvitation(await makeSeller({ business_name: uniqueWord("axe") }), { daysAgo: 31 }),
  },
  {
    name: "seller dashboard with requests for quotes",
    sameLayoutAs: "seller dashboard with the leads chart",
    path: "/seller-dashboard",
    as: "seller",
    signedIn: (user) => listingWithRequests(user),
  },
  {
    name: "admin quotes",
    path: async () => {
      await quoteRequestPath(e2eDb(), await answeringSellers());
      return "/admin/quotes";
    },
    as: "moderator",
  },
  { name: "payment receipt", path: () => paidReceiptPath(e2eDb()) },
  { name: "admin audit log", path: "/admin/audit", as: "admin" },
  { name: "admin search", path: "/admin/search", as: "admin" },
  {
    name: "admin search, a group started from a search",
    sameLayoutAs: "admin search",
    path: "/admin/search?word=saree",
    as: "admin",
  },
  { name: "admin search, a search explained", path: "/admin/search?try=ghar ka khana", as: "admin" },
];

// axe's "incomplete" results: rules it could not decide, for a person to review. Each kind was reviewed; the
// walk fails when a page has an undecided rule not listed for it here (a new rule, or one on a new page),
// which is reviewed in turn, and never when a listed one goes away (axe deciding a rule is no defect). The
// lists are what the walk finds with the test fonts (docs/testing.md; `A11Y_RECORD_INCOMPLETE=<file>`
// writes each page's list instead of checking it), so keep them current when a page stops having one. The
// ones left:
// - color-contrast: text over a background gradient (the page heroes) or partly covered by another
//   element, where axe cannot find one background colour to measure against. The same text colours are
//   measured by axe on the plain backgrounds of the other pages; a gradient's darkest and lightest stops
//   are a person's check. The sign-up errors page has it only in the hydrated page. On the seller
//   dashboard, the leads chart's axis labels (SVG text over the chart's drawing, one digit short); on
//   the back-office pages, the menu's links where the scrolling menu covers part of them. On a reviewer's own
//   review (her edit form) and a review invitation's page, the star rating's labels: a ★ alone, which axe
//   calls no text (each star is named by its hidden "n stars" text; the star's colour is checked on the
//   profile's review form).
// - aria-prohibited-attr: the carousels' scrolling track, a focusable div with aria-label and no role, so
//   keyboard users hear what the arrow keys do (Chromium reads the label of a focusable element). Giving
//   it a role would add a group or region that the carousel's own tests count; left for a later change.
const CONTRAST_UNDECIDED_BOTH = [
  "home",
  "directory",
  "empty directory",
  "directory, close matches (no seller has every word)",
  "directory near a PIN code",
  "directory near an unknown PIN code",
  "directory, location refused",
  "directory, open now",
  "directory list view",
  "seller reviews tab",
  "her review",
  "her review, saved",
  "list your business",
  "application",
  "contact",
  "ask for a quote",
  "ask for a quote, sent",
  "admin dashboard",
  "admin sellers",
  "admin sellers, renewals waiting",
  "admin sellers, no PIN code",
  "admin seller edit",
  "admin seller account deletion",
  "admin seller account deletion error",
  "admin seller new",
  "admin seller not found",
  "admin categories",
  "admin subcategories tab",
  "admin category delete step",
  "admin category new",
  "admin category edit",
  "admin subcategory new",
  "admin subcategory edit",
  "admin reviews",
  "admin reviews, signals",
  "admin enquiries",
  "admin enquiries empty",
  "admin newsletter subscriptions",
  "admin enquiry detail",
  "admin content",
  "admin settings",
  "admin settings, a backup recorded",
  "admin dashboard, a backup failed",
  "account security (set-up)",
  "account security, authenticator app on",
  "seller dashboard with the leads chart",
  "seller dashboard with requests for quotes",
  "seller dashboard, opening hours refused",
  "seller dashboard, PIN code asked",
  "seller dashboard, an invitation to review made",
  "review invitation",
  "admin quotes",
  "admin payments",
  "admin audit log",
  "admin search",
  "admin search, a group started from a search",
  "admin search, a search explained",
];
const CONTRAST_UNDECIDED_WITH_JS = ["seller sign-up errors"];
const CAROUSEL_TRACK_LABEL = ["home", "seller reviews tab"];

function incompleteOf(name: string, jsEnabled: boolean): string[] {
  const ids: string[] = [];
  if (CAROUSEL_TRACK_LABEL.includes(name)) ids.push("aria-prohibited-attr");
  if (CONTRAST_UNDECIDED_BOTH.includes(name) || (jsEnabled && CONTRAST_UNDECIDED_WITH_JS.includes(name)))
    ids.push("color-contrast");
  return ids;
}

/**
 * The pages only a site with online payments shows (the shared e2e site has them off), each after a
 * payment through the gateway's stand-in where it needs one; and the staff list of Settings, which on the
 * shared site lists every staff account the rest of the suite made (hundreds: a 20 s axe pass), here the
 * kinds of row it has (an admin, a moderator, a disabled one).
 */
const PAYMENT_SITE_PAGES: PageCase[] = [
  ...PAYMENT_PAGES.map(({ name, path }) => ({ name, path: (ctx: MakeCtx) => path(ctx.payments!) })),
  {
    name: "admin payments",
    path: async ({ payments }) => {
      await payOnline(payments!, payLinkPath("application", await applicationToPay(payments!.db)));
      return "/admin/payments";
    },
    as: "admin",
  },
  {
    name: "admin settings",
    path: async ({ payments }) => {
      const db = payments!.db;
      await createUser(db, { role: "moderator", name: "Active Moderator" });
      const disabled = await createUser(db, { role: "moderator", name: "Disabled Moderator" });
      await db.updateTable("users").set({ is_active: 0 }).where("id", "=", disabled.id).execute();
      return "/admin/settings";
    },
    as: "admin",
  },
  // The backups (docs/decisions/225-backups-leave-the-machine.md): a good one in the bucket, drilled; then a failed run.
  {
    name: "admin settings, a backup recorded",
    sameLayoutAs: "admin settings",
    path: async ({ payments }) => {
      const at = new Date(Date.now() - 3_600_000).toISOString();
      await payments!.db
        .insertInto("backup_runs")
        .values({
          name: "backup-a11y",
          started_at: at,
          finished_at: at,
          ok: 1,
          size_bytes: 48_500_000,
          local_path: "/srv/bwp/data/backups/backup-a11y",
          s3_url: "s3://bwp-backups/backups/backup-a11y.tar.enc",
          drilled_at: new Date().toISOString(),
          drill_note: "31 tables",
        })
        .execute();
      return "/admin/settings#backups";
    },
    as: "admin",
  },
  {
    name: "admin dashboard, a backup failed",
    sameLayoutAs: "admin dashboard",
    path: async ({ payments }) => {
      const at = new Date().toISOString();
      await payments!.db
        .insertInto("backup_runs")
        .values({
          name: "backup-a11y-failed",
          started_at: at,
          finished_at: at,
          ok: 0,
          error: 'the backup bucket: the bucket "bwp-backups" refuses these credentials (AccessDenied)',
        })
        .execute();
      return "/admin";
    },
    as: "admin",
  },
];

checkSameLayout([...PAGES, ...PAYMENT_SITE_PAGES]);

type WalkFixtures = MakeCtx & { page: Page; jsEnabled: boolean; base: string; db: DB };

/** One page of the walk: signed in if it says so, loaded once, brought to its state, axe in every pass. */
async function walk(entry: PageCase, { page, jsEnabled, base, db, ...ctx }: WalkFixtures) {
  test.setTimeout(45_000);
  const kind = kindOf(entry);
  // Its template is walked hydrated; the state's own page is the server's HTML, the same with JavaScript.
  test.skip(jsEnabled && kind === "loaded state", "a state reached by its address alone: walked without JavaScript");
  const path = typeof entry.path === "string" ? entry.path : await entry.path(ctx);
  if (entry.as) {
    const user = await signInAs(page.context(), entry.as, db);
    await entry.signedIn?.(user, ctx);
  }
  // One load per page: the theme follows prefers-color-scheme and the layout the width, live.
  const [first] = axePasses(jsEnabled, kind);
  await page.emulateMedia({ colorScheme: first.colorScheme, reducedMotion: "reduce" });
  await page.setViewportSize(first.size);
  await page.goto(base + path);
  // With JavaScript, axe reads the hydrated page (app/root.tsx marks it): hydration still changing the page
  // during a pass left axe's heading order undecided on the first page of a cold run.
  if (jsEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  if (entry.prepare) await entry.prepare(page);
  const incomplete = new Set<string>();
  const found = await violationsInPasses(page, jsEnabled, incomplete, kind);
  expect(found).toEqual([]);
  const undecided = [...incomplete].sort();
  if (process.env.A11Y_RECORD_INCOMPLETE)
    appendFileSync(process.env.A11Y_RECORD_INCOMPLETE, `${JSON.stringify([entry.name, jsEnabled, undecided])}\n`);
  else {
    // A rule axe now decides (and finds no violation of) is no failure: only a new undecided one is.
    const reviewed = incompleteOf(entry.name, jsEnabled);
    expect(
      undecided.filter((id) => !reviewed.includes(id)),
      "axe's undecided rules: review each, then fix it or list it",
    ).toEqual([]);
  }
}

/**
 * A template: both theme and width pairs in each project. Another state of it reached by doing something on
 * the page (`prepare`: a post, a click) may differ with a script: one pair in each project. One reached by
 * its address alone is the server's HTML of that template, which hydration leaves as it is (the template
 * is walked hydrated): walked without JavaScript only, in both pairs.
 */
function kindOf(entry: PageCase): Exclude<AxeKind, "flow"> {
  if (!entry.sameLayoutAs) return "template";
  return entry.prepare ? "state" : "loaded state";
}

const title = (entry: PageCase) =>
  ({
    template: `${entry.name}: no violation in both themes at 390 and 1280 px (and 768 px without JavaScript)`,
    state: `${entry.name}: no violation in light at 390 px with JavaScript, dark at 1280 px without`,
    "loaded state": `${entry.name}: no violation in light at 390 px and dark at 1280 px, without JavaScript`,
  })[kindOf(entry)];

test.describe("accessibility (axe-core, every impact)", () => {
  for (const entry of PAGES)
    test(title(entry), async ({ page, jsEnabled, makeSeller, makeReview }) => {
      await walk(entry, { page, jsEnabled, base: "", db: e2eDb(), makeSeller, makeReview });
    });

  test.describe("on a site with online payments", () => {
    // One site for the group, in one worker: its tests run in turn there rather than start a site in each.
    test.describe.configure({ mode: "default" });
    let payments: SiteWithPayments;
    test.beforeAll(async () => {
      test.setTimeout(90_000);
      payments = await startSiteWithPayments("a11y-payments", () => ({ SESSION_SECRET: E2E_SESSION_SECRET }));
    });
    test.afterAll(async () => {
      await payments?.stop();
    });
    for (const entry of PAYMENT_SITE_PAGES)
      test(title(entry), async ({ page, jsEnabled }) => {
        const makeSeller = (input?: Record<string, unknown>) => createSeller(payments.db, input);
        await walk(entry, {
          page,
          jsEnabled,
          base: payments.base,
          db: payments.db,
          payments,
          makeSeller,
          makeReview: () => Promise.reject(new Error("no reviews on the payments site")),
        });
      });
  });
});
