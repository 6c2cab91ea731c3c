import { pngImage } from "../support/images";
import { createUser, expect, signInAs, signInWithForm, test } from "./fixtures";

// A throttled staff sign-in says how long to wait (the page and its answer's Retry-After), and the
// dashboard's notices show a moderator no applicant's payment reference — with JavaScript on and off.

test.describe("throttled admin sign-in", () => {
  test("after ten wrong passwords the page says to wait, and the answer carries Retry-After", async ({
    page,
    db,
    jsEnabled,
  }) => {
    const staff = await createUser(db, { role: "admin", password: "Right-Admin-Password-1" });
    // The sign-in limit is per client address (this test's X-Forwarded-For): ten wrong ones use it up.
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post("/admin/login", { form: { email: staff.email, password: `wrong-${i}` } });
      expect(res.status()).toBe(401);
    }
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && /\/admin\/login/.test(r.url()));
    await signInWithForm(page, "/admin/login", staff.email, "Right-Admin-Password-1");
    const answer = await posted;
    // Without JavaScript the page is the 429; with it, the data request is (and the page stays put).
    expect(answer.status()).toBe(429);
    expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByRole("alert")).toContainText(/Too many attempts\. Please wait \d+ minutes? and try again\./);
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(staff.email);
    if (!jsEnabled) expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
  });
});

test.describe("sign-up page from an address with no sign-up left", () => {
  test("step 1 says to wait (429 with Retry-After) and keeps what was typed", async ({ page, baseURL }) => {
    const categories = (await (await page.request.get("/api/categories")).json()) as { id: number }[];
    // The sign-up limit (10 an hour per address) used up through the API, from this test's address.
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post("/api/auth/register", {
        headers: { Origin: baseURL! },
        data: {
          name: "Asha Rao",
          email: `used-${i}-${Date.now().toString(36)}@example.test`,
          password: "pass-word-1",
          mobile: "+919876543210",
          city: "Pune",
          locality: "",
          category_ids: [categories[0].id],
          subcategory_ids: [],
        },
      });
      expect(res.status()).toBe(201);
    }
    await page.context().clearCookies();
    const email = `late-${Date.now().toString(36)}@example.test`;
    await page.goto("/seller-signup");
    await page.getByLabel("Full Name").fill("Lakshmi Rao");
    await page.getByLabel("Mobile Number").fill("+91 98450 11111");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Sunrise-Pickles-9");
    await page.getByLabel("Confirm Password").fill("Sunrise-Pickles-9");
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && /\/seller-signup/.test(r.url()));
    await page.getByRole("button", { name: "Continue" }).click();
    const answer = await posted;
    expect(answer.status()).toBe(429);
    expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByRole("alert").first()).toContainText(
      /Too many attempts\. Please wait \d+ minutes? and try again\./,
    );
    await expect(page.getByRole("heading", { name: "Personal Details" })).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Lakshmi Rao");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  });
});

test.describe("dashboard notices", () => {
  test("an application's UTR is shown to an admin, not to a moderator", async ({ request, clientContext }) => {
    const utr = `5678${String(Date.now()).slice(-8)}`;
    const business = `Notice Pickles ${utr.slice(-5)}`;
    const dataUrl = `data:image/png;base64,${(await pngImage(40, 30)).toString("base64")}`;
    const categories = (await (await request.get("/api/categories")).json()) as { id: number }[];
    const applied = await request.post("/api/sellers/submit", {
      data: {
        name: "Meera Iyer",
        mobile: "+91 98765 43210",
        email: `notice-${utr}@example.test`,
        category_ids: [categories[0].id],
        id_proof_type: "pan_card",
        plan: "6m",
        business_name: business,
        city: "Chennai",
        pincode: "600001",
        address: "3 Beach Road",
        payment_reference: utr,
        id_proof_document: dataUrl,
        payment_screenshot: dataUrl,
        profile_photo: dataUrl,
      },
    });
    expect(applied.status()).toBe(201);
    for (const role of ["admin", "moderator"] as const) {
      const context = await clientContext();
      await signInAs(context, role);
      const page = await context.newPage();
      await page.goto("/admin");
      const notices = page.getByRole("region", { name: "Recent Notifications" });
      const notice = notices.getByRole("listitem").filter({ hasText: business });
      await expect(notice).toBeVisible();
      if (role === "admin") await expect(notice).toContainText(`UTR ${utr}`);
      else {
        await expect(notice).not.toContainText(utr);
        expect(await page.content()).not.toContain(utr);
      }
      await context.close();
    }
  });
});
