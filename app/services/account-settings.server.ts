import { normaliseEmail } from "~/lib/validation/fields";
import type { DB } from "~db/client";
import { SITE_NAME } from "~/lib/constants";
import { DEFAULT_LOCALE, type Locale, localePath } from "~/lib/locales";
import { isStaffRole } from "~/lib/permissions";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import {
  accountFactsByEmail,
  accountFactsById,
  type AccountFacts,
  changeAccountEmail,
  eraseAccount,
  type Erasure,
} from "~/models/account-data.server";
import { type Actor, writeAudit } from "~/models/audit.server";
import { sellerLanguage, setPasswordHash } from "~/models/users.server";
import { translatorFor } from "./i18n.server";
import { sendMailLater } from "./mail.server";
import { hashPassword, orBusy, verifyPassword } from "./password.server";
import { mailLinkOrigin } from "./public-url.server";
import { consume, refund, throttled } from "./rate-limit.server";
import { forgetSellerShareCards } from "./share-card.server";
import { isSiteAddress } from "./reserved-addresses.server";
import { readLinkParams, type SignedLinkCheck, signToken, verifyToken } from "./signed-token.server";
import { discardImages, isUploadKey } from "./uploads.server";

// The seller's account page (docs/decisions/158-account-email-change-link-new-address.md): her password (the current
// one required), her email (the new address proven by a signed link before it takes effect, the old one told
// afterwards), and deleting the account (the password again, or for an account without one a signed link to its
// address).

type Refused = {
  ok: false;
  status: 400 | 401 | 404 | 409 | 429 | 503;
  field?: string;
  message: string;
  retryAfterSeconds?: number;
};
type Done = { ok: true; message: string };

function tooMany(retryAfterSeconds: number): Refused {
  return throttled(retryAfterSeconds);
}

/**
 * Checks the current password typed on the account page (counted per account, given back when right).
 * An account without a password (Google only) has nothing to check: `null` is returned for it.
 */
async function checkCurrentPassword(db: DB, account: AccountFacts, typed: string | undefined): Promise<Refused | null> {
  if (account.passwordHash === null) return null;
  if (!typed) return { ok: false, status: 400, field: "current_password", message: ACCOUNT_MESSAGES.currentRequired };
  const limit = await consume(db, "account_password", String(account.id));
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  const right = await orBusy(() => verifyPassword(typed, account.passwordHash));
  if (typeof right !== "boolean") {
    await refund(db, "account_password", String(account.id));
    return { ...right, field: "current_password" };
  }
  if (!right) return { ok: false, status: 401, field: "current_password", message: ACCOUNT_MESSAGES.currentWrong };
  await refund(db, "account_password", String(account.id));
  return null;
}

async function activeAccount(db: DB, userId: number): Promise<AccountFacts | Refused> {
  const account = await accountFactsById(db, userId);
  if (!account?.isActive) return { ok: false, status: 404, message: ACCOUNT_MESSAGES.deletionBadLink };
  return account;
}

/** Change password: the current one, then the new one; her other sessions end (this one stays). */
export async function changeOwnPassword(
  db: DB,
  user: { id: number; sessionId: string },
  input: { current_password: string; password: string },
  clientAddress: string,
): Promise<Done | Refused> {
  const account = await activeAccount(db, user.id);
  if ("ok" in account) return account;
  if (account.passwordHash === null) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.noPassword };
  const refused = await checkCurrentPassword(db, account, input.current_password);
  if (refused) return refused;
  const passwordHash = await orBusy(() => hashPassword(input.password));
  if (typeof passwordHash !== "string") return { ...passwordHash, field: "password" };
  await setPasswordHash(db, account.id, passwordHash, user.sessionId);
  await writeAudit(db, {
    action: "account.password_changed",
    actorUserId: account.id,
    actorEmail: account.email,
    targetType: "user",
    targetId: account.id,
    ip: clientAddress,
    details: { sessions_ended: "others" },
  });
  return { ok: true, message: ACCOUNT_MESSAGES.passwordChanged };
}

/** A seller reads her mails in her language (her account's); staff in English. */
async function mailLanguage(db: DB, account: Pick<AccountFacts, "id" | "role">): Promise<Locale> {
  return isStaffRole(account.role) ? DEFAULT_LOCALE : sellerLanguage(db, account.id);
}

// ── email change ──

const EMAIL_PURPOSE = "email-change:v1\n";
export const CONFIRM_EMAIL_PATH = "/confirm-email-change";
export const EMAIL_CHANGE_HOURS = 24;

export type EmailChangeParams = { id: string; email: string; expires: string; token: string };

function emailMessage(id: number, from: string, to: string, expires: number): string {
  return `${id}\n${normaliseEmail(from)}\n${normaliseEmail(to)}\n${expires}`;
}

