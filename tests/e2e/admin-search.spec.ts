import { renderedHtml } from "../support/html";
import type { Page } from "@playwright/test";
import type { DB } from "~db/client";
import { todayIso } from "~/lib/dates";
import {
  expect,
  expectNoA11yViolations,
  signInAs,
  test,
  uniqueWord,
  awayFromIndianMidnight,
  HTTP_ONLY,
} from "./fixtures";

// /admin/search with JavaScript on and off: synonym groups added, edited and removed (audited), the
// refusals with the typed words kept and their HTTP statuses, and the searches of the last 30 days each
// one click from a group of its own. Each test makes its own words and never touches the seeded groups
// (but reads some: "colour", "salwaar" and "sari" are seeded groups').

const rowOf = (page: Page, words: string[]) =>
  page.locator("tbody tr", { has: page.getByRole("rowheader", { name: words.join(", "), exact: true }) });
const flash = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const wordsField = (page: Page) => page.getByLabel(/^Words/);

async function groupAudit(db: DB, words: string[]) {
  const rows = await db
    .selectFrom("audit_log")
    .select(["action", "actor_email", "details"])
    .where("target_type", "=", "search_synonym_group")
    .where("details", "like", `%${words[0]}%`)
    .orderBy("id")
    .execute();
  return rows;
}

async function termsOf(db: DB, term: string): Promise<string[]> {
  const row = await db
    .selectFrom("search_synonym_terms")
    .select("group_id")
    .where("term", "=", term)
    .executeTakeFirst();
  if (!row) return [];
  const terms = await db
    .selectFrom("search_synonym_terms")
    .select("term")
    .where("group_id", "=", row.group_id)
    .execute();
  return terms.map((t) => t.term).sort();
}

