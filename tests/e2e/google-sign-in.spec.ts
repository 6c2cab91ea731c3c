import type { Page } from "@playwright/test";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { expect, uniqueClientAddress, test, uniqueWord } from "./fixtures";

// Google sign-in against a real OpenID Connect provider on loopback (tests/support/oidc-provider.ts),
// whose development login accepts any name; the name becomes the Google email.
// With JavaScript the callback page posts the code to POST /api/sessions itself (spec); without it, the
// visitor presses "Continue to your account" and the page's own action makes the same exchange.
test.describe("Google sign-in", () => {
  /** Starts at the seller login, goes through the provider's login and consent, back to the app's callback. */
  async function authorizeAtProvider(page: Page, email: string) {
    await page.goto("/seller-login");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_OIDC_ISSUER}/interaction/`));
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
  }

  /** The whole way in: the provider, then the callback page (which needs a press without JavaScript). */
  async function signInWithGoogle(page: Page, email: string, javaScriptEnabled: boolean | undefined) {
    await authorizeAtProvider(page, email);
    if (javaScriptEnabled === false) {
      await expect(page).toHaveURL(/\/auth\/google\/callback\?code=/);
      await page.getByRole("button", { name: "Continue to your account" }).click();
    }
  }

  test("signs a new seller in through the provider and /api/sessions, then /api/users/me knows her", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    const email = `${uniqueWord("g")}@gmail.test`;
    const redirect = await page.request.get("/api/oauth/google/redirect_url");
    const { redirectUrl } = await redirect.json();
    const url = new URL(redirectUrl);
    expect(url.origin).toBe(process.env.E2E_OIDC_ISSUER);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("redirect_uri")).toBe(`${process.env.E2E_BASE_URL}/auth/google/callback`);

    await signInWithGoogle(page, email, javaScriptEnabled);
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Google" })).toBeVisible();
    const me = await (await page.request.get("/api/users/me")).json();
    expect(me).toMatchObject({ email, role: "seller", name: "Google Tester" });
    const user = await db
      .selectFrom("users")
      .select(["google_sub", "password_hash"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user.google_sub).toBe(email); // the provider's subject: its account id
    expect(user.password_hash).toBeNull();
  });

  test("pre-hijack: an account someone registered with her email and their password is hers after Google sign-in, and theirs no more", async ({
    page,
    clientContext,
    db,
    javaScriptEnabled,
  }) => {
    const email = `${uniqueWord("victim")}@gmail.test`;
    const password = "Squatters-Password-1";
    // The attacker signs up with the victim's address (never verified) and keeps a session.
    const attacker = await clientContext({ clientAddress: uniqueClientAddress() });
    const categories = (await (await attacker.request.get("/api/categories")).json()) as { id: number }[];
    const registered = await attacker.request.post("/api/auth/register", {
      data: {
        name: "Not Her",
        email,
        password,
        mobile: "+919876543210",
        city: "Pune",
        locality: "",
        category_ids: [categories[0].id],
        subcategory_ids: [],
      },
    });
    expect(registered.status()).toBe(201);
    expect(await (await attacker.request.get("/api/users/me")).json()).toMatchObject({ email, email_verified: false });

    // The owner signs in with Google: the account is linked to her, verified, and only her new session remains.
    await signInWithGoogle(page, email, javaScriptEnabled);
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await expect(page.locator("#google-only")).toContainText("this account has no password");
    await expect(page.getByRole("heading", { name: "Verify your email" })).toHaveCount(0);
    expect(await (await page.request.get("/api/users/me")).json()).toMatchObject({ email, email_verified: true });

    // The attacker's session has ended, and the password no longer signs in.
    expect((await attacker.request.get("/api/users/me")).status()).toBe(401);
    const login = await attacker.request.post("/api/auth/login", { data: { email, password } });
    expect(login.status()).toBe(401);
    const row = await db
      .selectFrom("users")
      .select(["id", "password_hash", "google_sub"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, google_sub: email });
    const audit = await db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "account.google_link.unverified")
      .where("target_id", "=", String(row.id))
      .executeTakeFirstOrThrow();
    // The account was the attacker's (name, mobile, listing): erased, and the owner's is a new one.
    expect(JSON.parse(audit.details!)).toMatchObject({ password_removed: true, listings_removed: 1 });
    expect(JSON.parse(audit.details!).replaced_account).not.toBe(row.id);
    await attacker.close();
  });

  test("the team's own address makes no seller account: a clear refusal on the callback page", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    await signInWithGoogle(page, "hello@bwpdirectory.in", javaScriptEnabled);
    await expect(page.getByRole("alert")).toHaveText(ACCOUNT_MESSAGES.reservedEmail);
    expect((await page.request.get("/api/users/me")).status()).toBe(401);
    expect(await db.selectFrom("users").select("id").where("email", "=", "hello@bwpdirectory.in").execute()).toEqual(
      [],
    );
  });

  test("a wrong state is refused, and a code cannot be used twice", async ({ javaScriptEnabled, clientContext }) => {
    test.skip(javaScriptEnabled === false, "drives its own browser without JavaScript; run once");
    // A browser without JavaScript stops on the callback page (no exchange), so the test holds the code.
    // (Its "Continue with Google" link goes through /auth/google, the no-JavaScript start.)
    const context = await clientContext({ javaScriptEnabled: false, clientAddress: uniqueClientAddress() });
    const page = await context.newPage();
    await authorizeAtProvider(page, `${uniqueWord("replay")}@gmail.test`);
    await expect(page).toHaveURL(/\/auth\/google\/callback\?code=/);
    const callback = new URL(page.url());
    const code = callback.searchParams.get("code")!;
    const state = callback.searchParams.get("state")!;
    const iss = callback.searchParams.get("iss");

    const wrongState = await page.request.post("/api/sessions", { data: { code, state: `${state}x`, iss } });
    expect(wrongState.status()).toBe(400);
    expect(await wrongState.json()).toEqual({
      error: "This sign-in link is not valid for this browser. Please start again.",
      reason: "wrong_browser",
    });
    expect((await page.request.get("/api/users/me")).status()).toBe(401);

    const first = await page.request.post("/api/sessions", { data: { code, state, iss } });
    expect(first.status()).toBe(201);
    expect((await first.json()).success).toBe(true);
    expect((await page.request.get("/api/users/me")).status()).toBe(200);
    await page.request.get("/api/logout");

    // The same code and state again: the state was used up.
    const replay = await page.request.post("/api/sessions", { data: { code, state, iss } });
    expect(replay.status()).toBe(400);
    expect(await replay.json()).toEqual({
      error: "This sign-in link is not valid for this browser. Please start again.",
      reason: "wrong_browser",
    });
    // The same code with a fresh state of this browser: the provider refuses the used code (and the PKCE verifier differs).
    const fresh = new URL((await (await page.request.get("/api/oauth/google/redirect_url")).json()).redirectUrl);
    const reused = await page.request.post("/api/sessions", {
      data: { code, state: fresh.searchParams.get("state"), iss },
    });
    expect(reused.status()).toBe(400);
    expect(await reused.json()).toEqual({
      error: "Google sign-in could not be completed. Please try again.",
      reason: "not_completed",
    });
    expect((await page.request.get("/api/users/me")).status()).toBe(401);
    await context.close();
  });

  test("the callback page without a code shows the spec's message", async ({ page }) => {
    await page.goto("/auth/google/callback");
    await expect(page.getByRole("alert")).toHaveText(
      "Cannot exchange code for session token: no code provided in the URL search params",
    );
  });
});
