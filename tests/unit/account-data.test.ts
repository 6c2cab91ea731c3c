import { existsSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createReviewRow, createSeller, createUserRow } from "~db/seed/factories";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import {
  accountFactsById,
  changeAccountEmail,
  collectAccountData,
  eraseAccount,
  replacePasswordHash,
} from "~/models/account-data.server";
import { writeAudit } from "~/models/audit.server";
import { applyPaymentEvent, insertPayment, setPaymentLink } from "~/models/payments.server";
import { queueMail } from "~/models/mail-outbox.server";
import {
  checkEmailChangeLink,
  checkDeletionLink,
  confirmEmailChange,
  deletionParams,
  emailChangeParams,
  EMAIL_CHANGE_SUBJECT,
  eraseAccountAndFiles,
  requestEmailChange,
} from "~/services/account-settings.server";
import { teamEmail } from "~/services/mail.server";
import { sendVerificationMail } from "~/services/email-verification.server";
import { findOrCreateGoogleUser, setAccountLanguage } from "~/models/users.server";
import { isSiteAddress } from "~/services/reserved-addresses.server";
import { insertInvitation } from "~/models/review-invitations.server";
import { hashPassword } from "~/services/password.server";
import {
  checkResetLink,
  requestPasswordReset,
  resetParams,
  resetPasswordWithLink,
} from "~/services/password-reset.server";
import { uploadsDir } from "~/services/upload-folders.server";
import { storeImage } from "~/services/uploads.server";
import { createTestDb } from "../support/test-db";
import { pngImage } from "../support/images";

// The models and services of account recovery and "her data in her hands" (docs/decisions/159-account-one-erasure.md),
// on a real database: SQLite here, PostgreSQL in the suite's second run.

let db: DB;
let cleanup: () => Promise<void>;
const staff = { id: 0, email: "boss@example.in", ip: "10.9.9.9" };

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  staff.id = (await makeUser("admin", staff.email)).id;
});
afterAll(() => cleanup());

let serial = 0;
async function makeUser(
  role: "seller" | "admin" = "seller",
  email?: string,
  password: string | null = "Old-Password-1",
  verified = true,
) {
  serial++;
  const stamp = new Date().toISOString();
  const address = email ?? `owner${serial}-${Date.now()}@example.in`;
  const row = await createUserRow(db, {
    email: address,
    name: `Owner ${serial}`,
    role,
    password_hash: password ? await hashPassword(password) : null,
    google_sub: password ? null : `google-${serial}-${Date.now()}`,
    email_verified_at: verified ? stamp : null,
  });
  return row;
}

/** A seller account with a listing, categories, reviews (one replied, one pending), images, an ID proof, a mail and audit rows. */
async function makeSellerWithData() {
  const user = await makeUser();
  const category = await db.selectFrom("categories").select("id").orderBy("id").executeTakeFirstOrThrow();
  const photo = await storeImage(db, await pngImage(40, 40, 10), "profile_photo");
  const idProof = await storeImage(db, await pngImage(40, 40, 200), "id_proof_document");
  if (!photo.ok || !idProof.ok) throw new Error("images not stored");
  const sellerId = await createSeller(db, {
    user_id: user.id,
    email: user.email,
    business_name: `Pickles ${serial}`,
    profile_photo: photo.key,
    id_proof_document: idProof.key,
    categoryIds: [category.id],
  });
  await db.updateTable("uploads").set({ seller_id: sellerId }).where("key", "in", [photo.key, idProof.key]).execute();
  const reviewId = await createReviewRow(db, sellerId, { reviewer_name: "Meena", rating: 5, status: "published" });
  await db.updateTable("reviews").set({ seller_reply: "Thank you, Meena!" }).where("id", "=", reviewId).execute();
  // Awaiting moderation: not hers to see yet, in the export as on her dashboard.
  await createReviewRow(db, sellerId, { reviewer_name: "Unseen", rating: 1, status: "pending" });
  await insertInvitation(db, sellerId, "Meena");
  await queueMail(db, { to: user.email, sellerId, subject: "Your listing is live", text: "Hello" });
  await queueMail(db, { to: user.email, userId: user.id, subject: "Your password was changed", text: "Hi" });
  await writeAudit(db, {
    action: "seller.login.success",
    actorUserId: user.id,
    actorEmail: user.email,
    ip: "203.0.113.7",
  });
  await writeAudit(db, {
    action: "seller.verify",
    actorUserId: staff.id,
    actorEmail: staff.email,
    ip: staff.ip,
    targetType: "seller",
    targetId: sellerId,
    details: { before: { email: user.email } },
  });
  await db
    .insertInto("sessions")
    .values({
      id: `s-${serial}-${Date.now()}-abcdefghijklmnopqrstuvwxyz`,
      user_id: user.id,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      ip: "203.0.113.7",
      user_agent: "test",
    })
    .execute();
  // The leads her listing had and the periodic mails it was sent (the test data has none of its own).
  await db
    .insertInto("seller_leads")
    .values([
      { seller_id: sellerId, day: "2026-10-02", kind: "view", count: 7 },
      { seller_id: sellerId, day: "2026-10-02", kind: "whatsapp", count: 2 },
      { seller_id: sellerId, day: "2026-10-03", kind: "call", count: 1 },
    ])
    .execute();
  await db
    .insertInto("seller_mails")
    .values([
      { seller_id: sellerId, kind: "report", period: "2026-10", created_at: new Date().toISOString() },
      { seller_id: sellerId, kind: "renewal-14", period: "2027-01-20", created_at: new Date().toISOString() },
    ])
    .execute();
  return { user, sellerId, reviewId, photo: photo.key, idProof: idProof.key };
}

