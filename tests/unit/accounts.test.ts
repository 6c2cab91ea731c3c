import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { englishMessage as english } from "~/services/api.server";
import { reloadConfig } from "~/services/config.server";
import type { DB } from "~db/client";
import { createReviewRow, createSeller } from "~db/seed/factories";
import { registerApiSchema, signupStep1Schema, signupStep2Schema } from "~/lib/validation/accounts";
import { subscriptionExpiry } from "~/lib/subscription";
import { replyToOwnReview, updateOwnProfile, getOwnListing } from "~/models/seller-account.server";
import {
  EMAIL_TAKEN_MESSAGE,
  ensureFirstAdmin,
  findOrCreateGoogleUser,
  registerSeller,
  setPasswordHash,
} from "~/models/users.server";
import { attemptPasswordLogin, INVALID_ADMIN_MESSAGE, INVALID_LOGIN_MESSAGE } from "~/services/auth.server";
import { hashPassword } from "~/services/password.server";
import { openPendingSignup, sealPendingSignup } from "~/services/pending-signup.server";
import { consume, peek, reset } from "~/services/rate-limit.server";
import { sessionCookie } from "~/services/session.server";
import { createFirstAdminFromSettings } from "~/services/startup.server";
import { categoryIdBySlug, createTestDb } from "../support/test-db";

let db: DB;
let cleanup: () => Promise<void>;
let food: number;
let fashion: number;
let bakers: number;
let sareeSub: number;

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  food = await categoryIdBySlug(db, "food-and-beverages");
  fashion = await categoryIdBySlug(db, "fashion-and-apparel");
  bakers = (await db.selectFrom("subcategories").select("id").where("category_id", "=", food).executeTakeFirstOrThrow())
    .id;
  sareeSub = (
    await db.selectFrom("subcategories").select("id").where("category_id", "=", fashion).executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => cleanup());

const base = {
  name: "Asha Rao",
  email: "Asha@Example.in",
  mobile: "+919876543210",
  city: "Pune" as const,
  locality: "Baner",
  subcategory_ids: [] as number[],
};

