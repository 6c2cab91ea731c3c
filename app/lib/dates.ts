import { DEFAULT_LOCALE, type Locale } from "./locales";

const IST = "Asia/Kolkata";

/** India's fixed offset from UTC (no summer time): +5:30. */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * Today's date in India as YYYY-MM-DD (subscriptions end at the end of an Indian day). Plain arithmetic
 * on the fixed offset: every public listing asks for it, and an Intl time-zone format showed in the profile.
 */
export function todayIso(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** When the Indian day of `now` ends (epoch ms): the moment `todayIso()` changes. India keeps no summer time (UTC+5:30). */
export function endOfIndianDay(now: Date = new Date()): number {
  const [y, m, d] = todayIso(now).split("-").map(Number);
  return Date.UTC(y, m - 1, d + 1) - IST_OFFSET_MS;
}

/** When the Indian day of `now` began (ISO): daily limits count what was made since. */
export function startOfIndianDay(now: Date = new Date()): string {
  return new Date(endOfIndianDay(now) - 86_400_000).toISOString();
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** Adds whole months to a YYYY-MM-DD date, clamping to the month's last day. */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export function daysBetween(fromIso: string, toIso: string): number {
  const a = Date.UTC(+fromIso.slice(0, 4), +fromIso.slice(5, 7) - 1, +fromIso.slice(8, 10));
  const b = Date.UTC(+toIso.slice(0, 4), +toIso.slice(5, 7) - 1, +toIso.slice(8, 10));
  return Math.round((b - a) / 86_400_000);
}

// Pure (a bundler may drop this module from a page that uses none of it).
const formatters = /* @__PURE__ */ new Map<string, Intl.DateTimeFormat>();
/** One formatter per language and kind, made on first use. */
function dateFormat(locale: Locale, kind: "day-utc" | "day-ist" | "day-time-ist"): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "short",
      year: "numeric",
      ...(kind === "day-time-ist" ? { hour: "2-digit", minute: "2-digit" } : {}),
      timeZone: kind === "day-utc" ? "UTC" : IST,
    });
    formatters.set(key, format);
  }
  return format;
}

/** A day in the page's language ("26 Nov 2026", "26 नव॰ 2026"); a YYYY-MM-DD date is that calendar day. */
export function formatDate(iso: string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  if (!iso) return "";
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return "";
  return dateFormat(locale, iso.length === 10 ? "day-utc" : "day-ist").format(date);
}

/** A moment as a date and time in India ("25 Nov 2026, 02:05 pm"). */
export function formatDateTime(iso: string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat(locale, "day-time-ist").format(date);
}

/** A YYYY-MM-DD date moved by whole days (negative: back). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
