import { mailboxOf } from "~/lib/validation/fields";
import type { DB } from "~db/client";
import { CONTACT, SITE_NAME } from "~/lib/constants";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import type { ContactInput } from "~/lib/validation/contact";
import { createEnquiry } from "~/models/enquiries.server";
import { translatorFor } from "./i18n.server";
import { sendMailLater } from "./mail.server";
import { consume } from "./rate-limit.server";

export { CONTACT_SUCCESS_MESSAGE } from "~/lib/constants";

/**
 * Stores a contact message and acknowledges it by mail (shared by /contact and POST /api/enquiries/contact).
 * The acknowledgement is a fixed text, none of the visitor's own words (the address they typed could be
 * anyone's), and at most a few per address an hour.
 */
export async function submitContactMessage(
  db: DB,
  input: ContactInput,
  locale: Locale = DEFAULT_LOCALE,
): Promise<number> {
  const id = await createEnquiry(db, input);
  if ((await consume(db, "acknowledgement", mailboxOf(input.email))).allowed)
    await sendMailLater(db, [contactAcknowledgement(input.email, locale)]);
  return id;
}

/** The acknowledgement, in the language of the page the message was sent from. */
export function contactAcknowledgement(to: string, locale: Locale = DEFAULT_LOCALE) {
  const t = translatorFor(locale);
  return {
    to,
    subject: t("mails.contact.subject", { site: SITE_NAME }),
    text: [
      t("mails.contact.hello"),
      "",
      t("mails.contact.thanks", { site: SITE_NAME }),
      "",
      t("mails.contact.ignore"),
      "",
      t("mails.contact.signoff", { site: SITE_NAME, phone: CONTACT.phone }),
    ].join("\n"),
  };
}
