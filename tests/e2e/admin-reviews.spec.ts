import { expect, expectNoA11yViolations, signInAs, test, uniqueWord } from "./fixtures";

// Review moderation with JavaScript on and off: the spec's state machine, its messages, bulk actions
// with their confirm step, filters in the URL, and the seller's rating following at once.
test.describe("admin reviews", () => {
  test("Approve & Publish shows the review publicly and updates the seller's rating; Unpublish and Publish move it back and forth", async ({
    page,
    context,
    db,
    makeSeller,
    makeReview,
  }) => {
    await signInAs(context, "moderator");
    const word = uniqueWord("rev");
    const seller = await makeSeller({ business_name: `${word} Bakes` });
    await makeReview(seller, { reviewer_name: `${word} One`, rating: 2, status: "published" });
    const id = await makeReview(seller, {
      reviewer_name: `${word} Two`,
      rating: 4,
      status: "pending",
      review_text: "Lovely cakes",
    });
    await page.goto(`/admin/reviews?search=${word}&status=pending`);
    const card = page.locator(".review-admin", { hasText: `${word} Two` });
    await expect(card).toContainText(`For: ${word} Bakes`);
    await expect(card).toContainText("4/5");
    await expect(card).toContainText("Pending");
    await card.getByRole("button", { name: "Approve & Publish" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Review approved and published successfully!" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/status=pending/);
    expect(
      await db
        .selectFrom("sellers")
        .select(["review_count", "avg_rating"])
        .where("id", "=", seller)
        .executeTakeFirstOrThrow(),
    ).toEqual({ review_count: 2, avg_rating: 3 });
    expect(await (await page.request.get(`/seller/${seller}?tab=reviews`)).text()).toContain("Lovely cakes");

    await page.goto(`/admin/reviews?search=${encodeURIComponent(`${word} Two`)}`);
    await page.locator(".review-admin").getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Review has been rejected." })).toBeVisible();
    expect(
      (await db.selectFrom("sellers").select("review_count").where("id", "=", seller).executeTakeFirstOrThrow())
        .review_count,
    ).toBe(1);
    await page.locator(".review-admin").getByRole("button", { name: "Publish", exact: true }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Review approved and published successfully!" }),
    ).toBeVisible();
    expect(
      (await db.selectFrom("reviews").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
    ).toBe("published");
  });

  test("Reject, and a move the machine does not allow is refused with 409", async ({
    page,
    context,
    db,
    makeSeller,
    makeReview,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("rej");
    const seller = await makeSeller({ business_name: `${word} Crafts` });
    const id = await makeReview(seller, { reviewer_name: `${word} R`, status: "pending" });
    await page.goto(`/admin/reviews?search=${word}`);
    await page.locator(".review-admin").getByRole("button", { name: "Reject" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Review has been rejected." })).toBeVisible();
    expect(
      (await db.selectFrom("reviews").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
    ).toBe("rejected");
    const refused = await page.request.post("/admin/reviews", {
      form: { intent: "one", move: "rejected", id: String(id) },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("A rejected review cannot be rejected.");
    const missing = await page.request.post("/admin/reviews", {
      form: { intent: "one", move: "published", id: "999999999" },
      maxRedirects: 0,
    });
    expect(missing.status()).toBe(404);
  });

  test("bulk approve needs a selection and asks first; bulk delete asks first too", async ({
    page,
    context,
    db,
    makeSeller,
    makeReview,
    jsEnabled,
  }) => {
    await signInAs(context, "moderator");
    const word = uniqueWord("bulkrev");
    const seller = await makeSeller({ business_name: `${word} Shop` });
    const ids = [
      await makeReview(seller, { reviewer_name: `${word} A`, status: "pending" }),
      await makeReview(seller, { reviewer_name: `${word} B`, status: "pending" }),
    ];
    const asked: string[] = [];
    page.on("dialog", (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await page.goto(`/admin/reviews?search=${word}`);
    await page.getByRole("button", { name: "Approve Selected" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please select reviews to perform bulk action.");

    await page.goto(`/admin/reviews?search=${word}`);
    await page.getByLabel(`Select the review by ${word} A`).check();
    await page.getByLabel(`Select the review by ${word} B`).check();
    await page.getByRole("button", { name: "Approve Selected" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Bulk approve completed successfully!" })).toBeVisible();
    if (jsEnabled) expect(asked).toEqual(["Are you sure you want to approve 2 selected reviews?"]);
    expect(
      (await db.selectFrom("reviews").select("status").where("id", "in", ids).execute()).map((r) => r.status),
    ).toEqual(["published", "published"]);

    await page.goto(`/admin/reviews?search=${word}&selected=all`);
    await page.getByRole("button", { name: "Delete Selected" }).click();
    if (!jsEnabled) {
      // Without JavaScript the confirm step is a page holding the same selection.
      await expect(page.getByText("Are you sure you want to delete 2 selected reviews?")).toBeVisible();
      await page.locator(".confirm-panel").getByRole("button", { name: "Delete" }).click();
    }
    await expect(page.getByRole("status").filter({ hasText: "Bulk delete completed successfully!" })).toBeVisible();
    expect(await db.selectFrom("reviews").select("id").where("id", "in", ids).execute()).toEqual([]);
    await expect(page.getByRole("heading", { name: "No Reviews Found" })).toBeVisible();
    await expect(page.getByText("No reviews match your current filters.")).toBeVisible();
  });

  test("deletes one review after its confirm step ('cannot be undone')", async ({
    page,
    context,
    db,
    makeSeller,
    makeReview,
    jsEnabled,
  }) => {
    await signInAs(context, "moderator");
    const word = uniqueWord("delrev");
    const id = await makeReview(await makeSeller({ business_name: `${word} Gone` }), {
      reviewer_name: `${word} X`,
      status: "published",
    });
    await page.goto(`/admin/reviews?search=${word}`);
    await page.locator(".review-admin").getByRole("link", { name: "Delete" }).click();
    const step = jsEnabled ? page.getByRole("dialog") : page.locator(".review-admin > .confirm-panel");
    await expect(step).toContainText("This action cannot be undone.");
    await step.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Review deleted successfully." })).toBeVisible();
    expect(await db.selectFrom("reviews").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  test("filters, page size and paging live in the URL", async ({ page, context, makeSeller, makeReview }) => {
    await signInAs(context, "moderator");
    const word = uniqueWord("pg");
    const seller = await makeSeller({ business_name: `${word} Many` });
    for (let i = 0; i < 21; i++) await makeReview(seller, { reviewer_name: `${word} ${i}`, status: "pending" });
    await page.goto(`/admin/reviews?search=${word}`);
    await expect(page.locator(".review-admin")).toHaveCount(20);
    await expect(page.getByText("Showing 1 to 20 of 21 results")).toBeVisible();
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText("Showing 21 to 21 of 21 results")).toBeVisible();
    await page.getByLabel("Per page").selectOption("50");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(/limit=50/);
    await expect(page.locator(".review-admin")).toHaveCount(21);
  });

  test("filters by a signal and publishes with a reason kept in the audit log", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    await signInAs(context, "moderator");
    const word = uniqueWord("sigrev");
    const seller = await makeSeller({ business_name: `${word} Looms` });
    const stamp = new Date().toISOString();
    const review = (name: string, email: string | null) =>
      db
        .insertInto("reviews")
        .values({
          seller_id: seller,
          reviewer_name: `${word} ${name}`,
          rating: 4,
          review_text: `Fine weaving ${word} ${name}`,
          status: "pending",
          created_at: stamp,
          updated_at: stamp,
          reviewer_email: email,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const { id } = await review("Flagged", `${word}@example.test`);
    await review("Plain", null);
    await page.goto(`/admin/reviews?search=${word}`);
    await expect(page.locator(".review-admin")).toHaveCount(2);
    await page.getByLabel("Signal", { exact: true }).selectOption({ label: "Email not confirmed" });
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(/signal=unconfirmed_email/);
    const card = page.locator(".review-admin");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("list", { name: "Signals" })).toHaveText(/Email not confirmed/);
    await card.getByLabel("Reason (optional)").fill("Rang her: a real customer");
    await card.getByRole("button", { name: "Approve & Publish" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Review approved and published successfully!" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/signal=unconfirmed_email/);
    const audit = await db
      .selectFrom("audit_log")
      .select("details")
      .where("target_type", "=", "review")
      .where("target_id", "=", String(id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({
      changes: { status: ["pending", "published"] },
      reason: "Rang her: a real customer",
      signals: ["unconfirmed_email"],
    });
  });

  test("has no accessibility violations with a flash and the delete dialog", async ({
    page,
    context,
    makeSeller,
    makeReview,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "axe-core runs as a script in the page (the no-JS page is walked in a11y.spec.ts)");
    await signInAs(context, "moderator");
    const word = uniqueWord("axerev");
    await makeReview(await makeSeller({ business_name: `${word} Shop` }), {
      reviewer_name: `${word} A`,
      status: "pending",
      seller_reply: "Thank you!",
    });
    await page.goto(`/admin/reviews?search=${word}`);
    await page.locator(".review-admin").getByRole("button", { name: "Reject" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Review has been rejected." })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.locator(".review-admin").getByRole("link", { name: "Delete" }).click();
    await expectNoA11yViolations(page);
  });
});
