import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { hashPassword } from "~/services/password.server";
import { type SiteUnderTest, startSite } from "../support/site";
import { createUserRow } from "~db/seed/factories";

// Account security's changes of the second factor through the built production server (`npm run build`
// first): the page's posts (and the passkey options) without a code, with wrong ones, throttled (429 with
// Retry-After), and the page never carrying a session id. The rules themselves: second-factor-changes.test.ts.

/** The server's address, known once it has started (its port is chosen right before it binds). */
let base = "";
const ADMIN = { email: "second-factor-admin@example.in", password: "a-long-admin-password-1" };
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
let db: DB;
let site: SiteUnderTest | undefined;
let cookie = "";
let adminId = 0;

const codeOf = (stepsAhead = 0) => generate({ secret: SECRET, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

beforeAll(async () => {
  site = await startSite("second-factor", {
    SESSION_SECRET: "second-factor-test-secret-0123456789",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  ({ base, db } = site);
  // The app as it was stored before sealing: a base32 secret in clear.
  const admin = await db
    .updateTable("users")
    .set({ totp_secret: SECRET, totp_enabled_at: new Date().toISOString(), totp_last_step: null })
    .where("email", "=", ADMIN.email)
    .returning("id")
    .executeTakeFirstOrThrow();
  adminId = admin.id;
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ ...ADMIN, code: await codeOf() }),
  });
  expect(login.status).toBe(200);
  cookie = login.headers.get("set-cookie")!.split(";")[0]!;
}, 60_000);

afterAll(() => site?.stop());

