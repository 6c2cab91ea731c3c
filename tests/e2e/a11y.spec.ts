import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { Role } from "~db/schema";
import {
  axePasses,
  categoryId,
  createEnquiryRow,
  createUser,
  e2eDb,
  expect,
  uniqueClientAddress,
  signInAs,
  test,
  uniqueWord,
  violationsInPasses,
  unsubscribePath,
  verifyEmailPath,
  resetPasswordPath,
  emailChangePath,
  accountDeletionPath,
} from "./fixtures";

// axe-core over every page, failing on a violation of ANY impact (with WCAG 2.2's 24 px target-size rule, off by default, turned on), in light and dark themes, on a
// 390 px phone and a 1280 px desktop (two complementary theme and width pairs per project:
// `axePasses`). In the js-on project the page is hydrated. In the js-off
// project axe cannot be injected into a context with JavaScript disabled, so the server's HTML is
// checked in a context whose routes abort the app's module scripts: nothing hydrates, and what axe
// sees is what a visitor without JavaScript gets.
//
// New pages (the back-office as it lands) are one line each in `PAGES`.

type MakeCtx = {
  makeSeller: (i?: Record<string, unknown>) => Promise<number>;
  makeReview: (sellerId: number, input?: { seller_reply?: string }) => Promise<number>;
};
type PageCase = {
  path: string | ((ctx: MakeCtx) => Promise<string>);
  as?: Role;
  prepare?: (page: Page) => Promise<void>;
  name: string;
  /** More time: a page whose size grows with what the rest of the suite writes to the shared database. */
  slow?: true;
};

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
  { name: "empty directory", path: `/directory?search=zzznothingmatches` },
  {
    name: "directory, close matches (no seller has every word)",
    path: async ({ makeSeller }) => {
      const w = uniqueWord("axe");
      await makeSeller({ business_name: `${w} Pottery`, is_verified: 1 });
      return `/directory?search=${w}+zzqxwv`;
    },
  },
  { name: "directory list view", path: "/directory?view=list" },
  {
    name: "seller profile",
    path: async ({ makeSeller }) =>
      `/seller/${await makeSeller({ business_name: uniqueWord("axe"), tagline: "Hand-made", is_verified: 1 })}`,
  },
  {
    name: "seller reviews tab",
    path: async ({ makeSeller, makeReview }) => {
      const id = await makeSeller({ business_name: uniqueWord("axe") });
      await makeReview(id, { seller_reply: "Thank you!" });
      return `/seller/${id}?tab=reviews`;
    },
  },
  {
    name: "seller profile, share open",
    path: async ({ makeSeller }) =>
      `/seller/${await makeSeller({ business_name: uniqueWord("axe"), mobile: "+919876543210" })}`,
    // Without the Web Share API (Chromium on Linux) the Share control is a disclosure: look at it open.
    prepare: async (page) => {
      const disclosure = page.locator("details", { has: page.locator("summary", { hasText: "Share" }) });
      await disclosure.locator("summary").click();
      await expect(disclosure).toHaveAttribute("open", "");
    },
  },
  { name: "seller not found", path: "/seller/999999999" },
  { name: "tap link not available", path: "/go/999999999/whatsapp" },
  { name: "monthly report opt-out, bad link", path: "/seller-mails/off?seller=1&token=forged" },
  { name: "page not found", path: "/no-such-page" },
  { name: "list your business", path: "/list-your-business" },
  { name: "application", path: "/register" },
  { name: "contact", path: "/contact" },
  { name: "newsletter", path: "/newsletter" },
  { name: "coming soon", path: "/coming-soon" },
  { name: "terms", path: "/terms" },
  { name: "privacy", path: "/privacy" },
  { name: "seller login", path: "/seller-login" },
  {
    name: "seller login error",
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
    path: "/seller-signup",
    prepare: async (page) => {
      await page.locator("form#signup-step1").evaluate((f) => f.setAttribute("novalidate", ""));
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("Name is required")).toBeVisible();
    },
  },
  // account recovery, the account page and her data (docs/decisions/158-account-email-change-link-new-address.md)
  { name: "forgot password", path: "/forgot-password" },
  { name: "forgot password (staff)", path: "/forgot-password?for=admin" },
  {
    name: "forgot password sent",
    path: "/forgot-password",
    prepare: async (page) => {
      await page.getByLabel("Email", { exact: true }).fill(`${uniqueWord("nobody")}@example.test`);
      await page.getByRole("button", { name: "Send Me a Link" }).click();
      await expect(page.getByRole("status")).toBeVisible();
    },
  },
  {
    name: "reset password",
    path: async () => resetPasswordPath(e2eDb(), (await createUser(e2eDb(), { role: "seller" })).id),
  },
  {
    name: "reset password errors",
    path: async () => resetPasswordPath(e2eDb(), (await createUser(e2eDb(), { role: "seller" })).id),
    prepare: async (page) => {
      await page.locator("form#reset-password").evaluate((f) => f.setAttribute("novalidate", ""));
      await page.getByRole("button", { name: "Set New Password" }).click();
      await expect(page.getByText("Password is required").first()).toBeVisible();
    },
  },
  {
    name: "reset password link not valid",
    path: async () =>
      (await resetPasswordPath(e2eDb(), (await createUser(e2eDb(), { role: "seller" })).id)).replace(
        /token=[^&]+/,
        "token=bad",
      ),
  },
  { name: "seller account", path: "/seller-account", as: "seller" },
  {
    name: "seller account errors",
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
    path: async () =>
      emailChangePath(await createUser(e2eDb(), { role: "seller" }), `${uniqueWord("new")}@example.test`),
  },
  { name: "email changed", path: "/confirm-email-change?changed=1" },
  {
    name: "confirm account deletion",
    path: async () => accountDeletionPath(await createUser(e2eDb(), { role: "seller" })),
  },
  { name: "account deleted", path: "/account-deleted" },
  { name: "admin login", path: "/admin/login" },
  {
    name: "admin login error",
    path: "/admin/login",
    prepare: async (page) => {
      await page.getByLabel("Email", { exact: true }).fill("nobody@example.test");
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Sign In to Admin Portal" }).click();
      await expect(page.getByRole("alert")).toBeVisible();
    },
  },
  { name: "Google callback without a code", path: "/auth/google/callback" },
  { name: "seller dashboard", path: "/seller-dashboard", as: "seller" },
  { name: "admin dashboard", path: "/admin", as: "admin" },
  { name: "admin sellers", path: "/admin/sellers", as: "admin" },
  { name: "admin sellers, renewals waiting", path: "/admin/sellers?renewal=waiting", as: "admin" },
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
    path: async ({ makeSeller }) =>
      `/admin/sellers/${await makeSeller({ business_name: uniqueWord("axe") })}/delete-account`,
    as: "admin",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Delete Account and All Data" }).click();
      await expect(page.getByText("Please tick the box to confirm")).toBeVisible();
    },
  },
  { name: "admin seller new", path: "/admin/sellers/new", as: "admin" },
  { name: "admin seller not found", path: "/admin/sellers/edit/999999999", as: "admin" },
  { name: "admin categories", path: "/admin/categories", as: "admin" },
  { name: "admin subcategories tab", path: "/admin/categories?tab=subcategories", as: "admin" },
  {
    name: "admin category delete step",
    path: async () =>
      `/admin/categories?confirm=delete&kind=category&id=${await categoryId(e2eDb(), "gifts-and-hampers")}`,
    as: "admin",
  },
  { name: "admin category new", path: "/admin/categories/new", as: "admin" },
  {
    name: "admin category edit",
    path: async () => `/admin/categories/edit/${await categoryId(e2eDb(), "gifts-and-hampers")}`,
    as: "admin",
  },
  { name: "admin subcategory new", path: "/admin/subcategories/new", as: "admin" },
  {
    name: "admin subcategory edit",
    path: async () =>
      `/admin/subcategories/edit/${(await e2eDb().selectFrom("subcategories").select("id").orderBy("id").executeTakeFirstOrThrow()).id}`,
    as: "admin",
  },
  { name: "admin reviews", path: "/admin/reviews", as: "moderator" },
  {
    name: "admin enquiries",
    path: async () => {
      const w = uniqueWord("axe");
      await createEnquiryRow(e2eDb(), { name: `${w} A`, subject: "Hello", mobile: "+919876543210" });
      return `/admin/enquiries?search=${w}`;
    },
    as: "admin",
  },
  { name: "admin enquiries empty", path: "/admin/enquiries?search=zzznothingmatches", as: "moderator" },
  {
    name: "admin newsletter subscriptions",
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
  { name: "admin enquiry not found", path: "/admin/enquiries/999999999", as: "moderator" },
  { name: "newsletter unsubscribe", path: unsubscribePath("axe-reader@example.test") },
  { name: "newsletter unsubscribe bad link", path: unsubscribePath("axe-reader@example.test", "bad-token") },
  { name: "verify email", path: async () => verifyEmailPath(await createUser(e2eDb(), { role: "seller" })) },
  {
    name: "verify email bad link",
    path: async () => verifyEmailPath(await createUser(e2eDb(), { role: "seller" }), undefined, "bad-token"),
  },
  { name: "admin content", path: "/admin/content", as: "admin" },
  // Lists every staff account, and the suite has made 200+ by the time the js-off project walks it: axe's
  // two passes over that table took longer than 45 s in two clean-clone runs.
  { name: "admin settings", path: "/admin/settings", as: "admin", slow: true },
  { name: "account security (set-up)", path: "/admin/security", as: "moderator" },
  { name: "admin audit log", path: "/admin/audit", as: "admin" },
  { name: "admin search", path: "/admin/search", as: "admin" },
  { name: "admin search, a group started from a search", path: "/admin/search?word=saree", as: "admin" },
];

