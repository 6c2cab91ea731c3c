import { englishMessage } from "~/services/api.server";
import { createHmac, hkdfSync } from "node:crypto";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { DB } from "~db/client";
import { insertPasskey } from "~/models/second-factor.server";
import { insertSession } from "~/models/sessions.server";
import { accountSecurityOverview, signOutSessions } from "~/services/account-security.server";
import { reloadConfig } from "~/services/config.server";
import { hashPassword } from "~/services/password.server";
import {
  addPasskeyOptions,
  type ChangingUser,
  makeNewRecoveryCodes,
  removeAuthenticatorApp,
  removePasskey,
  turnOnAuthenticatorApp,
} from "~/services/second-factor-changes.server";
import { sealStoredTotpSecrets, totpEnrolment, totpStateOf, verifySecondStep } from "~/services/second-factor.server";
import type { StaffUser } from "~/services/session.server";
import { createTestDb } from "../support/test-db";
import { createUserRow } from "~db/seed/factories";

// Changes of the staff second factor (Account security): each one needs a fresh proof of the factor the
// account has, counts under RATE_LIMIT_SECOND_FACTOR, is audited and mailed. Recovery codes are keyed
// hashes, TOTP secrets are sealed at rest, and the page names sessions by handles, never by their ids.

let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, cleanup } = await createTestDb()));
afterAll(() => cleanup());

const PHONE = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";
const request = () => new Request("http://localhost/admin/security", { headers: { "user-agent": PHONE } });
let serial = 0;

async function staffMember(): Promise<{ id: number; email: string }> {
  const email = `sf-${++serial}-${Date.now().toString(36)}@bwp.test`;
  const { id } = await createUserRow(db, {
    email,
    name: "Asha",
    role: "admin",
    password_hash: null,
  });
  return { id, email };
}

/** The account signed in on one more browser: the guard's view of that session. */
async function sessionOf(account: { id: number; email: string }, name = `s${++serial}`): Promise<ChangingUser> {
  const sessionId = `${name}-${"x".repeat(40)}-${account.id}`;
  await insertSession(db, {
    id: sessionId,
    userId: account.id,
    createdAt: new Date(),
    lifetimeMs: 86_400_000,
    ip: "198.51.100.7",
    userAgent: PHONE,
  });
  return { ...account, name: "Asha", sessionId, actor: { id: account.id, email: account.email, ip: "198.51.100.7" } };
}

const codeOf = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** An account with the authenticator app on, set up in `session`: its secret and its ten recovery codes. */
async function withApp(session: ChangingUser) {
  const enrolment = await totpEnrolment(db, session);
  const result = await turnOnAuthenticatorApp(db, request(), session, await codeOf(enrolment!.secret), {});
  if (!result.ok) throw new Error(result.message);
  return { secret: enrolment!.secret, codes: result.recoveryCodes };
}

