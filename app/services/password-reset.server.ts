import { normaliseEmail } from "~/lib/validation/fields";
import { createHash } from "node:crypto";
import type { DB } from "~db/client";
import { SITE_NAME } from "~/lib/constants";
import { DEFAULT_LOCALE, type Locale, localePath } from "~/lib/locales";
import { isStaffRole } from "~/lib/permissions";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import {
  accountFactsByEmail,
  accountFactsById,
  type AccountFacts,
  replacePasswordHash,
} from "~/models/account-data.server";
import { writeAudit } from "~/models/audit.server";
import { sellerLanguage } from "~/models/users.server";
import { translatorFor } from "./i18n.server";
import { sendMailLater } from "./mail.server";
import { type Busy, hashPassword, orBusy } from "./password.server";
import { mailLinkOrigin } from "./public-url.server";
import { consume, consumeAll, type Throttled, throttled } from "./rate-limit.server";
import type { SignedLinkCheck, SignedLinkParams } from "./signed-token.server";
import { readLinkParams, signToken, verifyToken } from "./signed-token.server";

// "Forgot password?" (docs/decisions/155-account-reset-links-without-token-table.md): a signed link valid for one hour,
// mailed through the outbox.
// The link is signed over the account id, its email, the expiry and a digest of the stored password
// hash: setting any new password changes the hash, so a link works once (and every older link dies
// with it) without a table of tokens. The request answers the same whether or not the address has an
// account, and is limited per client address and per typed address. The reset never signs anyone in:
// a staff account with a second factor still needs it at the next sign-in.

const PURPOSE = "password-reset:v1\n";
export const RESET_PASSWORD_PATH = "/reset-password";
export const RESET_LINK_MINUTES = 60;

export type ResetLinkParams = SignedLinkParams;

function message(account: Pick<AccountFacts, "id" | "email" | "passwordHash">, expires: number): string {
  const hashDigest = createHash("sha256")
    .update(account.passwordHash ?? "no-password")
    .digest("base64url");
  return `${account.id}\n${normaliseEmail(account.email)}\n${expires}\n${hashDigest}`;
}

export function resetParams(
  account: Pick<AccountFacts, "id" | "email" | "passwordHash">,
  now = Date.now(),
): ResetLinkParams {
  const expires = Math.floor(now / 1000) + RESET_LINK_MINUTES * 60;
  return { id: String(account.id), expires: String(expires), token: signToken(PURPOSE, message(account, expires)) };
}

export function resetUrl(
  account: Pick<AccountFacts, "id" | "email" | "passwordHash">,
  now = Date.now(),
  locale: Locale = DEFAULT_LOCALE,
): string {
  return `${mailLinkOrigin()}${localePath(locale, RESET_PASSWORD_PATH)}?${new URLSearchParams(resetParams(account, now))}`;
}

export type ResetRequest = { ok: true; message: string } | Throttled;

/**
 * The "Forgot password?" post: counted per client address and per typed address (whether or not it has
 * an account, so the limits say nothing either), then a mail when an active account has the address.
 */
export async function requestPasswordReset(
  db: DB,
  email: string,
  meta: { clientAddress: string; portal: "seller" | "admin" },
): Promise<ResetRequest> {
  const address = normaliseEmail(email);
  const limit = await consumeAll(db, [
    ["password_reset", meta.clientAddress],
    ["password_reset_account", address],
  ]);
  if (!limit.allowed) return throttled(limit.retryAfterSeconds);
  const account = await accountFactsByEmail(db, address);
  if (account?.isActive) {
    const staff = isStaffRole(account.role);
    // A seller reads it in her language (her account's); staff in English.
    const locale = staff ? DEFAULT_LOCALE : await sellerLanguage(db, account.id);
    const t = translatorFor(locale);
    const signIn = staff ? "/admin/login" : localePath(locale, "/seller-login");
    await sendMailLater(db, [
      {
        to: account.email,
        userId: account.id,
        subject: t("mails.reset.subject", { site: SITE_NAME }),
        text: [
          t("mails.helloName", { name: account.name }),
          "",
          t("mails.reset.intro", { site: SITE_NAME, email: account.email }),
          resetUrl(account, Date.now(), locale),
          "",
          t("mails.reset.works", { minutes: RESET_LINK_MINUTES, url: `${mailLinkOrigin()}${signIn}` }),
          t("mails.reset.ignore"),
          "",
          t("mails.signoff", { site: SITE_NAME }),
        ].join("\n"),
      },
    ]);
    await writeAudit(db, {
      action: "account.password_reset.requested",
      actorUserId: account.id,
      actorEmail: account.email,
      targetType: "user",
      targetId: account.id,
      ip: meta.clientAddress,
      details: { portal: meta.portal },
    });
  }
  return { ok: true, message: ACCOUNT_MESSAGES.resetSent };
}

export type ResetLinkCheck = SignedLinkCheck<{ account: AccountFacts; params: ResetLinkParams }>;

/** Reads a reset link's query (or its form): the signature over the account as it is now, then the expiry. */
export async function checkResetLink(
  db: DB,
  source: URLSearchParams | FormData,
  { now = Date.now(), prefix = "" }: { now?: number; prefix?: string } = {},
): Promise<ResetLinkCheck> {
  const params = readLinkParams(source, prefix);
  const bad = { ok: false as const, status: 400 as const, message: ACCOUNT_MESSAGES.resetBadLink };
  if (!params) return bad;
  const account = await accountFactsById(db, Number(params.id));
  if (!account?.isActive) return bad;
  if (!verifyToken(PURPOSE, message(account, Number(params.expires)), params.token)) return bad;
  if (Number(params.expires) * 1000 < now) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.resetExpired };
  return { ok: true, account, params };
}

/**
 * The reset form's post (with a valid link): the new password stored, every session of the account
 * ended (half-done staff sign-ins too), audited. Returns where to sign in.
 */
export async function resetPasswordWithLink(
  db: DB,
  link: Extract<ResetLinkCheck, { ok: true }>,
  password: string,
  clientAddress: string,
): Promise<{ ok: true; signIn: string } | { ok: false; status: 400; message: string } | Throttled | Busy> {
  const { account } = link;
  // Counted before the hash: one link posted many times at once must not queue a hash per post.
  const limit = await consume(db, "account_password", String(account.id));
  if (!limit.allowed) return throttled(limit.retryAfterSeconds);
  const passwordHash = await orBusy(() => hashPassword(password));
  if (typeof passwordHash !== "string") return passwordHash;
  if (!(await replacePasswordHash(db, account.id, account.passwordHash, passwordHash)))
    return { ok: false, status: 400, message: ACCOUNT_MESSAGES.resetBadLink };
  await writeAudit(db, {
    action: "account.password_reset",
    actorUserId: account.id,
    actorEmail: account.email,
    targetType: "user",
    targetId: account.id,
    ip: clientAddress,
    details: { by: "link", sessions_ended: "all" },
  });
  return { ok: true, signIn: isStaffRole(account.role) ? "/admin/login" : "/seller-login" };
}
