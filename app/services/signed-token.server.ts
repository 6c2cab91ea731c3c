import { createHmac, timingSafeEqual } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { type DB, getDb } from "~db/client";
import { accountRefusal } from "~/lib/account-notices";
import { normaliseEmail } from "~/lib/validation/fields";
import { sessionSecrets } from "./config.server";
import { pageLocale, translatorFor } from "./i18n.server";

// The one way links in mails are signed (newsletter unsubscribe, email verification, reviews, quotes): HMAC-SHA256
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

export type SignedLinkParams = { id: string; expires: string; token: string };

/** What a link mailed to an address signs: the row's id, the address (as stored, lower-cased) and the expiry. */
const addressMessage = (id: number, email: string, expires: number) => `${id}\n${normaliseEmail(email)}\n${expires}`;

/** The query of a link mailed to `row.email` about `row.id` (a review, a request for quotes), working `seconds`. */
export function addressLinkParams(
  purpose: string,
  row: { id: number; email: string },
  seconds: number,
  now = Date.now(),
): SignedLinkParams {
  const expires = Math.floor(now / 1000) + seconds;
  return {
    id: String(row.id),
    expires: String(expires),
    token: signToken(purpose, addressMessage(row.id, row.email, expires)),
  };
}

/** Whether a link's token was signed for this row and address with its expiry (the expiry itself is the caller's). */
export function verifyAddressLink(
  purpose: string,
  row: { id: number; email: string },
  params: SignedLinkParams,
): boolean {
  return verifyToken(purpose, addressMessage(row.id, row.email, Number(params.expires)), params.token);
}

/** What reading a signed link gives: its facts, or why it cannot be used (always a 400 with a message). */
export type SignedLinkCheck<Facts> = ({ ok: true } & Facts) | { ok: false; status: 400; message: string };

/**
 * The account id, expiry (Unix seconds) and token of a signed link's query or of its confirm form (whose
 * fields may carry a prefix), or null when one is missing or malformed. The signature is the caller's.
 */
export function readLinkParams(source: URLSearchParams | FormData, prefix = ""): SignedLinkParams | null {
  const read = (name: string) => String(source.get(prefix + name) ?? "").slice(0, 128);
  const params = { id: read("id"), expires: read("expires"), token: read("token") };
  if (!/^\d{1,12}$/.test(params.id) || !/^\d{1,12}$/.test(params.expires) || !params.token) return null;
  return params;
}

type Checked = { ok: true } | { ok: false; status: number; message: string };

/**
 * An account page's signed link, as the page was opened with it (or as its form posted it back: `source`),
 * checked by `check`; a refused link is thrown as the page's 4xx, its notice in the page's language.
 */
export async function acceptedLink<Result extends Checked>(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  check: (db: DB, source: URLSearchParams | FormData) => Promise<Result>,
  source: URLSearchParams | FormData = new URL(args.request.url).searchParams,
): Promise<Extract<Result, { ok: true }>> {
  const link = await check(getDb(), source);
  if (!link.ok) throw accountRefusal(translatorFor(pageLocale(args)), link);
  return link as Extract<Result, { ok: true }>;
}