describe("collectAccountData", () => {
  it("holds her account, listing, categories, reviews with replies, mails, audit and files — no secrets, no staff details", async () => {
    const { user, sellerId, photo, idProof } = await makeSellerWithData();
    const other = await makeSellerWithData();
    const data = (await collectAccountData(db, user.id))!;
    expect(data.account).toMatchObject({ id: user.id, email: user.email, has_password: true, google_linked: false });
    expect(JSON.stringify(data)).not.toMatch(/scrypt\$|\$argon2id\$/);
    expect(data.listings).toHaveLength(1);
    expect(data.listings[0]).toMatchObject({ id: sellerId, business_name: expect.stringMatching(/^Pickles/) });
    expect(data.listings[0].categories).toHaveLength(1);
    expect(data.reviews).toEqual([
      expect.objectContaining({ seller_id: sellerId, reviewer_name: "Meena", seller_reply: "Thank you, Meena!" }),
    ]);
    expect(data.review_invitations).toEqual([
      expect.objectContaining({ seller_id: sellerId, customer_name: "Meena", used_at: null }),
    ]);
    expect(data.mails.map((m) => m.subject)).toEqual(["Your listing is live", "Your password was changed"]);
    expect(data.audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "seller.login.success", by: "you", ip: "203.0.113.7" }),
        { action: "seller.verify", at: expect.any(String), by: "staff", ip: null, details: null },
      ]),
    );
    expect(JSON.stringify(data.audit)).not.toContain(staff.email);
    expect(JSON.stringify(data.audit)).not.toContain(staff.ip);
    expect(data.files.map((f) => [f.key, f.visibility]).sort()).toEqual(
      [
        [photo, "public"],
        [idProof, "private"],
      ].sort(),
    );
    expect(data.sessions).toHaveLength(1);
    expect(data.leads).toEqual([
      { seller_id: sellerId, day: "2026-10-02", kind: "view", count: 7 },
      { seller_id: sellerId, day: "2026-10-02", kind: "whatsapp", count: 2 },
      { seller_id: sellerId, day: "2026-10-03", kind: "call", count: 1 },
    ]);
    // Nothing of the other seller.
    const text = JSON.stringify(data);
    expect(text).not.toContain(other.user.email);
    expect(text).not.toContain(other.photo);
    expect(await collectAccountData(db, 987_654_321)).toBeNull();
  });
});

