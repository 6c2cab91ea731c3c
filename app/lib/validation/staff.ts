import { z } from "zod";
import { TEXT_LIMITS } from "../constants";
import { PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from "./constants";
import { emailField, newPasswordField, positiveId, requiredText } from "./fields";
import { SECOND_FACTOR_MESSAGES, SETTINGS_MESSAGES } from "./messages";

// Settings: one's own password, and the staff accounts (/admin/settings).

export const passwordChangeSchema = z
  .object({
    intent: z.literal("password"),
    current_password: z
      .string({ error: "Please enter your current password" })
      .min(1, "Please enter your current password")
      .max(PASSWORD_MAX_LENGTH, SETTINGS_MESSAGES.currentWrong),
    new_password: newPasswordField,
    confirm_password: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.new_password !== (v.confirm_password ?? ""))
      ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.mismatch, path: ["confirm_password"] });
    if (v.new_password === v.current_password)
      ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.samePassword, path: ["new_password"] });
  });

const staffId = positiveId(SETTINGS_MESSAGES.notFound);

export const staffIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add_moderator"),
      name: requiredText("Name is required", "Name", TEXT_LIMITS.name),
      email: emailField("Email is required", "Email is invalid"),
      password: newPasswordField.refine(
        (p) => p.length >= STAFF_PASSWORD_MIN_LENGTH,
        `A staff password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`,
      ),
    }),
    z.object({ intent: z.literal("disable"), id: staffId }),
    z.object({ intent: z.literal("enable"), id: staffId }),
    z.object({ intent: z.literal("remove"), id: staffId, confirmed: z.literal("1").optional() }),
  ],
  { error: "Unknown action" },
);
export type StaffIntent = z.output<typeof staffIntentSchema>;

/** A second-step code as typed: six digits from the app, or a recovery code (spaces and dashes allowed). */
export const secondFactorCodeSchema = z.object({
  code: z
    .string({ error: SECOND_FACTOR_MESSAGES.codeRequired })
    .trim()
    .min(1, SECOND_FACTOR_MESSAGES.codeRequired)
    .max(40, SECOND_FACTOR_MESSAGES.codeWrong),
});

const code = secondFactorCodeSchema.shape.code;
const sessionGone = z.string({ error: SECOND_FACTOR_MESSAGES.sessionGone }).min(1).max(200);
const passkeyId = z.string({ error: SECOND_FACTOR_MESSAGES.passkeyGone }).min(1).max(200);
// The proof of a change of the second factor: optional here, so a post without it is counted and
// audited by the service (and answered "code required") like a wrong one.
const proofCode = z.string().trim().max(40, SECOND_FACTOR_MESSAGES.codeWrong).optional();
// A passkey's answer (WebAuthn JSON, a few KB), put in the form by the page's script.
const passkeyAnswer = z.string().max(20_000, SECOND_FACTOR_MESSAGES.passkeyProofFailed).optional();

/** The posts of the Account security page (/admin/security). */
export const accountSecurityIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("enable_totp"), code, proof: proofCode, passkey: passkeyAnswer }),
    z.object({ intent: z.literal("disable_totp"), code: proofCode, passkey: passkeyAnswer }),
    z.object({ intent: z.literal("new_recovery_codes"), code: proofCode, passkey: passkeyAnswer }),
    z.object({ intent: z.literal("remove_passkey"), id: passkeyId, code: proofCode, passkey: passkeyAnswer }),
    z.object({ intent: z.literal("sign_out_session"), id: sessionGone }),
    z.object({ intent: z.literal("sign_out_others") }),
    z.object({ intent: z.literal("sign_out_everywhere") }),
  ],
  { error: "Unknown action" },
);
