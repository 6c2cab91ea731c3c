import { expect, signInAs, test, uniqueWord } from "./fixtures";

// The audit log page and the dashboard's weekly chart, with JavaScript on and off.
test.describe("admin audit log", () => {
  test("a change made in the back-office shows with who, what, from where and the change itself; filters live in the URL", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    const me = await signInAs(context, "admin");
    const word = uniqueWord("aud");
    const id = await makeSeller({ business_name: `${word} Pickles`, status: "pending" });
    await page.goto(`/admin/sellers?search=${word}`);
    await page.locator("tbody tr").first().getByRole("button", { name: "Activate" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Seller updated successfully." })).toBeVisible();

    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
    await page.getByLabel("Who (email)").fill(me.email);
    await page.getByLabel("Action").selectOption("seller.toggle_status");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`actor=${encodeURIComponent(me.email).replace(/\./g, "\\.")}.*action=seller\\.toggle_status`),
    );
    const rows = page.locator("tbody tr.audit-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(me.email);
    await expect(rows.first()).toContainText("status: pending → active");
    await expect(rows.first().getByRole("link", { name: `seller #${id}` })).toHaveAttribute(
      "href",
      `/admin/sellers/edit/${id}`,
    );
    await expect(page.getByText("Showing 1 to 1 of 1 results")).toBeVisible();
    // A filter nothing matches.
    await page.goto(`/admin/audit?actor=${word}-nobody`);
    await expect(page.getByText("No audit entries match these filters.")).toBeVisible();
    expect(await db.selectFrom("audit_log").select("id").where("actor_email", "=", me.email).execute()).toHaveLength(1);
  });

  test("moderators cannot read the audit log", async ({ page, context }) => {
    await signInAs(context, "moderator");
    expect((await page.goto("/admin/audit"))?.status()).toBe(403);
  });
});

test.describe("admin dashboard chart", () => {
  test("draws the last 12 weeks as an image with a table of the same figures, counting this week's application", async ({
    page,
    context,
    makeSeller,
    request,
  }) => {
    await signInAs(context, "admin");
    const before = await (await page.request.get("/api/admin/dashboard")).json();
    const thisWeek = before.activity.at(-1).applications;
    await makeSeller({ business_name: uniqueWord("chart") });
    await page.goto("/admin");
    await expect(
      page.getByRole("img", { name: /^Last 12 weeks: \d+ new applications, \d+ reviews, \d+ enquiries\.$/ }),
    ).toBeVisible();
    await page.getByText("Show as a table").click();
    const table = page.locator(".chart-table table");
    await expect(table.locator("tbody tr")).toHaveCount(12);
    const lastRow = table.locator("tbody tr").last();
    expect(Number(await lastRow.locator("td").first().textContent())).toBeGreaterThanOrEqual(thisWeek + 1);
    const after = await (await page.request.get("/api/admin/dashboard")).json();
    expect(after.activity).toHaveLength(12);
    expect(after.activity.at(-1).applications).toBeGreaterThanOrEqual(thisWeek + 1);
    expect((await request.get("/api/admin/dashboard")).status()).toBe(401);
  });

  test("admins see mail that failed every try; moderators do not", async ({ page, context, db, clientContext }) => {
    const subject = `${uniqueWord("undelivered")} subject`;
    await db
      .insertInto("mail_outbox")
      .values({
        to_address: "nobody@example.test",
        subject,
        text_body: "x",
        status: "failed",
        attempts: 5,
        last_error: "connect ECONNREFUSED",
        created_at: new Date().toISOString(),
      })
      .execute();
    await signInAs(context, "admin");
    await page.goto("/admin");
    const section = page.locator(".mail-failures");
    await expect(section.getByRole("heading", { name: /^Mail not delivered \(\d+\)$/ })).toBeVisible();
    await expect(section).toContainText(subject);
    await expect(section).toContainText("connect ECONNREFUSED");
    const other = await clientContext();
    await signInAs(other, "moderator");
    const modPage = await other.newPage();
    await modPage.goto("/admin");
    await expect(modPage.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(modPage.locator(".mail-failures")).toHaveCount(0);
    await other.close();
  });
});
