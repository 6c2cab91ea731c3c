import { expect, expectNoA11yViolations, test, uniqueWord, HTTP_ONLY } from "./fixtures";

// Suggestions as the visitor types (docs/decisions/174-search-admin-suggestions.md): GET /api/search/suggest, and the
// ARIA combobox of the directory and home search boxes by keyboard (JavaScript on). Without JavaScript the boxes stay
// plain search fields and the forms work as before.

test.describe("search suggestions", () => {
  test(
    "GET /api/search/suggest answers public suggestions, cached, and refuses a too-long q",
    HTTP_ONLY,
    async ({ request, makeSeller }) => {
      const word = uniqueWord("sugapi");
      const id = await makeSeller({ business_name: `${word} Handloom`, locality: `${word}nagar` });
      await makeSeller({ business_name: `${word} Hidden`, status: "inactive" });
      const res = await request.get(`/api/search/suggest?q=${word}`);
      expect(res.status()).toBe(200);
      expect(res.headers()["cache-control"]).toBe("public, max-age=0, stale-while-revalidate=30");
      expect(await res.json()).toEqual({
        query: word,
        suggestions: [
          { kind: "seller", label: `${word} Handloom`, href: `/seller/${id}` },
          { kind: "locality", label: `${word}nagar`, href: `/directory?search=${word}nagar` },
        ],
      });
      expect(await (await request.get("/api/search/suggest?q=s")).json()).toEqual({ query: "s", suggestions: [] });
      const long = await request.get(`/api/search/suggest?q=${"x".repeat(101)}`);
      expect(long.status()).toBe(400);
      expect(await long.json()).toEqual({ error: "q must be at most 100 characters" });
    },
  );

  test("the directory's search box suggests as one types, operable by keyboard", async ({
    page,
    makeSeller,
    jsEnabled,
  }) => {
    // axe reads the page in four set-ups: slow when the machine is shared.
    test.setTimeout(180_000);
    const word = uniqueWord("sugdir");
    const id = await makeSeller({ business_name: `${word} Handloom` });
    const other = await makeSeller({ business_name: `${word} Hampers` });
    const prefix = word.slice(0, -1);
    // A page of few results (axe below reads the whole page).
    await page.goto(`/directory?search=${word}`);
    const box = page.getByLabel("Search", { exact: true });
    await box.click();
    await box.fill("");
    await box.pressSequentially(prefix);
    if (!jsEnabled) {
      // Without JavaScript: a plain search field whose form is sent as before.
      await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toBeFocused();
      await expect(page.getByRole("listbox")).toHaveCount(0);
      await box.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/directory\\?search=${prefix}(&|$)`));
      await expect(page.getByRole("heading", { name: "2 Businesses Found" })).toBeVisible();
      return;
    }
    const combo = page.getByRole("combobox", { name: "Search", exact: true });
    const list = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(list.getByRole("option")).toHaveText([`${word} HampersBusiness`, `${word} HandloomBusiness`]);
    await expect(combo).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("status").filter({ hasText: "2 suggestions." })).toBeAttached();
    await box.press("ArrowDown");
    await expect(list.getByRole("option", { name: new RegExp(`${word} Hampers`) })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const firstId = await list.getByRole("option").first().getAttribute("id");
    await expect(combo).toHaveAttribute("aria-activedescendant", firstId!);
    await expect(combo).toBeFocused();
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    // Past the last: back in the field, nothing chosen; Up from there chooses the last.
    await expect(combo).not.toHaveAttribute("aria-activedescendant");
    await box.press("ArrowUp");
    await expect(list.getByRole("option", { name: new RegExp(`${word} Handloom`) })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expectNoA11yViolations(page);
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(combo).toHaveAttribute("aria-expanded", "false");
    await box.press("ArrowDown");
    await expect(list).toBeVisible();
    await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/seller/${id}$`));
    // The other suggestion leads to its own seller.
    await page.goto(`/directory?search=${word}`);
    await box.click();
    await box.fill("");
    await box.pressSequentially(prefix);
    await expect(list.getByRole("option")).toHaveText([`${word} HampersBusiness`, `${word} HandloomBusiness`]);
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/seller/${other}$`));
  });

  test("the home search box suggests too; Enter with nothing chosen searches as before", async ({
    page,
    makeSeller,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "the no-JavaScript hero search is tested in marketing.spec.ts");
    const word = uniqueWord("sughome");
    await makeSeller({ business_name: `${word} Tiffins` });
    await page.goto("/");
    const box = page.getByLabel("Search businesses");
    await box.click();
    await box.pressSequentially(word);
    const list = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(list.getByRole("option")).toHaveText([`${word} TiffinsBusiness`]);
    await expect(page.getByRole("status").filter({ hasText: "1 suggestion." })).toBeAttached();
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/directory\\?search=${word}$`));
    await expect(page.getByRole("heading", { name: "1 Businesses Found" })).toBeVisible();
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeHidden();
  });

  test("on a Hindi page a category is suggested by its Hindi name, not marked as a name", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "suggestions need JavaScript");
    await page.goto("/hi");
    const box = page.locator("#hero-search");
    await box.click();
    await box.pressSequentially("Fashion");
    const option = page.getByRole("listbox").getByRole("option").filter({ hasText: "फ़ैशन और कपड़े" });
    await expect(option).toHaveCount(1);
    await expect(option.locator(".suggest-label")).not.toHaveAttribute("translate", "no");
    await expect(page.getByRole("listbox").getByText("Fashion & Apparel")).toHaveCount(0);
  });
});
