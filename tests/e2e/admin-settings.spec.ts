import { createUser, expect, signInAs, signInWithForm, test, uniqueWord } from "./fixtures";

// /admin/settings with JavaScript on and off: changing one's own password (the current one first;
// other sessions end, this one stays) and the staff accounts (add a moderator, disable, enable,
// remove with its confirm step; never oneself).
test.describe("admin settings", () => {
  test("changing the password needs the current one, ends the other sessions and keeps this one", async ({
    page,
    context,
    db,
    clientContext,
    jsEnabled,
  }) => {
    const me = await signInAs(context, "admin");
    const elsewhere = `${uniqueWord("phone")}${"e".repeat(40)}`;
    await db
      .insertInto("sessions")
      .values({
        id: elsewhere,
        user_id: me.id,
        created_at: new Date().toISOString(),
        expires_at: "2999-01-01T00:00:00.000Z",
        ip: null,
        user_agent: "phone",
      })
      .execute();
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
    await page.getByLabel("Confirm new password").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Your current password is not correct")).toBeVisible();
    // Without JavaScript the page comes back from the server: passwords are never sent back into it.
    if (!jsEnabled) await expect(page.getByLabel("Current password")).toHaveValue("");

    await page.getByLabel("Current password").fill(me.password);
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
    await page.getByLabel("Confirm new password").fill("something-else-entirely");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await page.getByLabel("Current password").fill(me.password);
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
    await page.getByLabel("Confirm new password").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Password changed. Your other sessions were signed out." }),
    ).toBeVisible();
    // This session goes on; the phone's is gone.
    expect((await page.goto("/admin/settings"))?.status()).toBe(200);
    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", me.id).execute();
    expect(sessions.map((s) => s.id)).toEqual([me.sessionId]);
    // The new password signs in; the old one does not.
    const fresh = await clientContext();
    const other = await fresh.newPage();
    await signInWithForm(other, "/admin/login", me.email, me.password);
    await expect(other).toHaveURL(/\/admin\/login/);
    await signInWithForm(other, "/admin/login", me.email, "a-brand-new-password");
    await expect(other).toHaveURL(/\/admin$/);
    await fresh.close();
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("actor_user_id", "=", me.id)
      .where("action", "=", "staff.password_change")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toBeNull();
  });

  test("adds a moderator (typed values kept on refusal), disables, enables and removes them", async ({
    page,
    context,
    db,
  }) => {
    test.setTimeout(60_000); // a dozen page loads without JavaScript
    const me = await signInAs(context, "admin");
    const word = uniqueWord("mod");
    const taken = await createUser(db, { role: "moderator" });
    await page.goto("/admin/settings");
    await expect(page.getByRole("row").filter({ hasText: me.email })).toContainText("(you)");
    await expect(page.getByRole("row").filter({ hasText: me.email }).getByRole("button")).toHaveCount(0);

    await page.getByLabel("Name", { exact: true }).fill(`${word} Priya`);
    await page.getByLabel("Email", { exact: true }).fill(taken.email);
    await page.getByLabel("First password").fill("short");
    await page.getByRole("button", { name: "Add Moderator" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`${word} Priya`);
    await page.getByLabel("First password").fill("moderator-first-password");
    await page.getByRole("button", { name: "Add Moderator" }).click();
    await expect(page.getByText("An account with this email already exists.")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(taken.email);

    const email = `${word}@example.test`;
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("First password").fill("moderator-first-password");
    await page.getByRole("button", { name: "Add Moderator" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Moderator added." })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Moderator");
    await expect(row).toContainText("Active");
    const mod = await db
      .selectFrom("users")
      .select(["id", "role", "password_hash"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(mod.role).toBe("moderator");
    expect(mod.password_hash).not.toContain("moderator-first-password");

    await row.getByRole("button", { name: `Disable ${word} Priya` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Account disabled." })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Disabled");
    await page
      .getByRole("row")
      .filter({ hasText: email })
      .getByRole("button", { name: `Enable ${word} Priya` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Account enabled." })).toBeVisible();

    await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: "Remove" }).click();
    const panel = page.locator(".confirm-panel:visible");
    await expect(panel).toContainText(`Remove the account of ${word} Priya?`);
    await panel.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Account removed." })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    const actions = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_type", "=", "user")
      .where("target_id", "=", String(mod.id))
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      "staff.add_moderator",
      "staff.disable",
      "staff.enable",
      "staff.remove",
    ]);
  });

  test("the server refuses one's own removal and moderators entirely", async ({ page, context }) => {
    const me = await signInAs(context, "admin");
    await page.goto("/admin/settings");
    const origin = new URL(page.url()).origin;
    const own = await page.request.post("/admin/settings", {
      form: { intent: "remove", id: String(me.id), confirmed: "1" },
      headers: { Origin: origin },
    });
    expect(own.status()).toBe(403);
    expect(await own.text()).toContain("You cannot disable or remove your own account");
    const unknown = await page.request.post("/admin/settings", {
      form: { intent: "disable", id: "999999999" },
      headers: { Origin: origin },
    });
    expect(unknown.status()).toBe(404);
    await context.clearCookies();
    await signInAs(context, "moderator");
    expect((await page.goto("/admin/settings"))?.status()).toBe(403);
    const post = await page.request.post("/admin/settings", {
      form: { intent: "add_moderator", name: "X", email: "x@example.test", password: "long-enough-password" },
      headers: { Origin: origin },
    });
    expect(post.status()).toBe(403);
  });
});
