import { expect, signInAs, test, violationsIn, type AxePass } from "./fixtures";
import { PUBLIC_PAGES } from "./public-pages";

// axe over the Hindi and Kannada version of every public and seller page (the pseudo-language walk's list,
// with its error and success states): the English pages have the full walk (a11y.spec.ts); here, for CI's
// time, one theme and width pass per language and the JavaScript-on project only (the server's HTML is the
// same in both), Hindi light on a phone and Kannada dark on a desktop, and one state per template.

const LANGUAGES: { prefix: string; lang: string; pass: AxePass }[] = [
  { prefix: "/hi", lang: "hi-IN", pass: { colorScheme: "light", size: { width: 390, height: 844 } } },
  { prefix: "/kn", lang: "kn-IN", pass: { colorScheme: "dark", size: { width: 1280, height: 800 } } },
];

test.describe("axe over the Hindi and Kannada pages", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one walk, on the hydrated pages");

  // One test per template, both languages in one page (a context, a sign-in and a test's set-up fewer).
  for (const entry of PUBLIC_PAGES.filter((page) => !page.sameLayoutAs))
    test(`${entry.name} (hi-IN, kn-IN)`, async ({ page, context }) => {
      if (entry.seller) await signInAs(context, "seller");
      const path = typeof entry.path === "string" ? entry.path : await entry.path();
      for (const { prefix, lang, pass } of LANGUAGES) {
        await page.setViewportSize(pass.size);
        await page.goto(prefix + (path === "/" ? "" : path));
        await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
        if (entry.then) await entry.then(page);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        expect(await violationsIn(page, [pass]), lang).toEqual([]);
      }
    });
});