// The probe's findings: an account is what is linked to it by id, never what merely shares its address.
describe("data reached by id, never through a shared address", () => {
  /** Other people's mail to `address`: the team's notice, a listing without an account, an earlier holder's. */
  async function othersMailTo(address: string) {
    const listing = await createSeller(db, { user_id: null, email: address, business_name: "No-account listing" });
    const earlier = await makeUser();
    return [
      await queueMail(db, {
        to: address,
        subject: "New listing application: Spices (#41)",
        text: "Asha applied. UTR: 123456789012. Email: asha@example.in · Mobile: +919876543210",
      }),
      await queueMail(db, {
        to: address,
        sellerId: listing,
        subject: "Your listing in October: 40 views",
        text: "Stop these: http://localhost/seller-mails/off?seller=1&token=abc",
      }),
      await queueMail(db, { to: address, userId: earlier.id, subject: "Choose a new password", text: "reset" }),
    ];
  }

  it("an account whose address other people's mail went to gets none of it in her export", async () => {
    const address = `shared-${Date.now()}@example.in`;
    const others = await othersMailTo(address);
    const user = await makeUser("seller", address);
    await queueMail(db, { to: address, userId: user.id, subject: "Her own mail", text: "Hello" });
    const data = (await collectAccountData(db, user.id))!;
    expect(data.mails.map((m) => m.subject)).toEqual(["Her own mail"]);
    const text = JSON.stringify(data);
    for (const leak of ["UTR", "asha@example.in", "No-account listing", "Your listing in October"])
      expect(text).not.toContain(leak);
    expect(others).toHaveLength(3);
  });

  it("an account that has not proved its address gets no mail in her export, not even her own", async () => {
    const address = `unproven-${Date.now()}@example.in`;
    await othersMailTo(address);
    const user = await makeUser("seller", address, "Old-Password-1", false);
    await sendVerificationMail(db, { id: user.id, email: address, name: "Unproven" });
    expect((await collectAccountData(db, user.id))!.mails).toEqual([]);
    // Once she opens the link, what was queued for her is hers.
    await db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    expect((await collectAccountData(db, user.id))!.mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Please confirm your email address/),
    ]);
  });

  it("attempts made by typing her address show without where they came from, and not at all before she proved it", async () => {
    const attempt = (userId: number, email: string, ip: string) =>
      writeAudit(db, {
        action: "seller.login.failure",
        actorUserId: userId,
        actorEmail: email,
        ip,
        details: { portal: "seller" },
      });
    const unproven = await makeUser("seller", undefined, "Old-Password-1", false);
    await attempt(unproven.id, unproven.email, "198.51.100.77");
    await requestPasswordReset(db, unproven.email, { clientAddress: "198.51.100.78", portal: "seller" });
    const before = (await collectAccountData(db, unproven.id))!;
    expect(before.audit.map((a) => a.action)).not.toContain("seller.login.failure");
    expect(JSON.stringify(before)).not.toMatch(/198\.51\.100\.7[78]/);
    const proven = await makeUser();
    await attempt(proven.id, proven.email, "198.51.100.79");
    const after = (await collectAccountData(db, proven.id))!;
    expect(after.audit).toContainEqual({
      action: "seller.login.failure",
      at: expect.any(String),
      by: "someone",
      ip: null,
      details: null,
    });
    expect(JSON.stringify(after)).not.toContain("198.51.100.79");
  });

  it("mails a Hindi-speaking seller her reset link in Hindi, to the Hindi pages", async () => {
    const user = await makeUser();
    expect(await setAccountLanguage(db, user.id, "hi-IN")).toBe(true);
    await requestPasswordReset(db, user.email, { clientAddress: "10.7.0.9", portal: "seller" });
    const [mail] = await db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("user_id", "=", user.id)
      .execute();
    expect(mail.subject).toBe("नया पासवर्ड चुनें — BWP Directory");
    expect(mail.text_body).toContain(`नमस्ते Owner ${serial} जी,`);
    expect(mail.text_body).toContain("यह लिंक एक ही बार, 60 मिनट तक काम करता है।");
    expect(mail.text_body).toMatch(/\/hi\/reset-password\?id=\d+&expires=\d+&token=/);
    expect(mail.text_body).toContain("/hi/seller-login पर साइन इन करें");
    expect(mail.text_body).not.toMatch(/Hello|Choose|The link|ignore/);
  });

  it("the export holds no mail body, so no reset, verification or one-click link that may still work", async () => {
    const user = await makeUser();
    await requestPasswordReset(db, user.email, { clientAddress: "10.7.0.1", portal: "seller" });
    await sendVerificationMail(db, { id: user.id, email: user.email, name: "Owner" });
    const bodies = await db.selectFrom("mail_outbox").select("text_body").where("user_id", "=", user.id).execute();
    const tokens = bodies.map((b) => /token=([\w-]+)/.exec(b.text_body)?.[1]);
    expect(tokens).toHaveLength(2);
    const data = (await collectAccountData(db, user.id))!;
    expect(data.mails).toHaveLength(2);
    const text = JSON.stringify(data);
    for (const token of tokens) expect(text).not.toContain(token!);
    expect(text).not.toMatch(/token=/);
  });

  it("deleting such an account keeps the team's queued mail, other people's mail and other people's audit rows", async () => {
    const address = `erase-shared-${Date.now()}@example.in`;
    const others = await othersMailTo(address);
    // Audit rows that name the address but are not this account's: the earlier holder's sign-in, a newsletter unsubscribe.
    const earlier = await makeUser();
    await writeAudit(db, {
      action: "seller.login.success",
      actorUserId: earlier.id,
      actorEmail: address,
      ip: "10.1.1.1",
    });
    await writeAudit(db, {
      action: "newsletter.unsubscribe",
      actorEmail: address,
      targetType: "newsletter_subscription",
      targetId: 7,
    });
    const { user, sellerId } = await makeSellerWithData();
    await db.updateTable("users").set({ email: address }).where("id", "=", user.id).execute();
    await queueMail(db, { to: address, userId: user.id, subject: "Hers", text: "x" });

    expect(await eraseAccount(db, user.id, null)).toMatchObject({ ok: true, sellerIds: [sellerId] });
    const left = await db
      .selectFrom("mail_outbox")
      .select("id")
      .where("to_address", "=", address)
      .orderBy("id")
      .execute();
    expect(left.map((m) => m.id)).toEqual(others);
    const linked = await db
      .selectFrom("mail_outbox")
      .select("id")
      .where((eb) => eb.or([eb("user_id", "=", user.id), eb("seller_id", "=", sellerId)]))
      .execute();
    expect(linked).toEqual([]);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id"])
      .where("actor_email", "=", address)
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "seller.login.success", actor_user_id: earlier.id },
        { action: "newsletter.unsubscribe", actor_user_id: null },
      ]),
    );
    expect(audit.filter((a) => a.actor_user_id === user.id)).toEqual([]);
  });

  it("deletion keeps a throttled sign-in attempt on her address as a row without the address", async () => {
    const { user } = await makeSellerWithData();
    await writeAudit(db, { action: "seller.login.throttled", actorEmail: user.email, ip: "10.4.4.4" });
    const [row] = await db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "seller.login.throttled")
      .where("actor_email", "=", user.email)
      .execute();
    await eraseAccount(db, user.id, null);
    expect(
      await db.selectFrom("audit_log").select(["action", "actor_email"]).where("id", "=", row.id).executeTakeFirst(),
    ).toEqual({ action: "seller.login.throttled", actor_email: null });
  });

  it("the team's and the sender's addresses are the site's own (with any +tag and in any case)", () => {
    expect(teamEmail()).toBe("hello@bwpdirectory.in");
    for (const address of [
      "hello@bwpdirectory.in",
      " Hello@BWPDirectory.in",
      "hello+me@bwpdirectory.in",
      "no-reply@bwpdirectory.in",
    ])
      expect(isSiteAddress(address), address).toBe(true);
    for (const address of ["hello@example.in", "hello2@bwpdirectory.in", "nohello@bwpdirectory.in"])
      expect(isSiteAddress(address), address).toBe(false);
  });

  it("Google sign-in makes no seller account for a site address", async () => {
    const profile = { sub: `g-team-${Date.now()}`, email: teamEmail(), emailVerified: true, name: "Team" };
    expect(await findOrCreateGoogleUser(db, profile, { reservedEmail: isSiteAddress(profile.email) })).toEqual({
      ok: false,
      reason: "reserved_email",
    });
    expect(await db.selectFrom("users").select("id").where("email", "=", teamEmail()).execute()).toEqual([]);
  });
});

