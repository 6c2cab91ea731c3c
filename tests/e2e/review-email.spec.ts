import { expect, mailedLink, test, uniqueWord } from "./fixtures";

// A reviewer's address, end to end with JavaScript on and off (docs/decisions/222-reviews-people-can-trust.md):
// a review written with an email on a profile, its confirmation link from the mail (a GET changes nothing,
// the button confirms), then her own review's link: an edit goes back to moderation.

test("a review with an email: confirmed by the mailed link, then edited through her own link (pending again)", async ({
  page,
  db,
  makeSeller,
}) => {
  const word = uniqueWord("reviewmail");
  const id = await makeSeller({ business_name: `${word} Tailors` });
  const email = `${word}@example.in`;
  await page.goto(`/seller/${id}?tab=reviews`);
  await page.getByLabel("Your name").fill("Meena");
  await page.locator("label[title='4 stars']").click();
  await page.getByLabel("Your review").fill("Stitched my blouse on time.");
  await page.getByLabel("Your email (optional)").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByRole("status")).toContainText("We emailed you a link to confirm your address.");
  const review = () => db.selectFrom("reviews").selectAll().where("seller_id", "=", id).executeTakeFirstOrThrow();
  expect(await review()).toMatchObject({ reviewer_email: email, email_confirmed_at: null, status: "pending" });

  await page.goto(await mailedLink(db, email, "/review-confirm"));
  await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
  expect((await review()).email_confirmed_at).toBeNull(); // opening the link changes nothing
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page.getByRole("status")).toHaveText("Thank you. Your address is confirmed.");
  expect((await review()).email_confirmed_at).not.toBeNull();

  await page.getByRole("link", { name: "Edit or delete your review" }).click();
  await expect(page.getByRole("heading", { name: `Your review of ${word} Tailors` })).toBeVisible();
  await expect(page.getByLabel("Your review")).toHaveValue("Stitched my blouse on time.");
  await page.getByLabel("Your review").fill("Stitched my blouse on time, and the lining too.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toContainText("Your review is pending");
  await expect(page.getByLabel("Your review")).toHaveValue("Stitched my blouse on time, and the lining too.");
  const edited = await review();
  expect(edited).toMatchObject({ status: "pending", review_text: "Stitched my blouse on time, and the lining too." });
  expect(edited.edited_at).not.toBeNull();
});
