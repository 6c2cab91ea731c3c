import type { DB } from "~db/client";
import { SITE_NAME } from "~/lib/constants";
import { formatDateTime } from "~/lib/dates";
import { deviceLabel } from "~/lib/device-label";
import { SECOND_FACTOR_MESSAGES } from "~/lib/validation/messages";
import { type Actor, writeAudit } from "~/models/audit.server";
import {
  deletePasskey,
  disableTotp,
  passkeyOf,
  replaceRecoveryCodes,
  secondFactorFactsOf,
} from "~/models/second-factor.server";
import { sendMailLater } from "./mail.server";
import {
  passkeyRegistrationOptions,
  type PasskeyResult,
  type RegistrationProof,
  registerPasskey,
  verifyPasskeyProof,
} from "./passkeys.server";
import { consume, refund, throttled } from "./rate-limit.server";
import {
  checkCode,
  hasSecondFactor,
  newRecoveryCodes,
  pendingTotpStep,
  turnOnTotp,
  totpStateOf,
} from "./second-factor.server";
import { sessionFingerprint } from "./second-factor-crypto.server";

// Changes of a staff member's second factor on Account security (new recovery codes, removing the app
// or a passkey, adding a passkey or an app). Once the account has a second factor, a session alone
// changes none of it: each change needs a fresh proof of that factor — a current code of the app, a
// passkey's answer, or an unused recovery code the session did not make itself. Each attempt counts
// under RATE_LIMIT_SECOND_FACTOR (the counter of sign-in's second step) and is audited
// (admin.second_factor.change_refused|change_throttled); each change is audited under its own action
// and mailed to the account's address.

export type ChangeKind = "recovery_codes" | "remove_app" | "remove_passkey" | "add_passkey" | "add_app";

/** What a change is proved with: a typed code (app or recovery) or a passkey's answer (JSON, JavaScript only). */
export type Proof = { code?: string | null; passkey?: unknown };

export type ProofMethod = "totp" | "recovery_code" | "passkey";

export type ChangeRefused = {
  ok: false;
  status: 400 | 401 | 404 | 409 | 429;
  message: string;
  retryAfterSeconds?: number;
};

/** The signed-in staff member making the change, as the Account security guard gives her. */
export type ChangingUser = { id: number; email: string; name: string; sessionId: string; actor: Actor };

function changeWords(change: ChangeKind, passkey?: string): string {
  switch (change) {
    case "recovery_codes":
      return "New recovery codes were made for your account; the old ones no longer work.";
    case "remove_app":
      return "The authenticator app was removed from your account.";
    case "remove_passkey":
      return `A passkey (“${passkey}”) was removed from your account.`;
    case "add_passkey":
      return `A passkey (“${passkey}”) was added to your account.`;
    case "add_app":
      return "An authenticator app was set up on your account, with new recovery codes.";
  }
}

const AUDIT_ACTIONS: Record<ChangeKind, string> = {
  recovery_codes: "admin.second_factor.recovery_codes_replaced",
  remove_app: "admin.second_factor.totp_removed",
  remove_passkey: "admin.second_factor.passkey_removed",
  add_passkey: "admin.second_factor.passkey_added",
  add_app: "admin.second_factor.totp_enabled",
};

function auditOf(db: DB, user: ChangingUser, action: string, details: Record<string, unknown>) {
  return writeAudit(db, {
    action,
    actorUserId: user.id,
    actorEmail: user.email,
    targetType: "user",
    targetId: user.id,
    ip: user.actor.ip,
    details,
  });
}

/**
 * Checks the proof of a change: one attempt counted under RATE_LIMIT_SECOND_FACTOR per account (after
 * five wrong ones in the window every attempt is refused, the right one too), refused ones audited; a
 * good proof gives its attempt back, like a sign-in's second step.
 */
export async function proveChange(
  db: DB,
  request: Request,
  user: ChangingUser,
  change: ChangeKind,
  proof: Proof,
): Promise<{ ok: true; method: ProofMethod } | ChangeRefused> {
  const limit = await consume(db, "second_factor", String(user.id));
  if (!limit.allowed) {
    await auditOf(db, user, "admin.second_factor.change_throttled", { change });
    return throttled(limit.retryAfterSeconds);
  }
  const code = (proof.code ?? "").trim();
  if (!code && !proof.passkey) {
    await auditOf(db, user, "admin.second_factor.change_refused", { change, reason: "code_required" });
    return { ok: false, status: 400, message: SECOND_FACTOR_MESSAGES.changeCodeRequired };
  }
  let method: ProofMethod | null = null;
  let reason = "code_wrong";
  let message: string = SECOND_FACTOR_MESSAGES.codeWrong;
  if (proof.passkey) {
    method = (await verifyPasskeyProof(db, request, user, proof.passkey)) ? "passkey" : null;
    reason = "passkey_failed";
    message = SECOND_FACTOR_MESSAGES.passkeyProofFailed;
  } else {
    const checked = await checkCode(db, user.id, code, { refuseMadeIn: sessionFingerprint(user.sessionId) });
    if (checked === "recovery_code_of_this_session") {
      reason = "recovery_code_of_this_session";
      message = SECOND_FACTOR_MESSAGES.codeOfThisSession;
    } else method = checked;
  }
  if (!method) {
    await auditOf(db, user, "admin.second_factor.change_refused", { change, reason });
    return { ok: false, status: 401, message };
  }
  await refund(db, "second_factor", String(user.id));
  return { ok: true, method };
}