describe("eraseAccount", () => {
  it("removes every row and file of the account and keeps one audit row without personal data", async () => {
    const { user, sellerId, reviewId, photo, idProof } = await makeSellerWithData();
    const other = await makeSellerWithData();
    const shareDir = join(uploadsDir(), "cache", "share");
    mkdirSync(shareDir, { recursive: true });
    writeFileSync(join(shareDir, `seller-${sellerId}-0123456789abcdef.jpg`), "card");
    writeFileSync(join(shareDir, `seller-${other.sellerId}-0123456789abcdef.jpg`), "card");
    const before = await db.selectFrom("content_version").select("version").executeTakeFirstOrThrow();

    const erased = await eraseAccountAndFiles(db, user.id, null);
    expect(erased).toMatchObject({ ok: true, sellerIds: [sellerId] });

    expect(await db.selectFrom("users").select("id").where("id", "=", user.id).execute()).toEqual([]);
    expect(await db.selectFrom("sellers").select("id").where("id", "=", sellerId).execute()).toEqual([]);
    expect(await db.selectFrom("reviews").select("id").where("id", "=", reviewId).execute()).toEqual([]);
    expect(
      await db.selectFrom("seller_categories").select("seller_id").where("seller_id", "=", sellerId).execute(),
    ).toEqual([]);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(await db.selectFrom("uploads").select("key").where("key", "in", [photo, idProof]).execute()).toEqual([]);
    expect(await db.selectFrom("mail_outbox").select("id").where("to_address", "=", user.email).execute()).toEqual([]);
    expect(await db.selectFrom("seller_leads").select("day").where("seller_id", "=", sellerId).execute()).toEqual([]);
    expect(await db.selectFrom("seller_mails").select("kind").where("seller_id", "=", sellerId).execute()).toEqual([]);
    expect(existsSync(join(uploadsDir(), "public", photo))).toBe(false);
    expect(existsSync(join(uploadsDir(), "private", idProof))).toBe(false);
    expect(readdirSync(join(uploadsDir(), "public")).some((f) => f.startsWith(photo.replace(".webp", "")))).toBe(false);
    expect(existsSync(join(shareDir, `seller-${sellerId}-0123456789abcdef.jpg`))).toBe(false);
    // Her address appears nowhere in the audit log; the deletion is recorded.
    const audit = await db.selectFrom("audit_log").selectAll().execute();
    expect(JSON.stringify(audit)).not.toContain(user.email);
    const deletion = audit.filter((a) => a.action === "account.delete" && a.target_id === String(user.id));
    expect(deletion).toEqual([
      expect.objectContaining({ actor_user_id: null, actor_email: null, ip: null, target_type: "user" }),
    ]);
    expect(JSON.parse(deletion[0].details!)).toEqual({ by: "self", listings: [sellerId] });
    // The staff change about her stays, without its details.
    const staffRow = audit.find((a) => a.action === "seller.verify" && a.target_id === String(sellerId));
    expect(staffRow).toMatchObject({ actor_email: staff.email, details: null });
    // The listing left the public pages: the content version moved (response cache).
    const after = await db.selectFrom("content_version").select("version").executeTakeFirstOrThrow();
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));

    // The other seller is untouched.
    expect(await db.selectFrom("sellers").select("id").where("id", "=", other.sellerId).execute()).toHaveLength(1);
    expect(existsSync(join(uploadsDir(), "public", other.photo))).toBe(true);
    expect(existsSync(join(shareDir, `seller-${other.sellerId}-0123456789abcdef.jpg`))).toBe(true);
    expect(await db.selectFrom("reviews").select("id").where("id", "=", other.reviewId).execute()).toHaveLength(1);
    expect(
      await db.selectFrom("seller_leads").select("day").where("seller_id", "=", other.sellerId).execute(),
    ).toHaveLength(3);
    expect(
      await db.selectFrom("seller_mails").select("kind").where("seller_id", "=", other.sellerId).execute(),
    ).toHaveLength(2);

    // A second erasure finds nothing.
    expect(await eraseAccount(db, user.id, null)).toBeNull();
  });

  it("records a staff erasure as the staff member", async () => {
    const { user } = await makeSellerWithData();
    await eraseAccount(db, user.id, staff);
    const row = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "account.delete")
      .where("target_id", "=", String(user.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_user_id: staff.id, actor_email: staff.email, ip: staff.ip });
    expect(JSON.parse(row.details!).by).toBe("staff");
  });
});