test.describe("admin search", () => {
  // Several posts and page loads a test, on a machine shared by several agents' builds and browsers.
  test.describe.configure({ timeout: 90_000 });
  test("adds, edits and removes a synonym group, each audited", async ({ page, context, db, jsEnabled }) => {
    const admin = await signInAs(context, "admin");
    const [a, b, c] = [uniqueWord("syna"), uniqueWord("synb"), uniqueWord("sync")];
    await page.goto("/admin/search");
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search", exact: true })).toHaveAttribute("aria-current", "page");

    await wordsField(page).fill(` ${a.toUpperCase()} ,\n${b}, ${a} `);
    await page.getByRole("button", { name: "Add group" }).click();
    await expect(flash(page, "Synonym group added.")).toBeVisible();
    const first = [a, b].sort();
    await expect(rowOf(page, first)).toBeVisible();
    expect(await termsOf(db, a)).toEqual(first);

    await rowOf(page, first).getByRole("link", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { name: `Edit the group ${first.join(", ")}` })).toBeVisible();
    await expect(wordsField(page)).toHaveValue(first.join(", "));
    await wordsField(page).fill(`${a}\n${c}`);
    await page.getByRole("button", { name: "Save group" }).click();
    await expect(flash(page, "Synonym group saved.")).toBeVisible();
    const second = [a, c].sort();
    await expect(rowOf(page, second)).toBeVisible();
    await expect(rowOf(page, first)).toHaveCount(0);
    expect(await termsOf(db, a)).toEqual(second);
    expect(await termsOf(db, b)).toEqual([]);

    await rowOf(page, second).getByRole("link", { name: "Remove" }).click();
    const step = jsEnabled
      ? page.getByRole("dialog")
      : page.locator("section[aria-labelledby='confirm-heading'] .confirm-panel");
    await expect(step).toContainText(`Remove the group ${second.join(", ")}?`);
    await step.getByRole("button", { name: "Remove" }).click();
    await expect(flash(page, "Synonym group removed.")).toBeVisible();
    await expect(rowOf(page, second)).toHaveCount(0);
    expect(await termsOf(db, a)).toEqual([]);

    const audit = await groupAudit(db, [a]);
    expect(audit.map((r) => [r.action, r.actor_email])).toEqual([
      ["search_synonyms.create", admin.email],
      ["search_synonyms.update", admin.email],
      ["search_synonyms.delete", admin.email],
    ]);
    expect(JSON.parse(audit[1].details!)).toEqual({ changes: { words: [first.join(", "), second.join(", ")] } });
    // The audit log page shows them too.
    await page.goto(`/admin/audit?action=search_synonyms.`);
    await expect(page.getByRole("cell", { name: "search_synonyms.delete" }).first()).toBeVisible();
  });

  test("refuses a word of another group, one word, and no single words, keeping what was typed", async ({
    page,
    context,
    db,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("synx");
    await page.goto("/admin/search");

    const taken = `${word}, Colour`;
    await wordsField(page).fill(taken);
    await page.getByRole("button", { name: "Add group" }).click();
    await expect(
      page.getByText(
        "“colour” is already in the group color, colour. A word can be in one group only: remove it there first, or add your words to that group.",
      ),
    ).toBeVisible();
    await expect(wordsField(page)).toHaveValue(taken);
    await expect(wordsField(page)).toHaveAttribute("aria-invalid", "true");
    expect(await termsOf(db, word)).toEqual([]);

    await wordsField(page).fill(`${word}, ${word.toUpperCase()}`);
    await page.getByRole("button", { name: "Add group" }).click();
    await expect(
      page.getByText("A group needs at least two different words: a word and its variant or synonym"),
    ).toBeVisible();
    await expect(wordsField(page)).toHaveValue(`${word}, ${word.toUpperCase()}`);

    await wordsField(page).fill(`${word}, home bakers, <b>cake</b>`);
    await page.getByRole("button", { name: "Add group" }).click();
    await expect(
      page.getByText(
        "Each word must be a single word of letters and digits (no spaces, hyphens or punctuation). Refused: “home bakers”, “<b>cake</b>”.",
      ),
    ).toBeVisible();
    await expect(wordsField(page)).toHaveValue(`${word}, home bakers, <b>cake</b>`);
    expect(await termsOf(db, word)).toEqual([]);
  });

  test("answers refused posts with a 4xx and saves nothing", HTTP_ONLY, async ({ page, context, db }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("synh");
    const post = (form: Record<string, string>) => page.request.post("/admin/search", { form, maxRedirects: 0 });

    const empty = await post({ intent: "save", words: "" });
    expect(empty.status()).toBe(400);
    expect(renderedHtml(await empty.text())).toContain("Enter the words of the group, separated by commas");
    const single = await post({ intent: "save", words: word });
    expect(single.status()).toBe(400);
    expect(renderedHtml(await single.text())).toContain(
      "A group needs at least two different words: a word and its variant or synonym",
    );
    const clash = await post({ intent: "save", words: `${word}, salwaar` });
    expect(clash.status()).toBe(409);
    expect(await clash.text()).toContain("“salwaar” is already in the group salwaar, salwar, shalwar.");
    const long = await post({ intent: "save", words: `${word}, ${"x".repeat(10_000)}` });
    expect(long.status()).toBe(400);
    expect(await long.text()).toContain("Words must be at most 1,000 characters");
    const huge = await post({ intent: "save", words: `${word}, ${"y".repeat(100_000)}` });
    expect(huge.status()).toBe(413);
    const gone = "This synonym group was not found. It may have been removed meanwhile.";
    for (const [form, status] of [
      [{ intent: "delete", id: "999999999" }, 404],
      [{ intent: "save", id: "999999999", words: `${word}, ${word}b` }, 404],
      [{ intent: "delete", id: "abc" }, 400],
    ] as const) {
      const res = await post(form);
      expect(res.status(), JSON.stringify(form)).toBe(status);
      expect(renderedHtml(await res.text()), JSON.stringify(form)).toContain(gone);
    }
    expect((await page.request.get("/admin/search?edit=999999999")).status()).toBe(404);
    expect(await termsOf(db, word)).toEqual([]);

    const saved = await post({ intent: "save", words: `${word}, ${word}b` });
    expect(saved.status()).toBe(302);
    expect(await termsOf(db, word)).toEqual([word, `${word}b`]);

    // Moderators do not edit what every visitor finds (docs/decisions/168-search-admin-who-edits-synonyms.md).
    await context.clearCookies();
    await signInAs(context, "moderator");
    expect((await page.request.get("/admin/search", { maxRedirects: 0 })).status()).toBe(403);
    expect((await post({ intent: "save", words: `${word}c, ${word}d` })).status()).toBe(403);
  });

  test("shows the last 30 days' searches; one click starts a group with the word", async ({ page, context, db }) => {
    await signInAs(context, "admin");
    const [often, nothing, old] = [uniqueWord("qoften"), uniqueWord("qnone"), uniqueWord("qold")];
    await awayFromIndianMidnight();
    const today = todayIso();
    const longAgo = todayIso(new Date(Date.now() - 40 * 86_400_000));
    // Far more than any other test's searches, so they head the tables.
    await db
      .insertInto("search_queries_daily")
      .values([
        { day: today, query: often, searches: 900_000, empty_searches: 0 },
        { day: today, query: nothing, searches: 800_000, empty_searches: 800_000 },
        { day: longAgo, query: old, searches: 990_000, empty_searches: 990_000 },
      ])
      .execute();
    await page.goto("/admin/search");
    const top = page.getByRole("region", { name: "Most searched, last 30 days" });
    const empty = page.getByRole("region", { name: "Found nothing, last 30 days" });
    await expect(top.getByRole("row", { name: new RegExp(`^${often} 900000 0`) })).toBeVisible();
    await expect(empty.getByRole("rowheader", { name: nothing, exact: true })).toBeVisible();
    await expect(empty.getByRole("rowheader", { name: often, exact: true })).toHaveCount(0);
    await expect(page.getByRole("rowheader", { name: old, exact: true })).toHaveCount(0);

    await empty.getByRole("link", { name: `Add synonyms for ${nothing}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?word=${nothing}`));
    await expect(wordsField(page)).toHaveValue(`${nothing}, `);
    await wordsField(page).fill(`${nothing}, ${nothing}s`);
    await page.getByRole("button", { name: "Add group" }).click();
    await expect(flash(page, "Synonym group added.")).toBeVisible();
    expect(await termsOf(db, nothing)).toEqual([nothing, `${nothing}s`]);
    // Now in a group: its row links to that group.
    await empty.getByRole("link", { name: `Edit the group of ${nothing}` }).click();
    await expect(page.getByRole("heading", { name: `Edit the group ${nothing}, ${nothing}s` })).toBeVisible();
  });

  test("explains a search word by word: what each finds, by which rule, and what each seller matched", async ({
    page,
    context,
    makeSeller,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("expl");
    await makeSeller({ business_name: `${word} Tiffins`, owner_name: "Meena Rao" });
    await page.goto("/admin/search");
    const form = page.getByRole("search", { name: "Explain a search" });
    // the plural: found through its singular, a variant
    await form.getByLabel("Search as a visitor would").fill(`${word}s`);
    await form.getByRole("button", { name: "Explain" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?try=${word}s$`));
    await expect(page.getByText("1 business found.", { exact: true })).toBeVisible();
    const finds = page.getByRole("region", { name: `What “${word}s” finds` });
    await expect(finds.getByRole("row", { name: `${word}s As typed 0 0`, exact: true })).toBeVisible();
    await expect(
      finds.getByRole("row", { name: `${word} Variant (plural or singular) 1 1`, exact: true }),
    ).toBeVisible();
    const results = page.getByRole("region", { name: "First page of the results" });
    await expect(
      results.getByRole("row", {
        name: `${word} Tiffins ${word}s: ${word} (variant (plural or singular))`,
        exact: true,
      }),
    ).toBeVisible();
    // the field keeps what was explained; a text with no word is said to have none
    await expect(form.getByLabel("Search as a visitor would")).toHaveValue(`${word}s`);
    await form.getByLabel("Search as a visitor would").fill("☕ !!");
    await form.getByRole("button", { name: "Explain" }).click();
    await expect(page.getByText("“☕ !!” has no word to search for.")).toBeVisible();
  });

  test("has no accessibility violations with a refusal, the edit form and the remove dialog", async ({
    page,
    context,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "axe-core runs as a script in the page (the no-JS pages are walked in a11y.spec.ts)");
    // Three states, each read by axe in four set-ups: slow when the machine is shared.
    test.setTimeout(300_000);
    await signInAs(context, "admin");
    const word = uniqueWord("synaxe");
    await page.goto("/admin/search");
    await wordsField(page).fill(`${word}, sari`);
    await page.getByRole("button", { name: "Add group" }).click();
    await expect(wordsField(page)).toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations(page);
    await wordsField(page).fill(`${word}, ${word}x`);
    await page.getByRole("button", { name: "Add group" }).click();
    await expect(flash(page, "Synonym group added.")).toBeVisible();
    const words = [word, `${word}x`];
    await rowOf(page, words).getByRole("link", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { name: `Edit the group ${words.join(", ")}` })).toBeVisible();
    await expectNoA11yViolations(page);
    await rowOf(page, words).getByRole("link", { name: "Remove" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
