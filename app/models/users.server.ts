import type { DB } from "~db/client";
import type { Role } from "~db/schema";
import { isUniqueViolation } from "~db/engine";
import type { RegistrationInput } from "~/lib/validation/accounts";
import { DEFAULT_LOCALE, type Locale, localeOr } from "~/lib/locales";
import { normaliseEmail } from "~/lib/validation/fields";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { eraseAccount, type Erasure } from "./account-data.server";
import { writeAudit } from "./audit.server";
import { subcategoriesOutside, unknownCategories } from "./categories.server";
import { setSellerCategories } from "./seller-categories.server";

// Accounts: sellers (sign-up, Google), staff (admin, moderator). Emails are stored lower-cased.

export interface AccountUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  mobile: string | null;
  city: string | null;
  locality: string | null;
  /** the account's language: where a seller lands after sign-in, and her mails */
  language: Locale;
}

const PUBLIC_COLUMNS = ["id", "email", "name", "role", "mobile", "city", "locality", "language"] as const;

/** The user with this email and its password hash (for sign-in), active or not. */
export async function findUserForLogin(db: DB, email: string) {
  return db
    .selectFrom("users")
    .select([...PUBLIC_COLUMNS, "password_hash", "is_active"])
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
}

export async function getUserById(db: DB, id: number): Promise<AccountUser | null> {
  return (
    (await db
      .selectFrom("users")
      .select(PUBLIC_COLUMNS)
      .where("id", "=", id)
      .where("is_active", "=", 1)
      .executeTakeFirst()) ?? null
  );
}

/** Whether any account has this email. */
export async function emailTaken(db: DB, email: string): Promise<boolean> {
  return !!(await db.selectFrom("users").select("id").where("email", "=", normaliseEmail(email)).executeTakeFirst());
}

/**
 * Whether a seller account has this email (sign-up step 1 says so, to send her to sign in). Staff
 * accounts are not revealed here: such an email fails only at the final, rate-limited step.
 */
export async function sellerEmailTaken(db: DB, email: string): Promise<boolean> {
  return !!(await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", normaliseEmail(email))
    .where("role", "=", "seller")
    .executeTakeFirst());
}

