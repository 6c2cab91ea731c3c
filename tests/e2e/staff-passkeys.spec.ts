import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CDPSession, Page } from "@playwright/test";
import { type DB, openDatabase } from "~db/client";
import { type RunningServer, startServer } from "../support/server";
import { type ClientContext, createUser, expect, secondFactorAudit, signInWithForm, test } from "./fixtures";

// Passkeys as the staff second factor, driven through Chromium's own WebAuthn code with a virtual
// authenticator (DevTools protocol): add one on Account security, sign in with it, see a replayed
// answer refused, confirm changes with it (new recovery codes, its own removal). Browsers allow passkeys only on a domain name, never on a bare IP
// address like the shared test server's 127.0.0.1, so this file runs its own server whose PUBLIC_URL is
// http://localhost:<port>. Passkeys need the browser's script: JavaScript on only (the code form, which
// needs none, is covered in staff-second-factor.spec.ts).

let server: RunningServer | undefined;
let db: DB | undefined;
let dataDir = "";

test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== "js-on") return;
  testInfo.setTimeout(90_000);
  dataDir = mkdtempSync(join(tmpdir(), "bwp-passkeys-"));
  server = await startServer({
    env: (_base, port) => ({
      DATABASE_PATH: join(dataDir, "app.db"),
      UPLOADS_DIR: join(dataDir, "uploads"),
      SEED_DEMO: "0",
      SESSION_SECRET: "passkeys-e2e-session-secret",
      COOKIE_SECURE: "0",
      WEB_CONCURRENCY: "1",
      PUBLIC_URL: `http://localhost:${port}`,
    }),
  });
  db = openDatabase(join(dataDir, "app.db"));
});

