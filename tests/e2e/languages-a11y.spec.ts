import type { Page } from "@playwright/test";
import { type SiteWithPayments, startSiteWithPayments } from "../support/razorpay-stand-in";
import { E2E_SESSION_SECRET, expect, signInAs, walkTest as test, violationsIn, type AxePass } from "./fixtures";
import { PAYMENT_PAGES, PUBLIC_PAGES, type Walk } from "./public-pages";

// axe over the Hindi and Kannada version of every public and seller page (the pseudo-language walk's list,
// with its error and success states, and the pages of a site with online payments): the English pages
// have the full walk (a11y.spec.ts), with and without JavaScript. For CI's time, the no-JavaScript project
// only: the translated words are in the server's HTML, what scripts add to a page is walked in English, and
// a page without scripts loads in a fraction of the time. One test per page with both languages in one
// page, and one theme and width pass per
// language: a template in Hindi light on a phone and Kannada dark on a desktop, another state of it
// (`sameLayoutAs`: an error, a notice) the other way round (Hindi dark on a desktop, Kannada light on a
// phone), so each language is read in both themes and at both widths. Walking every template in both
// themes in each language made the file about twice as long.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const LANGUAGES: { prefix: string; lang: string; template: AxePass; state: AxePass }[] = [
  {
    prefix: "/hi",
    lang: "hi-IN",
    template: { colorScheme: "light", size: phone },
    state: { colorScheme: "dark", size: desktop },
  },
  {
    prefix: "/kn",
    lang: "kn-IN",
    template: { colorScheme: "dark", size: desktop },
    state: { colorScheme: "light", size: phone },
  },
];

/** Both languages of one page, in one browser page: loaded, brought to its state, axe in its passes. */
async function walkLanguages(page: Page, base: string, path: string, entry: Pick<Walk, "sameLayoutAs" | "then">) {
  // Two loads and passes (and a seller's set-up) take more than a test's default 30 s on a busy machine.
  test.setTimeout(60_000);
  for (const { prefix, lang, template, state } of LANGUAGES) {
    const pass = entry.sameLayoutAs ? state : template;
    await page.setViewportSize(pass.size);
    await page.goto(base + prefix + (path === "/" ? "" : path));
    if (entry.then) await entry.then(page);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    expect(await violationsIn(page, [pass]), lang).toEqual([]);
  }
}

test.describe("axe over the Hindi and Kannada pages", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "one walk, on the server's pages");

  for (const entry of PUBLIC_PAGES)
    test(`${entry.name} (hi-IN, kn-IN)`, async ({ page, context }) => {
      if (entry.seller) {
        const user = await signInAs(context, "seller");
        await entry.signedIn?.(user);
      }
      const path = typeof entry.path === "string" ? entry.path : await entry.path();
      await walkLanguages(page, "", path, entry);
    });

  test.describe("on a site with online payments", () => {
    // One site for the group, in one worker: its tests run in turn there rather than start a site in each.
    test.describe.configure({ mode: "default" });
    let site: SiteWithPayments;
    test.beforeAll(async ({ javaScriptEnabled }) => {
      if (javaScriptEnabled) return;
      test.setTimeout(90_000);
      site = await startSiteWithPayments("languages-a11y-payments", () => ({ SESSION_SECRET: E2E_SESSION_SECRET }));
    });
    test.afterAll(async () => {
      await site?.stop();
    });
    for (const entry of PAYMENT_PAGES)
      test(`${entry.name} (hi-IN, kn-IN)`, async ({ page }) => {
        await walkLanguages(page, site.base, await entry.path(site), {});
      });
  });
});
