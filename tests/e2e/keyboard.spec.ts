import type { Locator, Page } from "@playwright/test";
import { pngImage } from "../support/images";
import { expect, test, uniqueWord } from "./fixtures";

// The main flows done by keyboard alone: Tab moves focus (nothing is clicked), keys type, Space ticks
// and presses, Enter submits and follows links. A control Tab never reaches fails the test. Runs with
// JavaScript on and off, like every flow.

/** Presses Tab until `target` (or one of its elements) has focus: it must be reachable from the current focus by Tab alone. */
async function tabTo(page: Page, target: Locator, maxPresses = 150): Promise<void> {
  await target.first().waitFor({ state: "attached" });
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluateAll((els) => els.some((el) => el === document.activeElement))) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

async function press(page: Page, target: Locator, key: "Space" | "Enter") {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** A file input opened from the keyboard (Space), its chooser answered with a generated PNG. */
async function chooseFile(page: Page, target: Locator, name: string, hue: number) {
  await tabTo(page, target);
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Space");
  await (await chooser).setFiles({ name, mimeType: "image/png", buffer: await pngImage(64, 48, hue) });
}

test.describe("keyboard only", () => {
  test("search the directory and open a profile", async ({ page, makeSeller }) => {
    const word = uniqueWord("kbd");
    const id = await makeSeller({ business_name: `${word} Pickles`, is_verified: 1 });
    await page.goto("/directory");
    await typeInto(page, page.getByLabel("Search", { exact: true }), word);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "1 Businesses Found" })).toBeVisible();
    await press(page, page.getByTestId("seller-card").filter({ hasText: `${word} Pickles` }), "Enter");
    await expect(page).toHaveURL(new RegExp(`/seller/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `${word} Pickles` })).toBeVisible();
  });

  test("write a review", async ({ page, db, makeSeller }) => {
    const id = await makeSeller({ business_name: uniqueWord("kbd") });
    const name = uniqueWord("Reader");
    await page.goto(`/seller/${id}`);
    await press(page, page.getByRole("link", { name: /^Reviews \(/ }), "Enter");
    await expect(page).toHaveURL(/tab=reviews/);
    await typeInto(page, page.getByLabel("Your name"), name);
    await press(page, page.getByRole("radio", { name: "5 stars" }), "Space");
    await typeInto(page, page.getByLabel("Your review"), "Lovely pickles, packed with care.");
    await press(page, page.getByRole("button", { name: "Submit Review" }), "Enter");
    await expect(page.getByRole("status")).toContainText("will appear after approval");
    const row = await db
      .selectFrom("reviews")
      .select(["rating", "seller_id"])
      .where("reviewer_name", "=", name)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 5, seller_id: id });
  });

  test("send the contact form; a refused post puts focus on the first field in error", async ({ page, db }) => {
    const email = `${uniqueWord("kbd")}@example.in`;
    await page.goto("/contact");
    const main = page.getByRole("main");
    await typeInto(page, main.getByRole("textbox", { name: "Your name" }), "Kavya");
    // An address the server's email rule refuses (the browser's own check lets it through).
    await typeInto(page, main.getByRole("textbox", { name: "Email", exact: true }), "kavya@example");
    await typeInto(page, main.getByRole("textbox", { name: "Mobile" }), "98450 12345");
    await tabTo(page, main.getByRole("combobox", { name: "Query type" }));
    await page.keyboard.type("Partnership");
    await typeInto(page, main.getByRole("textbox", { name: "Subject" }), "Workshop");
    await typeInto(page, main.getByRole("textbox", { name: "Message" }), "Can we run a workshop together?");
    await press(page, main.getByRole("button", { name: "Send Message" }), "Enter");
    const emailBox = main.getByRole("textbox", { name: "Email", exact: true });
    await expect(emailBox).toBeFocused();
    await expect(emailBox).toHaveAttribute("aria-invalid", "true");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(email);
    await press(page, main.getByRole("button", { name: "Send Message" }), "Enter");
    await expect(page.getByRole("heading", { name: "Message sent!" })).toBeVisible();
    const row = await db
      .selectFrom("enquiries")
      .select(["name", "subject"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Kavya", subject: "Workshop" });
  });

  test("sign up", async ({ page, db }) => {
    const email = `${uniqueWord("kbd")}@example.in`;
    await page.goto("/seller-signup");
    await typeInto(page, page.getByLabel("Full Name"), "Lakshmi Rao");
    await typeInto(page, page.getByLabel("Mobile Number"), "+91 98450 22222");
    await typeInto(page, page.getByLabel("Email", { exact: true }), email);
    await typeInto(page, page.getByLabel("Password", { exact: true }), "Sunrise-Pickles-9");
    await typeInto(page, page.getByLabel("Confirm Password"), "Sunrise-Pickles-9");
    await press(page, page.getByRole("button", { name: "Continue" }), "Enter");
    await expect(page.getByRole("heading", { name: "Business Categories" })).toBeVisible();
    await tabTo(page, page.getByLabel("City"));
    await page.keyboard.type("Mumbai");
    await press(page, page.getByLabel("Food & Beverages"), "Space");
    await press(page, page.getByLabel(/I agree to the Terms and Conditions/), "Space");
    await press(page, page.getByRole("button", { name: "Create Account" }), "Enter");
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const seller = await db
      .selectFrom("sellers")
      .select(["city", "category_names"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(seller).toEqual({ city: "Mumbai", category_names: "Food & Beverages" });
  });

  test("apply for a listing with /register", async ({ page, db }) => {
    test.setTimeout(60_000);
    const email = `${uniqueWord("kbd")}@example.in`;
    const business = `${uniqueWord("kbd")} Looms`;
    // A listener for the whole test keeps Playwright's file-chooser interception switched on; with only
    // per-file waits it is switched off and on between files, and a chooser opened in between is missed.
    page.on("filechooser", () => {});
    await page.goto("/register");
    await typeInto(page, page.getByLabel("Full name"), "Asha Rao");
    await typeInto(page, page.getByLabel("Mobile number"), "+91 98765 43210");
    await typeInto(page, page.getByRole("textbox", { name: "Email", exact: true }), email);
    await typeInto(page, page.getByLabel("Business name"), business);
    await tabTo(page, page.getByRole("combobox", { name: "City", exact: true }));
    await page.keyboard.type("Bangalore");
    await typeInto(page, page.getByLabel(/^PIN code/), "560011");
    await typeInto(page, page.getByRole("textbox", { name: "Address", exact: true }), "12, 4th Block, Jayanagar");
    await press(page, page.getByRole("checkbox", { name: "Fashion & Apparel" }), "Space");
    await tabTo(page, page.getByLabel("Document type"));
    await page.keyboard.type("PAN");
    await chooseFile(page, page.getByLabel("Verification document"), "pan.png", 10);
    // The plans are one radio group: Tab enters it once, Space chooses, arrows move the choice.
    const plans = page.locator('input[type="radio"][name="plan"]');
    await tabTo(page, plans);
    await page.keyboard.press("Space");
    for (let i = 0; i < 5 && !(await page.getByRole("radio", { name: /Half-Yearly/ }).isChecked()); i++)
      await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("radio", { name: /Half-Yearly/ })).toBeChecked();
    await chooseFile(page, page.getByLabel("Payment screenshot"), "upi.png", 20);
    await chooseFile(page, page.getByLabel("Profile picture"), "me.png", 30);
    await press(page, page.getByRole("button", { name: "Submit Application" }), "Enter");
    await expect(page.getByRole("heading", { name: "Application submitted!" })).toBeVisible({ timeout: 15_000 });
    const seller = await db
      .selectFrom("sellers")
      .select(["business_name", "city", "status"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(seller).toEqual({ business_name: business, city: "Bangalore", status: "pending" });
  });
});
