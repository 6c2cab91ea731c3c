import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import yauzl from "yauzl";
import type { DB } from "~db/client";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { createUser, expect, mailedLink, uniqueClientAddress, signInAs, test, uniqueWord } from "./fixtures";

// "Her data in her hands" and the account page (docs/decisions/159-account-one-erasure.md), with JavaScript on and off:
// email change through the mailed link, password change, "Download my data" checked by unzipping, account
// deletion leaving no row or file behind (the database and the uploads folder checked), the mailed
// confirmation of a Google-only account, the admin's deletion, a deletion while an export streams, and a
// deleted seller's old links answering 404.

const PASSWORD = "Correct-Horse-42";
const uploads = () => process.env.E2E_UPLOADS_DIR!;

/** A stored file as the upload service writes it (a generated name), with its uploads row. */
async function storedFile(db: DB, visibility: "public" | "private", purpose: string, sellerId: number) {
  const key = `${randomBytes(16).toString("hex")}.webp`;
  const bytes = randomBytes(2048);
  mkdirSync(join(uploads(), visibility), { recursive: true });
  writeFileSync(join(uploads(), visibility, key), bytes);
  if (visibility === "public") writeFileSync(join(uploads(), visibility, key.replace(".webp", ".w160.webp")), bytes);
  await db
    .insertInto("uploads")
    .values({
      key,
      visibility,
      purpose,
      mime: "image/webp",
      bytes: bytes.length,
      width: 10,
      height: 10,
      seller_id: sellerId,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { key, bytes };
}

/** A signed-in seller with a live listing, a category, a reviewed-and-replied listing, images and documents. */
async function sellerWithListing(page: Page, db: DB, makeSeller: (input: object) => Promise<number>) {
  const me = await signInAs(page.context(), "seller");
  const business = uniqueWord("Pickles");
  const category = await db.selectFrom("categories").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
  const sellerId = await makeSeller({
    user_id: me.id,
    email: me.email,
    business_name: business,
    categoryIds: [category.id],
  });
  const photo = await storedFile(db, "public", "profile_photo", sellerId);
  const idProof = await storedFile(db, "private", "id_proof_document", sellerId);
  const payment = await storedFile(db, "private", "payment_screenshot", sellerId);
  await db
    .updateTable("sellers")
    .set({ profile_photo: photo.key, id_proof_document: idProof.key, payment_screenshot: payment.key })
    .where("id", "=", sellerId)
    .execute();
  const stamp = new Date().toISOString();
  const review = await db
    .insertInto("reviews")
    .values({
      seller_id: sellerId,
      reviewer_name: "Meena",
      rating: 5,
      review_text: "Lovely mango pickle, will order again.",
      status: "published",
      seller_reply: "Thank you, Meena!",
      seller_reply_date: stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { me, business, category, sellerId, photo, idProof, payment, reviewId: review.id };
}

/** The entries of a ZIP file, by name. */
function unzip(path: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** Every row that could still name the account or its listing, per table (all must be empty after a deletion). */
async function leftovers(db: DB, user: { id: number; email: string }, sellerId: number) {
  return {
    users: await db.selectFrom("users").select("id").where("id", "=", user.id).execute(),
    sellers: await db.selectFrom("sellers").select("id").where("id", "=", sellerId).execute(),
    reviews: await db.selectFrom("reviews").select("id").where("seller_id", "=", sellerId).execute(),
    categories: await db
      .selectFrom("seller_categories")
      .select("seller_id")
      .where("seller_id", "=", sellerId)
      .execute(),
    sessions: await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute(),
    uploads: await db.selectFrom("uploads").select("key").where("seller_id", "=", sellerId).execute(),
    // Every mail linked to her or her listing, and (as every flow here links its mails) any to her address.
    mails: await db
      .selectFrom("mail_outbox")
      .select("id")
      .where((eb) =>
        eb.or([eb("user_id", "=", user.id), eb("seller_id", "=", sellerId), eb("to_address", "=", user.email)]),
      )
      .execute(),
    audit: await db
      .selectFrom("audit_log")
      .select("id")
      .where((eb) => eb.or([eb("actor_user_id", "=", user.id), eb("actor_email", "=", user.email)]))
      .execute(),
  };
}
const NOTHING_LEFT = {
  users: [],
  sellers: [],
  reviews: [],
  categories: [],
  sessions: [],
  uploads: [],
  mails: [],
  audit: [],
};

function filesLeft(keys: string[]): string[] {
  const names = ["public", "private"].flatMap((v) =>
    existsSync(join(uploads(), v)) ? readdirSync(join(uploads(), v)) : [],
  );
  return names.filter((n) => keys.some((k) => n.startsWith(k.replace(".webp", ""))));
}

test.describe("account page", () => {
  test("changes her email through a link to the new address and tells the old one", async ({ page, db }) => {
    test.setTimeout(120_000);
    const me = await signInAs(page.context(), "seller");
    await page.goto("/seller-dashboard");
    await page.getByRole("link", { name: "Email, password and account deletion" }).click();
    await expect(page.getByRole("heading", { name: "Account and data" })).toBeVisible();
    const to = `${uniqueWord("new")}@example.test`;
    const email = page.locator("#email");
    await email.getByLabel("New email address").fill(to);
    await email.getByLabel("Current password").fill("Not-My-Password-1");
    await email.getByRole("button", { name: "Send Confirmation Link" }).click();
    await expect(email.getByText("Your current password is not correct")).toBeVisible();
    // The typed address survives the refusal; the password does not come back.
    await expect(email.getByLabel("New email address")).toHaveValue(to);
    expect(await page.content()).not.toContain("Not-My-Password-1");
    await email.getByLabel("Current password").fill(PASSWORD);
    await email.getByRole("button", { name: "Send Confirmation Link" }).click();
    await expect(email.getByRole("status")).toContainText(ACCOUNT_MESSAGES.emailChangeSent);
    // Nothing changed yet.
    expect((await db.selectFrom("users").select("email").where("id", "=", me.id).executeTakeFirstOrThrow()).email).toBe(
      me.email,
    );

    const link = await mailedLink(db, to, "/confirm-email-change");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm New Email" }).click();
    await expect(page.getByRole("heading", { name: "Email changed" })).toBeVisible();
    expect((await db.selectFrom("users").select("email").where("id", "=", me.id).executeTakeFirstOrThrow()).email).toBe(
      to,
    );
    const told = await db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", me.email)
      .where("subject", "like", "Your email address was changed%")
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0].text_body).toContain(to);
    // The link worked once.
    expect((await page.goto(link))?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("not valid or has already been used");
    // A forged one (another address) is refused too.
    const forged = link.replace(/email=[^&]+/, `email=${encodeURIComponent("thief@example.test")}`);
    expect((await page.goto(forged))?.status()).toBe(400);
  });

  test("an address that has an account gets the same answer as a free one; the site's own address is refused", async ({
    page,
    db,
  }) => {
    test.setTimeout(120_000);
    const me = await signInAs(page.context(), "seller");
    const holder = await createUser(db, { role: "seller" });
    await page.goto("/seller-account");
    const email = page.locator("#email");
    const ask = async (to: string) => {
      await email.getByLabel("New email address").fill(to);
      await email.getByLabel("Current password").fill(PASSWORD);
      await email.getByRole("button", { name: "Send Confirmation Link" }).click();
    };
    await ask(holder.email);
    await expect(email.getByRole("status")).toHaveText(ACCOUNT_MESSAGES.emailChangeSent);
    await expect(page.getByText(ACCOUNT_MESSAGES.emailTaken)).toHaveCount(0);
    // The holder is told by mail, without a link; nothing changes.
    await expect
      .poll(async () =>
        (
          await db
            .selectFrom("mail_outbox")
            .select("text_body")
            .where("to_address", "=", holder.email)
            .where("user_id", "=", holder.id)
            .execute()
        ).map((m) => m.text_body.includes("an account with this address exists already")),
      )
      .toEqual([true]);
    expect(
      await db
        .selectFrom("mail_outbox")
        .select("id")
        .where("text_body", "like", "%/confirm-email-change%")
        .where("to_address", "=", holder.email)
        .execute(),
    ).toEqual([]);
    // The team's address: a clear refusal, the typed address kept.
    await ask("hello@bwpdirectory.in");
    await expect(email.getByText(ACCOUNT_MESSAGES.reservedEmail)).toBeVisible();
    await expect(email.getByLabel("New email address")).toHaveValue("hello@bwpdirectory.in");
    expect((await db.selectFrom("users").select("email").where("id", "=", me.id).executeTakeFirstOrThrow()).email).toBe(
      me.email,
    );
  });

  test("a malformed new address is refused with 400 and its message, kept in the field; nothing is mailed or changed", async ({
    page,
    db,
    jsEnabled,
  }) => {
    const me = await signInAs(page.context(), "seller");
    await page.goto("/seller-account");
    const email = page.locator("#email");
    const typed = `${uniqueWord("malformed")}@example`;
    await email.getByLabel("New email address").fill(typed);
    await email.getByLabel("Current password").fill(PASSWORD);
    const answer = jsEnabled
      ? null
      : page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/seller-account"));
    await email.getByRole("button", { name: "Send Confirmation Link" }).click();
    if (answer) expect((await answer).status()).toBe(400);
    await expect(email.getByText("Email is invalid", { exact: true })).toBeVisible();
    await expect(email.getByLabel("New email address")).toHaveValue(typed);
    await expect(email.getByRole("status")).toHaveCount(0);
    const direct = await page.request.post("/seller-account", {
      form: { intent: "email", email: typed, current_password: PASSWORD },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(direct.status()).toBe(400);
    expect(await direct.text()).toContain("Email is invalid");
    expect((await db.selectFrom("users").select("email").where("id", "=", me.id).executeTakeFirstOrThrow()).email).toBe(
      me.email,
    );
    const like = `%${typed.split("@")[0]}%`;
    expect(await db.selectFrom("mail_outbox").select("id").where("text_body", "like", like).execute()).toEqual([]);
    expect(await db.selectFrom("mail_outbox").select("id").where("user_id", "=", me.id).execute()).toEqual([]);
  });

  test("changes her password with the current one, signing out her other sessions", async ({
    page,
    clientContext,
    db,
  }) => {
    test.setTimeout(120_000);
    const me = await signInAs(page.context(), "seller");
    const elsewhere = await clientContext();
    const other = await signInAs(elsewhere, "seller");
    await db.updateTable("sessions").set({ user_id: me.id }).where("id", "=", other.sessionId).execute();
    await page.goto("/seller-account");
    const form = page.locator("#password");
    await form.getByLabel("Current password").fill("Wrong-Password-9");
    await form.getByLabel("New password", { exact: true }).fill("Brand-New-Pass-5");
    await form.getByLabel("Confirm new password").fill("Brand-New-Pass-5");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByText("Your current password is not correct")).toBeVisible();
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel("New password", { exact: true }).fill("Brand-New-Pass-5");
    await form.getByLabel("Confirm new password").fill("Brand-New-Pass-6");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByText("Passwords do not match")).toBeVisible();
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel("New password", { exact: true }).fill("Brand-New-Pass-5");
    await form.getByLabel("Confirm new password").fill("Brand-New-Pass-5");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByRole("status")).toContainText("Your password has been changed");
    // This session stays; the other one ended.
    expect((await page.request.get("/seller-account", { maxRedirects: 0 })).status()).toBe(200);
    expect((await elsewhere.request.get("/seller-account", { maxRedirects: 0 })).status()).toBe(302);
    await elsewhere.close();
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("actor_user_id", "=", me.id)
      .where("action", "=", "account.password_changed")
      .execute();
    expect(audit).toHaveLength(1);
  });
});

test.describe("download my data", () => {
  test("a ZIP with her data as JSON and her files, nothing of anyone else", async ({ page, db, makeSeller }) => {
    test.setTimeout(120_000);
    const mine = await sellerWithListing(page, db, makeSeller);
    const otherSeller = await makeSeller({
      business_name: uniqueWord("Other"),
      email: `${uniqueWord("o")}@example.test`,
    });
    await db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("id", "=", mine.me.id)
      .execute();
    const mail = (to_address: string, subject: string, text_body: string, seller_id: number | null) => ({
      to_address,
      subject,
      text_body,
      seller_id,
      status: "logged" as const,
      created_at: new Date().toISOString(),
    });
    await db
      .insertInto("mail_outbox")
      .values([
        mail(mine.me.email, "Your listing is live", "Hello", mine.sellerId),
        // Other people's mail that went to her address (the team's notice, a listing without an account): not hers.
        mail(mine.me.email, "New listing application: Spices (#9)", "UTR: 998877665544 · Mobile: +919800000001", null),
        mail(mine.me.email, "Your listing in October", "off?seller=1&token=not-hers", otherSeller),
      ])
      .execute();
    await page.goto("/seller-dashboard");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bwp-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await unzip(await download.path());
    const data = JSON.parse(zip.get("my-data.json")!.toString("utf8"));
    expect(data.account).toMatchObject({ id: mine.me.id, email: mine.me.email, has_password: true });
    expect(JSON.stringify(data)).not.toMatch(/scrypt\$|\$argon2id\$/);
    expect(data.listings).toHaveLength(1);
    expect(data.listings[0]).toMatchObject({ id: mine.sellerId, business_name: mine.business });
    expect(data.listings[0].categories).toEqual([expect.objectContaining({ name: mine.category.name })]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ id: mine.reviewId, reviewer_name: "Meena", seller_reply: "Thank you, Meena!" }),
    ]);
    expect(data.mails).toEqual([expect.objectContaining({ subject: "Your listing is live" })]);
    for (const leak of ["998877665544", "Spices", "not-hers", "Your listing in October"])
      expect(JSON.stringify(data)).not.toContain(leak);
    // The files: her photo, ID document and payment screenshot, byte for byte.
    for (const file of [mine.photo, mine.idProof, mine.payment]) {
      const entry = data.files.find((f: { key: string }) => f.key === file.key);
      expect(entry).toMatchObject({ missing: false });
      expect(zip.get(entry.file)?.equals(file.bytes)).toBe(true);
    }
    // Nothing of the other seller.
    const other = await db
      .selectFrom("sellers")
      .select(["business_name", "email"])
      .where("id", "=", otherSeller)
      .executeTakeFirstOrThrow();
    expect(data.listings.map((l: { id: number }) => l.id)).toEqual([mine.sellerId]);
    expect(JSON.stringify(data)).not.toContain(other.business_name!);
    expect(JSON.stringify(data)).not.toContain(other.email);
  });

  test("a deletion while the ZIP streams: the ZIP completes with her data only; afterwards the export is refused", async ({
    page,
    db,
    makeSeller,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const mine = await sellerWithListing(page, db, makeSeller);
    // A large private file, so the ZIP is still streaming when the deletion comes.
    const big = await storedFile(db, "private", "payment_screenshot", mine.sellerId);
    const bigBytes = randomBytes(8 * 1024 * 1024);
    writeFileSync(join(uploads(), "private", big.key), bigBytes);
    const cookie = (await page.context().cookies()).find((c) => c.name === "__session")!;
    const headers = { Cookie: `__session=${cookie.value}`, "X-Forwarded-For": uniqueClientAddress() };
    const res = await fetch(`${baseURL}/seller-account/my-data.zip`, { headers });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    // Delete the account now, through the page, while the body is still being read.
    const deleted = await fetch(`${baseURL}/seller-account`, {
      method: "POST",
      headers: { ...headers, Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", current_password: PASSWORD, confirm: "on" }),
      redirect: "manual",
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/account-deleted");
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const path = join(test.info().outputDir, "during-deletion.zip");
    mkdirSync(test.info().outputDir, { recursive: true });
    writeFileSync(path, Buffer.concat(chunks));
    const zip = await unzip(path);
    const data = JSON.parse(zip.get("my-data.json")!.toString("utf8"));
    expect(data.account.id).toBe(mine.me.id);
    const entry = data.files.find((f: { key: string }) => f.key === big.key);
    expect(zip.get(entry.file)?.equals(bigBytes)).toBe(true);
    // The account is gone: the same cookie gets the sign-in page, not a ZIP and not a 500.
    const after = await fetch(`${baseURL}/seller-account/my-data.zip`, { headers, redirect: "manual" });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/seller-login/);
    expect(await leftovers(db, mine.me, mine.sellerId)).toEqual(NOTHING_LEFT);
    expect(filesLeft([mine.photo.key, mine.idProof.key, big.key])).toEqual([]);
  });
});

test.describe("delete my account", () => {
  test("with her password: the listing leaves at once, no row or file stays, old links answer 404", async ({
    page,
    db,
    makeSeller,
  }) => {
    test.setTimeout(120_000);
    const mine = await sellerWithListing(page, db, makeSeller);
    // Her public page and share card exist before.
    const profile = await page.request.get(`/seller/${mine.sellerId}`);
    expect(profile.status()).toBe(200);
    const card = /<meta property="og:image" content="[^"]*(\/share\/seller\/[^"]+)"/.exec(await profile.text())?.[1];
    expect(card).toBeTruthy();
    expect((await page.request.get(card!)).status()).toBe(200);

    await page.goto("/seller-account");
    const form = page.locator("#delete");
    await form.getByLabel("Your password").fill(PASSWORD);
    await form.getByRole("button", { name: "Delete My Account" }).click();
    await expect(form.getByText("Please tick the box to confirm")).toBeVisible();
    await form.getByLabel("Your password").fill("Wrong-Password-1");
    await form.getByLabel(/I understand/).check();
    await form.getByRole("button", { name: "Delete My Account" }).click();
    await expect(form.getByText("Your current password is not correct")).toBeVisible();
    expect(await db.selectFrom("users").select("id").where("id", "=", mine.me.id).execute()).toHaveLength(1);
    await form.getByLabel("Your password").fill(PASSWORD);
    await form.getByLabel(/I understand/).check();
    await form.getByRole("button", { name: "Delete My Account" }).click();

    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole("heading", { name: "Account deleted" })).toBeVisible();
    expect(await leftovers(db, mine.me, mine.sellerId)).toEqual(NOTHING_LEFT);
    expect(filesLeft([mine.photo.key, mine.idProof.key, mine.payment.key])).toEqual([]);
    const deletion = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "account.delete")
      .where("target_id", "=", String(mine.me.id))
      .executeTakeFirstOrThrow();
    expect(deletion).toMatchObject({ actor_user_id: null, actor_email: null, ip: null });
    expect(JSON.stringify(deletion)).not.toContain(mine.me.email);

    // Old links: the public page, the share card, the API — a clean 404, never a 500.
    const gone = await page.goto(`/seller/${mine.sellerId}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Seller Not Found" })).toBeVisible();
    expect((await page.request.get(card!)).status()).toBe(404);
    expect((await page.request.get(`/api/sellers/${mine.sellerId}`)).status()).toBe(404);
    // Signed out: the dashboard asks to sign in.
    expect((await page.request.get("/seller-dashboard", { maxRedirects: 0 })).status()).toBe(302);
  });

  test("without a password (Google only): a mailed link confirms it; forged links are refused", async ({
    page,
    db,
    makeSeller,
  }) => {
    test.setTimeout(120_000);
    const mine = await sellerWithListing(page, db, makeSeller);
    await db
      .updateTable("users")
      .set({ password_hash: null, google_sub: uniqueWord("google") })
      .where("id", "=", mine.me.id)
      .execute();
    await page.goto("/seller-account");
    await expect(page.locator("#password")).toContainText("Your account has no password");
    const form = page.locator("#delete");
    await form.getByLabel(/I understand/).check();
    await form.getByRole("button", { name: "Email Me a Confirmation Link" }).click();
    await expect(form.getByRole("status")).toContainText("We sent a link to your email address");
    expect(await db.selectFrom("users").select("id").where("id", "=", mine.me.id).execute()).toHaveLength(1);

    const link = await mailedLink(db, mine.me.email, "/confirm-account-deletion");
    const forged = link.replace(/token=[^&]+/, "token=" + "B".repeat(43));
    expect((await page.goto(forged))?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("This deletion link is not valid");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Delete your account?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete My Account for Good" }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    expect(await leftovers(db, mine.me, mine.sellerId)).toEqual(NOTHING_LEFT);
    expect(filesLeft([mine.photo.key, mine.idProof.key, mine.payment.key])).toEqual([]);
    // Used: the account is gone, so is the link.
    expect((await page.goto(link))?.status()).toBe(400);
  });

  test("an admin deletes a seller's account on request from the seller page (audited); a moderator may not", async ({
    page,
    clientContext,
    baseURL,
    db,
    makeSeller,
  }) => {
    test.setTimeout(120_000);
    const seller = await createUser(db, { role: "seller" });
    const sellerId = await makeSeller({ user_id: seller.id, email: seller.email, business_name: uniqueWord("Erase") });
    const photo = await storedFile(db, "public", "profile_photo", sellerId);
    const admin = await signInAs(page.context(), "admin");

    const moderator = await clientContext();
    await signInAs(moderator, "moderator");
    const refused = await moderator.request.post(`/admin/sellers/${sellerId}/delete-account`, {
      form: { confirm: "on" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect((await moderator.request.get(`/admin/sellers/${sellerId}/delete-account`)).status()).toBe(403);
    await moderator.close();
    expect(await db.selectFrom("users").select("id").where("id", "=", seller.id).execute()).toHaveLength(1);

    await page.goto(`/admin/sellers/edit/${sellerId}`);
    await page.getByRole("link", { name: "Delete account and data" }).click();
    await expect(page.getByRole("heading", { name: "Delete seller account" })).toBeVisible();
    await expect(page.getByText(seller.email)).toBeVisible();
    await page.getByRole("button", { name: "Delete Account and All Data" }).click();
    await expect(page.getByText("Please tick the box to confirm")).toBeVisible();
    await page.getByLabel("The seller asked for her account to be deleted").check();
    await page.getByRole("button", { name: "Delete Account and All Data" }).click();
    await expect(page).toHaveURL(/\/admin\/sellers$/);
    await expect(page.getByText("The seller's account and all its data were deleted.")).toBeVisible();
    expect(await leftovers(db, seller, sellerId)).toEqual(NOTHING_LEFT);
    expect(filesLeft([photo.key])).toEqual([]);
    const row = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "account.delete")
      .where("target_id", "=", String(seller.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_user_id: admin.id, actor_email: admin.email });
    expect(JSON.parse(row.details!)).toEqual({ by: "staff", listings: [sellerId] });
    // The page of a seller that is gone: 404.
    expect((await page.goto(`/admin/sellers/${sellerId}/delete-account`))?.status()).toBe(404);
  });
});
