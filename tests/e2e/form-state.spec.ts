import type { Page, Request } from "@playwright/test";
import { expect, test, uniqueWord } from "./fixtures";

/** The URL paths of the page's requests that `which` picks, in order, as they are made. */
function requestsOf(page: Page, which: (request: Request) => boolean): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (which(request)) paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

// The public forms' state (app/lib/form.ts, in place of conform's React part): a refused submit shows
// each field's message, keeps what was typed and moves focus to the first invalid field. With
// JavaScript the check runs in the browser with the server's schema (nothing is posted) and, once a
// field was checked, follows each keystroke; without it the server answers the same messages.
test.describe("public form state", () => {
  test("contact: a refused submit marks the fields, focuses the first, keeps values; fixing them sends", async ({
    page,
    db,
    jsEnabled,
  }) => {
    const posts = requestsOf(page, (request) => request.method() === "POST");
    const name = uniqueWord("state");
    await page.goto("/contact");
    const form = page.locator("#contact-form");
    await form.getByLabel("Your name").fill(name);
    // the validators load when the form is first focused; the form says when they are in place
    if (jsEnabled) await expect(form).toHaveAttribute("data-checks", "browser");
    const email = form.getByRole("textbox", { name: "Email", exact: true });
    await email.fill("kavya@example");
    await form.getByRole("button", { name: "Send Message" }).click();

    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Email is invalid", { exact: true })).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    await expect(form.getByLabel("Your name")).toHaveValue(name);
    await expect(email).toHaveValue("kavya@example");
    await expect(form.getByLabel("Your name")).not.toHaveAttribute("aria-invalid");

    if (jsEnabled) {
      expect(posts, "checked in the browser: nothing was posted").toEqual([]);
      // once checked, the field follows each keystroke
      await email.fill(`${name}@example.in`);
      await expect(email).not.toHaveAttribute("aria-invalid");
      await expect(form.getByText("Email is invalid", { exact: true })).toHaveCount(0);
      await expect(form.getByRole("textbox", { name: "Message" })).toHaveAttribute("aria-invalid", "true");
      expect(posts).toEqual([]);
    } else {
      expect(posts.length).toBe(1);
      await email.fill(`${name}@example.in`);
    }

    await form.getByRole("combobox", { name: "Query type" }).selectOption("Partnership");
    await form.getByRole("textbox", { name: "Message" }).fill("Can we run a workshop together?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent!" })).toBeVisible();
    const row = await db.selectFrom("enquiries").select(["email", "query_type"]).where("name", "=", name).execute();
    expect(row).toEqual([{ email: `${name}@example.in`, query_type: "Partnership" }]);
  });

  test("the seller page loads the review form's code only on the Reviews tab, which works either way", async ({
    page,
    makeSeller,
    jsEnabled,
  }) => {
    const scripts = requestsOf(page, (request) => request.resourceType() === "script");
    const id = await makeSeller({ business_name: uniqueWord("lazy") });
    await page.goto(`/seller/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Everything the page asks for before a visitor acts: its scripts (load), and with JavaScript what the
    // first render asks for once React has taken the document over (hydrateRoot marks it).
    await page.waitForLoadState("load");
    if (jsEnabled)
      await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
    expect(scripts.filter((s) => /\/review-form-|\/forms-/.test(s))).toEqual([]);

    await page.getByRole("link", { name: /^Reviews/ }).click();
    const nameField = page.locator("#review-form").getByLabel("Your name");
    await expect(nameField).toBeVisible();
    await page.locator("#review-form").getByRole("button", { name: "Submit Review" }).click();
    await expect(page.locator("#review-form").getByText("Please select a rating")).toBeVisible();
    // with JavaScript the form's code came when the tab showed; without it, the server's form is all there is
    expect(scripts.some((s) => s.includes("/review-form-"))).toBe(jsEnabled);
  });

  test("a visitor who types before the page's JavaScript has run still gets the browser's check", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "the browser's check is JavaScript; without it the server answers (the test above)");
    // Hold the client entry back (a slow phone): the visitor focuses and types into the server's form, and
    // React hydrates with focus already in it, so no focus event tells the form the visitor has started.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/entry\.client-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/contact", { waitUntil: "commit" });
    const form = page.locator("#contact-form");
    await form.getByLabel("Your name").fill(uniqueWord("early"));
    release();
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
    await expect(form).toHaveAttribute("data-checks", "browser");
  });
});

test.describe("forms whose code comes on first use", () => {
  test("/register: the application form's code comes when she first reaches for it; what she chose before it counts", async ({
    page,
    jsEnabled,
  }) => {
    const scripts = requestsOf(page, (request) => request.resourceType() === "script");
    // Hold the form's code back (a slow phone) until she has ticked a category and chosen a plan on the server's form.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/application-form-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/register");
    await page.waitForLoadState("load");
    if (jsEnabled)
      await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
    expect(scripts.filter((s) => /\/application-form-|\/forms-/.test(s))).toEqual([]);

    await page.getByRole("checkbox", { name: "Fashion & Apparel" }).check();
    await page.locator(".plan-option", { hasText: "Quarterly" }).click();
    await expect(page.getByRole("radio", { name: /Quarterly/ })).toBeChecked();
    expect(scripts.some((s) => s.includes("/application-form-"))).toBe(jsEnabled);
    release();
    if (!jsEnabled) {
      // Without JavaScript every group of sub-categories is listed and the amount is the plan card's own.
      await expect(page.getByRole("checkbox", { name: "Fashion & Apparel" })).toBeChecked();
      return;
    }
    // With it, once the code is in, the page follows the choices made on the server's form.
    await expect(page.getByTestId("upi-amount")).toContainText("₹999");
    await expect(page.locator("#application-form")).toHaveAttribute("data-checks", "browser");
    await expect(page.getByRole("checkbox", { name: "Fashion & Apparel" })).toBeChecked();
    const groups = page.locator(".subcat-group:not([hidden])");
    await expect(groups).toHaveCount(1);
    await expect(groups.first()).toContainText("Fashion & Apparel");
  });
});

test.describe("form messages in the page's language", () => {
  test("a review without stars on a Kannada page: Kannada from the server (no JS) and from the browser's check", async ({
    page,
    makeSeller,
    jsEnabled,
  }) => {
    const posts = requestsOf(page, (request) => request.method() === "POST");
    const scripts = requestsOf(page, (request) => request.resourceType() === "script");
    const id = await makeSeller({ business_name: uniqueWord("kannada") });
    await page.goto(`/kn/seller/${id}?tab=reviews`);
    const form = page.locator("#review-form");
    // Opened by a link, the tab's form waits for the visitor: its code comes when she first reaches for it.
    // Once the page is hydrated every script of its first load has been asked for (they are module
    // preloads of the entry): none of them is the form's.
    if (jsEnabled)
      await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
    expect(scripts.filter((s) => /\/review-form-|\/forms-/.test(s))).toEqual([]);
    if (jsEnabled) expect(scripts.length).toBeGreaterThan(0);
    await form.getByRole("textbox").first().fill("Asha");
    if (jsEnabled) await expect(form).toHaveAttribute("data-checks", "browser");
    expect(scripts.some((s) => s.includes("/review-form-"))).toBe(jsEnabled);
    await form.locator("textarea").fill("ಚೆನ್ನಾಗಿದೆ");
    await form.locator('button[type="submit"]').click();
    await expect(form.getByText("ದಯವಿಟ್ಟು ರೇಟಿಂಗ್ ಆಯ್ಕೆಮಾಡಿ")).toBeVisible();
    await expect(form.getByText("ದಯವಿಟ್ಟು ಎಲ್ಲಾ ಮಾಹಿತಿಯನ್ನು ತುಂಬಿ ಮತ್ತು ರೇಟಿಂಗ್ ಆಯ್ಕೆಮಾಡಿ")).toBeVisible();
    // with JavaScript the browser's check answered (nothing was posted); without it, the server did
    expect(posts.length > 0).toBe(!jsEnabled);
  });
});
