import { normaliseEmail } from "~/lib/validation/fields";
import { isUniqueViolation } from "~db/engine";
import type { DB } from "~db/client";
import { writeAudit, type Actor } from "./audit.server";
import { PUBLIC_REVIEW_COLUMNS } from "./reviews.server";
import { parseJsonList } from "./sellers.server";
import { eraseQuotesOf, quotesForExport } from "./quotes.server";
import { paymentsForExport, unlinkPaymentsOf } from "./payments.server";

// A seller's account as data she owns (docs/decisions/159-account-one-erasure.md): what account recovery and the
// account page read and change, everything stored about her for "Download my data", and the erasure of
// all of it. Every query is scoped by the account's id (and the listings that account owns), never by
// her address: anyone may sign up with an address other people's mail went to (docs/security.md).

/** What the recovery and account-page links are signed over, and checked against. */
export type AccountFacts = {
  id: number;
  email: string;
  name: string;
  role: "admin" | "moderator" | "seller";
  isActive: boolean;
  passwordHash: string | null;
  googleLinked: boolean;
};

function facts(row: {
  id: number;
  email: string;
  name: string;
  role: AccountFacts["role"];
  is_active: number;
  password_hash: string | null;
  google_sub: string | null;
}): AccountFacts {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    isActive: row.is_active === 1,
    passwordHash: row.password_hash,
    googleLinked: row.google_sub !== null,
  };
}

const FACT_COLUMNS = ["id", "email", "name", "role", "is_active", "password_hash", "google_sub"] as const;

export async function accountFactsByEmail(db: DB, email: string): Promise<AccountFacts | null> {
  const row = await db
    .selectFrom("users")
    .select(FACT_COLUMNS)
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  return row ? facts(row) : null;
}

