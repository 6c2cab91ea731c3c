import { z } from "zod";
import { CITIES } from "../constants";
import { PASSWORD_MAX_LENGTH } from "./constants";
import { emailField, idList, mobileField, newPasswordField, requiredText } from "./fields";

// The account forms (sign-up, sign-in), shared by each page action and its /api twin. Messages are the spec's.

const nameField = requiredText("Name is required", "Name", 100);
const accountEmail = emailField("Email is required", "Email is invalid");
const accountMobile = mobileField("Mobile number is required", "Please enter a valid mobile number");
const CATEGORIES_MESSAGE = "Please select at least one category";
const categoryIds = idList(CATEGORIES_MESSAGE, { min: 1 });
const subcategoryIds = idList("Please select subcategories from the list", { max: 50 });
const locality = z
  .string()
  .nullish()
  .transform((s) => (s ?? "").trim().slice(0, 100));
const city = z.enum(CITIES, { error: "City is required" });

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
        ctx.addIssue({ code: "custom", message: "Passwords do not match", path: ["confirm_password"] });
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
  terms: z.literal("on", { error: "You must agree to the terms and conditions" }),
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
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is invalid")
    .transform((e) => e.toLowerCase()),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH, "Password is too long"),
});
export type LoginInput = z.output<typeof loginSchema>;
