import { randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { DB } from "~db/client";
import { SECOND_FACTOR_MESSAGES } from "~/lib/validation/messages";
import { type Actor, writeAudit } from "~/models/audit.server";
import {
  claimTotpStep,
  disableTotp,
  enableTotp,
  replaceRecoveryCodes,
  savePendingTotpSecret,
  totpOf,
  unusedRecoveryCodeHashes,
  useRecoveryCode,
} from "~/models/second-factor.server";
import type { SecondFactorFacts } from "~/models/sessions.server";
import { config } from "./config.server";
import { hashPassword, verifyPassword } from "./password.server";
import { consumeAll, refund, tooManyMessage } from "./rate-limit.server";

// The staff second factor (OWASP ASVS 6.3.3): an authenticator app (TOTP, RFC 6238, through otplib)
// or a passkey, with ten single-use recovery codes, required of every staff account once its grace
// period (STAFF_SECOND_FACTOR_GRACE_DAYS) is over. Codes are checked here for both sign-in doors.

const ISSUER = "BWP Directory";
const RECOVERY_CODES = 10;
// Lower-case letters and digits without look-alikes (0/o, 1/l/i): 31 symbols, 12 of them ≈ 59 bits.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_LENGTH = 12;
// A code of the step before or after the server's clock is accepted too (a phone a little off).
const EPOCH_TOLERANCE_SECONDS = 30;

export function hasSecondFactor(facts: SecondFactorFacts): boolean {
  return facts.totpEnabledAt !== null || facts.passkeys > 0;
}

/** When a staff account without a second factor stops being allowed in with its password alone. */
export function secondFactorDueAt(facts: Pick<SecondFactorFacts, "graceFrom">): Date {
  return new Date(new Date(facts.graceFrom).getTime() + config().staffSecondFactorGraceDays * 86_400_000);
}

/** Whether the back-office is closed to this staff member but for setting up a second factor. */
export function mustSetUpSecondFactor(facts: SecondFactorFacts, now = new Date()): boolean {
  return !hasSecondFactor(facts) && now >= secondFactorDueAt(facts);
}

/** A new set of recovery codes, shown once as `abcd-efgh-jkmn`, and their hashes to keep. */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    let raw = "";
    for (let i = 0; i < RECOVERY_LENGTH; i++) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return raw.match(/.{4}/g)!.join("-");
  });
  const hashes = await Promise.all(codes.map((code) => hashPassword(normaliseRecoveryCode(code))));
  return { codes, hashes };
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

export type TotpEnrolment = { secret: string; uri: string; qrSvg: string };

/** The authenticator set-up of the Account security page: a secret kept until it is confirmed, as a QR code. */
export async function totpEnrolment(db: DB, user: { id: number; email: string }): Promise<TotpEnrolment | null> {
  const state = await totpOf(db, user.id);
  if (!state || state.enabledAt) return null;
  let secret = state.secret;
  if (!secret) {
    secret = generateSecret();
    await savePendingTotpSecret(db, user.id, secret);
    secret = (await totpOf(db, user.id))?.secret ?? secret;
  }
  const uri = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, uri, qrSvg };
}

async function checkTotp(secret: string, code: string, afterTimeStep: number | null) {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

export type EnrolResult = { ok: true; recoveryCodes: string[] } | { ok: false; message: string };

/** Confirms the set-up with a code from the app: the authenticator is on, and ten recovery codes are made. */
export async function confirmTotpEnrolment(db: DB, actor: Actor, code: string): Promise<EnrolResult> {
  const state = await totpOf(db, actor.id);
  if (!state?.secret || state.enabledAt) return { ok: false, message: SECOND_FACTOR_MESSAGES.enrolCodeWrong };
  const step = /^\d{6}$/.test(code) ? await checkTotp(state.secret, code, null) : null;
  if (step === null) return { ok: false, message: SECOND_FACTOR_MESSAGES.enrolCodeWrong };
  const { codes, hashes } = await newRecoveryCodes();
  if (!(await enableTotp(db, actor.id, { step, codeHashes: hashes, at: new Date().toISOString() })))
    return { ok: false, message: SECOND_FACTOR_MESSAGES.enrolCodeWrong };
  await writeAudit(db, {
    action: "staff.second_factor.totp_enabled",
    actorUserId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
  });
  return { ok: true, recoveryCodes: codes };
}

/**
 * Removes the authenticator app. A current code of it, or an unused recovery code (the phone is lost),
 * proves more than the session alone; then a new phone can be set up.
 */
export async function turnOffTotp(
  db: DB,
  actor: Actor,
  code: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!(await checkCode(db, actor.id, code.trim()))) return { ok: false, message: SECOND_FACTOR_MESSAGES.codeWrong };
  await disableTotp(db, actor.id);
  await writeAudit(db, {
    action: "staff.second_factor.totp_disabled",
    actorUserId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
  });
  return { ok: true };
}

