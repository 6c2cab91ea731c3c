import type { DB } from "~db/client";
import { CONTACT, SITE_NAME } from "~/lib/constants";
import type { ContactInput } from "~/lib/validation/contact";
import { createEnquiry } from "~/models/enquiries.server";
import { sendMailLater } from "./mail.server";
import { consume } from "./rate-limit.server";

export { CONTACT_SUCCESS_MESSAGE } from "~/lib/constants";

/**
 * Stores a contact message and acknowledges it by mail (shared by /contact and POST /api/enquiries/contact).
 * The acknowledgement is a fixed text, none of the visitor's own words (the address they typed could be
 * anyone's), and at most a few per address an hour.
 */
export async function submitContactMessage(db: DB, input: ContactInput): Promise<number> {
  const id = await createEnquiry(db, input);
  if ((await consume(db, "acknowledgement", input.email.toLowerCase())).allowed)
    await sendMailLater(db, [contactAcknowledgement(input.email)]);
  return id;
}

export function contactAcknowledgement(to: string) {
  return {
    to,
    subject: `We received your message — ${SITE_NAME}`,
    text: [
      "Hello,",
      "",
      `Thank you for contacting ${SITE_NAME}. We received your message and our team replies within 24 hours.`,
      "",
      `If you did not write to us, you can ignore this email.`,
      "",
      `— The ${SITE_NAME} team · ${CONTACT.phone}`,
    ].join("\n"),
  };
}
