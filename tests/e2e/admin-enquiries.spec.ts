import {
  createEnquiryRow,
  expect,
  expectNoA11yViolations,
  expectRefused,
  signInAs,
  test,
  uniqueWord,
  unsubscribePath,
} from "./fixtures";

// Form Enquiries with JavaScript on and off: the two tabs, search and filters in the URL, paging, the
// detail view (dialog with JavaScript, page without) with status and notes, exports for admins only,
// and the newsletter's signed unsubscribe link.
test.describe("admin enquiries", () => {
  test("a contact message appears in the list; the detail view changes status and notes, with a flash and an audit row", async ({
    page,
    context,
    db,
    jsEnabled,
  }) => {
    const word = uniqueWord("enq");
    const email = `${word}@example.in`;
    // Through the public contact form, as a visitor sends it.
    const sent = await page.request.post("/api/enquiries/contact", {
      data: {
        name: `${word} Kavya`,
        email,
        mobile: "98450 12345",
        query_type: "Partnership",
        subject: "Workshop",
        message: `Can we run a workshop together? ${"More words. ".repeat(20)}`,
      },
    });
    expect(sent.status()).toBe(201);
    const moderator = await signInAs(context, "moderator");
    await page.goto(`/admin/enquiries?search=${word}`);
    await expect(page.getByRole("heading", { name: "Form Enquiries", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact Enquiries" })).toHaveAttribute("aria-current", "page");
    const row = page.locator(".enquiry-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${word} Kavya`);
    await expect(row).toContainText(email);
    await expect(row).toContainText("9845012345");
    await expect(row).toContainText("Partnership");
    await expect(row).toContainText("Workshop");
    await expect(row).toContainText("…");
    await expect(row).toContainText("New");
    // Moderators manage enquiries but do not export.
    await expect(page.getByRole("link", { name: /Export/ })).toHaveCount(0);

    await row.getByRole("link", { name: `View the enquiry from ${word} Kavya` }).click();
    const view = jsEnabled ? page.getByRole("dialog") : page.locator(".enquiry-details");
    if (jsEnabled) await expect(page).toHaveURL(/\/admin\/enquiries\?search=/);
    else await expect(page).toHaveURL(/\/admin\/enquiries\/\d+\?back=/);
    await expect(view.getByRole("heading", { name: `Enquiry from ${word} Kavya` })).toBeVisible();
    await expect(view).toContainText("Can we run a workshop together?");
    await view.getByLabel("Status").selectOption("resolved");
    await view.getByLabel("Admin notes").fill("Called back <b>today</b>");
    await view.getByRole("button", { name: "Update Status" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Enquiry from ${word} Kavya updated: Resolved.` }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/enquiries\\?search=${word}$`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator(".enquiry-row")).toContainText("Resolved");

    const stored = await db
      .selectFrom("enquiries")
      .select(["id", "status", "admin_notes"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: "resolved", admin_notes: "Called back <b>today</b>" });
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("target_type", "=", "enquiry")
      .where("target_id", "=", String(stored.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "enquiry.update", actor_user_id: moderator.id });
    expect(JSON.parse(audit[0].details!)).toEqual({
      changes: { status: ["new", "resolved"], admin_notes: [null, "Called back <b>today</b>"] },
    });

    // The notes come back escaped in the detail page.
    await page.goto(`/admin/enquiries/${stored.id}`);
    await expect(page.getByLabel("Admin notes")).toHaveValue("Called back <b>today</b>");
    await expect(page.getByLabel("Status")).toHaveValue("resolved");
  });

  test("the detail page answers 404 for an unknown id and 400 for a status outside the list", async ({
    page,
    context,
    db,
  }) => {
    await signInAs(context, "admin");
    const id = await createEnquiryRow(db, { name: uniqueWord("bad") });
    const missing = await page.goto("/admin/enquiries/999999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("Enquiry Not Found")).toBeVisible();
    const refused = await page.request.post(`/admin/enquiries/${id}`, {
      form: { status: "new", admin_notes: "x" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("status must be one of in_progress, resolved, closed");
    const unknown = await page.request.post("/admin/enquiries/999999999", {
      form: { status: "closed" },
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(404);
  });

  test("search, filters and paging live in the URL; empty states", async ({ page, context, db }) => {
    await signInAs(context, "moderator");
    const word = uniqueWord("pgenq");
    for (let i = 0; i < 21; i++)
      await createEnquiryRow(db, {
        name: `${word} ${i}`,
        query_type: i === 0 ? "Complaint" : "Feedback",
        created_at: new Date(Date.now() - i * 60_000).toISOString(),
      });
    await page.goto("/admin/enquiries");
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill(word);
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${word}`));
    await expect(page.locator(".enquiry-row")).toHaveCount(20);
    await expect(page.getByText("Showing 1 to 20 of 21 results")).toBeVisible();
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText("Showing 21 to 21 of 21 results")).toBeVisible();
    await expect(page.locator(".enquiry-row")).toContainText(`${word} 20`);

    await page.goto(`/admin/enquiries?search=${word}`);
    await page.getByLabel("Query type").selectOption("Complaint");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(/query_type=Complaint/);
    await expect(page.locator(".enquiry-row")).toHaveCount(1);
    await expect(page.locator(".enquiry-row")).toContainText(`${word} 0`);
    await page.getByLabel("Status").selectOption("closed");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(/status=closed/);
    await expect(page.getByRole("heading", { name: "No Enquiries Found" })).toBeVisible();
    await expect(page.getByText("No enquiries match your current filters.")).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/admin\/enquiries$/);
  });

  test("the Newsletter Subscriptions tab lists sign-ups with the spec's source labels and filters", async ({
    page,
    context,
  }) => {
    await signInAs(context, "moderator");
    const word = uniqueWord("news");
    for (const [email, source] of [
      [`${word}-a@example.in`, "homepage_final_cta"],
      [`${word}-b@example.in`, "footer"],
    ] as const) {
      expect((await page.request.post("/api/enquiries/newsletter", { data: { email, source } })).status()).toBe(200);
    }
    await page.goto("/admin/enquiries");
    await page.getByRole("link", { name: "Newsletter Subscriptions" }).click();
    await expect(page).toHaveURL(/tab=newsletter/);
    await expect(page.getByRole("link", { name: "Newsletter Subscriptions" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill(word);
    await page.getByLabel("Source").selectOption("homepage_final_cta");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(/tab=newsletter/);
    await expect(page).toHaveURL(/source=homepage_final_cta/);
    const rows = page.locator(".subscription-row");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`${word}-a@example.in`);
    await expect(rows).toContainText("Homepage CTA");
    await expect(rows).toContainText("Active");
    await expect(page.getByText("Showing 1 to 1 of 1 results")).toBeVisible();
    await page.goto(`/admin/enquiries?tab=newsletter&search=${word}&status=unsubscribed`);
    await expect(page.getByRole("heading", { name: "No Subscriptions Found" })).toBeVisible();
  });

  test("admins export enquiries.csv and newsletter.csv (formulas neutralised); moderators get 403", async ({
    page,
    context,
    db,
  }) => {
    const word = uniqueWord("csv");
    await createEnquiryRow(db, {
      name: "=1+1",
      email: `${word}@example.in`,
      subject: "@SUM(A1)",
      message: `${word} +cmd`,
    });
    expect(
      (
        await page.request.post("/api/enquiries/newsletter", {
          data: { email: `${word}@example.in`, source: "footer" },
        })
      ).status(),
    ).toBe(200);

    await signInAs(context, "moderator");
    for (const path of ["/api/admin/enquiries/export", "/api/admin/newsletter-subscriptions/export"]) {
      const res = await page.request.get(path);
      expect(res.status()).toBe(403);
      expect((await res.json()).error).toEqual(expect.any(String));
    }

    await signInAs(context, "admin");
    await page.goto(`/admin/enquiries?search=${word}`);
    await expect(page.getByRole("link", { name: "Export Enquiries (CSV)" })).toHaveAttribute(
      "href",
      `/api/admin/enquiries/export?search=${word}`,
    );
    const res = await page.request.get(`/api/admin/enquiries/export?search=${word}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers()["content-disposition"]).toBe('attachment; filename="enquiries.csv"');
    expect(res.headers()["cache-control"]).toBe("no-store");
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe("ID,Name,Email,Mobile,Query Type,Subject,Message,Status,Admin Notes,Created At,Updated At");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,'=1+1,${word}@example.in,,General Inquiry,'@SUM(A1),${word} +cmd,new,`);

    await page.goto(`/admin/enquiries?tab=newsletter&search=${word}`);
    await expect(page.getByRole("link", { name: "Export Subscriptions (CSV)" })).toBeVisible();
    const news = await page.request.get(`/api/admin/newsletter-subscriptions/export?search=${word}`);
    expect(news.headers()["content-disposition"]).toBe('attachment; filename="newsletter.csv"');
    const newsLines = (await news.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(newsLines[0]).toBe("ID,Email,Status,Source,Subscribed At,Updated At");
    expect(newsLines[1]).toContain(`,${word}@example.in,active,Footer,`);
  });

  test("unsubscribe through the signed link: a bad token is refused (400), GET changes nothing, the POST form does it", async ({
    page,
    context,
    db,
  }) => {
    const email = `${uniqueWord("leave")}@example.in`;
    expect(
      (await page.request.post("/api/enquiries/newsletter", { data: { email, source: "website" } })).status(),
    ).toBe(200);
    // The welcome mail carries the very link the tests compute.
    await expect
      .poll(
        async () =>
          (await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", email).executeTakeFirst())
            ?.text_body ?? "",
      )
      .toContain(unsubscribePath(email));

    const bad = await page.goto(unsubscribePath(email, "not-the-right-token"));
    expect(bad?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("This unsubscribe link is not valid.");
    const forged = await page.request.post(unsubscribePath(`other-${email}`, "x"), {
      form: { email, token: "forged" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("This unsubscribe link is not valid.");

    await page.goto(unsubscribePath(email));
    await expect(page.getByRole("heading", { name: "Unsubscribe from the newsletter?" })).toBeVisible();
    expect(
      (
        await db
          .selectFrom("newsletter_subscriptions")
          .select("status")
          .where("email", "=", email)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("active");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("status")).toHaveText("You have been unsubscribed.");
    expect(
      (
        await db
          .selectFrom("newsletter_subscriptions")
          .select("status")
          .where("email", "=", email)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("unsubscribed");

    await signInAs(context, "admin");
    await page.goto(`/admin/enquiries?tab=newsletter&search=${encodeURIComponent(email)}`);
    await expect(page.locator(".subscription-row")).toContainText("Unsubscribed");
  });

  test("API: GET lists with pagination, PUT changes status and notes; 400, 404 and 401 as they should", async ({
    page,
    context,
    request,
    db,
  }) => {
    const word = uniqueWord("apienq");
    const id = await createEnquiryRow(db, { name: `${word} A`, query_type: "Media & Press" });
    await createEnquiryRow(db, { name: `${word} B` });
    expect((await request.get("/api/admin/enquiries")).status()).toBe(401);
    await signInAs(context, "moderator");
    const list = await (
      await page.request.get(
        `/api/admin/enquiries?search=${word}&query_type=${encodeURIComponent("Media & Press")}&page=1&limit=20`,
      )
    ).json();
    expect(list.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });
    expect(list.enquiries[0]).toMatchObject({
      id,
      name: `${word} A`,
      query_type: "Media & Press",
      status: "new",
      admin_notes: null,
    });
    const paged = await (await page.request.get(`/api/admin/enquiries?search=${word}&limit=1&page=2`)).json();
    expect(paged.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 });
    for (const [bad, message] of [
      ["limit=101", "limit must be a whole number from 1 to 100"],
      ["status=lost", "status must be one of new, in_progress, resolved, closed"],
      ["page=0", "page must be a whole number from 1"],
      [
        "query_type=Nope",
        "query_type must be one of General Inquiry, Business Listing, Technical Support, Partnership, Media & Press, Feedback, Complaint, Other",
      ],
    ])
      await expectRefused(await page.request.get(`/api/admin/enquiries?${bad}`), 400, message);

    const put = await page.request.put(`/api/admin/enquiries/${id}`, {
      data: { status: "in_progress", admin_notes: "On it" },
    });
    expect(put.status()).toBe(200);
    expect(await put.json()).toMatchObject({
      success: true,
      enquiry: { id, status: "in_progress", admin_notes: "On it" },
    });
    expect(
      await db.selectFrom("enquiries").select(["status", "admin_notes"]).where("id", "=", id).executeTakeFirstOrThrow(),
    ).toEqual({ status: "in_progress", admin_notes: "On it" });
    const STATUS = "status must be one of in_progress, resolved, closed";
    for (const [data, message] of [
      [{ status: "new" }, STATUS],
      [{ status: "archived" }, STATUS],
      [{}, STATUS],
      [{ status: "closed", admin_notes: "x".repeat(2001) }, "Admin notes must be at most 2,000 characters"],
    ] as const) {
      await expectRefused(await page.request.put(`/api/admin/enquiries/${id}`, { data }), 400, message);
    }
    expect((await page.request.put("/api/admin/enquiries/999999999", { data: { status: "closed" } })).status()).toBe(
      404,
    );
    expect((await page.request.put("/api/admin/enquiries/abc", { data: { status: "closed" } })).status()).toBe(404);

    const subs = await page.request.get(`/api/admin/newsletter-subscriptions?search=${word}`);
    expect(subs.status()).toBe(200);
    expect(await subs.json()).toEqual({ subscriptions: [], pagination: { page: 1, limit: 20, total: 0, pages: 1 } });
    await expectRefused(
      await page.request.get("/api/admin/newsletter-subscriptions?limit=500"),
      400,
      "limit must be a whole number from 1 to 100",
    );
    await expectRefused(
      await page.request.get("/api/admin/newsletter-subscriptions?source=tv"),
      400,
      "source must be one of website, homepage_final_cta, footer",
    );
  });

  test("has no accessibility violations with the detail dialog open", async ({ page, context, db, jsEnabled }) => {
    test.skip(!jsEnabled, "axe-core runs as a script in the page (the no-JS pages are walked in a11y.spec.ts)");
    await signInAs(context, "moderator");
    const word = uniqueWord("axeenq");
    await createEnquiryRow(db, { name: `${word} A`, subject: "Hello", mobile: "+919876543210" });
    await page.goto(`/admin/enquiries?search=${word}`);
    await page.getByRole("link", { name: `View the enquiry from ${word} A` }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
