import type { Page } from "@playwright/test";
import { expect, signInAs, walkTest as test } from "./fixtures";
import { PUBLIC_PAGES as WALK } from "./public-pages";

// Nothing a visitor or seller reads is left out of the catalogues. A second server on the same database
// serves English in the pseudo-language (I18N_PSEUDO=1: every catalogue letter accented, each message in
// brackets, `[Šîĝñ îñ]`); this walk opens every public and seller page in it, in the states a visitor
// reaches (errors, success), and fails on any visible text, accessible name, placeholder or title with a
// plain Latin letter: text that did not come through a catalogue. Seller content and proper nouns are
// marked `translate="no"` (docs/translation.md) and skipped; a text node with at least one accented
// letter is a message with a value inside (a seller's name in a sentence) and passes.

const PSEUDO = process.env.E2E_PSEUDO_URL!;

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
      if (entry.seller) await entry.signedIn?.(await signInAs(context, "seller"));
      const path = typeof entry.path === "string" ? entry.path : await entry.path();
      await page.goto(PSEUDO + path);
      await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
      if (entry.then) await entry.then(page);
      expect(await untranslated(page, entry.contentDescription)).toEqual([]);
    });
  }
});
