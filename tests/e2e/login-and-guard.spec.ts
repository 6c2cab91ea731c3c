import { setPasswordHash } from "~/models/users.server";
import { hashPassword } from "~/services/password.server";
import {
  createUser,
  expect,
  uniqueClientAddress,
  sessionCookieHeader,
  signInAs,
  signInWithForm,
  test,
  uniqueWord,
  HTTP_ONLY,
} from "./fixtures";

const ADMIN = { email: "admin@e2e.test", password: "e2e-Admin-Password-123" };
const INVALID_ADMIN = "Invalid admin credentials. Please check your email and password.";

test.describe("seller login", () => {
  test("signs a seller in to the dashboard, shows the account menu, and signs out", async ({ page, db, context }) => {
    const seller = await createUser(db, { role: "seller", name: "Kavya Iyer" });
    await page.goto("/seller-login");
    await expect(page.getByRole("heading", { name: "Seller Login" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create a seller account" })).toHaveAttribute("href", "/seller-signup");
    await signInWithForm(page, "/seller-login", seller.email.toUpperCase(), seller.password);
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Kavya" })).toBeVisible();
    await expect(page.getByRole("link", { name: "My Dashboard" })).toBeVisible();

    const cookie = await sessionCookieHeader(context);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    // The old cookie no longer works: the session row is gone.
    const me = await page.request.get("/api/users/me", { headers: { Cookie: cookie! } });
    expect(me.status()).toBe(401);
  });

  test("one message for a wrong password and for an unknown email; the email is kept", async ({
    page,
    db,
    jsEnabled,
  }) => {
    const seller = await createUser(db, { role: "seller" });
    await signInWithForm(page, "/seller-login", seller.email, "wrong-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password. Please try again.");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(seller.email);
    // The server never sends the password back (with JavaScript the page simply was not reloaded).
    if (!jsEnabled) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await signInWithForm(page, "/seller-login", `nobody-${seller.email}`, "wrong-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password. Please try again.");
  });

  test("routes admins and moderators to /admin", async ({ page, db }) => {
    const moderator = await createUser(db, { role: "moderator" });
    await signInWithForm(page, "/seller-login", moderator.email, moderator.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });

  test("comes back to the page that asked for sign-in", async ({ page, db }) => {
    const seller = await createUser(db, { role: "seller" });
    await page.goto("/seller-dashboard");
    await expect(page).toHaveURL(/\/seller-login\?redirectTo=%2Fseller-dashboard/);
    await page.getByLabel("Email", { exact: true }).fill(seller.email);
    await page.getByLabel("Password", { exact: true }).fill(seller.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/seller-dashboard$/);
  });

  test("throttles 20 wrong passwords in a row, with a clear wait message", async ({ page, db }) => {
    const seller = await createUser(db, { role: "seller" });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await page.request.post("/seller-login", { form: { email: seller.email, password: `wrong-${i}` } });
      statuses.push(res.status());
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    // Even the right password waits now, from this address.
    await signInWithForm(page, "/seller-login", seller.email, seller.password);
    await expect(page.getByRole("alert")).toContainText(/Too many attempts\. Please wait \d+ minutes? and try again\./);
    await expect(page).toHaveURL(/\/seller-login/);
  });
});

test.describe("admin login", () => {
  test("shows the spec's screen, signs the first admin in to /admin and audits the attempt", async ({
    page,
    db,
    jsEnabled,
    clientAddress,
  }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Website" })).toHaveAttribute("href", "/");
    await expect(page.getByText(/Every sign-in attempt is logged/)).toBeVisible();
    if (jsEnabled) await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
    const before = new Date().toISOString();
    await signInWithForm(page, "/admin/login", ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    const sidebar = page.getByRole("navigation", { name: "Admin sections" });
    for (const name of [
      "Dashboard",
      "Sellers",
      "Categories",
      "Reviews",
      "Form Enquiries",
      "Content",
      "Settings",
      "Audit Log",
    ]) {
      await expect(sidebar.getByRole("link", { name })).toBeVisible();
    }
    for (const card of [
      "Total Sellers",
      "Paid Sellers",
      "Active Sellers",
      "Verified Sellers",
      "Total Reviews",
      "Contact Enquiries",
      "Newsletter Subscribers",
      "Categories",
    ]) {
      await expect(page.getByLabel("Statistics").getByText(card, { exact: true })).toBeVisible();
    }
    // This test's own client address (other tests sign the same admin in from theirs).
    const ip = clientAddress;
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "admin.login.success")
      .where("created_at", ">=", before)
      .where("actor_email", "=", ADMIN.email)
      .where("ip", "=", ip)
      .execute();
    expect(audit).toHaveLength(1);
  });

  test("refuses a wrong password, an unknown email and a seller with the same message, never logging the password", async ({
    page,
    db,
    clientAddress,
  }) => {
    const seller = await createUser(db, { role: "seller" });
    const address = uniqueWord("nobody");
    const before = new Date().toISOString();
    await signInWithForm(page, "/admin/login", ADMIN.email, `Wrong-${address}`);
    await expect(page.getByRole("alert")).toHaveText(INVALID_ADMIN);
    await signInWithForm(page, "/admin/login", `${address}@e2e.test`, "whatever-123");
    await expect(page.getByRole("alert")).toHaveText(INVALID_ADMIN);
    await signInWithForm(page, "/admin/login", seller.email, seller.password);
    await expect(page.getByRole("alert")).toHaveText(INVALID_ADMIN);
    await expect(page).toHaveURL(/\/admin\/login/);
    const ip = clientAddress;
    const rows = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "admin.login.failure")
      .where("created_at", ">=", before)
      .where("ip", "=", ip)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.actor_email)).toEqual([ADMIN.email, `${address}@e2e.test`, seller.email]);
    expect(JSON.stringify(rows)).not.toContain(`Wrong-${address}`);
    expect(JSON.stringify(rows)).not.toContain(seller.password);
  });

  test("returns to the guarded page after sign-in", async ({ page }) => {
    await page.goto("/admin/reviews");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Freviews/);
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In to Admin Portal" }).click();
    await expect(page).toHaveURL(/\/admin\/reviews$/);
    await expect(page.getByRole("heading", { name: "Reviews Management" })).toBeVisible();
  });
});