/** Audits a change that was made and mails its notice to the account's address. */
async function changed(
  db: DB,
  request: Request,
  user: ChangingUser,
  change: ChangeKind,
  details: { method: ProofMethod | "first_set_up"; passkey?: string },
): Promise<void> {
  const device = deviceLabel(request.headers.get("user-agent"));
  await auditOf(db, user, AUDIT_ACTIONS[change], { ...details, device });
  const at = new Date().toISOString();
  await sendMailLater(db, [
    {
      to: user.email,
      subject: `Your two-step sign-in was changed — ${SITE_NAME}`,
      text: [
        `Hello ${user.name},`,
        "",
        changeWords(change, details.passkey),
        "",
        `When: ${formatDateTime(at)} (India time)`,
        `From: ${device}, address ${user.actor.ip ?? "unknown"}`,
        "",
        "If this was you, there is nothing to do.",
        "",
        "If it was not you, someone is signed in as you: change your password at once (“Forgot password?” on the " +
          "sign-in page ends every session), then check Account security in the back-office and tell an admin. If " +
          "you can no longer sign in, an admin can reset your second factor from the server.",
        "",
        `— The ${SITE_NAME} team`,
      ].join("\n"),
    },
  ]);
}

/** Ten new recovery codes in place of the old ones, proved by the second factor the account has. */
export async function makeNewRecoveryCodes(
  db: DB,
  request: Request,
  user: ChangingUser,
  proof: Proof,
): Promise<{ ok: true; codes: string[] } | ChangeRefused> {
  if (!hasSecondFactor(await secondFactorFactsOf(db, user.id)))
    return { ok: false, status: 409, message: SECOND_FACTOR_MESSAGES.setUpFirst };
  const proved = await proveChange(db, request, user, "recovery_codes", proof);
  if (!proved.ok) return proved;
  const { codes, hashes } = newRecoveryCodes();
  await replaceRecoveryCodes(db, user.id, hashes, sessionFingerprint(user.sessionId));
  await changed(db, request, user, "recovery_codes", { method: proved.method });
  return { ok: true, codes };
}

/** Removes the authenticator app (to move to a new phone), proved by one of its codes, a passkey or a recovery code. */
export async function removeAuthenticatorApp(
  db: DB,
  request: Request,
  user: ChangingUser,
  proof: Proof,
): Promise<{ ok: true } | ChangeRefused> {
  if (!(await totpStateOf(db, user.id))?.enabledAt)
    return { ok: false, status: 409, message: SECOND_FACTOR_MESSAGES.appNotOn };
  const proved = await proveChange(db, request, user, "remove_app", proof);
  if (!proved.ok) return proved;
  await disableTotp(db, user.id);
  await changed(db, request, user, "remove_app", { method: proved.method });
  return { ok: true };
}

/** Removes one of her passkeys, proved like every change. */
export async function removePasskey(
  db: DB,
  request: Request,
  user: ChangingUser,
  passkeyId: string,
  proof: Proof,
): Promise<{ ok: true } | ChangeRefused> {
  const passkey = await passkeyOf(db, user.id, passkeyId);
  if (!passkey) return { ok: false, status: 404, message: SECOND_FACTOR_MESSAGES.passkeyGone };
  const proved = await proveChange(db, request, user, "remove_passkey", proof);
  if (!proved.ok) return proved;
  if (!(await deletePasskey(db, user.id, passkey.id)))
    return { ok: false, status: 404, message: SECOND_FACTOR_MESSAGES.passkeyGone };
  await changed(db, request, user, "remove_passkey", { method: proved.method, passkey: passkey.name });
  return { ok: true };
}

/**
 * Turns on the authenticator app being set up, with the code it shows. When the account already has a
 * second factor (passkeys), that factor must prove the change too (`proof`); the new app's code is
 * checked first, so a mistyped one costs no recovery code. Ten new recovery codes come with it.
 */
export async function turnOnAuthenticatorApp(
  db: DB,
  request: Request,
  user: ChangingUser,
  code: string,
  proof: Proof,
): Promise<{ ok: true; recoveryCodes: string[] } | ChangeRefused> {
  const step = await pendingTotpStep(db, user.id, code.trim());
  if (step === null) return { ok: false, status: 400, message: SECOND_FACTOR_MESSAGES.enrolCodeWrong };
  let method: ProofMethod | "first_set_up" = "first_set_up";
  if (hasSecondFactor(await secondFactorFactsOf(db, user.id))) {
    const proved = await proveChange(db, request, user, "add_app", proof);
    if (!proved.ok) return proved;
    method = proved.method;
  }
  const on = await turnOnTotp(db, user.id, step, user.sessionId);
  if (!on) return { ok: false, status: 400, message: SECOND_FACTOR_MESSAGES.enrolCodeWrong };
  await changed(db, request, user, "add_app", { method });
  return { ok: true, recoveryCodes: on.recoveryCodes };
}

/**
 * The options for adding a passkey: given at once to an account without a second factor (its first
 * set-up), else only after the proof of the one it has.
 */
export async function addPasskeyOptions(
  db: DB,
  request: Request,
  user: ChangingUser,
  proof: Proof,
): Promise<PasskeyResult<unknown> | ChangeRefused> {
  let method: RegistrationProof = "first_set_up";
  if (hasSecondFactor(await secondFactorFactsOf(db, user.id))) {
    const proved = await proveChange(db, request, user, "add_passkey", proof);
    if (!proved.ok) return proved;
    method = proved.method;
  }
  return passkeyRegistrationOptions(db, request, user, method);
}

/** Keeps the passkey the browser made for the options above; audited and mailed. */
export async function addPasskey(
  db: DB,
  request: Request,
  user: ChangingUser,
  input: { name: string; response: unknown },
): Promise<PasskeyResult<{ id: string }>> {
  const result = await registerPasskey(db, request, user, input);
  if (!result.ok) return result;
  await changed(db, request, user, "add_passkey", { method: result.value.proof, passkey: input.name });
  return { ok: true, value: { id: result.value.id } };
}
