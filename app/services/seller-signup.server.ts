import { getDb } from "~db/client";
import type { RegistrationInput } from "~/lib/validation/accounts";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { type AccountUser, EMAIL_TAKEN_MESSAGE, registerSeller, sellerEmailTaken } from "~/models/users.server";
import { startSession } from "./auth.server";
import { sendVerificationMail } from "./email-verification.server";
import { type Busy, hashPassword, orBusy } from "./password.server";
import { consume, peek, refund, type Throttled, throttled } from "./rate-limit.server";
import { isSiteAddress } from "./reserved-addresses.server";

// A seller's sign-up, once for the page (/seller-signup, two steps) and the API (POST /api/auth/register):
// throttled per client address, never for one of the site's own addresses, the account and its seller row in one transaction, the verification
// mail in the outbox, and a new session. The password is hashed here, after the limit, never by a route:
// a throttled request costs no hash.

export type SignUpResult =
  | { ok: true; user: AccountUser; cookie: string }
  | Throttled
  | Busy
  | { ok: false; status: 400 | 409; field: "email" | "category_ids" | "subcategory_ids"; message: string };

/** The password as typed (the API, hashed after the limit) or as hashed by step 1 of the page. */
export type SignUpPassword = { password: string } | { passwordHash: string };

export async function signUpSeller(
  request: Request,
  clientAddress: string,
  input: Omit<RegistrationInput, "password"> & SignUpPassword,
): Promise<SignUpResult> {
  const db = getDb();
  const rate = await consume(db, "signup", clientAddress);
  if (!rate.allowed) return throttled(rate.retryAfterSeconds);
  if (isSiteAddress(input.email))
    return { ok: false, status: 400, field: "email", message: ACCOUNT_MESSAGES.reservedEmail };
  const {
    password,
    passwordHash: kept,
    ...fields
  } = input as Omit<RegistrationInput, "password"> & {
    password?: string;
    passwordHash?: string;
  };
  const passwordHash = kept ?? (await orBusy(() => hashPassword(password ?? "")));
  if (typeof passwordHash !== "string") {
    await refund(db, "signup", clientAddress); // not a sign-up: the address keeps its count
    return passwordHash;
  }
  const result = await registerSeller(db, { ...fields, passwordHash });
  if (!result.ok)
    return { ok: false, status: result.field === "email" ? 409 : 400, field: result.field, message: result.message };
  await sendVerificationMail(db, result.user);
  return { ok: true, user: result.user, cookie: await startSession(request, result.user.id, clientAddress) };
}

export type SignUpCheck =
  { ok: true; passwordHash: string } | Throttled | Busy | { ok: false; status: 400; field: "email"; message: string };

/**
 * Step 1 of the sign-up page: counted (SIGNUP_CHECK) before any work, refused without a hash when the
 * address has no sign-up left (SIGNUP, not counted here: step 2 counts it), then "is this email free?"
 * and the password's hash (or the one step 1 made before, kept in the page's sealed token).
 */
export async function checkSignUpStep1(
  clientAddress: string,
  input: { email: string; password: string } | { email: string; passwordHash: string },
): Promise<SignUpCheck> {
  const db = getDb();
  const checks = await consume(db, "signup_check", clientAddress);
  if (!checks.allowed) return throttled(checks.retryAfterSeconds);
  const left = await peek(db, "signup", clientAddress);
  if (!left.allowed) return throttled(left.retryAfterSeconds);
  if (isSiteAddress(input.email))
    return { ok: false, status: 400, field: "email", message: ACCOUNT_MESSAGES.reservedEmail };
  if (await sellerEmailTaken(db, input.email))
    return { ok: false, status: 400, field: "email", message: EMAIL_TAKEN_MESSAGE };
  if ("passwordHash" in input) return { ok: true, passwordHash: input.passwordHash };
  const passwordHash = await orBusy(() => hashPassword(input.password));
  if (typeof passwordHash === "string") return { ok: true, passwordHash };
  await refund(db, "signup_check", clientAddress);
  return passwordHash;
}