export async function accountFactsById(db: DB, id: number): Promise<AccountFacts | null> {
  const row = await db.selectFrom("users").select(FACT_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? facts(row) : null;
}

export type EmailChange = { ok: true } | { ok: false; reason: "taken" | "moved" };

/**
 * Moves an account from one email to another (the new one proven by its link, so it counts as
 * verified), and the contact email of her listings that used the old one. "moved": the account's email
 * is no longer `from` (the link was used already, or another change came first).
 */
export async function changeAccountEmail(db: DB, userId: number, from: string, to: string): Promise<EmailChange> {
  const stamp = new Date().toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("users")
        .set({ email: normaliseEmail(to), email_verified_at: stamp, updated_at: stamp })
        .where("id", "=", userId)
        .where("email", "=", normaliseEmail(from))
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return { ok: false as const, reason: "moved" as const };
      await trx
        .updateTable("sellers")
        .set({ email: normaliseEmail(to), updated_at: stamp })
        .where("user_id", "=", userId)
        .where("email", "=", normaliseEmail(from))
        .execute();
      return { ok: true as const };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
}

// ── everything about her (the export) ──

/** The stored file keys a listing names (its images, ID document and payment screenshot). */
function fileKeysOf(seller: {
  profile_photo: string | null;
  logo: string | null;
  product_images: string;
  id_proof_document: string | null;
  payment_screenshot: string | null;
}): string[] {
  return [
    seller.profile_photo,
    seller.logo,
    ...parseJsonList(seller.product_images),
    seller.id_proof_document,
    seller.payment_screenshot,
  ].filter((k): k is string => !!k);
}

/** The daily lead counters of her listings (docs/decisions/176-leads-first-party-redirect-not-script.md). */
async function leadCounters(db: DB, sellerIds: number[]) {
  if (!sellerIds.length) return [];
  return db
    .selectFrom("seller_leads")
    .selectAll()
    .where("seller_id", "in", sellerIds)
    .orderBy("seller_id")
    .orderBy("day")
    .orderBy("kind")
    .execute();
}

/**
 * Everything stored about an account, for "Download my data": the account (no password hash, no second
 * factor secrets), its listings with their categories, the published reviews of those listings with her replies
 * and her invitations to review them,
 * the mails queued for her account or about her listings (once she has proved her address; subjects and
 * dates, no bodies: they hold sign-in links that may still work), the audit entries about her account or
 * listings (staff names and addresses left out), her listings' online payments (no link address, no staff
 * flag, no gateway event), and the stored files of her listings. Null when the
 * account does not exist (deleted meanwhile).
 */
export async function collectAccountData(db: DB, userId: number) {
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "name",
      "mobile",
      "role",
      "city",
      "locality",
      "created_at",
      "updated_at",
      "email_verified_at",
      "language",
      "password_hash",
      "google_sub",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const sellers = await db.selectFrom("sellers").selectAll().where("user_id", "=", userId).orderBy("id").execute();
  const sellerIds = sellers.map((s) => s.id);
  const none = [-1];
  const [categories, subcategories, reviews, mails, audit, uploads, sessions, leads, payments] = await Promise.all([
    db
      .selectFrom("seller_categories")
      .innerJoin("categories", "categories.id", "seller_categories.category_id")
      .select(["seller_categories.seller_id", "categories.name", "categories.slug", "seller_categories.position"])
      .where("seller_categories.seller_id", "in", sellerIds.length ? sellerIds : none)
      .orderBy("seller_categories.seller_id")
      .orderBy("seller_categories.position")
      .execute(),
    db
      .selectFrom("seller_subcategories")
      .innerJoin("subcategories", "subcategories.id", "seller_subcategories.subcategory_id")
      .select(["seller_subcategories.seller_id", "subcategories.name", "subcategories.slug"])
      .where("seller_subcategories.seller_id", "in", sellerIds.length ? sellerIds : none)
      .orderBy("subcategories.name")
      .execute(),
    db
      .selectFrom("reviews")
      .select([...PUBLIC_REVIEW_COLUMNS, "status"])
      .where("seller_id", "in", sellerIds.length ? sellerIds : none)
      // She sees a review once the moderators publish it, never before (docs/decisions/222-reviews-people-can-trust.md).
      .where("status", "=", "published")
      .orderBy("id")
      .execute(),
    // An account that has not proved its address gets none: a mail is hers by its link to her account or
    // listing, and an unproven account may hold an address other people's mail went to.
    user.email_verified_at === null
      ? Promise.resolve([])
      : db
          .selectFrom("mail_outbox")
          .select(["subject", "status", "created_at", "sent_at"])
          .where((eb) =>
            eb.or([eb("user_id", "=", userId), ...(sellerIds.length ? [eb("seller_id", "in", sellerIds)] : [])]),
          )
          .orderBy("id")
          .execute(),
    db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "target_type", "target_id", "details", "ip", "created_at"])
      .where((eb) =>
        eb.or([
          eb("actor_user_id", "=", userId),
          eb.and([eb("target_type", "=", "user"), eb("target_id", "=", String(userId))]),
          eb.and([
            eb("target_type", "=", "seller"),
            eb("target_id", "in", (sellerIds.length ? sellerIds : none).map(String)),
          ]),
        ]),
      )
      .orderBy("id")
      .execute(),
    db
      .selectFrom("uploads")
      .select(["key", "visibility", "purpose", "mime", "bytes", "seller_id", "created_at"])
      .where("seller_id", "in", sellerIds.length ? sellerIds : none)
      .execute(),
    db
      .selectFrom("sessions")
      .select(["created_at", "last_seen_at", "expires_at", "ip", "user_agent"])
      .where("user_id", "=", userId)
      .where("awaiting_second_factor", "=", 0)
      .orderBy("created_at")
      .execute(),
    leadCounters(db, sellerIds),
    paymentsForExport(db, sellerIds),
  ]);
  const quotes = await quotesForExport(db, sellerIds, user.id);
  // Her invitations to review her: for whom, when, until when, used or not (never the review written with one).
  const reviewInvitations = await db
    .selectFrom("review_invitations")
    .select(["id", "seller_id", "customer_name", "created_at", "expires_at", "used_at"])
    .where("seller_id", "in", sellerIds.length ? sellerIds : none)
    .orderBy("id")
    .execute();
  const { password_hash: passwordHash, google_sub: googleSub, ...account } = user;
  // The files of her listings: the uploads rows, and any key a listing names without one (older data).
  const named = new Set(sellers.flatMap(fileKeysOf));
  const files = uploads.map((u) => ({
    key: u.key,
    visibility: u.visibility,
    purpose: u.purpose,
    sellerId: u.seller_id,
  }));
  for (const key of named)
    if (!files.some((f) => f.key === key)) {
      const seller = sellers.find((s) => fileKeysOf(s).includes(key))!;
      const isPrivate = key === seller.id_proof_document || key === seller.payment_screenshot;
      files.push({ key, visibility: isPrivate ? "private" : "public", purpose: "listing", sellerId: seller.id });
    }
  return {
    account: { ...account, has_password: passwordHash !== null, google_linked: googleSub !== null },
    listings: sellers.map(({ category_names: _names, ...s }) => ({
      ...s,
      languages: parseJsonList(s.languages),
      product_images: parseJsonList(s.product_images),
      categories: categories.filter((c) => c.seller_id === s.id).map((c) => ({ name: c.name, slug: c.slug })),
      subcategories: subcategories.filter((c) => c.seller_id === s.id).map((c) => ({ name: c.name, slug: c.slug })),
    })),
    reviews,
    review_invitations: reviewInvitations,
    mails,
    // Her own actions with her address; attempts anyone could make by typing her address (a wrong
    // password, "Forgot password?") without where they came from, and none before she proved the address
    // (they were likely its owner's); staff actions on her account without who did them or from where.
    audit: audit
      .filter((a) => user.email_verified_at !== null || !isAttempt(a.action))
      .map((a) => {
        const hers = a.actor_user_id === userId && !isAttempt(a.action);
        return {
          action: a.action,
          at: a.created_at,
          by: hers ? "you" : a.actor_user_id === userId ? "someone" : "staff",
          ip: hers ? a.ip : null,
          details: hers ? parseDetails(a.details) : null,
        };
      }),
    sessions,
    leads: leads ?? null,
    quotes,
    payments,
    files,
  };
}
export type AccountData = NonNullable<Awaited<ReturnType<typeof collectAccountData>>>;

