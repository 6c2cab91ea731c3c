import { expect, expectNoA11yViolations, test } from "./fixtures";

// The site in three languages (docs/translation.md): English at today's addresses, Hindi under /hi and
// Kannada under /kn. The switcher is plain links, so it works without JavaScript and by keyboard.
test.describe("languages", () => {
  test("the switcher keeps the page and its query, in header and footer, by keyboard too", async ({
    page,
    jsEnabled,
  }) => {
    // About fifteen navigations and an axe check in one flow: 17 s on a busy machine, and a clean-clone run
    // once took more than the default 30 s (timed out waiting for a page's lang).
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/directory?city=Pune&view=list");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    // In the header, one button names the current language and opens the three links.
    const header = page.getByRole("banner").getByRole("navigation", { name: "Language", exact: true });
    await expect(header).toBeHidden();
    await page.getByRole("banner").getByText("Language: English").click();
    await expect(header.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "page");

    await header.getByRole("link", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(/\/hi\/directory\?city=Pune&view=list$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.getByRole("banner").getByRole("link", { name: "डायरेक्टरी", exact: true })).toBeVisible();
    // The new page does not open with the menu still open over it (with JavaScript the element stays).
    await expect(header).toBeHidden();
    if (jsEnabled) {
      const button = page.getByRole("banner").getByText("भाषा: हिन्दी");
      const hindiMenu = page.getByRole("banner").getByRole("navigation", { name: "भाषा", exact: true });
      await button.click();
      await expect(hindiMenu).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(hindiMenu).toBeHidden();
      await expect(button).toBeFocused();
    }

    // The footer's switcher, reached and followed with the keyboard.
    const footer = page.getByRole("contentinfo").getByRole("navigation", { name: "यह साइट इस भाषा में पढ़ें" });
    await expect(footer.getByRole("link", { name: "हिन्दी" })).toHaveAttribute("aria-current", "page");
    await footer.getByRole("link", { name: "ಕನ್ನಡ" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/kn\/directory\?city=Pune&view=list$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "kn-IN");
    await expect(page.getByRole("banner").getByRole("link", { name: "ಡೈರೆಕ್ಟರಿ", exact: true })).toBeVisible();

    // Links of a Kannada page stay in Kannada; English is one link away.
    await page.getByRole("banner").getByRole("link", { name: "ಡೈರೆಕ್ಟರಿ", exact: true }).click();
    await expect(page).toHaveURL(/\/kn\/directory$/);
    await page.getByRole("banner").getByText("ಭಾಷೆ: ಕನ್ನಡ").click();
    await page.getByRole("banner").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/directory$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(page.getByRole("banner").getByRole("link", { name: "Directory", exact: true })).toBeVisible();

    if (jsEnabled) {
      await page.goto("/hi/directory");
      await expectNoA11yViolations(page);
      await page.goto("/kn");
      await expectNoA11yViolations(page);
    }
  });

  test("on a phone the switcher is in the menu", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/hi");
    await page.getByLabel("मेन्यू").click();
    const menu = page.getByRole("navigation", { name: "भाषा", exact: true });
    await menu.getByRole("link", { name: "ಕನ್ನಡ" }).click();
    await expect(page).toHaveURL(/\/kn$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "kn-IN");
    await expect(page.getByRole("navigation", { name: "ಭಾಷೆ", exact: true })).toBeHidden();
  });
});