const storedCodes = (userId: number) =>
  db
    .selectFrom("recovery_codes")
    .select(["code_hash", "used_at"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
const auditOf = async (userId: number) =>
  (
    await db
      .selectFrom("audit_log")
      .select(["action", "details", "ip"])
      .where("actor_user_id", "=", userId)
      .orderBy("id")
      .execute()
  ).map((row) => ({
    action: row.action,
    ip: row.ip,
    details: JSON.parse(row.details ?? "{}") as Record<string, unknown>,
  }));
const mailsTo = (email: string) =>
  db.selectFrom("mail_outbox").select(["subject", "text_body"]).where("to_address", "=", email).orderBy("id").execute();
const appOn = async (userId: number) => (await totpStateOf(db, userId))?.enabledAt != null;
const passkeyIds = async (userId: number) =>
  (await db.selectFrom("passkeys").select("id").where("user_id", "=", userId).execute()).map((p) => p.id);

async function addStoredPasskey(userId: number, name = "Work laptop"): Promise<string> {
  const id = `cred-${++serial}-${userId}`;
  await insertPasskey(db, userId, {
    id,
    publicKey: "AQID",
    counter: 0,
    transports: ["internal"],
    name,
    at: new Date().toISOString(),
  });
  return id;
}

describe("a change of the second factor needs a fresh proof of it", () => {
  it("refuses new recovery codes without a code: counted, audited, nothing changed", async () => {
    const me = await staffMember();
    const here = await sessionOf(me);
    await withApp(here);
    const before = await storedCodes(me.id);
    const refused = await makeNewRecoveryCodes(db, request(), here, {});
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining("enter the current code"),
    });
    expect(await storedCodes(me.id)).toEqual(before);
    const wrong = await makeNewRecoveryCodes(db, request(), here, { code: "000000" });
    expect(wrong).toMatchObject({ ok: false, status: 401, message: expect.stringContaining("That code did not work") });
    expect(await storedCodes(me.id)).toEqual(before);
    const counter = await db
      .selectFrom("rate_limits")
      .select("count")
      .where("key", "=", `second_factor:${me.id}`)
      .executeTakeFirstOrThrow();
    expect(counter.count).toBe(2);
    expect((await auditOf(me.id)).slice(1)).toEqual([
      {
        action: "admin.second_factor.change_refused",
        ip: "198.51.100.7",
        details: { change: "recovery_codes", reason: "code_required" },
      },
      {
        action: "admin.second_factor.change_refused",
        ip: "198.51.100.7",
        details: { change: "recovery_codes", reason: "code_wrong" },
      },
    ]);
  });

  it("makes new recovery codes with a current app code: audited and mailed, the old codes stop working", async () => {
    const me = await staffMember();
    const here = await sessionOf(me);
    const { secret, codes: first } = await withApp(here);
    const made = await makeNewRecoveryCodes(db, request(), here, { code: await codeOf(secret, 1) });
    if (!made.ok) throw new Error(made.message);
    expect(made.codes).toHaveLength(10);
    expect(made.codes.some((code) => first.includes(code))).toBe(false);
    const audit = await auditOf(me.id);
    expect(audit.map((a) => a.action)).toEqual([
      "admin.second_factor.totp_enabled",
      "admin.second_factor.recovery_codes_replaced",
    ]);
    expect(audit[1]!.details).toEqual({ method: "totp", device: "Chrome on Android" });
    const mails = await mailsTo(me.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain("two-step sign-in was changed");
    expect(mails[1]!.text_body).toContain("New recovery codes were made");
    expect(mails[1]!.text_body).toContain("Chrome on Android, address 198.51.100.7");
    expect(mails[1]!.text_body).toContain("If it was not you");
    // An old code, from another browser, proves nothing now.
    const elsewhere = await sessionOf(me);
    expect(await removeAuthenticatorApp(db, request(), elsewhere, { code: first[0] })).toMatchObject({ status: 401 });
    expect(await appOn(me.id)).toBe(true);
  });

  it("codes made in this session cannot remove the app; the same code from another session can", async () => {
    const me = await staffMember();
    const thief = await sessionOf(me, "stolen");
    const { codes } = await withApp(thief);
    const refused = await removeAuthenticatorApp(db, request(), thief, { code: codes[0] });
    expect(refused).toMatchObject({ ok: false, status: 401, message: expect.stringContaining("made in this session") });
    expect(await appOn(me.id)).toBe(true);
    expect((await storedCodes(me.id)).every((c) => c.used_at === null)).toBe(true);
    expect((await auditOf(me.id)).at(-1)).toMatchObject({
      action: "admin.second_factor.change_refused",
      details: { change: "remove_app", reason: "recovery_code_of_this_session" },
    });
    // Nor can the codes that session makes next (proved by the app) remove it there.
    const { secret } = { secret: (await totpStateOf(db, me.id))!.secret! };
    const next = await makeNewRecoveryCodes(db, request(), thief, { code: await codeOf(secret, 1) });
    if (!next.ok) throw new Error(next.message);
    expect(await removeAuthenticatorApp(db, request(), thief, { code: next.codes[0] })).toMatchObject({ status: 401 });
    // The owner, signed in elsewhere with the phone lost, removes it with one of them.
    const owner = await sessionOf(me, "owner");
    expect(await removeAuthenticatorApp(db, request(), owner, { code: next.codes[0]!.toUpperCase() })).toEqual({
      ok: true,
    });
    expect(await appOn(me.id)).toBe(false);
    expect((await auditOf(me.id)).at(-1)).toMatchObject({
      action: "admin.second_factor.totp_removed",
      details: { method: "recovery_code" },
    });
    expect((await mailsTo(me.email)).at(-1)!.text_body).toContain("The authenticator app was removed");
  });

  it("refuses to remove a passkey without a proof, and removes it with one", async () => {
    const me = await staffMember();
    const here = await sessionOf(me);
    const { secret } = await withApp(here);
    const id = await addStoredPasskey(me.id);
    expect(await removePasskey(db, request(), here, id, {})).toMatchObject({ ok: false, status: 400 });
    expect(await removePasskey(db, request(), here, id, { code: "123456" })).toMatchObject({ status: 401 });
    expect(await removePasskey(db, request(), here, id, { passkey: { id, response: {} } })).toMatchObject({
      status: 401,
      message: expect.stringContaining("The passkey did not confirm"),
    });
    expect(await passkeyIds(me.id)).toEqual([id]);
    // Another account's passkey is not found (and costs no attempt).
    const other = await staffMember();
    const theirs = await addStoredPasskey(other.id);
    expect(await removePasskey(db, request(), here, theirs, { code: await codeOf(secret, 1) })).toMatchObject({
      status: 404,
    });
    expect(await passkeyIds(other.id)).toEqual([theirs]);
    expect(await removePasskey(db, request(), here, id, { code: await codeOf(secret, 1) })).toEqual({ ok: true });
    expect(await passkeyIds(me.id)).toEqual([]);
    expect((await auditOf(me.id)).at(-1)).toMatchObject({
      action: "admin.second_factor.passkey_removed",
      details: { method: "totp", passkey: "Work laptop" },
    });
    expect((await mailsTo(me.email)).at(-1)!.text_body).toContain("A passkey (“Work laptop”) was removed");
  });

  it("after five wrong codes the sixth attempt is 429, even with the right code; sign-in shares the counter", async () => {
    const me = await staffMember();
    const here = await sessionOf(me);
    const { secret } = await withApp(here);
    for (let i = 0; i < 5; i++)
      expect(await removeAuthenticatorApp(db, request(), here, { code: `00000${i}` })).toMatchObject({ status: 401 });
    const throttled = await removeAuthenticatorApp(db, request(), here, { code: await codeOf(secret, 1) });
    expect(throttled).toMatchObject({ ok: false, status: 429 });
    expect(englishMessage("message" in throttled ? throttled.message : "")).toContain("Too many attempts");
    expect(throttled.ok === false && throttled.retryAfterSeconds).toBeGreaterThan(0);
    expect(await appOn(me.id)).toBe(true);
    expect((await auditOf(me.id)).at(-1)).toMatchObject({
      action: "admin.second_factor.change_throttled",
      details: { change: "remove_app" },
    });
    // The sign-in's second step waits too: the same counter.
    const signIn = await verifySecondStep(db, me, await codeOf(secret, 1), {
      portal: "admin",
      clientAddress: "203.0.113.50",
    });
    expect(signIn).toMatchObject({ ok: false, status: 429 });
  });

  it("adding a passkey or an app to an account with a second factor needs a proof; the first set-up does not", async () => {
    const me = await staffMember();
    const here = await sessionOf(me);
    // No second factor yet: the options come at once.
    const first = await addPasskeyOptions(db, request(), here, {});
    expect(first.ok).toBe(true);
    expect(
      (await db.selectFrom("sessions").select("webauthn_challenge").where("id", "=", here.sessionId).executeTakeFirst())
        ?.webauthn_challenge,
    ).toMatch(/^register:first_set_up:/);
    // With a passkey, a new app needs a proof of it besides the new app's own code.
    await addStoredPasskey(me.id);
    const enrolment = await totpEnrolment(db, here);
    const withoutProof = await turnOnAuthenticatorApp(db, request(), here, await codeOf(enrolment!.secret), {});
    expect(withoutProof).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining("enter the current"),
    });
    expect(await appOn(me.id)).toBe(false);
    expect(await addPasskeyOptions(db, request(), here, {})).toMatchObject({ ok: false, status: 400 });
    expect(await addPasskeyOptions(db, request(), here, { code: "abcd-efgh-jkmn" })).toMatchObject({
      ok: false,
      status: 401,
    });
    expect((await auditOf(me.id)).map((a) => a.details.change)).toEqual(["add_app", "add_passkey", "add_passkey"]);
  });
});

