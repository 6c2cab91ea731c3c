import { renderedHtml } from "../support/html";
import { expect, signInAs, test, uniqueWord } from "./fixtures";

// 'Report this review' on the public profile (JavaScript on and off): the review leaves the page and
// the rating, staff are notified, and a moderator publishes it again or rejects it.
test.describe("reporting a review", () => {
  test("a reported review is hidden until a moderator decides", async ({
    page,
    clientContext,
    db,
    makeSeller,
    makeReview,
  }) => {
    const word = uniqueWord("report");
    const seller = await makeSeller({ business_name: `${word} Studio` });
    await makeReview(seller, { reviewer_name: "Kind Customer", rating: 5, review_text: "Wonderful work" });
    const id = await makeReview(seller, { reviewer_name: "Angry Troll", rating: 1, review_text: `Rude words ${word}` });
    expect(
      (await db.selectFrom("sellers").select("review_count").where("id", "=", seller).executeTakeFirstOrThrow())
        .review_count,
    ).toBe(2);

    await page.goto(`/seller/${seller}?tab=reviews`);
    const review = page.locator("article.review", { hasText: "Angry Troll" });
    await review.getByText("Report this review").click();
    // An empty reason is refused with a message, and nothing changes.
    await review
      .getByLabel("What is wrong with the review by Angry Troll?")
      .evaluate((el) => el.removeAttribute("required"));
    await review.getByRole("button", { name: "Send report" }).click();
    await expect(
      page
        .locator("article.review", { hasText: "Angry Troll" })
        .getByText("Please tell us what is wrong with this review"),
    ).toBeVisible();
    expect(
      (await db.selectFrom("reviews").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
    ).toBe("published");

    await page
      .locator("article.review", { hasText: "Angry Troll" })
      .getByLabel("What is wrong with the review by Angry Troll?")
      .fill("Abusive language");
    await page
      .locator("article.review", { hasText: "Angry Troll" })
      .getByRole("button", { name: "Send report" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Our team will look at this review" })).toBeVisible();
    await expect(page.locator("article.review", { hasText: "Angry Troll" })).toHaveCount(0);
    expect(
      await db
        .selectFrom("sellers")
        .select(["review_count", "avg_rating"])
        .where("id", "=", seller)
        .executeTakeFirstOrThrow(),
    ).toEqual({ review_count: 1, avg_rating: 5 });
    const note = await db
      .selectFrom("notifications")
      .select("message")
      .where("message", "like", `%review #${id}:%`)
      .executeTakeFirstOrThrow();
    expect(note.message).toContain("Abusive language");

    // A moderator sees it under 'flagged' and publishes it again.
    const staff = await clientContext();
    await signInAs(staff, "moderator");
    const admin = await staff.newPage();
    await admin.goto(`/admin/reviews?status=flagged&search=${word}`);
    await expect(admin.locator(".review-admin")).toContainText("Flagged");
    await admin.locator(".review-admin").getByRole("button", { name: "Approve & Publish" }).click();
    await expect(
      admin.getByRole("status").filter({ hasText: "Review approved and published successfully!" }),
    ).toBeVisible();
    await staff.close();
    expect(
      (await db.selectFrom("reviews").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
    ).toBe("published");
  });

  test("only a published review of that seller can be reported; the honeypot is refused", async ({
    request,
    makeSeller,
    makeReview,
  }) => {
    const seller = await makeSeller({ business_name: uniqueWord("rep") });
    const other = await makeSeller({ business_name: uniqueWord("other") });
    const pending = await makeReview(seller, { status: "pending" });
    const foreign = await makeReview(other, { status: "published" });
    for (const reviewId of [pending, foreign, 999999999]) {
      const res = await request.post(`/seller/${seller}?tab=reviews`, {
        form: { intent: "report", review_id: String(reviewId), reason: "spam" },
        maxRedirects: 0,
      });
      // The answer is the profile with a 404: a review that is not on it has no report form to show the
      // message in (only a forged post reaches this), so the status is what says it.
      expect(res.status(), String(reviewId)).toBe(404);
    }
    const published = await makeReview(seller, { status: "published" });
    const bot = await request.post(`/seller/${seller}?tab=reviews`, {
      form: { intent: "report", review_id: String(published), reason: "spam", company_website: "http://spam.example" },
      maxRedirects: 0,
    });
    expect(bot.status()).toBe(400);
    expect(renderedHtml(await bot.text())).toContain("Your submission could not be accepted. Please try again.");
  });
});
