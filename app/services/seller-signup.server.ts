import { getDb } from "~db/client";
import type { RegistrationInput } from "~/lib/validation/accounts";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { type AccountUser, registerSeller } from "~/models/users.server";
import { startSession } from "./auth.server";
import { sendVerificationMail } from "./email-verification.server";
import { consume, tooManyMessage } from "./rate-limit.server";
import { isSiteAddress } from "./reserved-addresses.server";

// A seller's sign-up, once for the page (/seller-signup, two steps) and the API (POST /api/auth/register):
// throttled per client address, never for one of the site's own addresses, the account and its seller
// row in one transaction, the verification mail in the outbox, and a new session.

export type SignUpResult =
  | { ok: true; user: AccountUser; cookie: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number }
  | { ok: false; status: 400 | 409; field: "email" | "category_ids" | "subcategory_ids"; message: string };

export async function signUpSeller(
  request: Request,
  clientAddress: string,
  input: Omit<RegistrationInput, "password"> & { passwordHash: string },
): Promise<SignUpResult> {
  const db = getDb();
  const rate = await consume(db, "signup", clientAddress);
  if (!rate.allowed)
    return {
      ok: false,
      status: 429,
      message: tooManyMessage(rate.retryAfterSeconds),
      retryAfterSeconds: rate.retryAfterSeconds,
    };
  if (isSiteAddress(input.email))
    return { ok: false, status: 400, field: "email", message: ACCOUNT_MESSAGES.reservedEmail };
  const result = await registerSeller(db, input);
  if (!result.ok)
    return { ok: false, status: result.field === "email" ? 409 : 400, field: result.field, message: result.message };
  await sendVerificationMail(db, result.user);
  return { ok: true, user: result.user, cookie: await startSession(request, result.user.id, clientAddress) };
}