describe("recovery codes and TOTP secrets at rest", () => {
  it("keeps recovery codes as keyed hashes, looked up directly; legacy scrypt codes still work once", async () => {
    const me = await staffMember();
    const here = await sessionOf(me);
    const { codes } = await withApp(here);
    const stored = await storedCodes(me.id);
    expect(stored).toHaveLength(10);
    // The keyed hash of each code (HMAC-SHA256 under a key HKDF derives from the session secret), not a
    // password hash: a guess costs one HMAC per code.
    const key = Buffer.from(
      hkdfSync("sha256", process.env.SESSION_SECRET!, "bwp-directory second factor", "recovery-code", 32),
    );
    const keyed = (code: string) =>
      `hmac256$${createHmac("sha256", key).update(code.replace(/-/g, "")).digest("base64url")}`;
    expect(stored.map((c) => c.code_hash).sort()).toEqual(codes.map(keyed).sort());
    expect(stored.every((c) => /^hmac256\$[A-Za-z0-9_-]{43}$/.test(c.code_hash))).toBe(true);
    // A code kept the old way (scrypt) signs in once.
    const legacy = "abcd-efgh-jkmn";
    await db
      .insertInto("recovery_codes")
      .values({ user_id: me.id, code_hash: await hashPassword("abcdefghjkmn"), used_at: null, made_in_session: null })
      .execute();
    const meta = { portal: "admin", clientAddress: "203.0.113.51" };
    expect(await verifySecondStep(db, me, legacy, meta)).toMatchObject({ ok: true, method: "recovery_code" });
    expect(await verifySecondStep(db, me, legacy, meta)).toMatchObject({ ok: false, status: 401 });
    expect(await verifySecondStep(db, me, codes[2]!, meta)).toMatchObject({ ok: true, method: "recovery_code" });
  });

  it("seals the TOTP secret (not the base32 secret), opens it under a rotated secret list and reseals it", async () => {
    const me = await staffMember();
    const here = await sessionOf(me);
    const { secret } = await withApp(here);
    const storedSecret = async () =>
      (await db.selectFrom("users").select("totp_secret").where("id", "=", me.id).executeTakeFirstOrThrow())
        .totp_secret!;
    const sealed = await storedSecret();
    expect(sealed).not.toContain(secret);
    expect(sealed).toMatch(/^aes256gcm\$/);
    const previous = process.env.SESSION_SECRET;
    onTestFinished(() => {
      process.env.SESSION_SECRET = previous;
      reloadConfig();
    });
    process.env.SESSION_SECRET = `a-new-session-secret-0123456789,${previous}`;
    reloadConfig();
    expect((await totpStateOf(db, me.id))?.secret).toBe(secret);
    const resealed = await storedSecret();
    expect(resealed).not.toBe(sealed);
    // Sealed under the new secret alone now: the old one can leave the list.
    process.env.SESSION_SECRET = "a-new-session-secret-0123456789";
    reloadConfig();
    expect((await totpStateOf(db, me.id))?.secret).toBe(secret);
    const meta = { portal: "admin", clientAddress: "203.0.113.52" };
    expect(await verifySecondStep(db, me, await codeOf(secret, 1), meta)).toMatchObject({ ok: true });
  });

  it("a secret kept in clear still works and is sealed at start or on first use", async () => {
    const plain = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const [atStart, onUse] = [await staffMember(), await staffMember()];
    for (const account of [atStart, onUse])
      await db
        .updateTable("users")
        .set({ totp_secret: plain, totp_enabled_at: new Date().toISOString(), totp_last_step: null })
        .where("id", "=", account.id)
        .execute();
    const secretOf = async (id: number) =>
      (await db.selectFrom("users").select("totp_secret").where("id", "=", id).executeTakeFirstOrThrow()).totp_secret;
    const meta = { portal: "admin", clientAddress: "203.0.113.53" };
    expect(await verifySecondStep(db, onUse, await codeOf(plain), meta)).toMatchObject({ ok: true, method: "totp" });
    expect(await secretOf(onUse.id)).toMatch(/^aes256gcm\$/);
    expect(await sealStoredTotpSecrets(db)).toBeGreaterThanOrEqual(1);
    expect(await secretOf(atStart.id)).toMatch(/^aes256gcm\$/);
    expect((await totpStateOf(db, atStart.id))?.secret).toBe(plain);
  });
});