test.describe("admin guard", () => {
  test("a seller gets 403 on admin pages", async ({ page, context }) => {
    await signInAs(context, "seller");
    for (const path of ["/admin", "/admin/reviews", "/admin/sellers/edit/1"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
      // The portal's own error page says why, whichever of guard or permission check refused.
      await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
      await expect(page.getByText("You do not have permission to view this page.")).toBeVisible();
    }
  });

  test("a moderator's menu has reviews and enquiries, not sellers", async ({ page, context }) => {
    await signInAs(context, "moderator");
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await expect(nav.getByRole("link", { name: "Reviews" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Enquiries" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sellers" })).toHaveCount(0);
  });
});

// What the guard answers is the server's: statuses and redirects, checked once over HTTP.
test.describe("admin guard over HTTP", HTTP_ONLY, () => {
  const adminOnly = [
    "/admin/sellers",
    "/admin/sellers/new",
    "/admin/sellers/edit/1",
    "/admin/categories",
    "/admin/content",
    "/admin/settings",
    "/admin/audit",
  ];
  const moderatorToo = ["/admin", "/admin/reviews", "/admin/enquiries"];

  test("anonymous visitors are sent to /admin/login from every admin page", async ({ context }) => {
    for (const path of [...moderatorToo, ...adminOnly, "/admin/no-such-page"]) {
      const res = await context.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toMatch(
        new RegExp(`^(http://[^/]+)?/admin/login\\?redirectTo=${encodeURIComponent(path)}$`),
      );
    }
  });

  test("a moderator opens reviews and enquiries but gets 403 on admin-only pages", async ({ context }) => {
    await signInAs(context, "moderator");
    for (const path of moderatorToo) expect((await context.request.get(path)).status(), path).toBe(200);
    for (const path of adminOnly) expect((await context.request.get(path)).status(), path).toBe(403);
  });

  test("admin actions guard themselves: a post to an admin page without a staff session is refused", async ({
    context,
  }) => {
    const anon = await context.request.post("/admin/sellers/edit/1", { form: { status: "active" }, maxRedirects: 0 });
    expect(anon.status()).toBe(302);
    expect(anon.headers().location).toContain("/admin/login");
    await signInAs(context, "moderator");
    const mod = await context.request.post("/admin/settings", { form: { x: "1" }, maxRedirects: 0 });
    expect(mod.status()).toBe(403);
  });

  test("a cross-site form post to the admin and seller sign-in is refused", async ({ context }) => {
    for (const path of ["/admin/login", "/seller-login"]) {
      const res = await context.request.post(path, {
        form: { email: ADMIN.email, password: ADMIN.password },
        headers: { Origin: "https://evil.example" },
        maxRedirects: 0,
      });
      expect(res.status(), path).toBe(400);
      expect(res.headers()["set-cookie"] ?? "", path).not.toContain("__session=");
    }
  });
});

test.describe("session API and session security", HTTP_ONLY, () => {
  test("POST /api/auth/login answers the user with its role and a safe cookie; /api/users/me and /api/logout", async ({
    playwright,
    db,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
    });
    const seller = await createUser(db, { role: "seller" });
    expect((await api.get("/api/users/me")).status()).toBe(401);
    const res = await api.post("/api/auth/login", { data: { email: seller.email, password: seller.password } });
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      user: { id: seller.id, email: seller.email, role: "seller" },
      redirectTo: "/seller-dashboard",
    });
    const setCookie = res.headers()["set-cookie"];
    expect(setCookie).toMatch(/^__session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
    // Only a random id travels in the cookie, nothing about the user.
    expect(decodeURIComponent(setCookie)).not.toContain(seller.email);
    const me = await api.get("/api/users/me");
    expect(await me.json()).toMatchObject({ id: seller.id, email: seller.email, role: "seller" });
    expect(me.headers()["cache-control"]).toBe("no-store");
    const out = await api.get("/api/logout");
    expect(await out.json()).toEqual({ success: true });
    expect((await api.get("/api/users/me")).status()).toBe(401);
    await api.dispose();
  });

  test("sign-in replaces any session id the browser had (no fixation)", async ({ page, context, db }) => {
    const before = await signInAs(context, "seller");
    const user = await createUser(db, { role: "seller" });
    // A signed-in browser is sent away from the login page, so post the form directly (same cookie jar).
    const res = await page.request.post("/seller-login", {
      form: { email: user.email, password: user.password },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    const after = await sessionCookieHeader(context);
    expect(after).toMatch(/^__session=./);
    expect(after).not.toBe(before.cookieHeader);
    const old = await db.selectFrom("sessions").select("id").where("id", "=", before.sessionId).executeTakeFirst();
    expect(old).toBeUndefined();
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(1);
  });

  test("a password change ends the account's sessions", async ({ page, context, db }) => {
    const session = await signInAs(context, "seller");
    expect((await page.request.get("/api/users/me")).status()).toBe(200);
    await setPasswordHash(db, session.id, await hashPassword("A-New-Password-99"));
    expect((await page.request.get("/api/users/me")).status()).toBe(401);
    expect((await page.request.get("/api/users/me", { headers: { Cookie: session.cookieHeader } })).status()).toBe(401);
  });

  test("admin API: /api/admin/login and /api/admin/verify refuse anonymous, seller and wrong credentials", async ({
    playwright,
    baseURL,
    db,
  }) => {
    const api = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
    });
    expect((await api.get("/api/admin/verify")).status()).toBe(401);
    const wrong = await api.post("/api/admin/login", { data: { email: ADMIN.email, password: "nope-nope" } });
    expect(wrong.status()).toBe(401);
    expect(await wrong.json()).toEqual({ error: INVALID_ADMIN });
    const seller = await createUser(db, { role: "seller" });
    expect(
      (await api.post("/api/admin/login", { data: { email: seller.email, password: seller.password } })).status(),
    ).toBe(401);
    await api.post("/api/auth/login", { data: { email: seller.email, password: seller.password } });
    expect((await api.get("/api/admin/verify")).status()).toBe(403);
    const ok = await api.post("/api/admin/login", { data: ADMIN });
    expect(await ok.json()).toMatchObject({ success: true, user: { role: "admin" }, redirectTo: "/admin" });
    const verify = await api.get("/api/admin/verify");
    expect(verify.status()).toBe(200);
    expect(await verify.json()).toMatchObject({ authenticated: true, user: { email: ADMIN.email, role: "admin" } });
    await api.dispose();
  });

  test("API sign-in refuses cross-site and non-JSON posts, and throttles per account across addresses", async ({
    playwright,
    baseURL,
    db,
  }) => {
    const user = await createUser(db, { role: "admin", password: "Throttle-Admin-123" });
    const fromEvil = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress(), Origin: "https://evil.example" },
    });
    expect(
      (await fromEvil.post("/api/admin/login", { data: { email: user.email, password: user.password } })).status(),
    ).toBe(403);
    await fromEvil.dispose();
    const plain = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
    });
    expect(
      (await plain.post("/api/admin/login", { form: { email: user.email, password: user.password } })).status(),
    ).toBe(415);
    // 20 failures from 4 addresses (5 each, under the per-address limit) stop the account for a few minutes…
    for (let a = 0; a < 4; a++) {
      const api = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
      });
      for (let i = 0; i < 5; i++)
        expect(
          (await api.post("/api/admin/login", { data: { email: user.email, password: `bad-${a}-${i}` } })).status(),
        ).toBe(401);
      await api.dispose();
    }
    const blocked = await plain.post("/api/admin/login", { data: { email: user.email, password: user.password } });
    expect(blocked.status()).toBe(429);
    expect(Number(blocked.headers()["retry-after"])).toBeLessThanOrEqual(300);
    expect((await blocked.json()).error).toMatch(/^Too many attempts\. Please wait [1-5] minutes? and try again\.$/);
    await plain.dispose();
  });
});
