import { categoryId, expect, test, uniqueWord } from "./fixtures";

test.describe("directory", () => {
  test("searches, filters, shows chips, clears, and keeps everything in the URL", async ({ page, db, makeSeller }) => {
    const word = uniqueWord("dir");
    const food = await categoryId(db, "food-and-beverages");
    const gifts = await categoryId(db, "gifts-and-hampers");
    const a = await makeSeller({
      business_name: `${word} Bakes`,
      owner_name: "Priya Sharma",
      tagline: "Eggless cakes to order",
      city: "Pune",
      locality: "Baner",
      categoryIds: [food, gifts],
      is_verified: 1,
      is_featured: 1,
      offers_text: "10% off first order",
    });
    await makeSeller({
      business_name: `${word} Threads`,
      owner_name: "Meera Iyer",
      city: "Chennai",
      categoryIds: [gifts],
    });
    await makeSeller({
      business_name: `${word} Hidden`,
      owner_name: "Pending Person",
      city: "Pune",
      status: "pending",
    });

    await page.goto("/directory");
    await page.getByLabel("Search", { exact: true }).fill(word);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`search=${word}`));
    await expect(page.getByRole("heading", { name: "2 Businesses Found" })).toBeVisible();

    const card = page.getByTestId("seller-card").filter({ hasText: `${word} Bakes` });
    await expect(card).toContainText("by Priya Sharma");
    await expect(card).toContainText("Eggless cakes to order");
    await expect(card).toContainText("Baner, Pune");
    await expect(card).toContainText("FEATURED");
    await expect(card).toContainText("VERIFIED");
    await expect(card).toContainText("Food & Beverages");
    await expect(card).toContainText("10% off first order");
    await expect(card.getByRole("img", { name: /initials/ })).toBeVisible();

    await page.getByLabel("City", { exact: true }).selectOption("Pune");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { name: "1 Businesses Found" })).toBeVisible();
    await expect(page.getByLabel("Active filters")).toContainText("Pune");
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue(word);

    await page.getByRole("link", { name: "Remove city Pune" }).click();
    await expect(page.getByRole("heading", { name: "2 Businesses Found" })).toBeVisible();
    await expect(page).not.toHaveURL(/city=/);

    await page.getByRole("link", { name: "Clear all filters" }).click();
    await expect(page).toHaveURL(/\/directory$/);
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue("");

    await page.goto(`/directory?search=${word}&category=gifts-and-hampers`);
    await expect(page.getByRole("heading", { name: "2 Businesses Found" })).toBeVisible();
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("gifts-and-hampers");

    await card.click();
    await expect(page).toHaveURL(new RegExp(`/seller/${a}$`));
  });

  test("takes q= as another name for search=, on the page and in the API", async ({ page, request, makeSeller }) => {
    const word = uniqueWord("alias");
    const id = await makeSeller({ business_name: `${word} Pottery` });
    await page.goto(`/directory?q=${word}`);
    await expect(page.getByRole("heading", { name: "1 Businesses Found" })).toBeVisible();
    await expect(page.locator(".seller-card")).toHaveCount(1);
    await expect(page.locator(".seller-card").first()).toContainText(`${word} Pottery`);
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue(word);

    const bySearch = await (await request.get(`/api/sellers?search=${word}`)).json();
    const byQ = await (await request.get(`/api/sellers?q=${word}`)).json();
    expect(byQ.sellers.map((s: { id: number }) => s.id)).toEqual([id]);
    expect(byQ.sellers).toEqual(bySearch.sellers);
  });

  test("switches between grid and list views with links", async ({ page, makeSeller }) => {
    const word = uniqueWord("view");
    await makeSeller({ business_name: `${word} Studio` });
    await page.goto(`/directory?search=${word}`);
    await page.getByRole("link", { name: "List", exact: true }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.locator(".seller-list .seller-card")).toHaveCount(1);
    await page.getByRole("link", { name: "Grid", exact: true }).click();
    await expect(page.locator(".seller-grid .seller-card")).toHaveCount(1);
  });

  test("pages 12 at a time, with paging only beyond one page", async ({ page, makeSeller }) => {
    const word = uniqueWord("page");
    for (let i = 0; i < 13; i++)
      await makeSeller({ business_name: `${word} Shop ${i}`, tagline: i < 2 ? "handloom pair" : null });
    await page.goto(`/directory?search=${word}`);
    await expect(page.getByRole("heading", { name: "13 Businesses Found" })).toBeVisible();
    await expect(page.getByTestId("seller-card")).toHaveCount(12);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("seller-card")).toHaveCount(1);

    // One page of results (two sellers): results, and no paging.
    await page.goto(`/directory?search=${encodeURIComponent(`${word} handloom`)}`);
    await expect(page.getByRole("heading", { name: "2 Businesses Found" })).toBeVisible();
    await expect(page.getByTestId("seller-card")).toHaveCount(2);
    await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
  });

  test("shows the empty state with Clear Filters", async ({ page }) => {
    await page.goto(`/directory?search=${uniqueWord("none")}`);
    await expect(page.getByRole("heading", { name: "0 Businesses Found" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No businesses found" })).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/directory$/);
  });

  test("shows a seller's text escaped", async ({ page, makeSeller }) => {
    const word = uniqueWord("xss");
    await makeSeller({
      business_name: `${word} <img src=x onerror=alert(1)>`,
      tagline: "<script>window.__pwned=1</script>",
    });
    let dialog = false;
    page.on("dialog", (d) => {
      dialog = true;
      void d.dismiss();
    });
    await page.goto(`/directory?search=${word}`);
    await expect(page.getByTestId("seller-card")).toContainText("<script>window.__pwned=1</script>");
    // The markup itself is escaped (this holds with JavaScript off too, where no script could run anyway).
    const card = await page.getByTestId("seller-card").innerHTML();
    expect(card).toContain("&lt;script&gt;window.__pwned=1&lt;/script&gt;");
    expect(card).toContain("&lt;img src=x onerror=alert(1)&gt;");
    await expect(page.getByTestId("seller-card").locator("script, img[onerror]")).toHaveCount(0);
    expect(dialog).toBe(false);
  });
});
