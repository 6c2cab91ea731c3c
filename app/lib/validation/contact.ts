import { z } from "zod";
import { NEWSLETTER_SOURCE_VALUES, QUERY_TYPES, TEXT_LIMITS } from "../constants";
import { emailField, optionalMobileField, optionalText, requiredText } from "./fields";
import { CONTACT_REQUIRED_MESSAGE, NEWSLETTER_REQUIRED_MESSAGE } from "./messages";

// The contact form and the newsletter (page forms and their /api twins).

export const contactSchema = z.object({
  name: requiredText(CONTACT_REQUIRED_MESSAGE, "Name", TEXT_LIMITS.name),
  email: emailField(CONTACT_REQUIRED_MESSAGE, "Email is invalid"),
  mobile: optionalMobileField(),
  query_type: z.enum(QUERY_TYPES, { error: CONTACT_REQUIRED_MESSAGE }),
  subject: optionalText("Subject", TEXT_LIMITS.subject),
  message: requiredText(CONTACT_REQUIRED_MESSAGE, "Message", TEXT_LIMITS.message),
});
export type ContactInput = z.output<typeof contactSchema>;

export const newsletterSchema = z.object({
  email: emailField(NEWSLETTER_REQUIRED_MESSAGE, "Please enter a valid email address"),
  source: z
    .enum(NEWSLETTER_SOURCE_VALUES, { error: `source must be one of ${NEWSLETTER_SOURCE_VALUES.join(", ")}` })
    .optional()
    .transform((s) => s ?? "website"),
});
export type NewsletterInput = z.output<typeof newsletterSchema>;