/** Ten new recovery codes in place of the old ones (all of which stop working). */
export async function regenerateRecoveryCodes(db: DB, actor: Actor): Promise<string[]> {
  const { codes, hashes } = await newRecoveryCodes();
  await replaceRecoveryCodes(db, actor.id, hashes);
  await writeAudit(db, {
    action: "staff.second_factor.recovery_codes_replaced",
    actorUserId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
  });
  return codes;
}

export type SecondStepOutcome =
  | { ok: true; method: "totp" | "recovery_code" | "passkey" }
  | { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number };

/**
 * Checks the second step of a staff sign-in: a code of the authenticator app (each time step once) or
 * an unused recovery code (used up). Throttled like the password (per client address) and per account
 * (RATE_LIMIT_SECOND_FACTOR: after five wrong codes the account waits, even with the right one);
 * every attempt audited.
 */
export async function verifySecondStep(
  db: DB,
  user: { id: number; email: string },
  code: string,
  meta: { portal: string; clientAddress: string },
): Promise<SecondStepOutcome> {
  const audit = (outcome: string, details: Record<string, unknown> = {}) =>
    writeAudit(db, {
      action: `${meta.portal}.second_factor.${outcome}`,
      actorUserId: user.id,
      actorEmail: user.email,
      ip: meta.clientAddress,
      details: { portal: meta.portal, ...details },
    });
  const limit = await consumeAll(db, [
    ["login", meta.clientAddress],
    ["second_factor", String(user.id)],
  ]);
  if (!limit.allowed) {
    const retry = limit.retryAfterSeconds;
    await audit("throttled");
    return { ok: false, status: 429, message: tooManyMessage(retry), retryAfterSeconds: retry };
  }
  const method = await checkCode(db, user.id, code.trim());
  if (!method) {
    await audit("failure");
    return { ok: false, status: 401, message: SECOND_FACTOR_MESSAGES.codeWrong };
  }
  return passedSecondStep(db, user, method, meta);
}

/** The bookkeeping of a second step that succeeded (by code or by passkey): counters given back, audited. */
export async function passedSecondStep(
  db: DB,
  user: { id: number; email: string },
  method: "totp" | "recovery_code" | "passkey",
  meta: { portal: string; clientAddress: string },
): Promise<SecondStepOutcome> {
  await refund(db, "login", meta.clientAddress);
  await refund(db, "second_factor", String(user.id));
  await writeAudit(db, {
    action: `${meta.portal}.second_factor.success`,
    actorUserId: user.id,
    actorEmail: user.email,
    ip: meta.clientAddress,
    details: { portal: meta.portal, method },
  });
  return { ok: true, method };
}

async function checkCode(db: DB, userId: number, code: string): Promise<"totp" | "recovery_code" | null> {
  if (/^\d{6}$/.test(code)) {
    const state = await totpOf(db, userId);
    if (!state?.secret || !state.enabledAt) return null;
    const step = await checkTotp(state.secret, code, state.lastStep);
    return step !== null && (await claimTotpStep(db, userId, step)) ? "totp" : null;
  }
  const typed = normaliseRecoveryCode(code);
  if (typed.length !== RECOVERY_LENGTH) return null;
  for (const stored of await unusedRecoveryCodeHashes(db, userId)) {
    if (await verifyPassword(typed, stored.hash))
      return (await useRecoveryCode(db, stored.id, new Date().toISOString())) ? "recovery_code" : null;
  }
  return null;
}