export async function createStaffOrSeller(
  db: DB,
  input: {
    email: string;
    name: string;
    role: Role;
    passwordHash: string | null;
    mobile?: string | null;
    googleSub?: string | null;
  },
): Promise<AccountUser> {
  const stamp = new Date().toISOString();
  return db
    .insertInto("users")
    .values({
      email: normaliseEmail(input.email),
      name: input.name,
      role: input.role,
      password_hash: input.passwordHash,
      mobile: input.mobile ?? null,
      google_sub: input.googleSub ?? null,
      is_active: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirstOrThrow();
}

export type RegisterResult =
  | { ok: true; user: AccountUser; sellerId: number }
  | { ok: false; field: "email" | "category_ids" | "subcategory_ids"; message: string };

export const EMAIL_TAKEN_MESSAGE = ACCOUNT_MESSAGES.emailTakenSignIn;

/**
 * Seller sign-up: the account and a draft listing (status pending, unpaid) that holds the
 * city, locality and categories; the paid application at /register completes that listing.
 */
export async function registerSeller(
  db: DB,
  input: Omit<RegistrationInput, "password"> & { passwordHash: string; language?: Locale },
): Promise<RegisterResult> {
  if (await emailTaken(db, input.email)) return { ok: false, field: "email", message: EMAIL_TAKEN_MESSAGE };
  if ((await unknownCategories(db, input.category_ids)).length) {
    return { ok: false, field: "category_ids", message: ACCOUNT_MESSAGES.categoriesMissing };
  }
  if ((await subcategoriesOutside(db, input.category_ids, input.subcategory_ids)).length) {
    return { ok: false, field: "subcategory_ids", message: ACCOUNT_MESSAGES.subcategoriesOutside };
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const stamp = new Date().toISOString();
      const user = await trx
        .insertInto("users")
        .values({
          email: normaliseEmail(input.email),
          name: input.name,
          role: "seller",
          password_hash: input.passwordHash,
          mobile: input.mobile,
          city: input.city,
          locality: input.locality || null,
          language: input.language ?? DEFAULT_LOCALE,
          is_active: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning(PUBLIC_COLUMNS)
        .executeTakeFirstOrThrow();
      const seller = await trx
        .insertInto("sellers")
        .values({
          user_id: user.id,
          owner_name: input.name,
          email: user.email,
          mobile: input.mobile,
          city: input.city,
          locality: input.locality || null,
          status: "pending",
          is_paid: 0,
          is_verified: 0,
          is_featured: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await setSellerCategories(trx, seller.id, input.category_ids, input.subcategory_ids);
      return { ok: true as const, user, sellerId: seller.id };
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides.
    if (isUniqueViolation(error) && (await emailTaken(db, input.email))) {
      return { ok: false, field: "email", message: EMAIL_TAKEN_MESSAGE };
    }
    throw error;
  }
}

/**
 * Changes a password and ends every session of the account (docs/decisions/008-password-hashes-server-sessions.md): old
 * cookies stop working. `keepSessionId` spares the session of the person changing their own password.
 */
/** The stored password hash of an account (null for Google-only accounts), or undefined if there is none. */
export async function passwordHashOf(db: DB, userId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirst();
  return row?.password_hash;
}

export async function setPasswordHash(
  db: DB,
  userId: number,
  passwordHash: string,
  keepSessionId?: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where("id", "=", userId)
      .execute();
    let sessions = trx.deleteFrom("sessions").where("user_id", "=", userId);
    if (keepSessionId) sessions = sessions.where("id", "!=", keepSessionId);
    await sessions.execute();
  });
}

/** Replaces a hash with a stronger one of the same password (at sign-in); sessions stay. */
export async function rehashPassword(db: DB, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
}

export type EnsureAdminResult = "created" | "exists" | "skipped";

/**
 * docs/decisions/009-first-admin-from-settings.md: the first admin from settings, created when no user has that email.
 * Never changes an existing account.
 */
export async function ensureFirstAdmin(
  db: DB,
  email: string | undefined,
  passwordHash: () => Promise<string>,
): Promise<EnsureAdminResult> {
  if (!email) return "skipped";
  if (await emailTaken(db, email)) return "exists";
  try {
    await createStaffOrSeller(db, { email, name: "Administrator", role: "admin", passwordHash: await passwordHash() });
  } catch (error) {
    // Several instances starting together: another one made her between the check and the insert.
    if (isUniqueViolation(error) && (await emailTaken(db, email))) return "exists";
    throw error;
  }
  return "created";
}

export type GoogleProfile = { sub: string; email: string | null; emailVerified: boolean; name: string | null };
export type GoogleUserResult =
  | {
      ok: true;
      user: AccountUser;
      created: boolean;
      linked: "new" | "existing" | "verified_account" | "unverified_account";
      /** the never-verified account that held the address, erased: its files are the caller's to remove */
      erased?: Erasure | null;
    }
  | { ok: false; reason: "no_email" | "staff_account" | "inactive" | "reserved_email" };

/**
 * Google sign-in: the account linked to this Google subject; else a seller account with the same
 * verified email gets linked; else a new seller account. Staff accounts never sign in through Google.
 * Google asserts the email (`email_verified`), so the account's email counts as verified from then on.
 *
 * An account with the address that never verified it is not linked: it may be a pre-hijack (someone signed
 * up with the owner's address, a password, a name, mobile and listing of their own). It is erased, with its
 * sessions, password and listing, and the owner starts with a new account of her own, audited
 * (`account.google_link.unverified`; docs/decisions/197-only-a-verified-address-links-data.md).
 *
 * `reservedEmail`: the email is one of the site's own (the team's, the sender's): no seller account is
 * made or linked through it.
 */
export async function findOrCreateGoogleUser(
  db: DB,
  profile: GoogleProfile,
  meta: { ip?: string | null; reservedEmail?: boolean; language?: Locale } = {},
): Promise<GoogleUserResult> {
  const stamp = new Date().toISOString();
  const linked = await db
    .selectFrom("users")
    .select([...PUBLIC_COLUMNS, "is_active", "email_verified_at"])
    .where("google_sub", "=", profile.sub)
    .executeTakeFirst();
  if (linked) {
    if (linked.role !== "seller") return { ok: false, reason: "staff_account" };
    if (linked.is_active !== 1) return { ok: false, reason: "inactive" };
    if (
      !linked.email_verified_at &&
      profile.emailVerified &&
      profile.email &&
      normaliseEmail(profile.email) === linked.email
    ) {
      await markEmailVerified(db, linked.id, stamp);
    }
    const { is_active: _a, email_verified_at: _v, ...user } = linked;
    return { ok: true, user, created: false, linked: "existing" };
  }
  if (!profile.email || !profile.emailVerified) return { ok: false, reason: "no_email" };
  if (meta.reservedEmail) return { ok: false, reason: "reserved_email" };
  const byEmail = await db
    .selectFrom("users")
    .select([...PUBLIC_COLUMNS, "is_active", "email_verified_at", "password_hash"])
    .where("email", "=", normaliseEmail(profile.email))
    .executeTakeFirst();
  if (byEmail) {
    if (byEmail.role !== "seller") return { ok: false, reason: "staff_account" };
    if (byEmail.is_active !== 1) return { ok: false, reason: "inactive" };
    const { is_active: _a, password_hash: passwordHash, email_verified_at: verifiedAt, ...user } = byEmail;
    if (verifiedAt) {
      await db
        .updateTable("users")
        .set({ google_sub: profile.sub, updated_at: stamp })
        .where("id", "=", user.id)
        .execute();
      return { ok: true, user, created: false, linked: "verified_account" };
    }
    // An account that never proved the address is not the owner's: whoever made it chose its name, mobile,
    // city, password and listing. It is erased, with its sessions and listing, and the owner starts
    // clean (docs/decisions/197-only-a-verified-address-links-data.md).
    const erased = await eraseAccount(db, user.id, null, "address_owner");
    const fresh = await createGoogleUser(db, profile, profile.email, stamp, meta.language);
    await writeAudit(db, {
      action: "account.google_link.unverified",
      actorUserId: fresh.id,
      actorEmail: fresh.email,
      targetType: "user",
      targetId: fresh.id,
      ip: meta.ip ?? null,
      details: {
        replaced_account: user.id,
        password_removed: passwordHash !== null,
        listings_removed: erased?.sellerIds.length ?? 0,
      },
    });
    return { ok: true, user: fresh, created: true, linked: "unverified_account", erased };
  }
  const created = await createGoogleUser(db, profile, profile.email, stamp, meta.language);
  return { ok: true, user: created, created: true, linked: "new" };
}

async function createGoogleUser(db: DB, profile: GoogleProfile, email: string, stamp: string, language?: Locale) {
  return db
    .insertInto("users")
    .values({
      email: normaliseEmail(email),
      name: profile.name?.trim() || email.split("@")[0],
      role: "seller",
      password_hash: null,
      google_sub: profile.sub,
      email_verified_at: stamp,
      language: language ?? DEFAULT_LOCALE,
      is_active: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirstOrThrow();
}

// ── email verification ──

export type AccountSecurity = { emailVerifiedAt: string | null; hasPassword: boolean; googleLinked: boolean };

/** What the seller dashboard says about the account: verified email, password, Google link. */
export async function getAccountSecurity(db: DB, userId: number): Promise<AccountSecurity | null> {
  const row = await db
    .selectFrom("users")
    .select(["email_verified_at", "password_hash", "google_sub"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row
    ? {
        emailVerifiedAt: row.email_verified_at,
        hasPassword: row.password_hash !== null,
        googleLinked: row.google_sub !== null,
      }
    : null;
}

/** The account a verification link names, with its email as it is now (a link names one email). */
export async function findUserForVerification(db: DB, userId: number) {
  return db
    .selectFrom("users")
    .select(["id", "email", "email_verified_at", "is_active"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** Marks the email verified (once: an earlier time is kept). */
export async function markEmailVerified(db: DB, userId: number, at = new Date().toISOString()): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ email_verified_at: at })
    .where("id", "=", userId)
    .where("email_verified_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A seller's language (her account's choice), for the mails to her: English when the account is gone or
 * holds no known language.
 */
export async function sellerLanguage(db: DB, userId: number): Promise<Locale> {
  const row = await db.selectFrom("users").select("language").where("id", "=", userId).executeTakeFirst();
  return localeOr(row?.language);
}

/** Sets an account's language. False when the account does not exist. */
export async function setAccountLanguage(db: DB, userId: number, language: Locale): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ language, updated_at: new Date().toISOString() })
    .where("id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
