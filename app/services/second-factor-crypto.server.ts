import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { sessionSecrets } from "./config.server";

// The keys of the second factor, all derived (HKDF-SHA256) from the session secret, each for one
// purpose: the TOTP secrets are sealed at rest with AES-256-GCM, recovery codes are kept as keyed
// hashes (HMAC-SHA256: they are random, so a slow password hash buys nothing), and the sessions listed
// on Account security are named by a keyed handle instead of their ids. SESSION_SECRET="new,old"
// rotates: the first secret seals and hashes, every one of the list opens and verifies.

type Purpose = "totp-secret" | "recovery-code" | "session-handle";

const keys = new Map<string, Buffer>();

function keyOf(secret: string, purpose: Purpose): Buffer {
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "bwp-directory second factor", purpose, 32));
    keys.set(id, key);
  }
  return key;
}

function sameBytes(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// ── TOTP secrets at rest ──

const SEALED = "aes256gcm$";
const BASE32 = /^[A-Z2-7]+=*$/;

/** The stored form of a TOTP secret: `aes256gcm$` + base64url(iv | tag | ciphertext), under the first secret. */
export function sealTotpSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(sessionSecrets()[0]!, "totp-secret"), iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/**
 * A stored TOTP secret opened: the base32 secret, and whether it should be stored again (kept in clear
 * before sealing existed, or sealed under a secret that is no longer the first). Null when no secret of
 * the list opens it (the session secret was replaced without keeping the old one in the list).
 */
export function openTotpSecret(stored: string): { secret: string; reseal: boolean } | null {
  if (!stored.startsWith(SEALED)) return BASE32.test(stored) ? { secret: stored, reseal: true } : null;
  const raw = Buffer.from(stored.slice(SEALED.length), "base64url");
  if (raw.length < 29) return null;
  const secrets = sessionSecrets();
  for (let i = 0; i < secrets.length; i++) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyOf(secrets[i]!, "totp-secret"), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const secret = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      return { secret, reseal: i > 0 };
    } catch {
      // not this secret
    }
  }
  return null;
}

// ── recovery codes ──

const KEYED = "hmac256$";

/** The stored form of a (normalised) recovery code: `hmac256$` + HMAC-SHA256 under the first secret's key. */
export function recoveryCodeDigest(normalised: string, secret = sessionSecrets()[0]!): string {
  return KEYED + createHmac("sha256", keyOf(secret, "recovery-code")).update(normalised).digest("base64url");
}

export function isKeyedRecoveryDigest(stored: string): boolean {
  return stored.startsWith(KEYED);
}

/** Whether a stored keyed digest is this code's, under any secret of the list (constant-time compares). */
export function matchesRecoveryDigest(normalised: string, stored: string): boolean {
  let match = false;
  for (const secret of sessionSecrets()) if (sameBytes(recoveryCodeDigest(normalised, secret), stored)) match = true;
  return match;
}

// ── sessions ──

/** The opaque name of a session on Account security (its id never leaves the cookie). */
export function sessionHandle(sessionId: string, secret = sessionSecrets()[0]!): string {
  return createHmac("sha256", keyOf(secret, "session-handle")).update(sessionId).digest("base64url").slice(0, 32);
}

export function isHandleOf(sessionId: string, handle: string): boolean {
  let match = false;
  for (const secret of sessionSecrets()) if (sameBytes(sessionHandle(sessionId, secret), handle)) match = true;
  return match;
}

/**
 * What a recovery code keeps of the session that made it (so that session cannot use it to prove a
 * change): a plain SHA-256 of the session id, which a 256-bit random id makes irreversible, and which
 * no secret rotation changes.
 */
export function sessionFingerprint(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url");
}
