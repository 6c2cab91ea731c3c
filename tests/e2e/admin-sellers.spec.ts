import { addMonths, todayIso } from "~/lib/dates";
import { expect, expectNoA11yViolations, signInAs, test, uniqueWord } from "./fixtures";

// The back-office sellers page, with JavaScript on and off: list and filters in the URL, row and bulk
// actions (going live by the one rule), details with documents, delete with its confirm step, flash
// messages, the export tab and CSV.
test.describe("admin sellers", () => {
  test("lists sellers with filters in the URL, and going live by the row toggle sets the subscription", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("adm");
    const pending = await makeSeller({
      business_name: `${word} Pickles`,
      status: "pending",
      is_paid: 0,
      payment_status: "pending",
      amount_paid: 999,
      subscription_months: 3,
    });
    await makeSeller({ business_name: `${word} Live`, status: "active" });
    await page.goto("/admin/sellers");
    await expect(page.getByRole("heading", { name: "Sellers", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Sellers Management \(\d+\)$/ })).toBeVisible();
    await page.getByLabel("Search").fill(word);
    await page.getByLabel("Status").selectOption("pending");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${word}.*status=pending`));
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText(`${word} Pickles`);
    await expect(row).toContainText("Start: Not Set");
    await expect(row).toContainText("No Subscription");
    await expect(row).toContainText("Not Verified");
    await expect(row).toContainText("₹999");

    await row.getByRole("button", { name: "Activate" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Seller updated successfully." })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=${word}`));
    const live = await db
      .selectFrom("sellers")
      .select(["status", "subscription_start_date", "subscription_end_date", "is_featured"])
      .where("id", "=", pending)
      .executeTakeFirstOrThrow();
    expect(live).toEqual({
      status: "active",
      subscription_start_date: todayIso(),
      subscription_end_date: addMonths(todayIso(), 3),
      is_featured: 0,
    });
    // The public directory shows her at once.
    expect((await page.request.get(`/seller/${pending}`)).status()).toBe(200);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_type", "=", "seller")
      .where("target_id", "=", String(pending))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["seller.toggle_status"]);
    expect(JSON.parse(audit[0].details!).changes.status).toEqual(["pending", "active"]);
  });

  test("Verify & Make Live from the details, with documents only through the staff route; Elite is featured", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    await signInAs(context, "admin");
    const email = `${uniqueWord("elite")}@example.in`;
    const id = await makeSeller({
      business_name: uniqueWord("elite"),
      email,
      status: "pending",
      is_paid: 0,
      amount_paid: 4999,
      subscription_months: 12,
    });
    await page.goto(`/admin/sellers?details=${id}`);
    const details = page.locator(".seller-details");
    await expect(details).toContainText("No documents uploaded yet");
    await details.getByRole("button", { name: "Verify & Make Live" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Seller verified successfully!" })).toBeVisible();
    const s = await db
      .selectFrom("sellers")
      .select(["status", "is_verified", "is_featured"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(s).toEqual({ status: "active", is_verified: 1, is_featured: 1 });
    // The approval mail goes to her, once.
    const mails = await db.selectFrom("mail_outbox").select("subject").where("to_address", "=", email).execute();
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your listing is live/)]);
  });

  test("bulk approve needs a selection, then approves every ticked seller", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("bulk");
    const a = await makeSeller({ business_name: `${word} A`, status: "pending" });
    const b = await makeSeller({ business_name: `${word} B`, status: "inactive" });
    await page.goto(`/admin/sellers?search=${word}`);
    await page.getByLabel("With the selected sellers").selectOption("approve");
    await page.getByRole("button", { name: "Apply to selected" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please select sellers first");
    await page.goto(`/admin/sellers?search=${word}`);
    await page.getByLabel(`Select ${word} A`).check();
    await page.getByLabel(`Select ${word} B`).check();
    await page.getByLabel("With the selected sellers").selectOption("approve");
    await page.getByRole("button", { name: "Apply to selected" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Bulk action approve completed successfully" }),
    ).toBeVisible();
    const rows = await db.selectFrom("sellers").select("status").where("id", "in", [a, b]).execute();
    expect(rows.map((r) => r.status)).toEqual(["active", "active"]);
  });

  test("delete asks first ('cannot be undone'), then removes the seller", async ({
    page,
    context,
    db,
    makeSeller,
    jsEnabled,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("del");
    const id = await makeSeller({ business_name: `${word} Gone` });
    await page.goto(`/admin/sellers?search=${word}`);
    await page.getByRole("link", { name: "Delete" }).click();
    // Without JavaScript the confirm step is a page; with it, a dialog holding the same form.
    const step = jsEnabled ? page.getByRole("dialog") : page.getByRole("region", { name: `Delete ${word} Gone?` });
    await expect(step).toContainText("Are you sure you want to delete this seller? This action cannot be undone.");
    await step.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Seller deleted successfully." })).toBeVisible();
    expect(await db.selectFrom("sellers").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    await expect(page.getByText("No sellers found")).toBeVisible();
  });

  test("refuses unknown ids, unknown actions and a moderator's delete with a clear status", async ({
    page,
    context,
    clientContext,
    makeSeller,
  }) => {
    await signInAs(context, "admin");
    const missing = await page.request.post("/admin/sellers", {
      form: { intent: "row", action: "toggle_status", id: "999999999" },
      maxRedirects: 0,
    });
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("Seller not found");
    const unknown = await page.request.post("/admin/sellers", {
      form: { intent: "row", action: "explode", id: "1" },
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(400);
    const id = await makeSeller({ business_name: uniqueWord("keep") });
    const moderator = await clientContext();
    await signInAs(moderator, "moderator");
    const modPage = await moderator.newPage();
    expect(
      (
        await modPage.request.post("/admin/sellers", { form: { intent: "delete", id: String(id) }, maxRedirects: 0 })
      ).status(),
    ).toBe(403);
    expect((await modPage.request.get("/api/admin/sellers/export")).status()).toBe(403);
    await moderator.close();
  });

  test("the export tab explains the CSV and counts; the CSV streams every seller with formulas neutralised", async ({
    page,
    context,
    makeSeller,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("csv");
    await makeSeller({ business_name: `=HYPERLINK("x") ${word}`, is_verified: 1, is_paid: 1 });
    await page.goto("/admin/sellers?tab=export");
    await expect(page.getByRole("link", { name: "Export All Sellers to CSV" })).toHaveAttribute(
      "href",
      "/api/admin/sellers/export",
    );
    for (const label of ["Active Sellers", "Valid Subscriptions", "Total Sellers"])
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    const res = await page.request.get("/api/admin/sellers/export");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers()["content-disposition"]).toBe(`attachment; filename="bwp_sellers_export_${todayIso()}.csv"`);
    expect(res.headers()["cache-control"]).toBe("no-store");
    const csv = await res.text();
    expect(csv.split("\n")[0]).toContain("Business Name");
    expect(csv).toContain(`"'=HYPERLINK(""x"") ${word}"`);
  });

  test("has no accessibility violations with the details, the dialog and a flash shown", async ({
    page,
    context,
    makeSeller,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "axe-core runs as a script in the page (the no-JS pages are walked in a11y.spec.ts)");
    await signInAs(context, "admin");
    const word = uniqueWord("a11y");
    const id = await makeSeller({ business_name: `${word} Studio`, status: "pending" });
    await page.goto(`/admin/sellers?search=${word}&details=${id}`);
    await page.getByRole("button", { name: "Activate" }).click();
    const flash = page.getByRole("status").filter({ hasText: "Seller updated successfully." });
    await expect(flash).toBeVisible();
    // Scrolled on a phone, the flash stays below the site's sticky header, its dismiss button clear of it.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 600 });
    // To the end of the page's main column, within which the flash sticks.
    await page.evaluate(() => {
      const main = document.querySelector<HTMLElement>(".admin-main")!;
      window.scrollTo(0, main.getBoundingClientRect().bottom + window.scrollY - window.innerHeight);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const header = await page.locator(".site-header").boundingBox();
    const shown = await flash.boundingBox();
    expect(header).not.toBeNull();
    expect(shown).not.toBeNull();
    expect(shown!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await expectNoA11yViolations(page);
    if (viewport) await page.setViewportSize(viewport);
    await page.getByRole("link", { name: "Delete" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
