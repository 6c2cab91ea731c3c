import { z } from "zod";
import { CITIES } from "./constants";
import { emailField as sharedEmailField, mobileField as sharedMobileField } from "./schemas";

// Schemas of the account forms, shared by each page action and its /api twin. Messages are the spec's.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

const requiredText = (message: string, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);

// One rule per field across the site (app/lib/schemas.ts); these are the account forms' messages.
const emailField = sharedEmailField("Email is required", "Email is invalid");
const mobileField = sharedMobileField("Mobile number is required", "Please enter a valid mobile number");

export const newPasswordField = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * Sign-up step 1 ('Personal Details'). After Previous the password is kept server-side (a pending
 * token): then both password fields may stay empty. The server checks the token itself.
 */
export const signupStep1Schema = z
  .object({
    name: requiredText("Name is required", 100),
    email: emailField,
    mobile: mobileField,
    password: z.string().optional(),
    confirm_password: z.string().optional(),
    pending: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.pending && !v.password && !v.confirm_password) return;
    // Each rule is reported on its own (a short password and a different confirmation show both).
    const password = newPasswordField.safeParse(v.password ?? "");
    if (!password.success) ctx.addIssue({ code: "custom", message: password.error.issues[0].message, path: ["password"] });
    if ((v.password ?? "") !== (v.confirm_password ?? "")) ctx.addIssue({ code: "custom", message: "Passwords do not match", path: ["confirm_password"] });
  }, { when: (payload) => typeof payload.value === "object" && payload.value !== null }); // also when another field is wrong

/** The step-1 fields kept in hidden inputs on step 2. */
export const signupKeptStep1Schema = z.object({
  name: requiredText("Name is required", 100),
  email: emailField,
  mobile: mobileField,
});

const idList = z
  .array(z.coerce.number().int().positive())
  .max(50)
  .default([])
  .transform((ids) => [...new Set(ids)]);

/** Sign-up step 2 ('Business Categories'). */
export const signupStep2Schema = z.object({
  city: z.enum(CITIES, { error: "City is required" }),
  locality: z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim().slice(0, 100)),
  category_ids: z
    .array(z.coerce.number().int().positive(), { error: "Please select at least one category" })
    .min(1, "Please select at least one category")
    .max(20)
    .transform((ids) => [...new Set(ids)]),
  subcategory_ids: idList,
  terms: z.literal("on", { error: "You must agree to the terms and conditions" }),
});

/** POST /api/auth/register: the spec's payload (confirm and terms exist only in the form). */
export const registerApiSchema = z.object({
  name: requiredText("Name is required", 100),
  email: emailField,
  mobile: mobileField,
  password: newPasswordField,
  city: z.enum(CITIES, { error: "City is required" }),
  locality: z
    .string()
    .nullish()
    .transform((s) => (s ?? "").trim().slice(0, 100)),
  category_ids: z
    .array(z.number().int().positive(), { error: "Please select at least one category" })
    .min(1, "Please select at least one category")
    .max(20)
    .transform((ids) => [...new Set(ids)]),
  subcategory_ids: z
    .array(z.number().int().positive())
    .max(50)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type RegistrationInput = z.output<typeof registerApiSchema>;

/** Seller and admin sign-in (page and API). */
export const loginSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is invalid")
    .transform((e) => e.toLowerCase()),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX_LENGTH, "Password is too long"),
});
export type LoginInput = z.output<typeof loginSchema>;

export const REVIEW_REPLY_MAX_LENGTH = 1000;
export const reviewReplySchema = z.object({
  review_id: z.coerce.number().int().positive(),
  reply: z
    .string({ error: "Please write your reply" })
    .trim()
    .min(1, "Please write your reply")
    .max(REVIEW_REPLY_MAX_LENGTH, `Reply must be at most ${REVIEW_REPLY_MAX_LENGTH.toLocaleString("en-IN")} characters`),
});

// ── email verification (the messages the pages and the mail share) ──
export const VERIFY_EMAIL_MESSAGES = {
  badLink: "This verification link is not valid. Sign in and send a new link from your dashboard.",
  expired: "This verification link has expired. Sign in and send a new link from your dashboard.",
  verified: "Your email address is verified. Thank you!",
  alreadyVerified: "Your email address is already verified.",
  sent: "We sent a new verification link. Please check your inbox (and the spam folder).",
} as const;