/** Audit actions anyone can cause by typing an account's address, without proving they hold it. */
function isAttempt(action: string): boolean {
  return /\.login\.(failure|throttled)$/.test(action) || action === "account.password_reset.requested";
}

function parseDetails(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// ── erasure ──

export type Erasure = { ok: true; sellerIds: number[]; files: { key: string; visibility: "public" | "private" }[] };

/**
 * Deletes an account and everything about it in one transaction: its listings (with their categories,
 * reviews, lead counters and upload rows), sessions, second factors, sign-in addresses, the mails queued
 * for it or its listings and the audit rows it made; staff audit rows about it, and sign-in attempts on
 * its address while it lived, lose their details or the address. Rows that merely name its address (the
 * team's mail, another account's past, a newsletter subscription) are not its own and stay. Her online payments
 * stay as money records, unlinked from her (`unlinkPaymentsOf`). One audit row stays:
 * that the account was deleted, by whom and when, with no personal data. Returns the files to remove
 * (after the commit). Null when there is no such account. `actor` null: she deleted it herself, or, with
 * `by: "address_owner"`, the owner of its never-verified address signed in with Google
 * (docs/decisions/197-only-a-verified-address-links-data.md).
 */
export async function eraseAccount(
  db: DB,
  userId: number,
  actor: Actor | null,
  /** why, when neither she nor staff asked: the audit row's `by` */
  by?: "address_owner",
): Promise<Erasure | null> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "created_at"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) return null;
    const sellers = await trx
      .selectFrom("sellers")
      .select(["id", "profile_photo", "logo", "product_images", "id_proof_document", "payment_screenshot"])
      .where("user_id", "=", userId)
      .execute();
    const sellerIds = sellers.map((s) => s.id);
    const files = new Map<string, "public" | "private">();
    for (const s of sellers) {
      for (const key of fileKeysOf(s))
        files.set(key, key === s.id_proof_document || key === s.payment_screenshot ? "private" : "public");
    }
    if (sellerIds.length) {
      const uploads = await trx
        .selectFrom("uploads")
        .select(["key", "visibility"])
        .where("seller_id", "in", sellerIds)
        .execute();
      for (const u of uploads) files.set(u.key, u.visibility);
      await trx.deleteFrom("uploads").where("seller_id", "in", sellerIds).execute();
      await trx.deleteFrom("reviews").where("seller_id", "in", sellerIds).execute();
      await trx.deleteFrom("seller_subcategories").where("seller_id", "in", sellerIds).execute();
      await trx.deleteFrom("seller_categories").where("seller_id", "in", sellerIds).execute();
      await trx.deleteFrom("seller_leads").where("seller_id", "in", sellerIds).execute();
      await trx.deleteFrom("seller_mails").where("seller_id", "in", sellerIds).execute();
      await unlinkPaymentsOf(trx, sellerIds);
      await trx
        .updateTable("quote_requests")
        .set({ from_seller_id: null })
        .where("from_seller_id", "in", sellerIds)
        .execute();
      await trx
        .deleteFrom("notifications")
        .where((eb) =>
          eb.or(sellerIds.flatMap((id) => [eb("link", "=", `/seller/${id}`), eb("link", "=", `/admin/sellers/${id}`)])),
        )
        .execute();
      await trx.deleteFrom("sellers").where("id", "in", sellerIds).execute();
    }
    await eraseQuotesOf(trx, sellerIds, userId);
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("passkeys").where("user_id", "=", userId).execute();
    await trx.deleteFrom("sign_in_addresses").where("email", "=", user.email).execute();
    await trx
      .deleteFrom("mail_outbox")
      .where((eb) =>
        eb.or([eb("user_id", "=", userId), ...(sellerIds.length ? [eb("seller_id", "in", sellerIds)] : [])]),
      )
      .execute();
    // Her own audit rows (sign-ins and attempts on her account, changes) go; staff changes to her
    // account or listings stay as "what, who, when" without the details (which held her data).
    await trx.deleteFrom("audit_log").where("actor_user_id", "=", userId).execute();
    // Sign-in attempts on her address while the account lived that no account was named on (throttled
    // before the lookup): kept, without her address. Other rows naming the address are not hers.
    await trx
      .updateTable("audit_log")
      .set({ actor_email: null })
      .where("actor_user_id", "is", null)
      .where("actor_email", "=", user.email)
      .where("created_at", ">=", user.created_at)
      .where((eb) => eb.or([eb("action", "like", "%.login.throttled"), eb("action", "like", "%.login.failure")]))
      .execute();
    await trx
      .updateTable("audit_log")
      .set({ details: null })
      .where((eb) =>
        eb.or([
          eb.and([eb("target_type", "=", "user"), eb("target_id", "=", String(userId))]),
          ...(sellerIds.length
            ? [eb.and([eb("target_type", "=", "seller"), eb("target_id", "in", sellerIds.map(String))])]
            : []),
        ]),
      )
      .execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    await writeAudit(trx, {
      action: "account.delete",
      actorUserId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      ip: actor?.ip ?? null,
      targetType: "user",
      targetId: userId,
      details: { by: by ?? (actor ? "staff" : "self"), listings: sellerIds },
    });
    return {
      ok: true as const,
      sellerIds,
      files: [...files].map(([key, visibility]) => ({ key, visibility })),
    };
  });
}

/** The account that owns a listing (the admin page deletes that account), or null. */
export async function ownerOfSeller(db: DB, sellerId: number) {
  return (
    (await db
      .selectFrom("sellers")
      .leftJoin("users", "users.id", "sellers.user_id")
      .select([
        "sellers.id",
        "sellers.business_name",
        "sellers.owner_name",
        "sellers.user_id",
        "users.email as account_email",
        "users.role as account_role",
      ])
      .where("sellers.id", "=", sellerId)
      .executeTakeFirst()) ?? null
  );
}

/**
 * Sets a new password only if the stored hash is still `expected` (the one a reset link was signed over),
 * and ends every session of the account, in one transaction: of two posts of one link, one wins.
 */
export async function replacePasswordHash(
  db: DB,
  userId: number,
  expected: string | null,
  passwordHash: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where("id", "=", userId);
    update =
      expected === null ? update.where("password_hash", "is", null) : update.where("password_hash", "=", expected);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    return true;
  });
}