/** An online payment of a listing, paid through a verified event (as the webhook applies it), with its link. */
async function paidOnline(sellerId: number) {
  const reference = `bwp-a${sellerId}-${(serial++).toString(16).padStart(8, "0")}`;
  const id = await insertPayment(db, {
    sellerId,
    purpose: "application",
    reference,
    gateway: "razorpay",
    amountPaise: 149_900,
    currency: "INR",
    months: 6,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const linkId = `plink_export${sellerId}x${serial}`;
  await setPaymentLink(db, id, { linkId, url: `https://rzp.io/i/${linkId}` });
  const paymentId = `pay_export${sellerId}x${serial}`;
  await applyPaymentEvent(db, "razorpay", {
    eventId: `evt_export${sellerId}x${serial}`,
    event: "payment_link.paid",
    occurredAt: null,
    kind: "paid",
    linkId,
    reference,
    paymentId,
    amountPaise: 149_900,
    currency: "INR",
    method: "upi",
    paidAt: "2026-11-20T10:00:00.000Z",
  });
  return { id, reference, linkId, paymentId };
}

describe("online payments as her data", () => {
  it("are in her export (what, how much, how, when), without the link, a staff flag or a gateway event", async () => {
    const { user, sellerId } = await makeSellerWithData();
    const other = await makeSellerWithData();
    const paid = await paidOnline(sellerId);
    await db.updateTable("payments").set({ flag: "staff-only note" }).where("id", "=", paid.id).execute();
    const theirs = await paidOnline(other.sellerId);
    const data = (await collectAccountData(db, user.id))!;
    expect(data.payments).toEqual([
      {
        seller_id: sellerId,
        reference: paid.reference,
        purpose: "application",
        amount_paise: 149_900,
        currency: "INR",
        months: 6,
        status: "paid",
        method: "upi",
        gateway: "razorpay",
        gateway_payment_id: paid.paymentId,
        created_at: expect.any(String),
        expires_at: expect.any(String),
        paid_at: "2026-11-20T10:00:00.000Z",
        refunded_at: null,
      },
    ]);
    const text = JSON.stringify(data);
    for (const absent of [paid.linkId, "staff-only note", "evt_export", theirs.reference])
      expect(text).not.toContain(absent);
  });

  it("stay as money records after her erasure, unlinked from her: no listing, no link; the events and audit stay", async () => {
    const { user, sellerId } = await makeSellerWithData();
    const paid = await paidOnline(sellerId);
    const other = await makeSellerWithData();
    const theirs = await paidOnline(other.sellerId);
    await eraseAccount(db, user.id, null);
    const row = await db.selectFrom("payments").selectAll().where("id", "=", paid.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      seller_id: null,
      link_url: null,
      reference: paid.reference,
      amount_paise: 149_900,
      status: "paid",
      gateway_payment_id: paid.paymentId,
      method: "upi",
      paid_at: "2026-11-20T10:00:00.000Z",
    });
    expect(await db.selectFrom("payment_events").select("outcome").where("payment_id", "=", paid.id).execute()).toEqual(
      [{ outcome: "applied" }],
    );
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_type", "=", "payment")
      .where("target_id", "=", String(paid.id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["payment.created", "payment.paid"]);
    expect(JSON.stringify(audit)).not.toContain(user.email);
    // Another seller's payment keeps its listing and link.
    expect(
      await db.selectFrom("payments").select(["seller_id", "link_url"]).where("id", "=", theirs.id).executeTakeFirst(),
    ).toEqual({ seller_id: other.sellerId, link_url: `https://rzp.io/i/${theirs.linkId}` });
  });
});

describe("password reset links", () => {
  it("answers the same with or without an account, mails only an existing one, and limits per address", async () => {
    const user = await makeUser();
    const unknown = `nobody-${Date.now()}@example.in`;
    const meta = (ip: string) => ({ clientAddress: ip, portal: "seller" as const });
    const known = await requestPasswordReset(db, user.email, meta("10.0.0.1"));
    const none = await requestPasswordReset(db, unknown, meta("10.0.0.2"));
    expect(known).toEqual({ ok: true, message: ACCOUNT_MESSAGES.resetSent });
    expect(none).toEqual(known);
    expect(await db.selectFrom("mail_outbox").select("id").where("to_address", "=", user.email).execute()).toHaveLength(
      1,
    );
    expect(await db.selectFrom("mail_outbox").select("id").where("to_address", "=", unknown).execute()).toHaveLength(0);
    // Per typed address (3 an hour): the fourth from fresh addresses is refused, for both kinds of address.
    for (const email of [user.email, unknown]) {
      await requestPasswordReset(db, email, meta("10.0.1.1"));
      await requestPasswordReset(db, email, meta("10.0.1.2"));
      const refused = await requestPasswordReset(db, email, meta("10.0.1.3"));
      expect(refused).toMatchObject({ ok: false, status: 429 });
    }
  });

  it("works once, refuses forged and expired links, and ends every session", async () => {
    const user = await makeUser();
    const account = (await accountFactsById(db, user.id))!;
    const params = resetParams(account);
    const link = await checkResetLink(db, new URLSearchParams(params));
    expect(link.ok).toBe(true);
    // Forged: another id, a changed expiry, a made-up token.
    for (const forged of [
      { ...params, id: String(staff.id) },
      { ...params, expires: String(Number(params.expires) + 3600) },
      { ...params, token: "x".repeat(43) },
    ])
      expect(await checkResetLink(db, new URLSearchParams(forged))).toEqual({
        ok: false,
        status: 400,
        message: ACCOUNT_MESSAGES.resetBadLink,
      });
    // Expired: a link made two hours ago.
    const old = resetParams(account, Date.now() - 2 * 3600_000);
    expect(await checkResetLink(db, new URLSearchParams(old))).toEqual({
      ok: false,
      status: 400,
      message: ACCOUNT_MESSAGES.resetExpired,
    });
    await db
      .insertInto("sessions")
      .values({
        id: `reset-${Date.now()}-abcdefghijklmnopqrstuvwxyz0123`,
        user_id: user.id,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        ip: null,
        user_agent: null,
      })
      .execute();
    if (!link.ok) throw new Error("unreachable");
    expect(await resetPasswordWithLink(db, link, "New-Password-22", "10.0.0.9")).toMatchObject({ ok: true });
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    // Reused: the stored hash changed, so the same link no longer verifies; a stale check loses the race.
    expect(await checkResetLink(db, new URLSearchParams(params))).toMatchObject({ ok: false, status: 400 });
    expect(await resetPasswordWithLink(db, link, "Another-Password-3", "10.0.0.9")).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      await db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "account.password_reset")
        .where("target_id", "=", String(user.id))
        .execute(),
    ).toHaveLength(1);
  });

  it("replacePasswordHash changes only the hash it was given", async () => {
    const user = await makeUser("seller", undefined, null);
    expect(await replacePasswordHash(db, user.id, "not-the-hash", "scrypt$x")).toBe(false);
    expect(await replacePasswordHash(db, user.id, null, "scrypt$first")).toBe(true);
    expect(await replacePasswordHash(db, user.id, null, "scrypt$second")).toBe(false);
  });
});

