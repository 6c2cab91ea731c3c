import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "~db/client";
import {
  type RegistrationInput,
  signupKeptStep1Schema,
  signupStep1Schema,
  signupStep2Schema,
} from "~/lib/validation/accounts";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { accountNotice } from "~/lib/account-notices";
import { translatorFor } from "./i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { type AccountUser, EMAIL_TAKEN_MESSAGE, registerSeller, sellerEmailTaken } from "~/models/users.server";
import { startSession } from "./auth.server";
import { sendVerificationMail } from "./email-verification.server";
import { type Busy, hashPassword, orBusy } from "./password.server";
import { openPendingSignup, sealPendingSignup } from "./pending-signup.server";
import { consume, peek, refund, retryAfterHeaders, type Throttled, throttled } from "./rate-limit.server";
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

/** `language`: the new account's, the language of the page she signed up on (the API: English). */
export async function signUpSeller(
  request: Request,
  clientAddress: string,
  input: Omit<RegistrationInput, "password"> & SignUpPassword,
  language: Locale = DEFAULT_LOCALE,
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
  const result = await registerSeller(db, { ...fields, passwordHash, language });
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

export type SignUpStep1Values = { name: string; email: string; mobile: string };
export type SignUpStep2Values = { city: string; locality: string; category_ids: string[]; subcategory_ids: string[] };

/** What the sign-up page shows after a post: the step, the form's reply, the typed values, the sealed password. */
export type SignUpPage = {
  step: 1 | 2;
  result: SubmissionResult<string[]> | undefined;
  values: SignUpStep1Values;
  step2: SignUpStep2Values;
  pending: string | null;
};

export type SignUpPageAnswer =
  | { ok: true; cookie: string }
  | { ok: false; status: 200 | 400 | 429 | 503; headers?: Record<string, string>; page: SignUpPage };

function str(v: FormDataEntryValue | null): string {
  return typeof v === "string" ? v : "";
}
function step1From(form: FormData): SignUpStep1Values {
  return { name: str(form.get("name")), email: str(form.get("email")), mobile: str(form.get("mobile")) };
}
function step2From(form: FormData): SignUpStep2Values {
  return {
    city: str(form.get("city")),
    locality: str(form.get("locality")),
    category_ids: form.getAll("category_ids").map(String),
    subcategory_ids: form.getAll("subcategory_ids").map(String),
  };
}

const PASSWORD_FIELDS = ["password", "confirm_password"];
const EXPIRED_MESSAGE = ACCOUNT_MESSAGES.signupExpired;

const show = (page: SignUpPage, status: 200 | 400 | 429 | 503 = 200, headers?: Record<string, string>) =>
  ({ ok: false, status, headers, page }) as const;

/**
 * One post of the sign-up page's wizard (`intent`: "continue" from step 1, "previous" back from step 2,
 * "create" from step 2). Step 1 is checked (limits, email, hash: `checkSignUpStep1`) and answered with
 * step 2, the hash sealed in the page (`sealPendingSignup`); step 2 creates the account (`signUpSeller`).
 * A refusal shows the step it belongs to with its message and the values as typed (never the password).
 */
export async function signUpFromPage(
  request: Request,
  clientAddress: string,
  form: FormData,
  language: Locale,
): Promise<SignUpPageAnswer> {
  // The account services' English notices in the page's language (limits are form messages already).
  const say = (message: string) => accountNotice(translatorFor(language), message);
  const intent = str(form.get("intent"));
  const step1 = step1From(form);
  const step2 = step2From(form);
  const pendingHash = openPendingSignup(form.get("pending"), step1.email);
  const pending = pendingHash ? str(form.get("pending")) : null;

  if (intent === "previous") return show({ step: 1, result: undefined, values: step1, step2, pending });

  if (intent === "continue") {
    const passwordBlank = !str(form.get("password")) && !str(form.get("confirm_password"));
    const keep = passwordBlank && pendingHash !== null;
    if (!keep) form.delete("pending"); // an expired or foreign token: the password must be typed again
    const submission = parseWithZod(form, { schema: signupStep1Schema });
    if (submission.status !== "success") {
      const result = submission.reply({ hideFields: PASSWORD_FIELDS });
      return show({ step: 1, result, values: step1, step2, pending: keep ? pending : null }, 400);
    }
    // The limits, the email lookup and the hash, in that order (checkSignUpStep1).
    const { name, email, mobile } = submission.value;
    const checked = await checkSignUpStep1(
      clientAddress,
      keep && pendingHash ? { email, passwordHash: pendingHash } : { email, password: submission.value.password ?? "" },
    );
    if (!checked.ok) {
      const result =
        checked.status !== 400
          ? submission.reply({ formErrors: [say(checked.message)], hideFields: PASSWORD_FIELDS })
          : submission.reply({ fieldErrors: { email: [say(checked.message)] }, hideFields: PASSWORD_FIELDS });
      const kept = checked.status !== 400 && keep ? pending : null;
      return show({ step: 1, result, values: step1, step2, pending: kept }, checked.status, retryAfterHeaders(checked));
    }
    const sealed = sealPendingSignup(checked.passwordHash, email);
    return show({ step: 2, result: undefined, values: { name, email, mobile }, step2, pending: sealed });
  }

  // intent "create": step 2 with the kept step-1 values
  const kept = signupKeptStep1Schema.safeParse(step1);
  if (!kept.success || !pendingHash) {
    const back = parseWithZod(form, { schema: signupKeptStep1Schema });
    const result = back.reply({ formErrors: [say(EXPIRED_MESSAGE)], hideFields: PASSWORD_FIELDS });
    return show({ step: 1, result, values: step1, step2, pending: null }, 400);
  }
  const submission = parseWithZod(form, { schema: signupStep2Schema });
  if (submission.status !== "success")
    return show({ step: 2, result: submission.reply(), values: step1, step2, pending }, 400);
  const created = await signUpSeller(
    request,
    clientAddress,
    { ...kept.data, ...submission.value, passwordHash: pendingHash },
    language,
  );
  if (created.ok) return { ok: true, cookie: created.cookie };
  if (created.status === 429 || created.status === 503) {
    const result = submission.reply({ formErrors: [say(created.message)] });
    return show({ step: 2, result, values: step1, step2, pending }, created.status, retryAfterHeaders(created));
  }
  if (created.field === "email") {
    const back = parseWithZod(form, { schema: signupKeptStep1Schema });
    const result = back.reply({ fieldErrors: { email: [say(created.message)] } });
    return show({ step: 1, result, values: step1, step2, pending: null }, 400);
  }
  const result = submission.reply({ fieldErrors: { [created.field]: [say(created.message)] } });
  return show({ step: 2, result, values: step1, step2, pending }, 400);
}