export function emailChangeParams(
  account: { id: number; email: string },
  to: string,
  now = Date.now(),
): EmailChangeParams {
  const expires = Math.floor(now / 1000) + EMAIL_CHANGE_HOURS * 3600;
  return {
    id: String(account.id),
    email: normaliseEmail(to),
    expires: String(expires),
    token: signToken(EMAIL_PURPOSE, emailMessage(account.id, account.email, to, expires)),
  };
}

/** Both mails an email change sends to the new address carry this subject (a data export lists subjects). */
export const EMAIL_CHANGE_SUBJECT = `Changing the email address of a seller account — ${SITE_NAME}`;

/**
 * Change email: counted (ACCOUNT_MAIL), then a mail to the new address: a link when the address is free
 * (the change waits for it), or word that it has an account already. The answer is the same either way,
 * so the form tells no one which addresses have accounts; only the site's own addresses are refused.
 */
export async function requestEmailChange(
  db: DB,
  userId: number,
  input: { email: string; current_password?: string },
): Promise<Done | Refused> {
  const account = await activeAccount(db, userId);
  if ("ok" in account) return account;
  const to = normaliseEmail(input.email);
  if (to === account.email) return { ok: false, status: 400, field: "email", message: ACCOUNT_MESSAGES.sameEmail };
  const refused = await checkCurrentPassword(db, account, input.current_password);
  if (refused) return refused;
  const limit = await consume(db, "account_mail", String(account.id));
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  if (isSiteAddress(to)) return { ok: false, status: 400, field: "email", message: ACCOUNT_MESSAGES.reservedEmail };
  const holder = await accountFactsByEmail(db, to);
  if (holder) {
    // Hers to read, not the asker's: the asker's data export must not tell her the address is taken.
    const t = translatorFor(await mailLanguage(db, holder));
    await sendMailLater(db, [
      {
        to,
        userId: holder.id,
        subject: t("mails.emailChange.subject", { site: SITE_NAME }),
        text: [
          t("mails.contact.hello"),
          "",
          t("mails.emailChange.taken", { site: SITE_NAME }),
          "",
          t("mails.emailChange.takenAdvice"),
          "",
          t("mails.signoff", { site: SITE_NAME }),
        ].join("\n"),
      },
    ]);
    return { ok: true, message: ACCOUNT_MESSAGES.emailChangeSent };
  }
  const locale = await mailLanguage(db, account);
  const t = translatorFor(locale);
  const link = `${mailLinkOrigin()}${localePath(locale, CONFIRM_EMAIL_PATH)}?${new URLSearchParams(emailChangeParams(account, to))}`;
  await sendMailLater(db, [
    {
      to,
      userId: account.id,
      subject: t("mails.emailChange.subject", { site: SITE_NAME }),
      text: [
        t("mails.helloName", { name: account.name }),
        "",
        t("mails.emailChange.intro", { to, site: SITE_NAME, from: account.email }),
        link,
        "",
        t("mails.emailChange.works", { hours: EMAIL_CHANGE_HOURS }),
        "",
        t("mails.signoff", { site: SITE_NAME }),
      ].join("\n"),
    },
  ]);
  return { ok: true, message: ACCOUNT_MESSAGES.emailChangeSent };
}

export type EmailLinkCheck = SignedLinkCheck<{ account: AccountFacts; to: string; params: EmailChangeParams }>;

/** Reads an email-change link: signed over the account's email as it is now (so it works once), not expired. */
export async function checkEmailChangeLink(
  db: DB,
  source: URLSearchParams | FormData,
  now = Date.now(),
): Promise<EmailLinkCheck> {
  const link = readLinkParams(source);
  const email = String(source.get("email") ?? "")
    .slice(0, 300)
    .toLowerCase();
  const bad = { ok: false as const, status: 400 as const, message: ACCOUNT_MESSAGES.emailBadLink };
  if (!link || !email) return bad;
  const params = { ...link, email };

  const account = await accountFactsById(db, Number(params.id));
  if (!account?.isActive) return bad;
  if (
    !verifyToken(
      EMAIL_PURPOSE,
      emailMessage(account.id, account.email, params.email, Number(params.expires)),
      params.token,
    )
  )
    return bad;
  if (Number(params.expires) * 1000 < now) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.emailExpired };
  return { ok: true, account, to: params.email, params };
}

