import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "./session.server";

// The one way links in mails are signed (newsletter unsubscribe, email verification): HMAC-SHA256
// keyed with SESSION_SECRET over a purpose label and the message, base64url. The purpose keeps a
// token made for one kind of link from being accepted by another.

export function signToken(purpose: string, message: string): string {
  return createHmac("sha256", sessionSecret()).update(purpose + message).digest("base64url");
}

/** Constant-time check of a token from a link (any length or alphabet accepted as input, never thrown on). */
export function verifyToken(purpose: string, message: string, token: string): boolean {
  const expected = Buffer.from(signToken(purpose, message));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
