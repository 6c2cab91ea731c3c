import { normaliseEmail } from "~/lib/validation/fields";
import type { DB } from "~db/client";
import { SITE_NAME } from "~/lib/constants";
import { DEFAULT_LOCALE, type Locale, localePath } from "~/lib/locales";
import { VERIFY_EMAIL_MESSAGES } from "~/lib/validation/messages";
import { writeAudit } from "~/models/audit.server";
import { findUserForVerification, markEmailVerified, sellerLanguage } from "~/models/users.server";
import { translatorFor } from "./i18n.server";
import { sendMailLater } from "./mail.server";
import { consumeAll, type Throttled, throttled } from "./rate-limit.server";
import type { SignedLinkCheck, SignedLinkParams } from "./signed-token.server";
import { readLinkParams, signToken, verifyToken } from "./signed-token.server";
import { mailLinkOrigin } from "./public-url.server";

// Email verification for password sign-ups: a signed, expiring link (the one signing helper, over the
// account id, its email as it is now and the expiry), mailed through the outbox at sign-up and on
// request from the dashboard (rate limited per account and per client address).

const PURPOSE = "email-verification:v1\n";
export const VERIFY_EMAIL_PATH = "/verify-email";
export const VERIFICATION_LINK_HOURS = 48;

function message(userId: number, email: string, expires: number): string {
  return `${userId}\n${normaliseEmail(email)}\n${expires}`;
}

/** The verification link's query for an account, valid for VERIFICATION_LINK_HOURS from `now`. */
export function verificationParams(user: { id: number; email: string }, now = Date.now()): SignedLinkParams {
  const expires = Math.floor(now / 1000) + VERIFICATION_LINK_HOURS * 3600;
  return {
    id: String(user.id),
    expires: String(expires),
    token: signToken(PURPOSE, message(user.id, user.email, expires)),
  };
}

export function verificationUrl(
  origin: string,
  user: { id: number; email: string },
  now = Date.now(),
  locale: Locale = DEFAULT_LOCALE,
): string {
  return `${origin}${localePath(locale, VERIFY_EMAIL_PATH)}?${new URLSearchParams(verificationParams(user, now)).toString()}`;
}

/** Queues the verification mail (recorded before this returns; the sending never delays the response). */
export async function sendVerificationMail(db: DB, user: { id: number; email: string; name: string }): Promise<void> {
  const locale = await sellerLanguage(db, user.id);
  const t = translatorFor(locale);
  await sendMailLater(db, [
    {
      to: user.email,
      userId: user.id,
      subject: t("mails.verify.subject", { site: SITE_NAME }),
      text: [
        t("mails.helloName", { name: user.name }),
        "",
        t("mails.verify.intro", { email: user.email, site: SITE_NAME }),
        verificationUrl(mailLinkOrigin(), user, Date.now(), locale),
        "",
        t("mails.verify.works", { hours: VERIFICATION_LINK_HOURS }),
        "",
        t("mails.signoff", { site: SITE_NAME }),
      ].join("\n"),
    },
  ]);
}

export type LinkCheck = SignedLinkCheck<{
  userId: number;
  email: string;
  alreadyVerified: boolean;
  params: SignedLinkParams;
}>;

/** Reads a link's query (or the confirm form): the signature must match the account's current email, and the link must not have expired. */
export async function checkVerificationLink(
  db: DB,
  source: URLSearchParams | FormData,
  now = Date.now(),
): Promise<LinkCheck> {
  const params = readLinkParams(source);
  const bad = { ok: false as const, status: 400 as const, message: VERIFY_EMAIL_MESSAGES.badLink };
  if (!params) return bad;
  const user = await findUserForVerification(db, Number(params.id));
  if (!user || user.is_active !== 1) return bad;
  if (!verifyToken(PURPOSE, message(user.id, user.email, Number(params.expires)), params.token)) return bad;
  // Checked after the signature, so "expired" is only said of links this server made.
  if (Number(params.expires) * 1000 < now) return { ok: false, status: 400, message: VERIFY_EMAIL_MESSAGES.expired };
  return { ok: true, userId: user.id, email: user.email, alreadyVerified: user.email_verified_at !== null, params };
}

/** The confirm button's POST: marks the email verified, with an audit row. */
export async function verifyEmailFromLink(
  db: DB,
  form: FormData,
  ip: string | null,
): Promise<{ ok: true; message: string } | { ok: false; status: 400; message: string }> {
  const link = await checkVerificationLink(db, form);
  if (!link.ok) return link;
  if (!(await markEmailVerified(db, link.userId))) return { ok: true, message: VERIFY_EMAIL_MESSAGES.alreadyVerified };
  await writeAudit(db, {
    action: "account.email_verified",
    actorUserId: link.userId,
    actorEmail: link.email,
    targetType: "user",
    targetId: link.userId,
    ip,
    details: { by: "link" },
  });
  return { ok: true, message: VERIFY_EMAIL_MESSAGES.verified };
}

export type ResendResult = { ok: true; message: string } | Throttled;

/** "Send a new link" from the dashboard: a few per account and per client address. */
export async function resendVerification(
  db: DB,
  user: { id: number; email: string; name: string },
  meta: { clientAddress: string },
): Promise<ResendResult> {
  const current = await findUserForVerification(db, user.id);
  if (current?.email_verified_at) return { ok: true, message: VERIFY_EMAIL_MESSAGES.alreadyVerified };
  const limit = await consumeAll(db, [
    ["verify_email", meta.clientAddress],
    ["verify_email_account", String(user.id)],
  ]);
  if (!limit.allowed) {
    return throttled(limit.retryAfterSeconds);
  }
  await sendVerificationMail(db, user);
  return { ok: true, message: VERIFY_EMAIL_MESSAGES.sent };
}