/** A context for axe: hydrated with JavaScript on; without it, the server's HTML with the app's scripts aborted. */
async function axeContext(browser: Browser, jsEnabled: boolean, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: true,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
  });
  if (!jsEnabled) await context.route(/\/assets\/.+\.js(\?.*)?$/, (route) => route.abort());
  return context;
}

test.describe("accessibility (axe-core, every impact)", () => {
  for (const entry of PAGES) {
    test(`${entry.name}: no violation in both themes at 390 and 1280 px`, async ({
      browser,
      jsEnabled,
      baseURL,
      makeSeller,
      makeReview,
    }) => {
      test.setTimeout(entry.slow ? 135_000 : 45_000);
      const path = typeof entry.path === "string" ? entry.path : await entry.path({ makeSeller, makeReview });
      const context = await axeContext(browser, jsEnabled, baseURL);
      if (entry.as) await signInAs(context, entry.as);
      const page = await context.newPage();
      // One load per page: the theme follows prefers-color-scheme and the layout the width, live.
      const [first] = axePasses(jsEnabled);
      await page.emulateMedia({ colorScheme: first.colorScheme, reducedMotion: "reduce" });
      await page.setViewportSize(first.size);
      await page.goto(path);
      if (entry.prepare) await entry.prepare(page);
      const found = await violationsInPasses(page, jsEnabled);
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