describe("email change", () => {
  it("changes the account and her listing's email once the link is confirmed, tells the old address, and refuses a reused or taken one", async () => {
    const { user, sellerId } = await makeSellerWithData();
    const to = `new-${Date.now()}@example.in`;
    const params = emailChangeParams(user, to);
    const link = await checkEmailChangeLink(db, new URLSearchParams(params));
    if (!link.ok) throw new Error(link.message);
    expect(await confirmEmailChange(db, link, "10.0.0.5")).toEqual({
      ok: true,
      message: ACCOUNT_MESSAGES.emailChanged,
    });
    const row = await db
      .selectFrom("users")
      .select(["email", "email_verified_at"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(to);
    expect(row.email_verified_at).not.toBeNull();
    expect(
      (await db.selectFrom("sellers").select("email").where("id", "=", sellerId).executeTakeFirstOrThrow()).email,
    ).toBe(to);
    const told = await db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", user.email)
      .where("subject", "like", "Your email address was changed%")
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0].text_body).toContain(to);
    // Reused: the account's email is no longer the one the link was signed over.
    expect(await checkEmailChangeLink(db, new URLSearchParams(params))).toMatchObject({ ok: false, status: 400 });
    // Taken meanwhile: the unique index decides.
    const other = await makeUser();
    expect(await changeAccountEmail(db, user.id, to, other.email)).toEqual({ ok: false, reason: "taken" });
    expect(await changeAccountEmail(db, user.id, "old@example.in", "x@example.in")).toEqual({
      ok: false,
      reason: "moved",
    });
  });
});

