import { randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { DB } from "~db/client";
import { SECOND_FACTOR_MESSAGES } from "~/lib/validation/messages";
import { writeAudit } from "~/models/audit.server";
import {
  claimTotpStep,
  enableTotp,
  restoreTotpSecret,
  savePendingTotpSecret,
  storedTotpSecrets,
  totpOf,
  unusedRecoveryCodeHashes,
  useRecoveryCode,
} from "~/models/second-factor.server";
import type { SecondFactorFacts } from "~/models/sessions.server";
import { config } from "./config.server";
import { logger } from "./logger.server";
import { orBusy, verifyPassword } from "./password.server";
import { consumeAll, refund, throttled } from "./rate-limit.server";
import {
  isKeyedRecoveryDigest,
  matchesRecoveryDigest,
  openTotpSecret,
  recoveryCodeDigest,
  sealTotpSecret,
  sessionFingerprint,
} from "./second-factor-crypto.server";

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

/** A new set of recovery codes, shown once as `abcd-efgh-jkmn`, and their keyed hashes to keep. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    let raw = "";
    for (let i = 0; i < RECOVERY_LENGTH; i++) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return raw.match(/.{4}/g)!.join("-");
  });
  return { codes, hashes: codes.map((code) => recoveryCodeDigest(normaliseRecoveryCode(code))) };
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

export type TotpState = { secret: string | null; enabledAt: string | null; lastStep: number | null };

/**
 * The account's authenticator with its secret opened. A secret kept in clear (from before sealing) or
 * sealed under a secret that is no longer the first of SESSION_SECRET is stored again, sealed under the
 * first, as it is read. A sealed secret no secret of the list opens reads as none (codes fail).
 */
export async function totpStateOf(db: DB, userId: number): Promise<TotpState | undefined> {
  const row = await totpOf(db, userId);
  if (!row) return undefined;
  if (!row.secret) return row;
  const opened = openTotpSecret(row.secret);
  if (!opened) {
    logger.warn({ userId }, "a stored TOTP secret opens under no session secret: was SESSION_SECRET replaced?");
    return { ...row, secret: null };
  }
  if (opened.reseal) await restoreTotpSecret(db, userId, row.secret, sealTotpSecret(opened.secret));
  return { ...row, secret: opened.secret };
}

/** Seals every TOTP secret kept in clear or under an old session secret (once at each start; cheap). */
export async function sealStoredTotpSecrets(db: DB): Promise<number> {
  let sealed = 0;
  for (const { userId, stored } of await storedTotpSecrets(db)) {
    const opened = openTotpSecret(stored);
    if (opened?.reseal && (await restoreTotpSecret(db, userId, stored, sealTotpSecret(opened.secret)))) sealed++;
  }
  return sealed;
}

export type TotpEnrolment = { secret: string; uri: string; qrSvg: string };

/** The authenticator set-up of the Account security page: a secret kept until it is confirmed, as a QR code. */
export async function totpEnrolment(db: DB, user: { id: number; email: string }): Promise<TotpEnrolment | null> {
  const state = await totpStateOf(db, user.id);
  if (!state || state.enabledAt) return null;
  let secret = state.secret;
  if (!secret) {
    secret = generateSecret();
    await savePendingTotpSecret(db, user.id, sealTotpSecret(secret));
    secret = (await totpStateOf(db, user.id))?.secret ?? secret;
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

/** Whether a code is the current one of the pending (not yet confirmed) authenticator set-up; its time step. */
export async function pendingTotpStep(db: DB, userId: number, code: string): Promise<number | null> {
  const state = await totpStateOf(db, userId);
  if (!state?.secret || state.enabledAt || !/^\d{6}$/.test(code)) return null;
  return checkTotp(state.secret, code, null);
}

/** Turns the pending authenticator on at the step that proved it, with ten new recovery codes; null when it was turned on meanwhile. */
export async function turnOnTotp(
  db: DB,
  userId: number,
  step: number,
  sessionId: string,
): Promise<{ recoveryCodes: string[] } | null> {
  const { codes, hashes } = newRecoveryCodes();
  const on = await enableTotp(db, userId, {
    step,
    codeHashes: hashes,
    madeInSession: sessionFingerprint(sessionId),
    at: new Date().toISOString(),
  });
  return on ? { recoveryCodes: codes } : null;
}

export type SecondStepOutcome =
  | { ok: true; method: "totp" | "recovery_code" | "passkey" }
  | { ok: false; status: 401 | 429 | 503; message: string; retryAfterSeconds?: number };

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
    await audit("throttled");
    return throttled(limit.retryAfterSeconds);
  }
  // Recovery codes made before the keyed digests are checked like passwords (password.server.ts).
  const method = await orBusy(() => checkCode(db, user.id, code.trim()));
  if (typeof method === "object" && method) {
    await refund(db, "login", meta.clientAddress);
    await refund(db, "second_factor", String(user.id));
    return method;
  }
  if (!method || method === "recovery_code_of_this_session") {
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

export type CodeCheck = "totp" | "recovery_code" | "recovery_code_of_this_session" | null;

/**
 * Checks a code of the authenticator app (each time step once) or an unused recovery code (used up).
 * Every caller has counted the attempt under RATE_LIMIT_SECOND_FACTOR first. Recovery codes are looked
 * up by their keyed hash among the account's (at most ten) unused ones, compared in constant time; codes
 * kept as scrypt hashes (made before keyed hashes existed) are tried only when no keyed one matched, so
 * only accounts that still hold such codes pay for that hashing, and only within the rate limit. With
 * `refuseMadeIn` (a change of the second factor), a code made by that session proves nothing and is
 * left unused.
 */
export async function checkCode(
  db: DB,
  userId: number,
  code: string,
  options: { refuseMadeIn?: string } = {},
): Promise<CodeCheck> {
  if (/^\d{6}$/.test(code)) {
    const state = await totpStateOf(db, userId);
    if (!state?.secret || !state.enabledAt) return null;
    const step = await checkTotp(state.secret, code, state.lastStep);
    return step !== null && (await claimTotpStep(db, userId, step)) ? "totp" : null;
  }
  const typed = normaliseRecoveryCode(code);
  if (typed.length !== RECOVERY_LENGTH) return null;
  const unused = await unusedRecoveryCodeHashes(db, userId);
  let match = unused.find((stored) => isKeyedRecoveryDigest(stored.hash) && matchesRecoveryDigest(typed, stored.hash));
  if (!match)
    for (const stored of unused)
      if (!isKeyedRecoveryDigest(stored.hash) && (await verifyPassword(typed, stored.hash))) {
        match = stored;
        break;
      }
  if (!match) return null;
  if (options.refuseMadeIn && match.madeInSession === options.refuseMadeIn) return "recovery_code_of_this_session";
  return (await useRecoveryCode(db, match.id, new Date().toISOString())) ? "recovery_code" : null;
}
