import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";

// Views show stored numbers with `lib/phone-display.ts` (no library); this module is for validation and the server.

// The one mobile rule (docs/decisions/014-one-mobile-rule.md), for every form and API: a valid mobile number, Indian by
// default (10 digits starting 6–9, optionally written with +91, 91 or a leading 0; spaces, hyphens, dots and
// brackets ignored), any other country with its + code — checked by libphonenumber-js against its
// mobile-number metadata, and stored in one normalised form, E.164 (+919876543210).

/** The number in E.164 form, or null when it is no valid mobile number. */
export function normaliseMobile(input: string | null | undefined): string | null {
  if (!input) return null;
  const compact = input.trim().replace(/[\s\-().]/g, "");
  if (!/^\+?\d{6,17}$/.test(compact)) return null;
  const phone = parsePhoneNumberFromString(compact, "IN");
  return phone?.isValid() ? phone.number : null;
}
