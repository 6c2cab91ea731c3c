import { z } from "zod";
import { NEWSLETTER_SOURCE_VALUES, QUERY_TYPES, TEXT_LIMITS } from "../constants";
import { formMessage } from "../form-messages";
import { emailField, optionalMobileField, optionalText, requiredText } from "./fields";
import { CONTACT_REQUIRED_MESSAGE, NEWSLETTER_REQUIRED_MESSAGE } from "./messages";

// The contact form and the newsletter (page forms and their /api twins).

export const contactSchema = z.object({
  name: requiredText(CONTACT_REQUIRED_MESSAGE, "forms.label.name", TEXT_LIMITS.name),
  email: emailField(CONTACT_REQUIRED_MESSAGE, formMessage("forms.email.invalid")),
  mobile: optionalMobileField(),
  query_type: z.enum(QUERY_TYPES, { error: CONTACT_REQUIRED_MESSAGE }),
  subject: optionalText("forms.label.subject", TEXT_LIMITS.subject),
  message: requiredText(CONTACT_REQUIRED_MESSAGE, "forms.label.message", TEXT_LIMITS.message),
});
export type ContactInput = z.output<typeof contactSchema>;

export const newsletterSchema = z.object({
  email: emailField(NEWSLETTER_REQUIRED_MESSAGE, formMessage("forms.newsletter.invalid")),
  source: z
    .enum(NEWSLETTER_SOURCE_VALUES, { error: `source must be one of ${NEWSLETTER_SOURCE_VALUES.join(", ")}` })
    .optional()
    .transform((s) => s ?? "website"),
});
export type NewsletterInput = z.output<typeof newsletterSchema>;