// Each test makes the accounts it needs (unique emails), so tests pass alone and in any order.
let serial = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${++serial}-${Date.now().toString(36)}@example.in`;

/** A registered seller account (with its draft listing) whose password is known. */
async function newSeller(password = "pass-word-1") {
  const email = uniqueEmail("seller");
  const result = await registerSeller(db, {
    ...base,
    email,
    category_ids: [food],
    passwordHash: await hashPassword(password),
  });
  if (!result.ok) throw new Error(result.message);
  return { email, password, userId: result.user.id, sellerId: result.sellerId };
}

async function newAdmin(password = "Boss-Password-1") {
  const email = uniqueEmail("boss");
  await ensureFirstAdmin(db, email, () => hashPassword(password));
  return { email, password };
}

describe("registerSeller", () => {
  it("creates the seller account and a pending draft listing with its categories", async () => {
    const result = await registerSeller(db, {
      ...base,
      category_ids: [food],
      subcategory_ids: [bakers],
      passwordHash: await hashPassword("pass-word-1"),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.user).toMatchObject({ email: "asha@example.in", role: "seller", city: "Pune", locality: "Baner" });
    const seller = await db
      .selectFrom("sellers")
      .selectAll()
      .where("id", "=", result.sellerId)
      .executeTakeFirstOrThrow();
    expect(seller).toMatchObject({
      user_id: result.user.id,
      status: "pending",
      is_paid: 0,
      payment_status: "pending",
      category_names: "Food & Beverages",
    });
  });

  it("refuses a taken email (any case), unknown categories and foreign sub-categories", async () => {
    const hash = "scrypt$1$1$1$x$y";
    const taken = await newSeller();
    expect(
      await registerSeller(db, { ...base, email: taken.email.toUpperCase(), category_ids: [food], passwordHash: hash }),
    ).toEqual({ ok: false, field: "email", message: EMAIL_TAKEN_MESSAGE });
    expect(
      await registerSeller(db, { ...base, email: "b@example.in", category_ids: [999999], passwordHash: hash }),
    ).toMatchObject({ ok: false, field: "category_ids" });
    expect(
      await registerSeller(db, {
        ...base,
        email: "c@example.in",
        category_ids: [food],
        subcategory_ids: [sareeSub],
        passwordHash: hash,
      }),
    ).toMatchObject({ ok: false, field: "subcategory_ids" });
    expect(
      await db.selectFrom("users").select("id").where("email", "in", ["b@example.in", "c@example.in"]).execute(),
    ).toEqual([]);
  });
});

describe("registerSeller in parallel", () => {
  it("sign-ups racing for one email make one account; the others are told the email is taken, on either engine", async () => {
    const email = "racing@example.in";
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        registerSeller(db, { ...base, email, category_ids: [food], passwordHash: "scrypt$1$1$1$x$y" }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, field: "email", message: EMAIL_TAKEN_MESSAGE },
      { ok: false, field: "email", message: EMAIL_TAKEN_MESSAGE },
    ]);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).execute()).toHaveLength(1);
  });
});

describe("sign-up schemas", () => {
  it("uses the spec's messages", () => {
    const r = signupStep1Schema.safeParse({
      name: " ",
      email: "x",
      mobile: "0123",
      password: "short",
      confirm_password: "other",
    });
    const messages = r.success ? [] : r.error.issues.map((i) => english(i.message));
    expect(messages).toEqual(
      expect.arrayContaining([
        "Name is required",
        "Email is invalid",
        "Please enter a valid mobile number",
        "Password must be at least 8 characters",
      ]),
    );
    const mismatch = signupStep1Schema.safeParse({
      name: "A",
      email: "a@b.in",
      mobile: "98765 43210",
      password: "long-enough",
      confirm_password: "long-enougH",
    });
    expect(mismatch.success ? [] : mismatch.error.issues.map((i) => english(i.message))).toEqual([
      "Passwords do not match",
    ]);
    const s2 = signupStep2Schema.safeParse({});
    expect(s2.success ? [] : s2.error.issues.map((i) => english(i.message))).toEqual(
      expect.arrayContaining([
        "City is required",
        "Please select at least one category",
        "You must agree to the terms and conditions",
      ]),
    );
  });

  it("lets step 1 keep a pending password, and strips spaces from the mobile number", () => {
    const kept = signupStep1Schema.safeParse({
      name: "A",
      email: "a@b.in",
      mobile: "+91 98765 43210",
      pending: "token",
    });
    expect(kept.success && kept.data.mobile).toBe("+919876543210");
    expect(registerApiSchema.safeParse({ ...base, password: "p", category_ids: [1] }).success).toBe(false);
  });
});

describe("pending sign-up token", () => {
  it("holds the hash for the same email only, and expires", () => {
    const token = sealPendingSignup("scrypt$hash", "a@b.in", 1_000);
    expect(token).not.toContain("scrypt");
    expect(openPendingSignup(token, "A@B.in", 2_000)).toBe("scrypt$hash");
    expect(openPendingSignup(token, "other@b.in", 2_000)).toBeNull();
    expect(openPendingSignup(token, "a@b.in", 1_000 + 31 * 60_000)).toBeNull();
    const tampered = token.slice(0, -2) + (token.endsWith("A") ? "BB" : "AA");
    expect(openPendingSignup(tampered, "a@b.in", 2_000)).toBeNull();
  });
});

describe("attemptPasswordLogin", () => {
  beforeEach(async () => {
    await reset(db, "login", "10.0.0.1");
  });

  it("signs staff in at the admin door, refuses sellers there with the same message, and audits without the password", async () => {
    const admin = await newAdmin();
    const sellerAccount = await newSeller();
    const ghost = uniqueEmail("ghost");
    const ok = await attemptPasswordLogin(
      db,
      { email: admin.email.toUpperCase(), password: admin.password },
      { portal: "admin", clientAddress: "10.0.0.1" },
    );
    expect(ok).toMatchObject({ ok: true, user: { role: "admin" } });
    const seller = await attemptPasswordLogin(
      db,
      { email: sellerAccount.email, password: sellerAccount.password },
      { portal: "admin", clientAddress: "10.0.0.1" },
    );
    expect(seller).toEqual({ ok: false, status: 401, message: INVALID_ADMIN_MESSAGE });
    const unknown = await attemptPasswordLogin(
      db,
      { email: ghost, password: admin.password },
      { portal: "admin", clientAddress: "10.0.0.1" },
    );
    expect(unknown).toEqual({ ok: false, status: 401, message: INVALID_ADMIN_MESSAGE });
    const rows = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "like", "admin.login.%")
      .where("actor_email", "in", [admin.email, sellerAccount.email, ghost])
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.action)).toEqual(["admin.login.success", "admin.login.failure", "admin.login.failure"]);
    expect(rows.every((r) => r.ip === "10.0.0.1")).toBe(true);
    expect(JSON.stringify(rows)).not.toContain("Boss-Password-1");
  });

  it("throttles an address after 10 failures, even for the right password", async () => {
    const { email, password } = await newSeller();
    await reset(db, "login", "10.0.0.2");
    for (let i = 0; i < 10; i++) {
      expect(
        await attemptPasswordLogin(
          db,
          { email, password: `bad-${i}` },
          { portal: "seller", clientAddress: "10.0.0.2" },
        ),
      ).toMatchObject({ status: 401, message: INVALID_LOGIN_MESSAGE });
    }
    const blocked = await attemptPasswordLogin(
      db,
      { email, password },
      { portal: "seller", clientAddress: "10.0.0.2" },
    );
    expect(blocked).toMatchObject({ ok: false, status: 429 });
    // Another address still gets in: 10 failures are under the per-account limit.
    await reset(db, "login", "10.0.0.3");
    expect(
      (await attemptPasswordLogin(db, { email, password }, { portal: "seller", clientAddress: "10.0.0.3" })).ok,
    ).toBe(true);
  });
});

describe("rate-limit peek", () => {
  it("reports a key over its limit without counting", async () => {
    for (let i = 0; i < 10; i++) await consume(db, "login", "peek-key", 0);
    expect(await peek(db, "login", "peek-key", 1)).toMatchObject({ allowed: false });
    expect(await peek(db, "login", "peek-key", 901_000)).toEqual({ allowed: true });
    expect(await peek(db, "login", "fresh-key", 1)).toEqual({ allowed: true });
  });
});

describe("first admin and password changes", () => {
  it("creates the admin from settings once, never with a short password, and never changes an existing account", async () => {
    await createFirstAdminFromSettings(db, { ADMIN_EMAIL: "first@example.in", ADMIN_PASSWORD: "short" });
    expect(
      await db.selectFrom("users").select("id").where("email", "=", "first@example.in").executeTakeFirst(),
    ).toBeUndefined();
    await createFirstAdminFromSettings(db, {
      ADMIN_EMAIL: "First@example.in",
      ADMIN_PASSWORD: "A-Long-Admin-Password",
    });
    const admin = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "first@example.in")
      .executeTakeFirstOrThrow();
    expect(admin.role).toBe("admin");
    expect(await ensureFirstAdmin(db, "first@example.in", () => hashPassword("Other-Password-99"))).toBe("exists");
  });

  it("instances starting together make one admin: the others find her, none fails its start", async () => {
    const email = "together@example.in";
    const results = await Promise.all(
      [1, 2, 3].map(() => ensureFirstAdmin(db, email, () => hashPassword("A-Long-Admin-Password"))),
    );
    expect(results.toSorted()).toEqual(["created", "exists", "exists"]);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).execute()).toHaveLength(1);
  });

  it("a password change deletes every session of the account", async () => {
    const admin = await newAdmin();
    const user = await db.selectFrom("users").select("id").where("email", "=", admin.email).executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    await db
      .insertInto("sessions")
      .values([
        {
          id: `s${serial}`.padEnd(40, "x"),
          user_id: user.id,
          created_at: stamp,
          expires_at: "2999-01-01",
          ip: null,
          user_agent: null,
        },
      ])
      .execute();
    await setPasswordHash(db, user.id, await hashPassword("A-New-Password-1"));
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("the session cookie is HttpOnly, SameSite=Lax and Secure in production", async () => {
    const previous = { env: process.env.NODE_ENV, secure: process.env.COOKIE_SECURE };
    try {
      process.env.NODE_ENV = "production";
      reloadConfig();
      delete process.env.COOKIE_SECURE;
      reloadConfig();
      const header = await sessionCookie().serialize("abc");
      expect(header).toMatch(/HttpOnly/);
      expect(header).toMatch(/SameSite=Lax/);
      expect(header).toMatch(/Secure/);
    } finally {
      process.env.NODE_ENV = previous.env;
      reloadConfig();
      if (previous.secure !== undefined) process.env.COOKIE_SECURE = previous.secure;
      reloadConfig();
    }
  });
});

describe("Google accounts", () => {
  it("creates a seller, links by verified email, and refuses staff emails and unverified ones", async () => {
    const gmail = uniqueEmail("new").replace("example.in", "gmail.test");
    const created = await findOrCreateGoogleUser(db, {
      sub: `g-${gmail}`,
      email: gmail,
      emailVerified: true,
      name: "New Person",
    });
    expect(created).toMatchObject({ ok: true, created: true, user: { role: "seller", name: "New Person" } });
    const again = await findOrCreateGoogleUser(db, {
      sub: `g-${gmail}`,
      email: "changed@gmail.test",
      emailVerified: true,
      name: null,
    });
    expect(again).toMatchObject({ ok: true, created: false, user: { email: gmail } });
    const seller = await newSeller();
    await db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("id", "=", seller.userId)
      .execute();
    const linked = await findOrCreateGoogleUser(db, {
      sub: `g-${seller.email}`,
      email: seller.email,
      emailVerified: true,
      name: null,
    });
    expect(linked).toMatchObject({ ok: true, created: false, user: { email: seller.email } });
    const admin = await newAdmin();
    expect(
      await findOrCreateGoogleUser(db, {
        sub: `g-${admin.email}`,
        email: admin.email,
        emailVerified: true,
        name: null,
      }),
    ).toEqual({ ok: false, reason: "staff_account" });
    expect(
      await findOrCreateGoogleUser(db, { sub: "g-4", email: "x@gmail.test", emailVerified: false, name: null }),
    ).toEqual({ ok: false, reason: "no_email" });
  });

  async function sessionsOf(userId: number) {
    return db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
  }
  async function addSession(userId: number) {
    const stamp = new Date();
    await db
      .insertInto("sessions")
      .values({
        id: `s-${userId}-${Math.random().toString(36).slice(2)}`,
        user_id: userId,
        created_at: stamp.toISOString(),
        expires_at: new Date(stamp.getTime() + 86_400_000).toISOString(),
        ip: "203.0.113.9",
        user_agent: "attacker",
      })
      .execute();
  }

  it("over an account that never verified the address, the owner starts clean: the squatter's account, sessions and listing are erased (pre-hijack), audited", async () => {
    // Someone signed up with the owner's address, a password, name, mobile, city and a listing of their own.
    const squatter = await newSeller("squatters-password");
    await addSession(squatter.userId);
    await addSession(squatter.userId);
    expect(
      await attemptPasswordLogin(
        db,
        { email: squatter.email, password: "squatters-password" },
        { portal: "seller", clientAddress: "203.0.113.9" },
      ),
    ).toMatchObject({ ok: true });

    const owner = await findOrCreateGoogleUser(
      db,
      { sub: `g-owner-${squatter.email}`, email: squatter.email, emailVerified: true, name: "Owner Herself" },
      { ip: "198.51.100.7", language: "kn-IN" },
    );
    expect(owner).toMatchObject({ ok: true, created: true, linked: "unverified_account" });
    if (!owner.ok) throw new Error("refused");
    expect(owner.user.id).not.toBe(squatter.userId);
    expect(owner.erased).toMatchObject({ sellerIds: [squatter.sellerId] });
    expect(await sessionsOf(squatter.userId)).toEqual([]);
    expect(await db.selectFrom("users").select("id").where("id", "=", squatter.userId).execute()).toEqual([]);
    expect(await db.selectFrom("sellers").select("id").where("id", "=", squatter.sellerId).execute()).toEqual([]);
    const row = await db
      .selectFrom("users")
      .select(["name", "mobile", "city", "locality", "language", "password_hash", "google_sub", "email_verified_at"])
      .where("id", "=", owner.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Owner Herself",
      mobile: null,
      city: null,
      locality: null,
      language: "kn-IN",
      password_hash: null,
      google_sub: `g-owner-${squatter.email}`,
    });
    expect(row.email_verified_at).not.toBeNull();
    expect(await db.selectFrom("sellers").select("id").where("user_id", "=", owner.user.id).execute()).toEqual([]);
    const refused = await attemptPasswordLogin(
      db,
      { email: squatter.email, password: "squatters-password" },
      { portal: "seller", clientAddress: "203.0.113.9" },
    );
    expect(refused).toMatchObject({ ok: false, status: 401 });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "ip", "details"])
      .where("action", "=", "account.google_link.unverified")
      .where("target_id", "=", String(owner.user.id))
      .executeTakeFirstOrThrow();
    expect(audit.ip).toBe("198.51.100.7");
    expect(JSON.parse(audit.details!)).toEqual({
      replaced_account: squatter.userId,
      password_removed: true,
      listings_removed: 1,
    });
  });

  it("linking to an account whose email is verified keeps its password and sessions; new Google accounts start verified", async () => {
    const seller = await newSeller("her-own-password");
    await db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("id", "=", seller.userId)
      .execute();
    await addSession(seller.userId);
    const linked = await findOrCreateGoogleUser(db, {
      sub: `g-v-${seller.email}`,
      email: seller.email,
      emailVerified: true,
      name: null,
    });
    expect(linked).toMatchObject({ ok: true, linked: "verified_account" });
    expect(await sessionsOf(seller.userId)).toHaveLength(1);
    expect(
      await attemptPasswordLogin(
        db,
        { email: seller.email, password: "her-own-password" },
        { portal: "seller", clientAddress: "203.0.113.10" },
      ),
    ).toMatchObject({ ok: true });

    const gmail = uniqueEmail("fresh").replace("example.in", "gmail.test");
    const created = await findOrCreateGoogleUser(db, {
      sub: `g-${gmail}`,
      email: gmail,
      emailVerified: true,
      name: "Fresh",
    });
    expect(created).toMatchObject({ ok: true, created: true, linked: "new" });
    const row = await db
      .selectFrom("users")
      .select("email_verified_at")
      .where("email", "=", gmail)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
  });
});

describe("seller's own data", () => {
  it("replies and profile edits reach only the account's own listing", async () => {
    const owner = { id: (await newSeller()).userId };
    const mine = (await getOwnListing(db, owner.id))!;
    const other = await createSeller(db, { business_name: "Other Shop" });
    const myReview = await createReviewRow(db, mine.id, {});
    const otherReview = await createReviewRow(db, other, {});
    const pendingReview = await createReviewRow(db, mine.id, { status: "pending" });
    expect(await replyToOwnReview(db, owner.id, myReview, "Thanks")).toBe(true);
    expect(await replyToOwnReview(db, owner.id, otherReview, "Hijack")).toBe(false);
    expect(await replyToOwnReview(db, owner.id, pendingReview, "Too early")).toBe(false);
    const profile = {
      business_name: "Asha's Kitchen",
      city: "Pune" as const,
      pincode: "411004",
      address: "1 FC Road",
      tagline: undefined,
      business_description: undefined,
      price_range: undefined,
      area: undefined,
      whatsapp_link: undefined,
      facebook_link: undefined,
      instagram_link: undefined,
      youtube_link: undefined,
      website_link: undefined,
    };
    expect(await updateOwnProfile(db, owner.id, profile)).toBe("saved");
    expect(
      (await db.selectFrom("sellers").select("business_name").where("id", "=", other).executeTakeFirstOrThrow())
        .business_name,
    ).toBe("Other Shop");
    expect((await getOwnListing(db, owner.id))!.business_name).toBe("Asha's Kitchen");
  });
});

describe("subscriptionExpiry", () => {
  it("follows the spec's badge table", () => {
    expect(subscriptionExpiry(null, "2026-01-10")).toMatchObject({ label: "No Subscription", detail: null });
    expect(subscriptionExpiry("2026-01-08", "2026-01-10")).toMatchObject({ label: "Expired", detail: "2 days ago" });
    expect(subscriptionExpiry("2026-01-10", "2026-01-10")).toMatchObject({
      label: "Expiring Soon",
      detail: "0 days left",
    });
    expect(subscriptionExpiry("2026-02-09", "2026-01-10")).toMatchObject({
      label: "Expiring Soon",
      detail: "30 days left",
    });
    expect(subscriptionExpiry("2026-02-10", "2026-01-10")).toMatchObject({ label: "Active", detail: "31 days left" });
  });
});
