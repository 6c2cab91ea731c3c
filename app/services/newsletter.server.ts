import { normaliseEmail } from "~/lib/validation/fields";
import type { DB } from "~db/client";
import { CONTACT, SITE_NAME, UNSUBSCRIBE_BAD_LINK, UNSUBSCRIBE_DONE } from "~/lib/constants";
import { DEFAULT_LOCALE, type Locale, localePath } from "~/lib/locales";
import type { NewsletterInput } from "~/lib/validation/contact";
import { type SubscribeOutcome, subscribeToNewsletter, unsubscribeFromNewsletter } from "~/models/enquiries.server";
import { translatorFor } from "./i18n.server";
import { sendMailLater } from "./mail.server";
import { signToken, verifyToken } from "./signed-token.server";
import { mailLinkOrigin } from "./public-url.server";

// Newsletter sign-up with its welcome mail, and the signed unsubscribe link every newsletter mail
// carries: token = HMAC-SHA256(SESSION_SECRET, purpose + email), so only this server can make one and
// it names one address. It needs no table and stays valid (re-subscribing and leaving again works).

const PURPOSE = "newsletter-unsubscribe:v1\n";
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

export function unsubscribeToken(email: string): string {
  return signToken(PURPOSE, normaliseEmail(email));
}

export function verifyUnsubscribeToken(email: string, token: string): boolean {
  return verifyToken(PURPOSE, normaliseEmail(email), token);
}

export function unsubscribeUrl(origin: string, email: string, locale: Locale = DEFAULT_LOCALE): string {
  const qs = new URLSearchParams({ email: normaliseEmail(email), token: unsubscribeToken(email) });
  return `${origin}${localePath(locale, UNSUBSCRIBE_PATH)}?${qs.toString()}`;
}

/** The footer of every newsletter mail. */
export function unsubscribeFooter(origin: string, email: string, locale: Locale = DEFAULT_LOCALE): string {
  const t = translatorFor(locale);
  return [
    t("mails.newsletter.footer", { email: normaliseEmail(email), site: SITE_NAME }),
    t("mails.newsletter.unsubscribe", { url: unsubscribeUrl(origin, email, locale) }),
  ].join("\n");
}

/**
 * Subscribes (idempotent, docs/decisions/021-newsletter-idempotent.md) and, for a new or renewed subscription, sends
 * the welcome mail with its unsubscribe link (shared by /newsletter and POST /api/enquiries/newsletter).
 */
export async function subscribeWithWelcome(
  db: DB,
  input: NewsletterInput,
  locale: Locale = DEFAULT_LOCALE,
): Promise<SubscribeOutcome> {
  const outcome = await subscribeToNewsletter(db, input);
  if (outcome !== "already_subscribed") {
    const t = translatorFor(locale);
    await sendMailLater(db, [
      {
        to: input.email,
        subject: t("mails.newsletter.subject", { site: SITE_NAME }),
        text: [
          t("mails.contact.hello"),
          "",
          t("mails.newsletter.thanks", { site: SITE_NAME }),
          "",
          t("mails.contact.signoff", { site: SITE_NAME, phone: CONTACT.phone }),
          "",
          unsubscribeFooter(mailLinkOrigin(), input.email, locale),
        ].join("\n"),
      },
    ]);
  }
  return outcome;
}

export { UNSUBSCRIBE_BAD_LINK, UNSUBSCRIBE_DONE };

export type UnsubscribeResult = { ok: true; message: string } | { ok: false; status: 400; message: string };

/** The visitor's confirmed unsubscribe: the token must match the address; the row becomes `unsubscribed`. */
export async function unsubscribeWithToken(
  db: DB,
  email: string,
  token: string,
  ip: string | null,
): Promise<UnsubscribeResult> {
  if (!email || !token || !verifyUnsubscribeToken(email, token))
    return { ok: false, status: 400, message: UNSUBSCRIBE_BAD_LINK };
  // A signed address that has no subscription (deleted meanwhile) is already "not subscribed": same answer.
  await unsubscribeFromNewsletter(db, normaliseEmail(email), ip);
  return { ok: true, message: UNSUBSCRIBE_DONE };
}
