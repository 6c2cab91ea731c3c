import { isIP } from "node:net";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { DB } from "~db/client";
import { SECOND_FACTOR_MESSAGES } from "~/lib/validation/messages";
import { writeAudit } from "~/models/audit.server";
import { insertPasskey, listPasskeys, notePasskeyUse, secondFactorFactsOf } from "~/models/second-factor.server";
import { setSessionChallenge, takeSessionChallenge } from "~/models/sessions.server";
import { publicOrigin } from "./public-url.server";
import { consumeAll, throttled } from "./rate-limit.server";
import { hasSecondFactor, passedSecondStep, type SecondStepOutcome } from "./second-factor.server";

// Loaded at the first passkey step, not at start-up: the library and its certificate parsers cost each
// server process about 0.9 s of CPU to load (docs/performance.md, "Start-up"), for what only staff use.
type WebAuthn = typeof import("@simplewebauthn/server") & typeof import("@simplewebauthn/server/helpers");
let loading: Promise<WebAuthn> | undefined;
const loadWebAuthn = () =>
  (loading ??= Promise.all([import("@simplewebauthn/server"), import("@simplewebauthn/server/helpers")]).then(
    ([server, helpers]) => ({ ...server, ...helpers }),
  ));

/** The challenge to sign with one of these passkeys (the second step of a sign-in, or a change's proof). */
async function authenticationOptions(rpID: string, passkeys: { id: string; transports: string[] }[]) {
  return (await loadWebAuthn()).generateAuthenticationOptions({
    rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.id, transports: p.transports as never })),
    userVerification: "preferred",
  });
}

// Passkeys (WebAuthn, through @simplewebauthn/server) as the stronger second factor of staff: bound to
// the site's own domain, so a look-alike site cannot ask for them. Each challenge is kept on the
// session that asked for it and answers once.

const RP_NAME = "BWP Directory";

type RelyingParty = { origin: string; rpID: string };

/** The site as WebAuthn sees it: PUBLIC_URL (or the request's origin) and its host name; null on a bare IP address, where browsers refuse passkeys. */
export function relyingParty(request: Request): RelyingParty | null {
  const origin = publicOrigin(request);
  const rpID = new URL(origin).hostname;
  return isIP(rpID.replace(/^\[|\]$/g, "")) ? null : { origin, rpID };
}

const PASSKEYS_NEED_DOMAIN = SECOND_FACTOR_MESSAGES.passkeysNeedDomain;

export type PasskeyResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 401; message: string };

// A signed-in session's challenge is stored with what it is for, so an answer made for one purpose
// never passes for another: `register:<how the change was proved>:<challenge>` or `assert:<challenge>`.
export type RegistrationProof = "totp" | "recovery_code" | "passkey" | "first_set_up";
const PROOFS: readonly string[] = ["totp", "recovery_code", "passkey", "first_set_up"];

/**
 * Options for adding a passkey to the signed-in staff member's account; the challenge is kept on her
 * session with how the addition was proved (the caller has checked that proof, or that the account
 * has no second factor yet: "first_set_up").
 */
export async function passkeyRegistrationOptions(
  db: DB,
  request: Request,
  user: { id: number; email: string; name: string; sessionId: string },
  proof: RegistrationProof,
): Promise<PasskeyResult<unknown>> {
  const rp = relyingParty(request);
  if (!rp) return { ok: false, status: 400, message: PASSKEYS_NEED_DOMAIN };
  const existing = await listPasskeys(db, user.id);
  const options = await (
    await loadWebAuthn()
  ).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await setSessionChallenge(db, user.sessionId, `register:${proof}:${options.challenge}`);
  return { ok: true, value: options };
}

/**
 * Checks the browser's answer to the registration options and keeps the new passkey; says how the
 * addition was proved. Options given to an account without a second factor are refused once it has one
 * (set up meanwhile in another tab): that addition needs a proof of its own.
 */
