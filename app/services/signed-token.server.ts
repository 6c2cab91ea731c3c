import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecrets } from "./config.server";

// The one way links in mails are signed (newsletter unsubscribe, email verification): HMAC-SHA256
// keyed with the session secret over a purpose label and the message, base64url. The purpose keeps a
// token made for one kind of link from being accepted by another. The first secret signs; every
// secret of SESSION_SECRET's list verifies, so links mailed before a rotation keep working.

function signWith(secret: string, purpose: string, message: string): string {
  return createHmac("sha256", secret)
    .update(purpose + message)
    .digest("base64url");
}

export function signToken(purpose: string, message: string): string {
  return signWith(sessionSecrets()[0]!, purpose, message);
}

/** Constant-time check of a token from a link (any length or alphabet accepted as input, never thrown on). */
export function verifyToken(purpose: string, message: string, token: string): boolean {
  const given = Buffer.from(token);
  return sessionSecrets().some((secret) => {
    const expected = Buffer.from(signWith(secret, purpose, message));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