/** The confirm button of an email-change link: the change made, audited, and the old address told. */
export async function confirmEmailChange(
  db: DB,
  link: Extract<EmailLinkCheck, { ok: true }>,
  clientAddress: string,
): Promise<Done | Refused> {
  const { account, to } = link;
  if (isSiteAddress(to)) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.reservedEmail };
  const changed = await changeAccountEmail(db, account.id, account.email, to);
  if (!changed.ok)
    return changed.reason === "taken"
      ? { ok: false, status: 409, message: ACCOUNT_MESSAGES.emailTaken }
      : { ok: false, status: 400, message: ACCOUNT_MESSAGES.emailBadLink };
  await writeAudit(db, {
    action: "account.email_changed",
    actorUserId: account.id,
    actorEmail: to,
    targetType: "user",
    targetId: account.id,
    ip: clientAddress,
    details: { from: account.email, to },
  });
  const t = translatorFor(await mailLanguage(db, account));
  await sendMailLater(db, [
    {
      to: account.email,
      userId: account.id,
      subject: t("mails.emailChanged.subject", { site: SITE_NAME }),
      text: [
        t("mails.helloName", { name: account.name }),
        "",
        t("mails.emailChanged.body", { site: SITE_NAME, to, from: account.email }),
        "",
        t("mails.emailChanged.notYou"),
        "",
        t("mails.signoff", { site: SITE_NAME }),
      ].join("\n"),
    },
  ]);
  return { ok: true, message: ACCOUNT_MESSAGES.emailChanged };
}

// ── deletion ──

const DELETION_PURPOSE = "account-deletion:v1\n";
export const CONFIRM_DELETION_PATH = "/confirm-account-deletion";
export const DELETION_LINK_MINUTES = 60;

export type DeletionParams = { id: string; expires: string; token: string };

function deletionMessage(account: { id: number; email: string }, expires: number): string {
  return `${account.id}\n${normaliseEmail(account.email)}\n${expires}`;
}

export function deletionParams(account: { id: number; email: string }, now = Date.now()): DeletionParams {
  const expires = Math.floor(now / 1000) + DELETION_LINK_MINUTES * 60;
  return {
    id: String(account.id),
    expires: String(expires),
    token: signToken(DELETION_PURPOSE, deletionMessage(account, expires)),
  };
}

/** Removes what an erasure left on disk: her images and documents (with their copies) and her share cards. */
export async function removeErasedFiles(db: DB, erased: Erasure): Promise<void> {
  // Only files this server stored for her (generated names); never a shared demo image or a made-up path.
  await discardImages(
    db,
    erased.files.filter((f) => isUploadKey(f.key)),
  );
  await Promise.all(erased.sellerIds.map((id) => forgetSellerShareCards(id)));
}

/** Erases an account and its files; null when it is gone already. `actor`: the staff member, or null (herself). */
export async function eraseAccountAndFiles(db: DB, userId: number, actor: Actor | null): Promise<Erasure | null> {
  const erased = await eraseAccount(db, userId, actor);
  if (erased) await removeErasedFiles(db, erased);
  return erased;
}

export type DeletionOutcome = { ok: true; erased: true } | { ok: true; erased: false; message: string } | Refused;

/**
 * "Delete my account": with her password the account goes at once; an account without a password
 * (Google only) gets a signed link by mail instead, and goes when she confirms it.
 */
export async function deleteOwnAccount(
  db: DB,
  userId: number,
  input: { current_password?: string },
): Promise<DeletionOutcome> {
  const account = await activeAccount(db, userId);
  if ("ok" in account) return account;
  if (account.passwordHash === null) {
    const limit = await consume(db, "account_mail", String(account.id));
    if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
    const locale = await mailLanguage(db, account);
    const t = translatorFor(locale);
    const link = `${mailLinkOrigin()}${localePath(locale, CONFIRM_DELETION_PATH)}?${new URLSearchParams(deletionParams(account))}`;
    await sendMailLater(db, [
      {
        to: account.email,
        userId: account.id,
        subject: t("mails.deletion.subject", { site: SITE_NAME }),
        text: [
          t("mails.helloName", { name: account.name }),
          "",
          t("mails.deletion.intro", { site: SITE_NAME, email: account.email }),
          link,
          "",
          t("mails.deletion.works", { minutes: DELETION_LINK_MINUTES }),
          "",
          t("mails.signoff", { site: SITE_NAME }),
        ].join("\n"),
      },
    ]);
    return { ok: true, erased: false, message: ACCOUNT_MESSAGES.deletionSent };
  }
  const refused = await checkCurrentPassword(db, account, input.current_password);
  if (refused) return refused;
  if (!(await eraseAccountAndFiles(db, account.id, null)))
    return { ok: false, status: 404, message: ACCOUNT_MESSAGES.deletionBadLink };
  return { ok: true, erased: true };
}

export type DeletionLinkCheck =
  { ok: true; account: AccountFacts; params: DeletionParams } | { ok: false; status: 400; message: string };

export async function checkDeletionLink(
  db: DB,
  source: URLSearchParams | FormData,
  now = Date.now(),
): Promise<DeletionLinkCheck> {
  const params = readLinkParams(source);
  const bad = { ok: false as const, status: 400 as const, message: ACCOUNT_MESSAGES.deletionBadLink };
  if (!params) return bad;
  const account = await accountFactsById(db, Number(params.id));
  if (!account?.isActive) return bad;
  if (!verifyToken(DELETION_PURPOSE, deletionMessage(account, Number(params.expires)), params.token)) return bad;
  if (Number(params.expires) * 1000 < now) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.deletionExpired };
  return { ok: true, account, params };
}
