import type { Page } from "@playwright/test";
import {
  createUser,
  expect,
  mailedLink,
  resetPasswordPath,
  signInAs,
  signInWithForm,
  test,
  uniqueWord,
} from "./fixtures";

// "Forgot password?" (docs/decisions/155-account-reset-links-without-token-table.md), with JavaScript on and off: the
// request answers the same for any address, the mailed link (read from the outbox) sets a new password once and ends
// every session, forged, expired and reused links are refused with a 400 page, the limits answer 429, and a staff
// account with a second factor still needs it after a reset.

const SENT = "If an account uses this address, we have sent it a link";

/** Posts the form once and returns the answer to that post (not an earlier one still on the page). */
async function askForLink(page: Page, email: string) {
  // The form's own button first: after a click on "Forgot password?" with JavaScript the address changes
  // before React has drawn the new page, and the sign-in page's Email field (the same label) was filled
  // instead; the new page's empty one was then posted (a 400 under load in a CI run).
  await expect(page.getByRole("button", { name: "Send Me a Link" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/forgot-password")),
    page.getByRole("button", { name: "Send Me a Link" }).click(),
  ]);
  return answer;
}

/**
 * Asks for a link and waits until the page has taken the answer in: the status says it was sent and the
 * form is empty again. With JavaScript the success clears the form after it renders; an address typed
 * before that would be cleared too and the next post would never leave the browser.
 */
async function sendLink(page: Page, email: string) {
  expect((await askForLink(page, email)).status()).toBe(200);
  await expect(page.getByRole("status")).toContainText(SENT);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
  await expect(page.getByRole("button", { name: "Send Me a Link" })).toBeEnabled();
}

test.describe("forgot password", () => {
  test("a malformed address is refused with 400 and its message, kept in the field; nothing is mailed or counted", async ({
    page,
    db,
    jsEnabled,
  }) => {
    const typed = `${uniqueWord("malformed")}-at-example.test`;
    await page.goto("/forgot-password");
    await page.getByLabel("Email", { exact: true }).fill(typed);
    if (jsEnabled) await page.getByRole("button", { name: "Send Me a Link" }).click();
    else expect((await askForLink(page, typed)).status()).toBe(400);
    await expect(page.getByText("Email is invalid", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(typed);
    await expect(page.getByText(SENT)).toHaveCount(0);
    const direct = await page.request.post("/forgot-password", {
      form: { email: typed },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(direct.status()).toBe(400);
    expect(await direct.text()).toContain("Email is invalid");
    const like = `%${typed.split("-at-")[0]}%`;
    expect(await db.selectFrom("mail_outbox").select("id").where("to_address", "like", like).execute()).toEqual([]);
    expect(await db.selectFrom("rate_limits").select("key").where("key", "like", like).execute()).toEqual([]);
  });

  test("the mailed link sets a new password once, ends every session and is audited", async ({
    page,
    clientContext,
    baseURL,
    db,
  }) => {
    test.setTimeout(180_000);
    const me = await createUser(db, { role: "seller" });
    // Another browser where she is signed in: the reset must end that session too.
    const elsewhere = await clientContext();
    const other = await signInAs(elsewhere, "seller");
    await db.updateTable("sessions").set({ user_id: me.id }).where("id", "=", other.sessionId).execute();

    await page.goto("/seller-login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    // An address without an account gets the same answer, and no mail.
    const nobody = `${uniqueWord("nobody")}@example.test`;
    await sendLink(page, nobody);
    await sendLink(page, me.email);
    expect(await db.selectFrom("mail_outbox").select("id").where("to_address", "=", nobody).execute()).toEqual([]);

    const link = await mailedLink(db, me.email, "/reset-password");
    expect(link.startsWith(baseURL!)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    // Bad input keeps the link and says why.
    await page.getByLabel("New password", { exact: true }).fill("Fresh-Mangoes-77");
    await page.getByLabel("Confirm new password").fill("Fresh-Mangoes-78");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("Fresh-Mangoes-77");
    await page.getByLabel("Confirm new password").fill("Fresh-Mangoes-77");
    await page.getByRole("button", { name: "Set New Password" }).click();

    await expect(page).toHaveURL(/\/seller-login\?reset=done$/);
    await expect(page.getByRole("status")).toContainText("Your password has been changed");
    // Every session ended: the other browser is signed out.
    const res = await elsewhere.request.get("/seller-dashboard", { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toMatch(/^\/seller-login/);
    await elsewhere.close();
    // The old password no longer works; the new one does.
    await signInWithForm(page, "/seller-login", me.email, me.password);
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    await signInWithForm(page, "/seller-login", me.email, "Fresh-Mangoes-77");
    await expect(page).toHaveURL(/\/seller-dashboard$/);

    // The link worked once.
    const again = await page.goto(link);
    expect(again?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Password reset link not valid" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("not valid or has already been used");

    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_type", "=", "user")
      .where("target_id", "=", String(me.id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["account.password_reset.requested", "account.password_reset"]);
  });

  test("forged and expired links answer 400 with the reason; the form posted with a forged link changes nothing", async ({
    page,
    db,
  }) => {
    test.setTimeout(90_000);
    const me = await createUser(db, { role: "seller" });
    const stored = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", me.id)
      .executeTakeFirstOrThrow();
    const expired = await page.goto(await resetPasswordPath(db, me.id, Math.floor(Date.now() / 1000) - 60));
    expect(expired?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("This password reset link has expired");

    const valid = await resetPasswordPath(db, me.id, Math.floor(Date.now() / 1000) + 600);
    const forged = valid.replace(/token=[^&]+/, "token=" + "A".repeat(43));
    expect((await page.goto(forged))?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("not valid or has already been used");
    expect((await page.goto(valid.replace(`id=${me.id}`, "id=1")))?.status()).toBe(400);
    expect((await page.goto("/reset-password"))?.status()).toBe(400);

    // A post with a forged token (straight to the action) is refused before anything is stored.
    const params = new URL(forged, "http://x").searchParams;
    const post = await page.request.post("/reset-password", {
      form: {
        link_id: params.get("id")!,
        link_expires: params.get("expires")!,
        link_token: params.get("token")!,
        password: "Sneaky-Password-1",
        confirm_password: "Sneaky-Password-1",
      },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(400);
    const after = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", me.id)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(stored.password_hash);
  });

  test("is limited per address: the fourth request in an hour answers 429", async ({ page, db, jsEnabled }) => {
    test.setTimeout(90_000);
    const me = await createUser(db, { role: "seller" });
    await page.goto("/forgot-password");
    for (let i = 0; i < 3; i++) await sendLink(page, me.email);
    const response = await askForLink(page, me.email);
    // Without JavaScript the page itself is the 429 answer (with JavaScript the status travels in the data).
    if (!jsEnabled) expect(response.status()).toBe(429);
    await expect(page.getByRole("alert")).toContainText("Too many attempts");
    // Typed values survive the refused post.
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(me.email);
    const direct = await page.request.post("/forgot-password", {
      form: { email: me.email },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(direct.status()).toBe(429);
    expect(direct.headers()["retry-after"]).toMatch(/^\d+$/);
    await expect
      .poll(
        async () =>
          (await db.selectFrom("mail_outbox").select("id").where("to_address", "=", me.email).execute()).length,
      )
      .toBe(3);
  });

  test("a staff account with a second factor still needs it after a reset from the admin sign-in", async ({
    page,
    db,
  }) => {
    test.setTimeout(90_000);
    const admin = await createUser(db, { role: "admin" });
    await db
      .updateTable("users")
      .set({ totp_secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", totp_enabled_at: new Date().toISOString() })
      .where("id", "=", admin.id)
      .execute();
    await page.goto("/admin/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password\?for=admin$/);
    await sendLink(page, admin.email);
    await page.goto(await mailedLink(db, admin.email, "/reset-password"));
    // Staff passwords are at least 12 characters.
    await page.getByLabel("New password", { exact: true }).fill("Short-Pw-1");
    await page.getByLabel("Confirm new password").fill("Short-Pw-1");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page.getByText("A staff password must be at least 12 characters")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("A-Long-Staff-Password-9");
    await page.getByLabel("Confirm new password").fill("A-Long-Staff-Password-9");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page).toHaveURL(/\/admin\/login\?reset=done$/);
    await signInWithForm(page, "/admin/login", admin.email, "A-Long-Staff-Password-9");
    // The new password is only the first step: the second factor is still asked for.
    await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
    const res = await page.request.get("/admin", { maxRedirects: 0 });
    expect(res.status()).toBe(302);
  });
});
