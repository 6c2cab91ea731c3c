import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./constants";
import { formMessage } from "../form-messages";
import { emailField, newPasswordField } from "./fields";
import { ACCOUNT_MESSAGES } from "./messages";
import { type Locale, LOCALES } from "../locales";

// The account-recovery and account-page forms: "Forgot password?", the reset link's form, and the seller's
// own email, password and deletion forms. One rule per field, shared by the pages' actions.

const currentPassword = z
  .string({ error: ACCOUNT_MESSAGES.currentRequired })
  .min(1, ACCOUNT_MESSAGES.currentRequired)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.currentWrong);

const passwordsMatch = {
  message: ACCOUNT_MESSAGES.mismatch,
  path: ["confirm_password"],
  // Also when another field is wrong, so every problem shows at once.
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};
const samePasswordTwice = (v: { password: string; confirm_password?: string }) =>
  v.password === (v.confirm_password ?? "");
const newPasswords = { password: newPasswordField, confirm_password: z.string().optional() };

/** "Forgot password?": the address only (any answer is the same, whether it has an account or not). */
export const forgotPasswordSchema = z.object({
  email: emailField(formMessage("forms.email.required"), formMessage("forms.email.invalid")),
});

/** The reset link's form: a new password, twice. */
export const resetPasswordSchema = z.object(newPasswords).refine(samePasswordTwice, passwordsMatch);

/** Change password on the account page: the current one, then the new one twice. */
export const changePasswordSchema = z
  .object({ current_password: currentPassword, ...newPasswords })
  .refine(samePasswordTwice, passwordsMatch);

/** Change email on the account page: the new address, and the current password when the account has one. */
export const changeEmailSchema = z.object({
  email: emailField("Email is required", "Email is invalid"),
  current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});

/** Delete my account: a ticked box, and the current password when the account has one. */
export const deleteAccountSchema = z.object({
  confirm: z.literal("on", { error: ACCOUNT_MESSAGES.deleteConfirm }),
  current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});

/** The account's language: one of the site's (`locales`), anything else refused with the one message. */
export const languageField = (locales: readonly Locale[] = LOCALES) =>
  z.enum(locales as [Locale, ...Locale[]], { error: ACCOUNT_MESSAGES.languageUnknown });

/** My language on the account page, among the site's languages (the server's `siteLocales()`). */
export const accountLanguageSchemaFor = (locales: readonly Locale[]) => z.object({ language: languageField(locales) });
export const accountLanguageSchema = accountLanguageSchemaFor(LOCALES);
