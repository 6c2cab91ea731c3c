import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { categoryId, expect, expectNoA11yViolations, test, uniqueWord, HTTP_ONLY } from "./fixtures";

const RESERVED = ACCOUNT_MESSAGES.reservedEmail;

// The two-step account wizard, with JavaScript on and off (the wizard runs on the server either way).
test.describe("seller sign-up", () => {
  test("creates the account in two steps, keeps step 1 across Previous without echoing the password, and lands on the dashboard", async ({
    page,
    db,
  }) => {
    const email = `${uniqueWord("signup")}@example.test`;
    await page.goto("/seller-signup");
    await expect(page.getByRole("heading", { name: "Create Your Seller Account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in here" })).toHaveAttribute("href", "/seller-login");

    await page.getByLabel("Full Name").fill("Lakshmi Rao");
    await page.getByLabel("Mobile Number").fill("+91 98450 11111");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Sunrise-Pickles-9");
    await page.getByLabel("Confirm Password").fill("Sunrise-Pickles-9");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Business Categories" })).toBeVisible();
    // The password never comes back into the page: only an encrypted token does.
    expect(await page.content()).not.toContain("Sunrise-Pickles-9");
    await page.getByLabel("City").selectOption("Mumbai");
    await page.getByLabel("Locality / Area (optional)").fill("Bandra");
    await page.getByLabel("Food & Beverages").check();

    // Previous keeps the typed values; the password is kept server-side and may stay empty.
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByRole("heading", { name: "Personal Details" })).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Lakshmi Rao");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByText("Your password is saved. Leave both password fields empty to keep it.")).toBeVisible();
    expect(await page.content()).not.toContain("Sunrise-Pickles-9");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByLabel("City")).toHaveValue("Mumbai");
    await expect(page.getByLabel("Food & Beverages")).toBeChecked();
    const sub = page.getByLabel("Home Bakers");
    await sub.check();
    await page.getByLabel(/I agree to the Terms and Conditions/).check();
    await expect(page.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute("href", "/terms");
    await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Lakshmi" })).toBeVisible();
    await expect(page.getByText("Complete your application")).toBeVisible();

    const user = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.role).toBe("seller");
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.mobile).toBe("+919845011111");
    const seller = await db.selectFrom("sellers").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(seller).toMatchObject({
      status: "pending",
      is_paid: 0,
      city: "Mumbai",
      locality: "Bandra",
      owner_name: "Lakshmi Rao",
      category_names: "Food & Beverages",
    });
    const subs = await db
      .selectFrom("seller_subcategories")
      .select("subcategory_id")
      .where("seller_id", "=", seller.id)
      .execute();
    expect(subs).toHaveLength(1);

    // Email verification: the dashboard asks for it and sends a new link; the mailed link's page confirms with a button.
    await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
    await page.getByRole("button", { name: "Send a new link" }).click();
    await expect(page.getByText("We sent a new verification link.")).toBeVisible();
    const mails = await db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", email)
      .where("subject", "like", "Please confirm your email%")
      .orderBy("id", "desc")
      .execute();
    expect(mails).toHaveLength(2);
    const link = mails[0].text_body.match(/http\S+\/verify-email\?\S+/)![0];
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
    expect(
      (await db.selectFrom("users").select("email_verified_at").where("id", "=", user.id).executeTakeFirstOrThrow())
        .email_verified_at,
    ).toBeNull();
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await expect(page.getByRole("status")).toHaveText("Your email address is verified. Thank you!");
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page.getByRole("heading", { name: "Welcome, Lakshmi" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Verify your email" })).toHaveCount(0);
  });

  test("shows the spec's step 1 messages and keeps typed values", async ({ page, jsEnabled }) => {
    await page.goto("/seller-signup");
    await page.getByLabel("Full Name").fill("Asha");
    await page.getByLabel("Mobile Number").fill("12345");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm Password").fill("different");
    // Skip the browser's own checks so the server's messages show in both modes.
    await page.locator("form#signup-step1").evaluate((f) => f.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Email is invalid")).toBeVisible();
    await expect(page.getByText("Please enter a valid mobile number")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    // Every broken rule at once: the short password does not hide the different confirmation.
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Asha");
    await expect(page.getByLabel("Mobile Number")).toHaveValue("12345");
    // Without JavaScript the server answered: the password is never sent back. With it, the browser kept it.
    if (!jsEnabled) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await page.getByLabel("Full Name").fill("");
    await page.getByLabel("Mobile Number").fill("+91 98765 43210");
    await page.getByLabel("Email", { exact: true }).fill("asha@example.test");
    await page.getByLabel("Password", { exact: true }).fill("long-enough-1");
    await page.getByLabel("Confirm Password").fill("long-enough-2");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
  });

  test("shows the spec's step 2 messages", async ({ page }) => {
    await page.goto("/seller-signup");
    await page.getByLabel("Full Name").fill("Meera");
    await page.getByLabel("Mobile Number").fill("9876543210");
    await page.getByLabel("Email", { exact: true }).fill(`${uniqueWord("s2")}@example.test`);
    await page.getByLabel("Password", { exact: true }).fill("Meera-Pass-77");
    await page.getByLabel("Confirm Password").fill("Meera-Pass-77");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.locator("form#signup-step2").evaluate((f) => f.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("City is required")).toBeVisible();
    await expect(page.getByText("Please select at least one category")).toBeVisible();
    await expect(page.getByText("You must agree to the terms and conditions")).toBeVisible();
    await expect(page).toHaveURL(/\/seller-signup$/);
  });

  test("an email that already has an account gets a field error", async ({ page, db }) => {
    const email = `${uniqueWord("taken")}@example.test`;
    const stamp = new Date().toISOString();
    await db
      .insertInto("users")
      .values({
        email,
        name: "Existing",
        role: "seller",
        password_hash: null,
        is_active: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await page.goto("/seller-signup");
    await page.getByLabel("Full Name").fill("Another");
    await page.getByLabel("Mobile Number").fill("9876543210");
    await page.getByLabel("Email", { exact: true }).fill(email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill("Another-Pass-1");
    await page.getByLabel("Confirm Password").fill("Another-Pass-1");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("An account with this email already exists. Please sign in instead.")).toBeVisible();
  });

  test("the team's own address is refused at step 1 with a clear message, the typed values kept", async ({
    page,
    db,
  }) => {
    await page.goto("/seller-signup");
    await page.getByLabel("Full Name").fill("Not The Team");
    await page.getByLabel("Mobile Number").fill("+91 98765 43210");
    await page.getByLabel("Email", { exact: true }).fill("Hello@BWPDirectory.in");
    await page.getByLabel("Password", { exact: true }).fill("Team-Pass-123");
    await page.getByLabel("Confirm Password").fill("Team-Pass-123");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(RESERVED)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Personal Details" })).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Not The Team");
    await expect(page.getByLabel("Mobile Number")).toHaveValue("+91 98765 43210");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("Hello@BWPDirectory.in");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    expect(await db.selectFrom("users").select("id").where("email", "=", "hello@bwpdirectory.in").execute()).toEqual(
      [],
    );
  });

  test("the terms and privacy pages have real text", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible();
    await expect(page.getByText(/woman entrepreneur/).first()).toBeVisible();
    await page.getByRole("link", { name: "Privacy Policy" }).last().click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(
      page.getByText(/Under India's Digital Personal Data Protection Act, 2023 you have these rights/),
    ).toBeVisible();
  });

  test("completes in Hindi and lands on the Hindi dashboard, her account and mails in Hindi", async ({ page, db }) => {
    const email = `${uniqueWord("signup-hi")}@example.test`;
    await page.goto("/hi/seller-signup");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.getByRole("heading", { name: "अपना विक्रेता खाता बनाएँ" })).toBeVisible();
    await page.getByLabel("पूरा नाम").fill("Meena Iyer");
    await page.getByLabel("मोबाइल नंबर").fill("+91 98450 22222");
    await page.getByLabel("ईमेल", { exact: true }).fill(email);
    await page.getByLabel("पासवर्ड", { exact: true }).fill("Mango-Chutney-42");
    await page.getByLabel("पासवर्ड दोबारा लिखें").fill("Mango-Chutney-42");
    await page.getByRole("button", { name: "आगे बढ़ें" }).click();
    await expect(page.getByRole("heading", { name: "व्यवसाय की श्रेणियाँ" })).toBeVisible();
    await page.getByLabel("शहर").selectOption("Mumbai");
    await page.getByLabel("खाना-पीना").check();
    await page.getByLabel(/नियम और शर्तों/).check();
    await page.getByRole("button", { name: "खाता बनाएँ" }).click();
    await expect(page).toHaveURL(/\/hi\/seller-dashboard$/);
    await expect(page.getByRole("heading", { name: "स्वागत है, Meena" })).toBeVisible();
    await expect(page.getByText("अपना आवेदन पूरा करें")).toBeVisible();
    // the page's language became her account's: her mails (the first: confirm your address) are in Hindi
    const account = await db.selectFrom("users").select("language").where("email", "=", email).executeTakeFirst();
    expect(account?.language).toBe("hi-IN");
    const mail = await db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("to_address", "=", email)
      .executeTakeFirst();
    expect(mail?.subject).toMatch(/^कृपया अपने ईमेल पते की पुष्टि करें/);
  });

  test("has no accessibility violations on step 2", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "axe-core runs as a script in the page");
    // Step 1 as loaded is in the walk (a11y.spec.ts); step 2 is not.
    await page.goto("/seller-signup");
    await page.getByLabel("Full Name").fill("Axe Tester");
    await page.getByLabel("Mobile Number").fill("9876543210");
    await page.getByLabel("Email", { exact: true }).fill(`${uniqueWord("axe")}@example.test`);
    await page.getByLabel("Password", { exact: true }).fill("Axe-Tester-123");
    await page.getByLabel("Confirm Password").fill("Axe-Tester-123");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Business Categories" })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe("POST /api/auth/register", HTTP_ONLY, () => {
  test("registers with the spec's payload, signs in and refuses a second registration", async ({ request, db }) => {
    const email = `${uniqueWord("apireg")}@example.test`;
    const food = await categoryId(db, "food-and-beverages");
    const payload = {
      name: "Api Seller",
      email,
      password: "Api-Seller-123",
      mobile: "+919876500000",
      city: "Pune",
      locality: "",
      category_ids: [food],
      subcategory_ids: [],
    };
    const res = await request.post("/api/auth/register", { data: payload });
    expect(res.status()).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, user: { email, role: "seller" }, redirectTo: "/seller-dashboard" });
    expect(res.headers()["set-cookie"]).toContain("__session=");
    const me = await request.get("/api/users/me");
    expect((await me.json()).email).toBe(email);

    const again = await request.post("/api/auth/register", { data: payload });
    expect(again.status()).toBe(409);
    expect((await again.json()).error).toBe("An account with this email already exists. Please sign in instead.");

    const bad = await request.post("/api/auth/register", {
      data: { ...payload, email: `x${email}`, category_ids: [] },
    });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error).toBe("Please select at least one category");
    // The site's own addresses (the team's, the sender's) never become a seller account.
    for (const address of ["hello@bwpdirectory.in", "No-Reply@bwpdirectory.in", "hello+x@bwpdirectory.in"]) {
      const reserved = await request.post("/api/auth/register", { data: { ...payload, email: address } });
      expect(reserved.status(), address).toBe(400);
      expect(await reserved.json(), address).toEqual({ error: RESERVED, field: "email" });
    }
    expect(await db.selectFrom("users").select("id").where("email", "like", "%@bwpdirectory.in").execute()).toEqual([]);
    const form = await request.post("/api/auth/register", {
      form: { name: payload.name, email: payload.email, password: payload.password, category_ids: String(food) },
    });
    expect(form.status()).toBe(415);
  });
});
