// Showing and dialling a stored phone number in the browser, without the phone-number library: numbers
// are stored in E.164 (`+919876543210`, normalised by `lib/phone.ts` on the server when they are saved),
// so reading them needs no metadata. Views import this module; only forms' validation loads the library.

const E164 = /^\+\d{8,15}$/;

/** The stored number in E.164, or null when it is not (a legacy value the migration could not read). */
export function e164(stored: string | null | undefined): string | null {
  const compact = stored?.trim() ?? "";
  return E164.test(compact) ? compact : null;
}

/** How a stored number reads: "+91 98765 43210" for an Indian mobile, the E.164 form otherwise, or the text as stored. */
export function displayPhone(stored: string): string {
  const number = e164(stored);
  if (!number) return stored;
  return /^\+91\d{10}$/.test(number) ? `+91 ${number.slice(3, 8)} ${number.slice(8)}` : number;
}

/** A `tel:` address for a stored number. */
export function telHref(stored: string): string {
  return `tel:${e164(stored) ?? stored.replace(/[^\d+]/g, "")}`;
}
