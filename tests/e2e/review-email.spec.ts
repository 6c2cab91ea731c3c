import { expect, mailedLink, test, uniqueWord } from "./fixtures";

// A reviewer's address, end to end with JavaScript on and off (docs/decisions/222-reviews-people-can-trust.md):
// a review written with an email on a profile, its confirmation link from the mail (a GET changes nothing,
// the button confirms), then her own review's link: an edit goes back to moderation. In Kannada: the mails'
// links keep the page's language (the invitation flow is in Hindi, the profile's sort links in English).

test("a review with an email: confirmed by the mailed link, then edited through her own link (pending again)", async ({
  page,
  db,
  makeSeller,
}) => {
  const word = uniqueWord("reviewmail");
  const id = await makeSeller({ business_name: `${word} Tailors` });
  const email = `${word}@example.in`;
  await page.goto(`/kn/seller/${id}?tab=reviews`);
  await page.getByLabel("ನಿಮ್ಮ ಹೆಸರು").fill("Meena");
  await page.locator("label[title='4 ನಕ್ಷತ್ರಗಳು']").click();
  await page.getByLabel("ನಿಮ್ಮ ವಿಮರ್ಶೆ").fill("Stitched my blouse on time.");
  await page.getByLabel("ನಿಮ್ಮ ಇಮೇಲ್ (ಐಚ್ಛಿಕ)").fill(email.toUpperCase());
  await page.getByRole("button", { name: "ವಿಮರ್ಶೆ ಕಳುಹಿಸಿ" }).click();
  await expect(page.getByRole("status")).toContainText("ನಿಮ್ಮ ವಿಳಾಸವನ್ನು ದೃಢೀಕರಿಸುವ ಲಿಂಕ್ ಅನ್ನು ನಿಮಗೆ ಇಮೇಲ್ ಮಾಡಿದ್ದೇವೆ.");
  const review = () => db.selectFrom("reviews").selectAll().where("seller_id", "=", id).executeTakeFirstOrThrow();
  expect(await review()).toMatchObject({ reviewer_email: email, email_confirmed_at: null, status: "pending" });

  const confirmLink = await mailedLink(db, email, "/review-confirm");
  expect(new URL(confirmLink).pathname).toBe("/kn/review-confirm");
  await page.goto(confirmLink);
  await expect(page.getByRole("heading", { name: "ನಿಮ್ಮ ಇಮೇಲ್ ವಿಳಾಸವನ್ನು ದೃಢೀಕರಿಸಿ" })).toBeVisible();
  expect((await review()).email_confirmed_at).toBeNull(); // opening the link changes nothing
  await page.getByRole("button", { name: "ನನ್ನ ವಿಳಾಸವನ್ನು ದೃಢೀಕರಿಸಿ" }).click();
  await expect(page.getByRole("status")).toHaveText("ಧನ್ಯವಾದಗಳು. ನಿಮ್ಮ ವಿಳಾಸ ದೃಢೀಕರಿಸಲಾಗಿದೆ.");
  expect((await review()).email_confirmed_at).not.toBeNull();

  await page.getByRole("link", { name: "ನಿಮ್ಮ ವಿಮರ್ಶೆಯನ್ನು ಬದಲಿಸಿ ಅಥವಾ ಅಳಿಸಿ" }).click();
  await expect(page.getByRole("heading", { name: `${word} Tailors ಕುರಿತ ನಿಮ್ಮ ವಿಮರ್ಶೆ` })).toBeVisible();
  await expect(page.getByLabel("ನಿಮ್ಮ ವಿಮರ್ಶೆ")).toHaveValue("Stitched my blouse on time.");
  await page.getByLabel("ನಿಮ್ಮ ವಿಮರ್ಶೆ").fill("Stitched my blouse on time, and the lining too.");
  await page.getByRole("button", { name: "ಬದಲಾವಣೆಗಳನ್ನು ಉಳಿಸಿ" }).click();
  await expect(page.getByRole("status")).toContainText("ನಿಮ್ಮ ವಿಮರ್ಶೆ ಬಾಕಿ ಇದೆ");
  await expect(page.getByLabel("ನಿಮ್ಮ ವಿಮರ್ಶೆ")).toHaveValue("Stitched my blouse on time, and the lining too.");
  const edited = await review();
  expect(edited).toMatchObject({ status: "pending", review_text: "Stitched my blouse on time, and the lining too." });
  expect(edited.edited_at).not.toBeNull();
});