describe("the sessions on Account security", () => {
  it("are named by opaque handles: no session id in the loader's data; sign-out takes a handle of her own", async () => {
    const me = await staffMember();
    const here = await sessionOf(me, "laptop");
    const phone = await sessionOf(me, "phone");
    const stranger = await sessionOf(await staffMember(), "stranger");
    const user: StaffUser = {
      id: me.id,
      email: me.email,
      name: "Asha",
      role: "admin",
      mobile: null,
      city: null,
      locality: null,
      actor: here.actor,
      sessionId: here.sessionId,
      secondFactor: { totpEnabledAt: null, passkeys: 0, graceFrom: new Date().toISOString() },
    };
    const overview = await accountSecurityOverview(db, request(), user);
    const text = JSON.stringify(overview);
    expect(text).not.toContain(here.sessionId);
    expect(text).not.toContain(phone.sessionId);
    expect(overview.sessions).toHaveLength(2);
    expect(overview.sessions.every((s) => /^[A-Za-z0-9_-]{32}$/.test(s.handle) && !("id" in s))).toBe(true);
    const phoneRow = overview.sessions.find((s) => !s.current)!;
    // The raw id no longer signs a session out, nor does another account's handle or her current one's.
    expect(await signOutSessions(db, user, { kind: "one", handle: phone.sessionId })).toBe(false);
    const strangerHandle = (await accountSecurityOverview(db, request(), { ...user, id: stranger.id, sessionId: "" }))
      .sessions[0]!.handle;
    expect(await signOutSessions(db, user, { kind: "one", handle: strangerHandle })).toBe(false);
    const currentHandle = overview.sessions.find((s) => s.current)!.handle;
    expect(await signOutSessions(db, user, { kind: "one", handle: currentHandle })).toBe(false);
    expect(await signOutSessions(db, user, { kind: "one", handle: phoneRow.handle })).toBe(true);
    const left = await db.selectFrom("sessions").select("id").where("user_id", "in", [me.id, stranger.id]).execute();
    expect(left.map((s) => s.id).sort()).toEqual([here.sessionId, stranger.sessionId].sort());
  });
});
