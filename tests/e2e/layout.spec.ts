import { expect, test } from "./fixtures";

test.describe("site layout", () => {
  test("the theme toggle switches and remembers the theme", async ({ page, jsEnabled }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/directory");
    const html = page.locator("html");
    await expect(html).not.toHaveAttribute("data-theme", /./);
    await page.getByRole("button", { name: "Switch between light and dark theme" }).first().click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    if (jsEnabled) expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    // the server renders the saved theme on the next load: no flash of the wrong theme
    const response = await page.request.get("/directory", {
      headers: { Cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
    });
    expect(await response.text()).toContain('data-theme="dark"');
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(18, 16, 22)");
    await page.getByRole("button", { name: "Switch between light and dark theme" }).first().click();
    await expect(html).toHaveAttribute("data-theme", "light");
    await expect(page).toHaveURL(/\/directory$/);
  });

  test("follows the system dark preference when nothing is saved", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/directory");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(18, 16, 22)");
  });

  test("the mobile menu opens and closes, and leads to the directory", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/coming-soon");
    const menu = page.getByLabel("Menu");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await menu.click();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeVisible();
    await menu.click();
    await expect(mobileNav).toBeHidden();
    await menu.click();
    await mobileNav.getByRole("link", { name: "Directory" }).click();
    await expect(page).toHaveURL(/\/directory$/);
  });

  test("Programs and Events say Coming Soon", async ({ page, jsEnabled }) => {
    await page.goto("/directory");
    const message = "Coming Soon! Stay tuned for exciting programs and events.";
    if (jsEnabled) {
      const messages: string[] = [];
      page.on("dialog", (d) => {
        messages.push(d.message());
        void d.dismiss();
      });
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Programs" }).click();
      await expect.poll(() => messages).toEqual([message]);
      await expect(page).toHaveURL(/\/directory$/);
    } else {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
      await expect(page).toHaveURL(/\/coming-soon\?section=events/);
      await expect(page.getByRole("status")).toHaveText(message);
    }
  });

  test("the footer has every link and text of the spec", async ({ page }) => {
    await page.goto("/directory");
    const footer = page.locator("footer");
    for (const href of [
      "/list-your-business",
      "/seller-signup",
      "/seller-login",
      "/directory",
      "/contact",
      "/admin/login",
      "/#core-pillars",
      "/#story",
      "/#team",
      "/#careers",
      "/#press",
      "/#join",
      "/#programs",
      "/#events",
      "/#stories",
      "/#guidelines",
    ]) {
      await expect(footer.locator(`a[href="${href}"]`).first(), href).toBeAttached();
    }
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(footer).toContainText("1,247 active members online");
    await expect(footer).toContainText("© 2024");
  });

  test("unknown pages answer 404 with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  });

  test("pages send security headers and a script nonce", async ({ request }) => {
    const res = await request.get("/directory");
    const headers = res.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const nonce = headers["content-security-policy"].match(/'nonce-([^']+)'/)![1];
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // Only the scripts carry it: the stylesheet, the icon and the module preloads are the site's own files
    // ('self'), and each copy of the nonce is one more place a cached answer writes a fresh one into.
    const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
    expect(links.filter((tag) => tag.includes('rel="modulepreload"')).length).toBeGreaterThan(3);
    for (const tag of links) expect(tag).not.toContain("nonce=");
  });

  test("the browser blocks nothing on a page: no Content Security Policy report", async ({ page, jsEnabled }) => {
    const reports: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
    });
    const modules: string[] = [];
    page.on("requestfinished", (request) => {
      if (request.url().endsWith(".js")) modules.push(request.url());
    });
    await page.goto("/directory");
    if (jsEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // With JavaScript the module preloads were fetched (a blocked one is reported, not fetched); without it
    // Chromium fetches no module, and a stylesheet or icon refused would be reported all the same.
    if (jsEnabled) expect(modules.some((url) => /\/assets\/entry\.client-[^/]+\.js$/.test(url))).toBe(true);
    expect(reports).toEqual([]);
  });
});
