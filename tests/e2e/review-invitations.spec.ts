import { expect, signInAs, test, uniqueWord } from "./fixtures";

// A seller's invitation to review her (docs/decisions/222-reviews-people-can-trust.md), as the two people do it:
// she makes the link on her dashboard, her customer opens it and writes the review, and the dashboard then
// shows the link used (never the review). The customer reads the link in Hindi (the dashboard is in English;
// the reviewer's address flow is in Kannada). Statuses, limits and who gets the QR codes are HTTP tests
// (tests/unit/review-invitations-http.test.ts).

test.describe("invitations to review", () => {
  test("a seller makes an invitation, her customer writes the review through it, the dashboard shows it used", async ({
    page,
    context,
    db,
    makeSeller,
    clientContext,
  }) => {
    const me = await signInAs(context, "seller");
    const business = uniqueWord("invite");
    const sellerId = await makeSeller({ user_id: me.id, business_name: business, status: "active" });
    const customer = uniqueWord("Customer");
    await page.goto("/seller-dashboard#invitations");
    const section = page.getByRole("region", { name: "Invite customers to review" });
    await section.getByLabel("Customer's name (optional)").fill(customer);
    await section.getByRole("button", { name: "Make an invitation link" }).click();
    await expect(section.getByText("Invitation made: share its link below.")).toBeVisible();
    const link = await section.getByLabel("Invitation link").first().inputValue();
    expect(link).toMatch(/\/write-a-review\/\d+\/[\w-]+$/);
    const whatsapp = await section.getByRole("link", { name: "Share on WhatsApp" }).first().getAttribute("href");
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const text = decodeURIComponent(whatsapp!.slice("https://wa.me/?text=".length));
    expect(text).toBe(
      `Hello ${customer}, thank you for coming to ${business}. Would you write a review of us on BWP Directory? This link is for you (it works once, for 30 days): ${link}`,
    );

    const visitor = await clientContext();
    const tab = await visitor.newPage();
    await tab.goto(`/hi${new URL(link).pathname}`);
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText(`${business} की समीक्षा लिखें`);
    await expect(tab.getByLabel("आपका नाम")).toHaveValue(customer);
    await tab.locator("label[title='2 स्टार']").click();
    await tab.getByLabel("आपकी समीक्षा").fill("Good cloth, the blouse came late.");
    await tab.getByRole("button", { name: "समीक्षा भेजें" }).click();
    await expect(tab.getByRole("heading", { name: "आपकी समीक्षा के लिए धन्यवाद" })).toBeVisible();
    await visitor.close();
    const review = await db
      .selectFrom("reviews")
      .selectAll()
      .where("seller_id", "=", sellerId)
      .executeTakeFirstOrThrow();
    expect(review).toMatchObject({ reviewer_name: customer, rating: 2, status: "pending", verified_by: "invitation" });

    await page.reload();
    await expect(section.getByTestId("invitation-state").first()).toHaveText(/^Used on /);
    await expect(page.getByText("Good cloth, the blouse came late.")).toHaveCount(0);
  });
});
