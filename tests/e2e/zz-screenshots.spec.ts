import { signInAs, test } from "./fixtures";

// Not a test of behaviour: screenshots for a human look (run with SHOTS=1).
test.skip(!process.env.SHOTS, "screenshots only on request");
for (const theme of ["light", "dark"] as const) {
  for (const width of [360, 1280]) {
    test(`screens ${theme} ${width}`, async ({ page, context, makeSeller, makeReview, jsEnabled }) => {
      test.skip(!jsEnabled);
      await page.setViewportSize({ width, height: 900 });
      await context.addCookies([{ name: "theme", value: theme, url: process.env.E2E_BASE_URL! }]);
      const dir = `/tmp/wt4-shots/${theme}-${width}`;
      await page.goto("/seller-login");
      await page.screenshot({ path: `${dir}-login.png`, fullPage: true });
      await page.goto("/admin/login");
      await page.screenshot({ path: `${dir}-admin-login.png`, fullPage: true });
      await page.goto("/seller-signup");
      await page.getByLabel("Full Name").fill("Shot Tester");
      await page.getByLabel("Mobile Number").fill("9876543210");
      await page.getByLabel("Email", { exact: true }).fill(`shot${Date.now()}${width}${theme}@example.test`);
      await page.getByLabel("Password", { exact: true }).fill("Shot-Tester-123");
      await page.getByLabel("Confirm Password").fill("Shot-Tester-123");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByLabel("Food & Beverages").check();
      await page.screenshot({ path: `${dir}-signup2.png`, fullPage: true });
      const me = await signInAs(context, "seller");
      const id = await makeSeller({ user_id: me.id, business_name: "Radha's Kitchen", status: "active", subscription_start_date: "2026-06-01", subscription_end_date: "2026-12-10", amount_paid: 1499, subscription_months: 6, views_count: 321, payment_screenshot: "p", id_proof_document: "i" });
      await makeReview(id, { reviewer_name: "Priya", review_text: "Wonderful food!", seller_reply: "Thank you Priya!" });
      await page.goto("/seller-dashboard");
      await page.screenshot({ path: `${dir}-dashboard.png`, fullPage: true });
      await context.clearCookies();
      await context.addCookies([{ name: "theme", value: theme, url: process.env.E2E_BASE_URL! }]);
      await signInAs(context, "admin");
      await page.goto("/admin");
      await page.screenshot({ path: `${dir}-admin.png`, fullPage: true });
    });
  }
}
