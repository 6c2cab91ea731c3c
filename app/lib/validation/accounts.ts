import { z } from "zod";
import { CITIES } from "../constants";
import { PASSWORD_MAX_LENGTH } from "./constants";
import { formMessage } from "../form-messages";
import { emailField, idList, mobileField, newPasswordField, normaliseEmail, requiredText } from "./fields";

// The account forms (sign-up, sign-in), shared by each page action and its /api twin. Messages are the spec's.

const nameField = requiredText(formMessage("forms.name.required"), "forms.label.name", 100);
const accountEmail = emailField(formMessage("forms.email.required"), formMessage("forms.email.invalid"));
const accountMobile = mobileField(formMessage("forms.mobile.required"), formMessage("forms.mobile.invalid"));
const CATEGORIES_MESSAGE = formMessage("forms.categories.required");
const categoryIds = idList(CATEGORIES_MESSAGE, { min: 1 });
const subcategoryIds = idList(formMessage("forms.subcategories.unknown"), { max: 50 });
const locality = z
  .string()
  .nullish()
  .transform((s) => (s ?? "").trim().slice(0, 100));
const city = z.enum(CITIES, { error: formMessage("forms.city.required") });

/**
 * Sign-up step 1 ('Personal Details'). After Previous the password is kept server-side (a pending
 * token): then both password fields may stay empty. The server checks the token itself.
 */
export const signupStep1Schema = z
  .object({
    name: nameField,
    email: accountEmail,
    mobile: accountMobile,
    password: z.string().optional(),
    confirm_password: z.string().optional(),
    pending: z.string().optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v.pending && !v.password && !v.confirm_password) return;
      // Each rule is reported on its own (a short password and a different confirmation show both).
      const password = newPasswordField.safeParse(v.password ?? "");
      if (!password.success)
        ctx.addIssue({ code: "custom", message: password.error.issues[0].message, path: ["password"] });
      if ((v.password ?? "") !== (v.confirm_password ?? ""))
        ctx.addIssue({ code: "custom", message: formMessage("forms.password.mismatch"), path: ["confirm_password"] });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null }, // also when another field is wrong
  );

/** The step-1 fields kept in hidden inputs on step 2. */
export const signupKeptStep1Schema = z.object({ name: nameField, email: accountEmail, mobile: accountMobile });

/** Sign-up step 2 ('Business Categories'). */
export const signupStep2Schema = z.object({
  city,
  locality,
  category_ids: categoryIds,
  subcategory_ids: subcategoryIds,
  terms: z.literal("on", { error: formMessage("forms.terms.required") }),
});

/** POST /api/auth/register: the spec's payload (confirm and terms exist only in the form). */
export const registerApiSchema = z.object({
  name: nameField,
  email: accountEmail,
  mobile: accountMobile,
  password: newPasswordField,
  city,
  locality,
  category_ids: categoryIds,
  subcategory_ids: subcategoryIds,
});
export type RegistrationInput = z.output<typeof registerApiSchema>;

/** Seller and admin sign-in (page and API): any text that could be an address; the account decides. */
export const loginSchema = z.object({
  email: z
    .string({ error: formMessage("forms.email.required") })
    .trim()
    .min(1, formMessage("forms.email.required"))
    .max(254, formMessage("forms.email.invalid"))
    .transform(normaliseEmail),
  password: z
    .string({ error: formMessage("forms.password.required") })
    .min(1, formMessage("forms.password.required"))
    .max(PASSWORD_MAX_LENGTH, formMessage("forms.password.tooLongLogin")),
});
export type LoginInput = z.output<typeof loginSchema>;