function post(fields: Record<string, string>) {
  return fetch(`${base}/admin/security`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

const recoveryHashes = async () =>
  (await db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", adminId).execute()).map(
    (r) => r.code_hash,
  );

describe("Account security over HTTP", () => {
  it("shows sessions by handle only, refuses changes without a proof, and throttles the sixth wrong attempt", async () => {
    const other = `other-browser-${"y".repeat(40)}`;
    const stamp = new Date().toISOString();
    await db
      .insertInto("sessions")
      .values({
        id: other,
        user_id: adminId,
        created_at: stamp,
        last_seen_at: stamp,
        expires_at: "2999-01-01T00:00:00.000Z",
        ip: "203.0.113.9",
        user_agent: "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36",
      })
      .execute();
    const ids = (await db.selectFrom("sessions").select("id").where("user_id", "=", adminId).execute()).map(
      (s) => s.id,
    );
    expect(ids).toHaveLength(2);
    for (const path of ["/admin/security", "/admin/security.data"]) {
      const page = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain("203.0.113.9");
      for (const id of ids) expect(text).not.toContain(id);
    }
    // The TOTP secret kept in clear was sealed when the sign-in used it.
    const stored = await db
      .selectFrom("users")
      .select("totp_secret")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^aes256gcm\$/);

    // The raw id of a session no longer signs it out.
    const byId = await post({ intent: "sign_out_session", id: other });
    expect(byId.status).toBe(404);
    expect(await db.selectFrom("sessions").select("id").where("id", "=", other).execute()).toHaveLength(1);

    // Sign-in made no recovery codes here; making new ones without a code is refused and says why.
    const before = await recoveryHashes();
    const noCode = await post({ intent: "new_recovery_codes" });
    expect(noCode.status).toBe(400);
    expect(await noCode.text()).toContain("To change your two-step sign-in, enter the current code");
    const wrong = await post({ intent: "new_recovery_codes", code: "000000" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That code did not work");
    // Adding a passkey asks for the proof before the browser is asked for anything.
    const options = (body: Record<string, string>) =>
      fetch(`${base}/api/admin/passkeys/options`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const optionsNoCode = await options({});
    expect(optionsNoCode.status).toBe(400);
    expect(((await optionsNoCode.json()) as { error: string }).error).toContain("enter the current code");
    expect((await options({ code: "000001" })).status).toBe(401);
    // A wrong code to turn the app off: 401 with the message on the page, the code not echoed back.
    const wrongOff = await post({ intent: "disable_totp", code: "000002" });
    expect(wrongOff.status).toBe(401);
    const wrongOffPage = await wrongOff.text();
    expect(wrongOffPage).toContain(
      "That code did not work. Enter the current code from your authenticator app, or an unused recovery code.",
    );
    expect(wrongOffPage).not.toContain('value="000002"');
    const throttled = await post({ intent: "disable_totp", code: await codeOf(1) });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await throttled.text()).toContain("Too many attempts");
    expect(await recoveryHashes()).toEqual(before);
    const app = await db
      .selectFrom("users")
      .select("totp_enabled_at")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(app.totp_enabled_at).not.toBeNull();
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("actor_user_id", "=", adminId)
      .where("action", "like", "admin.second_factor.change%")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      ...Array<string>(5).fill("admin.second_factor.change_refused"),
      "admin.second_factor.change_throttled",
    ]);
  });
});

// The same on either engine (this file runs in the SQLite and the PostgreSQL run of the suite): the second
// step of the sign-in page, where one code posted several times at once signs in once, and the idle end
// of a staff session.
describe("two-step sign-in and the idle timeout on this engine", () => {
  it("the sign-in page: one code posted three times at once signs in once; activity keeps a session, 31 idle minutes end it", async () => {
    const email = `race-${Date.now().toString(36)}@example.in`;
    const password = "a-long-staff-password-2";
    const stamp = new Date().toISOString();
    await createUserRow(db, {
      email,
      name: "Race",
      role: "moderator",
      password_hash: await hashPassword(password),
      totp_secret: SECRET,
      totp_enabled_at: stamp,
    });
    // The password step of the sign-in page three times (three half-done sign-ins), then one code posted
    // at once with each of them and once more with the first: one sign-in, the others refused. Distinct
    // half-done sign-ins leave only the code's own once-only step (claimTotpStep) between them.
    const form = (fields: Record<string, string>, cookie = "") =>
      fetch(`${base}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
        body: new URLSearchParams(fields).toString(),
      });
    const passwordSteps = [];
    for (let i = 0; i < 3; i++) passwordSteps.push(await form({ email, password }));
    expect(passwordSteps.map((r) => r.status)).toEqual([302, 302, 302]);
    const pending = passwordSteps.map((r) => r.headers.get("set-cookie")!.split(";")[0]!);
    expect(new Set(pending).size).toBe(3);
    const code = await codeOf();
    const answers = await Promise.all(
      [...pending, pending[0]!].map((cookie) => form({ intent: "code", code }, cookie)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([302, 401, 401, 401]);
    const signedIn = answers.find((r) => r.status === 302)!;
    expect(signedIn.headers.get("location")).toBe("/admin");
    const sessionCookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    const sessions = await db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select("sessions.id")
      .where("users.email", "=", email)
      .where("sessions.awaiting_second_factor", "=", 0)
      .execute();
    expect(sessions).toHaveLength(1);
    const sessionId = sessions[0]!.id;

    const verify = () => fetch(`${base}/api/admin/verify`, { headers: { Cookie: sessionCookie } });
    const setLastSeen = (minutesAgo: number) =>
      db
        .updateTable("sessions")
        .set({ last_seen_at: new Date(Date.now() - minutesAgo * 60_000).toISOString() })
        .where("id", "=", sessionId)
        .execute();
    // 29 minutes without a request: still signed in, and the request starts the window again.
    await setLastSeen(29);
    expect((await verify()).status).toBe(200);
    const seen = await db
      .selectFrom("sessions")
      .select("last_seen_at")
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    expect(Date.parse(seen.last_seen_at!)).toBeGreaterThan(Date.now() - 60_000);
    // 31 minutes: signed out, and the session is gone.
    await setLastSeen(31);
    const idle = await verify();
    expect(idle.status).toBe(401);
    expect(await idle.json()).toEqual({ error: "Authentication required" });
    expect(await db.selectFrom("sessions").select("id").where("id", "=", sessionId).execute()).toEqual([]);
  });
});
