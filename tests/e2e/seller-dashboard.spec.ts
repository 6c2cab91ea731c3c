import { addMonths, todayIso } from "~/lib/dates";
import { expect, signInAs, test, uniqueWord, awayFromIndianMidnight } from "./fixtures";

test.describe("seller dashboard", () => {
  test("shows listing and payment status, subscription dates, days left and views", async ({
    page,
    context,
    makeSeller,
  }) => {
    await awayFromIndianMidnight();
    const me = await signInAs(context, "seller");
    const start = todayIso();
    const end = addMonths(start, 6);
    await makeSeller({
      user_id: me.id,
      business_name: uniqueWord("dash"),
      status: "active",
      is_paid: 1,
      payment_status: "paid",
      amount_paid: 1499,
      subscription_months: 6,
      subscription_start_date: start,
      subscription_end_date: end,
      views_count: 42,
      payment_screenshot: "private/x.webp",
      id_proof_document: "private/y.webp",
    });
    await page.goto("/seller-dashboard");
    const cards = page.getByLabel("Your listing");
    await expect(cards.getByText("Active", { exact: true }).first()).toBeVisible();
    await expect(cards.getByText("Paid", { exact: true })).toBeVisible();
    await expect(cards.getByText("₹1,499 · 6 months")).toBeVisible();
    await expect(page.getByTestId("days-left")).toHaveText(/^\d+ days left$/);
    await expect(page.getByTestId("views-count")).toHaveText("42");
    await expect(page.getByRole("link", { name: "View public profile" })).toBeVisible();
    await expect(page.getByText("Complete your application")).toHaveCount(0);
  });

  test("an expiring subscription offers renewal through /register", async ({ page, context, makeSeller }) => {
    await awayFromIndianMidnight();
    const me = await signInAs(context, "seller");
    await makeSeller({
      user_id: me.id,
      status: "active",
      subscription_start_date: "2025-01-01",
      subscription_end_date: addMonths(todayIso(), 0),
      payment_screenshot: "p",
      id_proof_document: "i",
    });
    await page.goto("/seller-dashboard");
    await expect(page.getByText("Expiring Soon")).toBeVisible();
    await expect(page.getByRole("link", { name: "Renew now" })).toHaveAttribute("href", "/register");
  });

  test("replies to a published review and edits the reply; the profile shows it", async ({
    page,
    context,
    db,
    makeSeller,
    makeReview,
  }) => {
    const me = await signInAs(context, "seller");
    const sellerId = await makeSeller({
      user_id: me.id,
      business_name: uniqueWord("reply"),
      payment_screenshot: "p",
      id_proof_document: "i",
    });
    const reviewId = await makeReview(sellerId, { reviewer_name: "Priya", review_text: "Lovely sarees" });
    await makeReview(sellerId, { reviewer_name: "Pending Person", status: "pending" });
    await page.goto("/seller-dashboard");
    await expect(page.getByText("Pending Person")).toHaveCount(0);
    const review = page.locator(`#review-${reviewId}`);
    await expect(review).toContainText("Lovely sarees");
    await review.getByRole("button", { name: "Post Reply" }).click();
    await expect(review.getByText("Please write your reply")).toBeVisible();
    await review.getByLabel("Reply publicly").fill("Thank you, Priya!");
    await review.getByRole("button", { name: "Post Reply" }).click();
    await expect(page.locator(`#review-${reviewId}`).getByText("Your reply has been saved.")).toBeVisible();
    const row = await db
      .selectFrom("reviews")
      .select(["seller_reply", "seller_reply_date"])
      .where("id", "=", reviewId)
      .executeTakeFirstOrThrow();
    expect(row.seller_reply).toBe("Thank you, Priya!");
    expect(row.seller_reply_date).toBeTruthy();

    // the saved reply is in place (after any revalidation) before it is edited
    const replyBox = page.locator(`#review-${reviewId}`).getByLabel(/Your reply/);
    await expect(replyBox).toHaveValue("Thank you, Priya!");
    await expect(page.locator(`#review-${reviewId}`).getByRole("button", { name: "Update Reply" })).toBeVisible();
    await replyBox.fill("Thank you so much, Priya!");
    await page.locator(`#review-${reviewId}`).getByRole("button", { name: "Update Reply" }).click();
    // the "saved" note of the first post may still be on screen: wait for the database itself
    await expect
      .poll(
        async () =>
          (await db.selectFrom("reviews").select("seller_reply").where("id", "=", reviewId).executeTakeFirstOrThrow())
            .seller_reply,
      )
      .toBe("Thank you so much, Priya!");
    await page.goto(`/seller/${sellerId}?tab=reviews`);
    await expect(page.getByText("Thank you so much, Priya!")).toBeVisible();
  });

  test("edits the public profile with the shared field group, with field errors", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    const me = await signInAs(context, "seller");
    const name = uniqueWord("prof");
    const sellerId = await makeSeller({
      user_id: me.id,
      business_name: name,
      address: "1 MG Road",
      city: "Bangalore",
      pincode: "560001",
    });
    await page.goto("/seller-dashboard");
    await expect(page.getByLabel(/Business name/)).toHaveValue(name);
    await page.getByLabel("Tagline", { exact: true }).fill("Handmade with love");
    await page.getByLabel("Tagline in Kannada (ಕನ್ನಡ)").fill("  ಪ್ರೀತಿಯಿಂದ ಕೈಯಲ್ಲಿ ಮಾಡಿದ್ದು ");
    await page.getByLabel(/Address/).fill("");
    // How far she serves: "within" needs its km.
    await page.getByLabel("How far do you serve?").selectOption("within");
    await page.locator("form#profile").evaluate((f) => f.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Address is required")).toBeVisible();
    await expect(page.getByLabel("Tagline", { exact: true })).toHaveValue("Handmade with love");
    await expect(page.getByLabel("Tagline in Kannada (ಕನ್ನಡ)")).toHaveValue(/ಪ್ರೀತಿಯಿಂದ ಕೈಯಲ್ಲಿ ಮಾಡಿದ್ದು/);
    await page.getByLabel(/Address/).fill("22 Church Street");
    await page.getByRole("textbox", { name: "Instagram" }).fill("instagram.com/handmade");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Please say how many km you serve, from 1 to 50")).toBeVisible();
    await expect(page.getByLabel("How far do you serve?")).toHaveValue("within");
    await page.getByLabel("Distance you serve, in km").fill("8");
    // Her PIN code: one that does not exist is the server's refusal, said at the field, her values kept.
    await expect(page.getByLabel(/^PIN code/)).toHaveValue("560001");
    await page.getByLabel(/^PIN code/).fill("999999");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("This PIN code does not exist. Please check its six digits")).toBeVisible();
    await expect(page.getByLabel(/^PIN code/)).toHaveValue("999999");
    await expect(page.getByRole("textbox", { name: "Instagram" })).toHaveValue("instagram.com/handmade");
    await page.getByLabel(/^PIN code/).fill("560 038");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Your profile has been saved.")).toBeVisible();
    const row = await db
      .selectFrom("sellers")
      .select([
        "tagline",
        "tagline_kn",
        "tagline_hi",
        "address",
        "instagram",
        "pincode",
        "latitude",
        "longitude",
        "serves",
        "serves_km",
      ])
      .where("id", "=", sellerId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      tagline: "Handmade with love",
      tagline_kn: "ಪ್ರೀತಿಯಿಂದ ಕೈಯಲ್ಲಿ ಮಾಡಿದ್ದು",
      tagline_hi: null,
      address: "22 Church Street",
      instagram: "https://instagram.com/handmade",
      pincode: "560038",
      latitude: 12.978,
      longitude: 77.641,
      serves: "within",
      serves_km: 8,
    });
  });

  test("a seller can never read or change another seller's data", async ({
    page,
    context,
    db,
    makeSeller,
    makeReview,
  }) => {
    const me = await signInAs(context, "seller");
    await makeSeller({ user_id: me.id, business_name: uniqueWord("mine") });
    const otherName = uniqueWord("other");
    const otherId = await makeSeller({ business_name: otherName, tagline: "Theirs" });
    const otherReview = await makeReview(otherId, { reviewer_name: "Someone Else", review_text: "Their review" });
    await page.goto("/seller-dashboard");
    await expect(page.getByText("Their review")).toHaveCount(0);
    await expect(page.getByLabel(/Business name/)).not.toHaveValue(otherName);
    // Posting another listing's review id is refused and changes nothing.
    const res = await page.request.post("/seller-dashboard", {
      form: { intent: "reply", review_id: String(otherReview), reply: "Hijacked" },
    });
    expect(res.status()).toBe(404);
    const review = await db
      .selectFrom("reviews")
      .select("seller_reply")
      .where("id", "=", otherReview)
      .executeTakeFirstOrThrow();
    expect(review.seller_reply).toBeNull();
    // A profile post only ever updates the account's own listing.
    const profile = await page.request.post("/seller-dashboard", {
      form: {
        intent: "profile",
        business_name: "Hijacked",
        city: "Delhi",
        pincode: "110001",
        address: "x",
        seller_id: String(otherId),
        id: String(otherId),
      },
      maxRedirects: 0,
    });
    expect(profile.status()).toBe(302);
    expect(profile.headers().location).toBe("/seller-dashboard?saved=profile#profile");
    const other = await db
      .selectFrom("sellers")
      .select(["business_name", "tagline"])
      .where("id", "=", otherId)
      .executeTakeFirstOrThrow();
    expect(other).toEqual({ business_name: otherName, tagline: "Theirs" });
    // The post was taken, for the account's own listing: the foreign ids in it were ignored.
    const own = await db
      .selectFrom("sellers")
      .select(["business_name", "city"])
      .where("user_id", "=", me.id)
      .executeTakeFirstOrThrow();
    expect(own).toEqual({ business_name: "Hijacked", city: "Delhi" });
  });

  test("is for signed-in sellers only", async ({ page, clientContext }) => {
    await page.goto("/seller-dashboard");
    await expect(page).toHaveURL(/\/seller-login\?redirectTo=%2Fseller-dashboard$/);
    const staff = await clientContext();
    await signInAs(staff, "admin");
    const res = await (await staff.newPage()).goto("/seller-dashboard");
    expect(res?.status()).toBe(403);
    await staff.close();
  });

  test("a seller without a listing is invited to apply", async ({ page, context }) => {
    await signInAs(context, "seller");
    await page.goto("/seller-dashboard");
    await expect(page.getByRole("heading", { name: "You have no listing yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Apply for a listing" })).toHaveAttribute("href", "/register");
  });
});
