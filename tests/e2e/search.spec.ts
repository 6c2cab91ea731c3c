import { serial } from "../support/unique";
import { expect, expectNoA11yViolations, test, uniqueWord } from "./fixtures";

// The forgiving search (docs/decisions/163-search-what-word-matches.md) in the browser, with JavaScript on and off (the
// two projects): a misspelt search finds the seller with the matched word marked, the close-matches notice, "Did you
// mean", escaped seller text.

const consonants = "bcdfghjklmnpqrstvw";
/**
 * Six consonants (never x or z), different for every call of the run in letters 1, 3, 5 and 6 (a serial
 * number in base 18 there, unique across workers): a word with x and z put in letters 2 and 4 is within
 * two edits of this word and of no other word this makes.
 */
function sixLetters(): string {
  let n = serial(process.env.E2E_RUN_DIR!, "six-letters", 18 ** 4);
  const digits = Array.from({ length: 4 }, () => {
    const d = n % 18;
    n = Math.floor(n / 18);
    return consonants[d];
  });
  return `${digits[0]}${consonants[(digits[0].charCodeAt(0) * 7) % 18]}${digits[1]}${consonants[(digits[1].charCodeAt(0) * 5) % 18]}${digits[2]}${digits[3]}`;
}

async function searchFor(page: import("@playwright/test").Page, text: string) {
  await page.goto("/directory");
  await page.getByLabel("Search", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/search=/);
}

test.describe("forgiving search", () => {
  test("a misspelt word finds the seller and marks the matched word", async ({ page, makeSeller }) => {
    const word = uniqueWord("zq");
    await makeSeller({ business_name: `${word} Pottery`, owner_name: "Sunita Rao", tagline: "Hand-thrown mugs" });
    // one letter dropped from a word of more than nine letters (two typos allowed)
    await searchFor(page, `${word.slice(0, 4)}${word.slice(5)}`);
    const card = page.getByTestId("seller-card").filter({ hasText: `${word} Pottery` });
    await expect(card.locator("h3 mark")).toHaveText(word);
    await expect(page.getByText(/No exact matches/)).toHaveCount(0);
  });

  test("no seller has every word: close matches, said so", async ({ page, makeSeller }) => {
    const word = uniqueWord("zr");
    await makeSeller({ business_name: `${word} Tiffins`, owner_name: "Usha Patil" });
    // random letters: nothing in the index is within two edits of them
    const missing = `${sixLetters()}${sixLetters()}`;
    await searchFor(page, `${word} ${missing}`);
    await expect(page.getByRole("status").filter({ hasText: "No exact matches" })).toHaveText(
      `No exact matches for “${word} ${missing}” — showing close matches.`,
    );
    await expect(page.getByTestId("seller-card").filter({ hasText: `${word} Tiffins` })).toBeVisible();
  });

  test("nothing found: 'Did you mean' links to the search that finds the seller", async ({
    page,
    makeSeller,
    jsEnabled,
  }) => {
    const word = sixLetters();
    const id = await makeSeller({ business_name: `${word} Crafts`, owner_name: "Asha Kulkarni" });
    // two letters changed in a six-letter word: more than one typo, so nothing matches. The new letters
    // are both y, which none of these words has and no spelling by sound stands for (z sounds like j, one
    // of the word's consonants; x like ks, as in laxmi): with vowels ("janerr") a locality two edits away
    // ("baner") was the better-known suggestion and won.
    const misspelt = `${word[0]}y${word[2]}y${word.slice(4)}`;
    await searchFor(page, misspelt);
    await expect(page.getByRole("heading", { name: "0 Businesses Found" })).toBeVisible();
    await expect(page.getByText("Did you mean")).toBeVisible();
    if (jsEnabled) await expectNoA11yViolations(page); // the walk has no "Did you mean" state
    await page.getByRole("link", { name: word, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${word}`));
    await expect(page.locator(`a[href="/seller/${id}"]`)).toBeVisible();
  });

  test("seller text with HTML is shown as text, marks included", async ({ page, makeSeller }) => {
    const word = uniqueWord("zt");
    await makeSeller({
      business_name: `<b>${word}</b> <img src=x onerror="document.title='hacked'">`,
      owner_name: "Zoya Ali",
    });
    await searchFor(page, word);
    // With JavaScript the URL moves before the new list is drawn: the card is found by its own word.
    const heading = page.getByTestId("seller-card").filter({ hasText: word }).locator("h3");
    await expect(heading).toContainText(`<b>${word}</b> <img src=x`);
    await expect(heading.locator("mark")).toHaveText(word);
    await expect(heading.locator("b, img")).toHaveCount(0);
    await expect(page).not.toHaveTitle("hacked");
  });
});

// The directory page's own call that counts a search for the search analytics (admin Search page):
// counted once per search, as an empty search when nothing is found, and only for a visitor's browser
// (Playwright's HeadlessChrome counts as a bot, so a desktop Chrome's user agent is set here).
test.describe("search analytics", () => {
  test.use({
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  });

  test("a visitor's search on the directory page is counted once; one that finds nothing counts as empty", async ({
    page,
    db,
    makeSeller,
  }) => {
    const found = uniqueWord("zc");
    await makeSeller({ business_name: `${found} Weaves`, owner_name: "Meena Iyer" });
    const missing = `${sixLetters()}${sixLetters()}`;
    await searchFor(page, found);
    await expect(page.getByTestId("seller-card").filter({ hasText: `${found} Weaves` })).toBeVisible();
    await searchFor(page, missing);
    await expect(page.getByTestId("seller-card")).toHaveCount(0);
    const counts = (query: string) =>
      db.selectFrom("search_queries_daily").select(["searches", "empty_searches"]).where("query", "=", query).execute();
    // The counts are written in batches every few seconds.
    await expect
      .poll(() => counts(found.toLowerCase()), { timeout: 20_000 })
      .toEqual([{ searches: 1, empty_searches: 0 }]);
    await expect.poll(() => counts(missing), { timeout: 20_000 }).toEqual([{ searches: 1, empty_searches: 1 }]);
  });
});