describe("email change requests", () => {
  it("answer a taken address exactly as a free one, counted first, and the taken address is told by mail", async () => {
    const asker = await makeUser();
    const holder = await makeUser();
    const free = `free-${Date.now()}@example.in`;
    const input = (email: string) => ({ email, current_password: "Old-Password-1" });
    const toFree = await requestEmailChange(db, asker.id, input(free));
    const toTaken = await requestEmailChange(db, asker.id, input(holder.email.toUpperCase()));
    expect(toFree).toEqual({ ok: true, message: ACCOUNT_MESSAGES.emailChangeSent });
    expect(toTaken).toEqual(toFree);
    const mails = await db
      .selectFrom("mail_outbox")
      .select(["to_address", "subject", "text_body", "user_id"])
      .where("to_address", "in", [free, holder.email])
      .orderBy("id")
      .execute();
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      [free, EMAIL_CHANGE_SUBJECT],
      [holder.email, EMAIL_CHANGE_SUBJECT],
    ]);
    expect(mails[0].text_body).toContain("/confirm-email-change?");
    expect(mails[1].text_body).toContain("an account with this address exists already");
    expect(mails[1].text_body).not.toContain("/confirm-email-change");
    // The mail to the taken address is its holder's, not the asker's (whose export would otherwise tell).
    expect(mails.map((m) => m.user_id)).toEqual([asker.id, holder.id]);
    // ACCOUNT_MAIL (5 an hour) counts every request before the address is looked at: the sixth is refused,
    // for a taken address as for a free one.
    for (let i = 0; i < 3; i++) await requestEmailChange(db, asker.id, input(`more-${i}-${Date.now()}@example.in`));
    expect(await requestEmailChange(db, asker.id, input(holder.email))).toMatchObject({ ok: false, status: 429 });
    expect(await requestEmailChange(db, asker.id, input(`late-${Date.now()}@example.in`))).toMatchObject({
      ok: false,
      status: 429,
    });
  });

  it("refuse the site's own addresses with a clear message, at the request and at the link", async () => {
    const user = await makeUser();
    expect(await requestEmailChange(db, user.id, { email: teamEmail(), current_password: "Old-Password-1" })).toEqual({
      ok: false,
      status: 400,
      field: "email",
      message: ACCOUNT_MESSAGES.reservedEmail,
    });
    expect(
      await db
        .selectFrom("mail_outbox")
        .select("id")
        .where("to_address", "=", teamEmail())
        .where("user_id", "=", user.id)
        .execute(),
    ).toEqual([]);
    // A link made before (or by hand with the secret) still cannot move the account to the team's address.
    const link = await checkEmailChangeLink(
      db,
      new URLSearchParams(emailChangeParams(user, "hello+x@bwpdirectory.in")),
    );
    if (!link.ok) throw new Error(link.message);
    expect(await confirmEmailChange(db, link, "10.0.0.8")).toEqual({
      ok: false,
      status: 400,
      message: ACCOUNT_MESSAGES.reservedEmail,
    });
    expect((await accountFactsById(db, user.id))!.email).toBe(user.email);
  });
});

describe("deletion links", () => {
  it("verify for the account they name and die with it", async () => {
    const user = await makeUser("seller", undefined, null);
    const params = deletionParams(user);
    expect((await checkDeletionLink(db, new URLSearchParams(params))).ok).toBe(true);
    expect(await checkDeletionLink(db, new URLSearchParams({ ...params, id: String(staff.id) }))).toMatchObject({
      ok: false,
    });
    expect(await checkDeletionLink(db, new URLSearchParams(deletionParams(user, Date.now() - 2 * 3600_000)))).toEqual({
      ok: false,
      status: 400,
      message: ACCOUNT_MESSAGES.deletionExpired,
    });
    await eraseAccount(db, user.id, null);
    expect(await checkDeletionLink(db, new URLSearchParams(params))).toMatchObject({ ok: false, status: 400 });
  });
});