export async function registerPasskey(
  db: DB,
  request: Request,
  user: { id: number; sessionId: string },
  input: { name: string; response: unknown },
): Promise<PasskeyResult<{ id: string; proof: RegistrationProof }>> {
  const rp = relyingParty(request);
  if (!rp) return { ok: false, status: 400, message: PASSKEYS_NEED_DOMAIN };
  const stored = await takeSessionChallenge(db, user.sessionId);
  const refused = {
    ok: false as const,
    status: 400 as const,
    message: "The passkey could not be added. Please try again.",
  };
  const [purpose, proof, challenge] = stored?.split(":") ?? [];
  if (purpose !== "register" || !proof || !PROOFS.includes(proof) || !challenge) return refused;
  if (proof === "first_set_up" && hasSecondFactor(await secondFactorFactsOf(db, user.id))) return refused;
  const webAuthn = await loadWebAuthn();
  try {
    const verification = await webAuthn.verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    if (!verification.verified) return refused;
    const { credential } = verification.registrationInfo;
    await insertPasskey(db, user.id, {
      id: credential.id,
      publicKey: webAuthn.isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
      at: new Date().toISOString(),
    });
    return { ok: true, value: { id: credential.id, proof: proof as RegistrationProof } };
  } catch {
    return refused;
  }
}

/** Options for the second step with a passkey, for a half-done staff sign-in (its session keeps the challenge). */
export async function passkeySignInOptions(
  db: DB,
  request: Request,
  pending: { id: string; user: { id: number } },
): Promise<PasskeyResult<unknown>> {
  const rp = relyingParty(request);
  if (!rp) return { ok: false, status: 400, message: PASSKEYS_NEED_DOMAIN };
  const passkeys = await listPasskeys(db, pending.user.id);
  const options = await authenticationOptions(rp.rpID, passkeys);
  await setSessionChallenge(db, pending.id, options.challenge);
  return { ok: true, value: options };
}

/** The second step with a passkey: throttled with the codes (RATE_LIMIT_SECOND_FACTOR), audited. */
export async function verifyPasskeySignIn(
  db: DB,
  request: Request,
  pending: { id: string; user: { id: number; email: string } },
  response: unknown,
  clientAddress: string,
): Promise<SecondStepOutcome> {
  const user = pending.user;
  const meta = { portal: "admin", clientAddress };
  const limit = await consumeAll(db, [
    ["login", clientAddress],
    ["second_factor", String(user.id)],
  ]);
  if (!limit.allowed) {
    return throttled(limit.retryAfterSeconds);
  }
  const challenge = await takeSessionChallenge(db, pending.id);
  const verified = challenge !== null && (await verifyAssertion(db, request, user.id, challenge, response));
  if (!verified) {
    await writeAudit(db, {
      action: "admin.second_factor.failure",
      actorUserId: user.id,
      actorEmail: user.email,
      ip: clientAddress,
      details: { portal: "admin", method: "passkey" },
    });
    return { ok: false, status: 401, message: SECOND_FACTOR_MESSAGES.passkeyFailed };
  }
  return passedSecondStep(db, user, "passkey", meta);
}

/** Options for proving a change of the second factor with one of the signed-in staff member's passkeys. */
export async function passkeyProofOptions(
  db: DB,
  request: Request,
  user: { id: number; sessionId: string },
): Promise<PasskeyResult<unknown>> {
  const rp = relyingParty(request);
  if (!rp) return { ok: false, status: 400, message: PASSKEYS_NEED_DOMAIN };
  const passkeys = await listPasskeys(db, user.id);
  if (!passkeys.length) return { ok: false, status: 400, message: SECOND_FACTOR_MESSAGES.noPasskey };
  const options = await authenticationOptions(rp.rpID, passkeys);
  await setSessionChallenge(db, user.sessionId, `assert:${options.challenge}`);
  return { ok: true, value: options };
}

/** Whether a passkey answer proves a change: signed by one of her passkeys over her session's own proof challenge (answers once). */
export async function verifyPasskeyProof(
  db: DB,
  request: Request,
  user: { id: number; sessionId: string },
  response: unknown,
): Promise<boolean> {
  const stored = await takeSessionChallenge(db, user.sessionId);
  if (!stored?.startsWith("assert:")) return false;
  return verifyAssertion(db, request, user.id, stored.slice("assert:".length), response);
}

async function verifyAssertion(
  db: DB,
  request: Request,
  userId: number,
  challenge: string,
  response: unknown,
): Promise<boolean> {
  const rp = relyingParty(request);
  const answer = response as AuthenticationResponseJSON;
  const passkey = (await listPasskeys(db, userId)).find((p) => p.id === answer?.id);
  if (!rp || !passkey) return false;
  const webAuthn = await loadWebAuthn();
  try {
    const result = await webAuthn.verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.id,
        publicKey: webAuthn.isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return false;
    await notePasskeyUse(db, passkey.id, result.authenticationInfo.newCounter, new Date().toISOString());
    return true;
  } catch {
    return false;
  }
}
