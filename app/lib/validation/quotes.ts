import { z } from "zod";
import { CITIES, TEXT_LIMITS } from "../constants";
import { addDays, todayIso } from "../dates";
import { QUOTE_LIMITS } from "../quotes";
import { formMessage } from "../form-messages";
import { blankToUndefined, emailField, optionalMobileField, requiredText } from "./fields";

// Ask for a quote: the request form (app/lib/forms/quote.ts) and a seller's answer.

const budgetField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: formMessage("forms.quote.budgetInvalid") })
    .trim()
    .regex(/^\d{1,9}$/, formMessage("forms.quote.budgetInvalid"))
    .transform(Number)
    .refine((n) => n <= QUOTE_LIMITS.budget, formMessage("forms.quote.budgetInvalid"))
    .optional(),
);

export const quoteRequestSchema = z
  .object({
    category: z
      .string({ error: formMessage("forms.quote.categoryRequired") })
      .trim()
      .min(1, formMessage("forms.quote.categoryRequired"))
      .max(80, formMessage("forms.quote.categoryUnknown")),
    city: z.enum(CITIES, { error: formMessage("forms.city.unknown") }),
    locality: requiredText(formMessage("forms.quote.localityRequired"), "forms.label.area", TEXT_LIMITS.area),
    need: requiredText(formMessage("forms.quote.needRequired"), "forms.label.need", QUOTE_LIMITS.need),
    needed_by: z
      .string({ error: formMessage("forms.quote.dateRequired") })
      .trim()
      .min(1, { message: formMessage("forms.quote.dateRequired"), abort: true })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: formMessage("forms.quote.dateInvalid"), abort: true })
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), {
        message: formMessage("forms.quote.dateInvalid"),
        abort: true,
      })
      .refine((d) => d >= todayIso(), { message: formMessage("forms.quote.datePast"), abort: true })
      .refine((d) => d <= addDays(todayIso(), QUOTE_LIMITS.daysAhead), formMessage("forms.quote.dateFar")),
    budget_min: budgetField,
    budget_max: budgetField,
    name: requiredText(formMessage("forms.name.required"), "forms.label.name", TEXT_LIMITS.name),
    email: emailField(formMessage("forms.email.required"), formMessage("forms.email.invalid")),
    mobile: optionalMobileField(),
    consent: z.literal("on", { error: formMessage("forms.quote.consentRequired") }),
    seller: z
      .preprocess(
        blankToUndefined,
        z
          .string()
          .regex(/^\d{1,12}$/)
          .transform(Number)
          .optional(),
      )
      .catch(undefined),
  })
  .superRefine((v, ctx) => {
    if (v.budget_min !== undefined && v.budget_max !== undefined && v.budget_max < v.budget_min)
      ctx.addIssue({ code: "custom", path: ["budget_max"], message: formMessage("forms.quote.budgetOrder") });
  });
export type QuoteRequestInput = z.output<typeof quoteRequestSchema>;

/** A matched seller's answer: a message and an optional price in whole rupees. */
export const quoteAnswerSchema = z.object({
  answer: requiredText(formMessage("forms.quote.answerRequired"), "forms.label.answer", QUOTE_LIMITS.answer),
  price: budgetField,
});
