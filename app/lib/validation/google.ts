import { z } from "zod";
import type { MessageKey } from "../i18n";
import { DEFAULT_LOCALE, type Locale } from "../locales";

/** The provider's answer, posted back by the callback page (form or script): POST /api/sessions and /auth/google/callback. */
export const googleCallbackSchema = z.object({
  code: z
    .string({ error: "Cannot exchange code for session token: no code provided" })
    .min(1, "Cannot exchange code for session token: no code provided")
    .max(2048),
  // The spec's client sends only the code; the state bound to this browser by its cookie is checked
  // either way, and a state that is sent must be that one.
  state: z
    .string()
    .max(512)
    .nullish()
    .transform((s) => s || null),
  iss: z.string().max(2048).nullish(),
});

/** The refusal of a `lang` outside the site's languages (`locales`) on the sign-in's start (a hand-made address). */
export function googleLanguageUnknown(locales: readonly Locale[]): string {
  return `Unknown language: lang must be ${locales.slice(0, -1).join(", ")} or ${locales.at(-1)}.`;
}

/**
 * The language of the page a sign-in starts from (`?lang=hi-IN` on /auth/google and
 * /api/oauth/google/redirect_url): English without one, null for any value but the site's (`locales`).
 */
export function googleStartLanguage(params: URLSearchParams, locales: readonly Locale[]): Locale | null {
  const lang = params.get("lang");
  if (lang === null || lang === "") return DEFAULT_LOCALE;
  return locales.find((locale) => locale === lang) ?? null;
}

/**
 * Why a Google sign-in failed (services/google-oidc.server.ts). `error` is the message: a key of the `accounts` catalogue, which the callback page
 * shows in its language and the /api answers in English (`jsonError`); `reason` names it for the callback
 * page's script, which reads the /api answer.
 */
export const GOOGLE_FAILURES = {
  not_configured: "accounts.google.error.notConfigured",
  unavailable: "accounts.google.error.unavailable",
  wrong_browser: "accounts.google.error.wrongBrowser",
  expired: "accounts.google.error.expired",
  not_completed: "accounts.google.error.notCompleted",
  reserved_email: "accounts.notice.reservedEmail",
  staff_account: "accounts.google.error.staffAccount",
  inactive: "accounts.google.error.inactive",
  unverified_email: "accounts.google.error.unverifiedEmail",
} as const satisfies Record<string, MessageKey>;
export type GoogleFailure = keyof typeof GOOGLE_FAILURES;

export function isGoogleFailure(value: unknown): value is GoogleFailure {
  return typeof value === "string" && Object.hasOwn(GOOGLE_FAILURES, value);
}
