import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from "./locales";

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return "";
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/**
 * A count (or any number) as `new Intl.NumberFormat(locale).format(n)` writes it — Latin digits, the language's grouping
 * (`LOCALE_INFO[locale].grouping`), at most three decimals rounded half away from zero on the number's
 * shortest decimal form — without Intl: the first Intl.NumberFormat a page makes costs the browser 30–40 ms
 * of ICU data loading, on every page a visitor opens with JavaScript (most pages show a count), where this
 * takes microseconds. Tests compare it with Intl for every language. Intl writes what this does not
 * (NaN, infinities, exponents beyond 1e21).
 */
export function formatCount(n: number, locale: Locale = DEFAULT_LOCALE): string {
  const shortest = String(Math.abs(n));
  if (!Number.isFinite(n) || shortest.includes("e")) return new Intl.NumberFormat(locale).format(n);
  let [whole, fraction = ""] = shortest.split(".");
  if (fraction.length > 3) {
    const up = fraction.charCodeAt(3) >= 53; // "5"
    const digits = (BigInt(whole + fraction.slice(0, 3)) + (up ? 1n : 0n)).toString().padStart(4, "0");
    [whole, fraction] = [digits.slice(0, -3), digits.slice(-3)];
  }
  fraction = fraction.replace(/0+$/, "");
  const grouped =
    LOCALE_INFO[locale].grouping === "indian" && whole.length > 3
      ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${whole.slice(-3)}`
      : whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return `${n < 0 || Object.is(n, -0) ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

/** A deterministic pleasant hue for an initials avatar. */
export function avatarHue(seed: string): number {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}

/** Only http(s) links are rendered as hrefs; anything else (javascript:, data:) is dropped. */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const parsed = new URL(withScheme);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** Text for XML and SVG documents (element text and quoted attributes). */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}