test.afterAll(async () => {
  await db?.destroy();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A platform authenticator that answers at once with the user verified (Touch ID, Windows Hello...). */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

function localhostContext(clientContext: ClientContext) {
  return clientContext({ baseURL: server!.base.replace("127.0.0.1", "localhost"), javaScriptEnabled: true });
}

test.describe("staff passkeys", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "passkeys need the browser's WebAuthn API, so JavaScript");

  test("adds a passkey on Account security, signs in with it, refuses its answer replayed, removes it", async ({
    clientContext,
  }) => {
    test.setTimeout(90_000);
    const me = await createUser(db!, { role: "admin" });
    const context = await localhostContext(clientContext);
    const page = await context.newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    // In the grace period the password signs in; Account security offers to add a passkey.
    await signInWithForm(page, "/admin/login", me.email, me.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/security");
    await page.getByLabel("Passkey name").fill("Work laptop");
    await page.getByRole("button", { name: "Add a Passkey" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Passkey added." })).toBeVisible();
    const table = page.getByRole("region", { name: "Your passkeys" });
    await expect(table.getByRole("row", { name: /Work laptop/ })).toContainText("Never");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    const stored = await db!.selectFrom("passkeys").selectAll().where("user_id", "=", me.id).execute();
    expect(stored.map((p) => [p.id, p.name])).toEqual([
      // DevTools gives the credential id in base64, WebAuthn's JSON (and the server) in base64url.
      [Buffer.from(credentials[0].credentialId, "base64").toString("base64url"), "Work laptop"],
    ]);

    // Signed out, the password alone no longer signs in: the second step offers the passkey. Its first
    // signed answer is held back from the server (so its signature counter is not spent) to be tried below.
    await context.clearCookies();
    await signInWithForm(page, "/admin/login", me.email, me.password);
    await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
    const answers: string[] = [];
    await page.route("**/api/admin/login/passkey", async (route) => {
      answers.push(route.request().postData() ?? "");
      await (answers.length === 1 ? route.abort() : route.continue());
    });
    await page.getByRole("button", { name: "Sign In with a Passkey" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    expect(answers).toHaveLength(1);

    // Another half-done sign-in, with a challenge of its own, cannot use that answer: it was signed over
    // the first session's challenge.
    const origin = server!.base.replace("127.0.0.1", "localhost");
    const json = { "Content-Type": "application/json", Origin: origin };
    const other = await localhostContext(clientContext);
    const otherPage = await other.newPage();
    await signInWithForm(otherPage, "/admin/login", me.email, me.password);
    await expect(otherPage.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
    expect((await other.request.post("/api/admin/login/passkey-options", { headers: json, data: "{}" })).status()).toBe(
      200,
    );
    const foreign = await other.request.post("/api/admin/login/passkey", { headers: json, data: answers[0] });
    expect(foreign.status()).toBe(401);
    expect((await other.request.get("/admin", { maxRedirects: 0 })).status()).toBe(302);

    // The passkey signs the first browser in.
    await page.getByRole("button", { name: "Sign In with a Passkey" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    expect(answers).toHaveLength(2);
    const used = await db!.selectFrom("passkeys").select("last_used_at").where("user_id", "=", me.id).execute();
    expect(used[0]?.last_used_at).toEqual(expect.any(String));

    // That accepted answer, replayed from the other sign-in, is refused too (its challenge answered once).
    expect((await other.request.post("/api/admin/login/passkey-options", { headers: json, data: "{}" })).status()).toBe(
      200,
    );
    const replay = await other.request.post("/api/admin/login/passkey", { headers: json, data: answers[1] });
    expect(replay.status()).toBe(401);
    expect((await other.request.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
    await other.close();
    const audit = await secondFactorAudit(db!, me.id);
    expect(audit.map((a) => a.action)).toEqual([
      "admin.second_factor.failure",
      "admin.second_factor.success",
      "admin.second_factor.failure",
    ]);
    expect(audit.every((a) => a.details?.includes('"method":"passkey"'))).toBe(true);

    // With a passkey, every change asks for it (or a code) again: new recovery codes, confirmed by the passkey.
    await page.goto("/admin/security");
    const recovery = page.getByRole("region", { name: "Recovery codes", exact: true });
    await recovery.getByRole("button", { name: "Confirm with a Passkey" }).click();
    await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Recovery codes" }).locator("code")).toHaveCount(10);

    // Removing the passkey: a wrong code is refused and says so, the passkey itself confirms it.
    const remove = page.getByRole("form", { name: "Remove a passkey" });
    await remove.getByLabel("Current code from the app, or a recovery code").fill("000000");
    await remove.getByRole("button", { name: "Remove Passkey" }).click();
    await expect(remove.getByText("That code did not work")).toBeVisible();
    expect(await db!.selectFrom("passkeys").select("id").where("user_id", "=", me.id).execute()).toHaveLength(1);
    await remove.getByRole("button", { name: "Confirm with a Passkey" }).click();
    await expect(page.getByText("Passkey removed")).toBeVisible();
    await expect(page.getByRole("region", { name: "Your passkeys" })).toHaveCount(0);
    expect(await db!.selectFrom("passkeys").select("id").where("user_id", "=", me.id).execute()).toEqual([]);
    const changes = await db!
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("actor_user_id", "=", me.id)
      .where("action", "not in", ["admin.second_factor.success", "admin.second_factor.failure"])
      .where("action", "like", "admin.second_factor.%")
      .orderBy("id")
      .execute();
    expect(
      changes.map((c) => [c.action, JSON.parse(c.details ?? "{}").method ?? JSON.parse(c.details ?? "{}").reason]),
    ).toEqual([
      ["admin.second_factor.passkey_added", "first_set_up"],
      ["admin.second_factor.recovery_codes_replaced", "passkey"],
      ["admin.second_factor.change_refused", "code_wrong"],
      ["admin.second_factor.passkey_removed", "passkey"],
    ]);
    const mails = await db!.selectFrom("mail_outbox").select("text_body").where("to_address", "=", me.email).execute();
    expect(mails.map((m) => m.text_body.split("\n")[2])).toEqual([
      "A passkey (“Work laptop”) was added to your account.",
      "New recovery codes were made for your account; the old ones no longer work.",
      "A passkey (“Work laptop”) was removed from your account.",
    ]);
    // Removed, the passkey no longer exists for the server, and the password (still in the grace period) signs in alone.
    await context.clearCookies();
    await signInWithForm(page, "/admin/login", me.email, me.password);
    await expect(page).toHaveURL(/\/admin$/);
    await context.close();
  });
});
