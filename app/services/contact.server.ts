import type { DB } from "~db/client";
import { CONTACT, SITE_NAME } from "~/lib/constants";
import type { ContactInput } from "~/lib/schemas";
import { createEnquiry } from "~/models/enquiries.server";
import { sendMailLater } from "./mailer.server";

export { CONTACT_SUCCESS_MESSAGE } from "~/lib/schemas";

/** Stores a contact message and acknowledges it by mail (shared by /contact and POST /api/enquiries/contact). */
export async function submitContactMessage(db: DB, input: ContactInput): Promise<number> {
  const id = await createEnquiry(db, input);
  sendMailLater(db, [
    {
      to: input.email,
      subject: `We received your message — ${SITE_NAME}`,
      text: [
        `Dear ${input.name},`,
        "",
        `Thank you for contacting ${SITE_NAME} about "${input.subject ?? input.query_type}". Our team replies within 24 hours.`,
        "",
        "Your message:",
        input.message,
        "",
        `— The ${SITE_NAME} team · ${CONTACT.phone}`,
      ].join("\n"),
    },
  ]);
  return id;
}
