import { generate } from "otplib";
import { recoveryCodeDigest } from "~/services/second-factor-crypto.server";
import {
  type ClientContext,
  createUser,
  E2E_SESSION_SECRET,
  e2eDb,
  expect,
  secondFactorAudit,
  signInAs,
  signInWithForm,
  test,
  HTTP_ONLY,
} from "./fixtures";
import type { Page } from "@playwright/test";

// The staff second factor, with JavaScript on and off: setting up the authenticator app on Account
// security, signing in with its code or a recovery code, replayed and wrong codes refused, the lockout
// after too many, changing the second factor (each change asks for a code again), the grace period's
// end, the staff API login, the idle timeout and the sessions list with "sign out everywhere". Account security and the
// two-step page are read by axe in the walk (tests/e2e/a11y.spec.ts), not here.

const WRONG = "That code did not work";

/** A code of the app for the time step `stepsAhead` after now (the server accepts one step either side). */
function codeOf(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** A staff account with the authenticator already on (written to the database like the page does). */
async function enrolledStaff(role: "admin" | "moderator" = "admin") {
  const db = e2eDb();
  const user = await createUser(db, { role });
  const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
  await db
    .updateTable("users")
    .set({ totp_secret: secret, totp_enabled_at: new Date().toISOString(), totp_last_step: null })
    .where("id", "=", user.id)
    .execute();
  return { ...user, secret };
}

/** Ten recovery codes of an account, stored as the server keeps them (keyed hashes), made in no session of the test's. */
async function recoveryCodesFor(userId: number): Promise<string[]> {
  const codes = Array.from({ length: 10 }, (_, i) => `rcv${i}-ab${i}c-d2e${i}`.replace(/[^a-z0-9-]/g, "x"));
  await e2eDb()
    .insertInto("recovery_codes")
    .values(
      codes.map((code) => ({
        user_id: userId,
        code_hash: recoveryCodeDigest(code.replace(/-/g, ""), E2E_SESSION_SECRET),
        used_at: null,
        made_in_session: null,
      })),
    )
    .execute();
  return codes;
}

const PROOF = "Current code from the app, or a recovery code";

async function freshPage(clientContext: ClientContext, javaScriptEnabled: boolean) {
  const context = await clientContext({ javaScriptEnabled });
  return { context, page: await context.newPage() };
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
}

test.describe("staff second factor", () => {
  test("sets up the app, then signs in with a code or a recovery code; each works once", async ({
    page,
    clientContext,
    db,
    jsEnabled,
  }) => {
    test.setTimeout(90_000);
    const me = await createUser(db, { role: "moderator" });
    await signInWithForm(page, "/admin/login", me.email, me.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/security");
    await expect(page.getByRole("heading", { name: "Account security", level: 1 })).toBeVisible();
    await expect(page.getByRole("img", { name: "QR code of the authenticator set-up key" })).toBeVisible();
    const secret = (await page.locator(".security-key").innerText()).replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await page.getByLabel("Code from the app").fill("12345x");
    await page.getByRole("button", { name: "Turn On Two-Step Sign-In" }).click();
    await expect(page.getByText("That code did not match")).toBeVisible();
    const first = await codeOf(secret);
    await page.getByLabel("Code from the app").fill(first);
    await page.getByRole("button", { name: "Turn On Two-Step Sign-In" }).click();
    await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
    const codes = await page.getByRole("list", { name: "Recovery codes" }).locator("code").allInnerTexts();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Kept hashed: no code is in the database as typed.
    const stored = await db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", me.id).execute();
    expect(stored).toHaveLength(10);
    expect(stored.some((row) => codes.some((code) => row.code_hash.includes(code.replace(/-/g, ""))))).toBe(false);

    // The password alone no longer signs in: the second step comes, and the code already used is refused.
    const other = await freshPage(clientContext, jsEnabled);
    await signInWithForm(other.page, "/admin/login", me.email, me.password);
    await expect(other.page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
    expect((await other.page.request.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
    await enterCode(other.page, first);
    await expect(other.page.getByText(WRONG)).toBeVisible();
    // Without JavaScript the page comes back from the server: a code is never sent back into it.
    if (!jsEnabled) await expect(other.page.getByLabel("Authentication code")).toHaveValue("");
    const next = await codeOf(secret, 1);
    await enterCode(other.page, next);
    await expect(other.page).toHaveURL(/\/admin$/);
    await expect(other.page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await other.context.close();

    // The same code again, in another browser: refused (replay).
    const third = await freshPage(clientContext, jsEnabled);
    await signInWithForm(third.page, "/admin/login", me.email, me.password);
    await enterCode(third.page, next);
    await expect(third.page.getByText(WRONG)).toBeVisible();
    // A recovery code (typed in capitals, without dashes) signs in once.
    await enterCode(third.page, codes[3].replace(/-/g, "").toUpperCase());
    await expect(third.page).toHaveURL(/\/admin$/);
    await third.context.close();
    const fourth = await freshPage(clientContext, jsEnabled);
    await signInWithForm(fourth.page, "/admin/login", me.email, me.password);
    await enterCode(fourth.page, codes[3]);
    await expect(fourth.page.getByText(WRONG)).toBeVisible();
    // "Start over" ends the half-done sign-in.
    await fourth.page.getByRole("button", { name: "Start over with another account" }).click();
    await expect(fourth.page.getByRole("button", { name: "Sign In to Admin Portal" })).toBeVisible();
    await fourth.context.close();

    const audit = await secondFactorAudit(db, me.id);
    expect(audit.map((a) => a.action)).toEqual([
      "admin.second_factor.failure",
      "admin.second_factor.success",
      "admin.second_factor.failure",
      "admin.second_factor.success",
      "admin.second_factor.failure",
    ]);
    expect(audit.map((a) => JSON.parse(a.details ?? "{}").method ?? null)).toEqual([
      null,
      "totp",
      null,
      "recovery_code",
      null,
    ]);
    const used = await db
      .selectFrom("recovery_codes")
      .select("id")
      .where("user_id", "=", me.id)
      .where("used_at", "is not", null)
      .execute();
    expect(used).toHaveLength(1);
  });

  test("locks the second step after five wrong codes, even for the right one", async ({ page }) => {
    const me = await enrolledStaff();
    await signInWithForm(page, "/admin/login", me.email, me.password);
    await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
    for (let i = 0; i < 5; i++) {
      await enterCode(page, `00000${i}`);
      await expect(page.getByText(WRONG)).toBeVisible();
    }
    await enterCode(page, await codeOf(me.secret));
    await expect(page.getByText(/Too many attempts/)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login/);
    expect((await page.request.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
  });

  test("after the grace period, an account without a second factor opens only Account security", async ({
    page,
    db,
  }) => {
    const me = await createUser(db, { role: "admin" });
    await db
      .updateTable("users")
      .set({ second_factor_grace_from: "2020-01-01T00:00:00.000Z" })
      .where("id", "=", me.id)
      .execute();
    await signInWithForm(page, "/admin/login", me.email, me.password);
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(page.getByRole("alert").filter({ hasText: "Two-step sign-in is required" })).toBeVisible();
    await page.goto("/admin/sellers");
    await expect(page).toHaveURL(/\/admin\/security$/);
    const api = await page.request.get("/api/admin/dashboard");
    expect(api.status()).toBe(403);
    expect(await api.json()).toEqual({ error: expect.stringContaining("Set up two-step sign-in") });
    // Setting it up opens the back-office.
    const secret = (await page.locator(".security-key").innerText()).replace(/\s+/g, "");
    await page.getByLabel("Code from the app").fill(await codeOf(secret));
    await page.getByRole("button", { name: "Turn On Two-Step Sign-In" }).click();
    await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
    await page.goto("/admin/sellers");
    await expect(page).toHaveURL(/\/admin\/sellers$/);
  });

  test("lists the sessions, signs one out, all others, then everywhere", async ({ page, context, db }) => {
    const me = await signInAs(context, "admin");
    const stamp = new Date().toISOString();
    const phone = (n: number) => ({
      id: `phone${n}${"p".repeat(40)}${me.id}`,
      user_id: me.id,
      created_at: stamp,
      last_seen_at: stamp,
      expires_at: "2999-01-01T00:00:00.000Z",
      ip: `203.0.113.${n}`,
      user_agent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
    });
    await db
      .insertInto("sessions")
      .values([phone(1), phone(2), phone(3)])
      .execute();
    await page.goto("/admin/security");
    const table = page.getByRole("region", { name: "Your active sessions" });
    await expect(table.getByRole("row")).toHaveCount(5);
    await expect(table.getByText("This device")).toHaveCount(1);
    await table
      .getByRole("row")
      .filter({ hasText: "203.0.113.2" })
      .getByRole("button", { name: /Sign out/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "That session was signed out." })).toBeVisible();
    await expect(table.getByText("203.0.113.2")).toHaveCount(0);
    await expect(table.getByRole("row")).toHaveCount(4);
    await page.getByRole("button", { name: "Sign Out Everywhere Else" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your other sessions were signed out." })).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(2);
    const left = await db.selectFrom("sessions").select("id").where("user_id", "=", me.id).execute();
    expect(left.map((s) => s.id)).toEqual([me.sessionId]);
    await page.getByRole("button", { name: "Sign Out Everywhere", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", me.id).execute()).toEqual([]);
  });

  test("settings shows which staff have set up two-step sign-in", async ({ page, context }) => {
    await signInAs(context, "admin");
    const done = await enrolledStaff("moderator");
    const notYet = await createUser(e2eDb(), { role: "moderator" });
    await page.goto("/admin/settings");
    const table = page.getByRole("region", { name: "Staff accounts table" });
    await expect(table.getByRole("row").filter({ hasText: done.email })).toContainText("App");
    await expect(table.getByRole("row").filter({ hasText: notYet.email })).toContainText("Not set up · due");
  });
});

test.describe("changing the second factor", () => {
  test("makes new recovery codes and removes the app with a code; a wrong code says why and the page stays usable", async ({
    page,
    context,
    db,
  }) => {
    const me = await signInAs(context, "admin");
    const secret = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
    await db
      .updateTable("users")
      .set({ totp_secret: secret, totp_enabled_at: new Date().toISOString() })
      .where("id", "=", me.id)
      .execute();
    await page.goto("/admin/security");
    const recovery = page.getByRole("region", { name: "Recovery codes", exact: true });
    await recovery.getByLabel(PROOF).fill("000000");
    await recovery.getByRole("button", { name: "Make New Recovery Codes" }).click();
    await expect(recovery.getByText(WRONG)).toBeVisible();
    await expect(page.getByRole("region", { name: "Your recovery codes" })).toHaveCount(0);
    await recovery.getByLabel(PROOF).fill(await codeOf(secret));
    await recovery.getByRole("button", { name: "Make New Recovery Codes" }).click();
    await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
    const codes = await page.getByRole("list", { name: "Recovery codes" }).locator("code").allInnerTexts();
    expect(codes).toHaveLength(10);

    const app = page.getByRole("region", { name: /Authenticator app/ });
    await app.getByLabel(PROOF).fill("123456");
    await app.getByRole("button", { name: "Remove Authenticator App" }).click();
    await expect(app.getByText(WRONG)).toBeVisible();
    // A code this session has just been shown proves nothing here.
    await app.getByLabel(PROOF).fill(codes[0]);
    await app.getByRole("button", { name: "Remove Authenticator App" }).click();
    await expect(app.getByText("A recovery code made in this session cannot confirm a change")).toBeVisible();
    await app.getByLabel(PROOF).fill(await codeOf(secret, 1));
    await app.getByRole("button", { name: "Remove Authenticator App" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The authenticator app was removed" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Authenticator app/ })).toContainText("Not set up");

    const changes = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("actor_user_id", "=", me.id)
      .orderBy("id")
      .execute();
    expect(
      changes.map((c) => [c.action, JSON.parse(c.details ?? "{}").reason ?? JSON.parse(c.details ?? "{}").method]),
    ).toEqual([
      ["admin.second_factor.change_refused", "code_wrong"],
      ["admin.second_factor.recovery_codes_replaced", "totp"],
      ["admin.second_factor.change_refused", "code_wrong"],
      ["admin.second_factor.change_refused", "recovery_code_of_this_session"],
      ["admin.second_factor.totp_removed", "totp"],
    ]);
    const mails = await db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", me.email)
      .orderBy("id")
      .execute();
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining("two-step sign-in was changed"),
      expect.stringContaining("two-step sign-in was changed"),
    ]);
    expect(mails[0].text_body).toContain("New recovery codes were made");
    expect(mails[1].text_body).toContain("The authenticator app was removed");
  });

  test("a lost phone: signs in with a recovery code and removes the app with another", async ({ page, db }) => {
    const me = await enrolledStaff();
    const codes = await recoveryCodesFor(me.id);
    await signInWithForm(page, "/admin/login", me.email, me.password);
    await enterCode(page, codes[0]);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/security");
    await expect(page.getByText("9 of 10 unused")).toBeVisible();
    const app = page.getByRole("region", { name: /Authenticator app/ });
    await app.getByLabel(PROOF).fill(codes[0]);
    await app.getByRole("button", { name: "Remove Authenticator App" }).click();
    await expect(app.getByText(WRONG)).toBeVisible();
    await app.getByLabel(PROOF).fill(codes[1].toUpperCase());
    await app.getByRole("button", { name: "Remove Authenticator App" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The authenticator app was removed" })).toBeVisible();
    // Nothing left to recover: a new app can be set up at once (its first set-up asks for no old code).
    await expect(page.getByRole("img", { name: "QR code of the authenticator set-up key" })).toBeVisible();
    const row = await db
      .selectFrom("users")
      .select("totp_enabled_at")
      .where("id", "=", me.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_enabled_at).toBeNull();
    const removed = await db
      .selectFrom("audit_log")
      .select("details")
      .where("actor_user_id", "=", me.id)
      .where("action", "=", "admin.second_factor.totp_removed")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(removed.details ?? "{}")).toMatchObject({ method: "recovery_code" });
  });
});

test.describe("staff second factor over HTTP", HTTP_ONLY, () => {
  test("the staff API login asks for the code, refuses a wrong one and accepts the right one once", async ({
    request,
  }) => {
    const me = await enrolledStaff();
    const login = (body: Record<string, string>) =>
      request.post("/api/admin/login", { data: { email: me.email, password: me.password, ...body } });
    const needed = await login({});
    expect(needed.status()).toBe(401);
    expect(await needed.json()).toEqual({ error: expect.stringContaining('"code"'), secondFactorRequired: true });
    expect(needed.headers()["set-cookie"]).toBeUndefined();
    const wrong = await login({ code: "000000" });
    expect(wrong.status()).toBe(401);
    expect((await wrong.json()).error).toContain(WRONG);
    const code = await codeOf(me.secret);
    const ok = await login({ code });
    expect(ok.status()).toBe(200);
    expect(ok.headers()["set-cookie"]).toContain("__session=");
    expect((await login({ code })).status()).toBe(401);
    // The next code, sent twice at once: exactly one sign-in.
    const next = await codeOf(me.secret, 1);
    const both = await Promise.all([login({ code: next }), login({ code: next })]);
    expect(both.map((r) => r.status()).sort()).toEqual([200, 401]);
  });

  test("the passkey half of the second step answers only a half-done sign-in", async ({ request }) => {
    for (const path of ["/api/admin/login/passkey-options", "/api/admin/login/passkey"]) {
      const res = await request.post(path, { data: { response: {} } });
      expect(res.status()).toBe(401);
      expect((await res.json()).error).toContain("Your sign-in took too long");
    }
  });

  test("a staff session ends after 30 minutes without activity; a seller's does not", async ({ clientContext, db }) => {
    const idle = new Date(Date.now() - 31 * 60_000).toISOString();
    for (const role of ["admin", "seller"] as const) {
      const context = await clientContext();
      const me = await signInAs(context, role);
      if (role === "admin") {
        // A request 29 minutes into the window keeps the session and starts the window again.
        const active = new Date(Date.now() - 29 * 60_000).toISOString();
        await db.updateTable("sessions").set({ last_seen_at: active }).where("id", "=", me.sessionId).execute();
        expect((await context.request.get("/admin", { maxRedirects: 0 })).status()).toBe(200);
        const seen = await db
          .selectFrom("sessions")
          .select("last_seen_at")
          .where("id", "=", me.sessionId)
          .executeTakeFirstOrThrow();
        expect(Date.parse(seen.last_seen_at!)).toBeGreaterThan(Date.now() - 60_000);
      }
      await db.updateTable("sessions").set({ last_seen_at: idle }).where("id", "=", me.sessionId).execute();
      const res = await context.request.get(role === "admin" ? "/admin" : "/seller-dashboard", { maxRedirects: 0 });
      if (role === "admin") {
        expect(res.status()).toBe(302);
        expect(res.headers().location).toMatch(/^\/admin\/login/);
        expect(await db.selectFrom("sessions").select("id").where("id", "=", me.sessionId).execute()).toEqual([]);
      } else {
        expect(res.status()).toBe(200);
        const row = await db
          .selectFrom("sessions")
          .select("last_seen_at")
          .where("id", "=", me.sessionId)
          .executeTakeFirstOrThrow();
        expect(row.last_seen_at! > idle).toBe(true);
      }
      await context.close();
    }
  });
});
