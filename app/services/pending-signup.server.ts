import { normaliseEmail } from "~/lib/validation/fields";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { sessionSecrets } from "./config.server";

// Between the two sign-up steps the password never goes back to the browser: step 1 hashes it and
// hands the page an encrypted, short-lived token (AES-256-GCM) holding the hash and the email it
// was given with. Step 2 posts the token back; the account is created from it.

const TTL_MS = 30 * 60 * 1000;

function keyFor(secret: string): Buffer {
  return createHash("sha256").update(`pending-signup:${secret}`).digest();
}

type Pending = { h: string; e: string; x: number };

export function sealPendingSignup(passwordHash: string, email: string, now = Date.now()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(sessionSecrets()[0]!), iv);
  const body = Buffer.concat([
    cipher.update(
      JSON.stringify({ h: passwordHash, e: normaliseEmail(email), x: now + TTL_MS } satisfies Pending),
      "utf8",
    ),
    cipher.final(),
  ]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The password hash, when the token is genuine, unexpired and was made for this email. */
export function openPendingSignup(token: unknown, email: string, now = Date.now()): string | null {
  if (typeof token !== "string" || token.length < 40 || token.length > 2000) return null;
  // Sealed with the first session secret; any of them opens it (rotation).
  for (const secret of sessionSecrets()) {
    try {
      const raw = Buffer.from(token, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const data = JSON.parse(
        Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8"),
      ) as Pending;
      if (typeof data.h !== "string" || data.x < now || data.e !== normaliseEmail(email)) return null;
      return data.h;
    } catch {
      // not this secret
    }
  }
  return null;
}
