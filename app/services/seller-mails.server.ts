import type { DB } from "~db/client";
import { SITE_NAME } from "~/lib/constants";
import { addDays, daysBetween, todayIso } from "~/lib/dates";
import { LEAD_KINDS, type LeadKind } from "~/lib/leads";
import { DEFAULT_LOCALE, type Locale, localeOr, localePath } from "~/lib/locales";
import { paymentGateway, payPath } from "./payments/index.server";
import { RENEWAL_REMINDER_DAYS } from "~/lib/subscription";
import type { OutgoingMail } from "~/models/mail-outbox.server";
import {
  claimAndQueueSellerMail,
  type SellerMailKind,
  type SellerMailRow,
  sellersDueForReport,
  sellersEndingBetween,
} from "~/models/seller-mails.server";
import { leadTotalsOf } from "~/models/leads.server";
import type { QuoteCounts } from "~/lib/quotes";
import { quoteTotalsOf } from "~/models/quotes.server";
import { translatorFor } from "./i18n.server";
import { logger } from "./logger.server";
import { deliverQueuedLater } from "./mail.server";
import { mailLinkOrigin } from "./public-url.server";
import { signToken, verifyToken } from "./signed-token.server";

// The periodic mails to sellers (docs/decisions/179-leads-periodic-mails-once-each.md), run by the deployment's
// periodic-task runner every hour:
// - renewal reminders 14 and 3 days before the end date and on the day it ends, once per period;
// - on the first days of a month, last month's performance report to each live seller who wants it.
// Each mail is claimed (seller_mails) and queued (mail_outbox) in one transaction, then sent: run twice,
// by two processes or after a restart, nothing goes twice. The clock is a parameter (tests set dates).

/**
 * Lets the event loop run between batches. SQLite's driver answers synchronously, so a job over many
 * sellers would otherwise be one long chain of microtasks; in the cluster's primary, which runs these
 * jobs and hands every new connection to a worker, that would hold up all traffic (seen at 100,000
 * sellers: the site did not answer for over a minute after a start on a month's first run of reports).
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Where a reminder's link lands: the dashboard, whose first notice is 'Renew now' (two taps from the mail). */
export const RENEW_PATH = "/seller-dashboard?renew=1#renew";
export const PERFORMANCE_MAIL_OFF_PATH = "/seller-mails/off";
const OPT_OUT_PURPOSE = "performance-mail-off";

export function performanceMailOffToken(sellerId: number): string {
  return signToken(OPT_OUT_PURPOSE, String(sellerId));
}

export function verifyPerformanceMailOffToken(sellerId: number, token: string): boolean {
  return verifyToken(OPT_OUT_PURPOSE, String(sellerId), token);
}

export function performanceMailOffUrl(
  sellerId: number,
  origin = mailLinkOrigin(),
  locale: Locale = DEFAULT_LOCALE,
): string {
  const qs = new URLSearchParams({ seller: String(sellerId), token: performanceMailOffToken(sellerId) });
  return `${origin}${localePath(locale, PERFORMANCE_MAIL_OFF_PATH)}?${qs.toString()}`;
}

/** Claims and queues one mail in a transaction; true when it was this call's to send. */
async function claimAndQueue(
  db: DB,
  seller: SellerMailRow,
  kind: SellerMailKind,
  period: string,
  mail: OutgoingMail,
  sent: { id: number; mail: OutgoingMail }[],
): Promise<boolean> {
  const id = await claimAndQueueSellerMail(db, seller.id, kind, period, mail);
  if (id === null) return false;
  sent.push({ id, mail });
  return true;
}

/**
 * A listing's end date in a seller's mail: English keeps it as it has always been written (YYYY-MM-DD);
 * the other languages spell it out ("10 दिसंबर 2026").
 */
export function mailEndDate(iso: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return iso;
  const day = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(day.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(day);
}

const greeting = (s: SellerMailRow, locale: Locale) => translatorFor(locale)("mails.dear", { name: s.owner_name });
const listingName = (s: SellerMailRow, locale: Locale) =>
  s.business_name || translatorFor(locale)("mails.yourBusiness");
const signoff = (locale: Locale) => translatorFor(locale)("mails.signoff", { site: SITE_NAME });

/** The words of a count in a sentence, in the seller's language: "1 call", "37 WhatsApp taps". */
export function leadPhraseIn(locale: Locale, kind: LeadKind, n: number): string {
  return translatorFor(locale)(`mails.lead.${kind}`, { n });
}

/** Which reminder is due with this many days left (the latest threshold reached), or null. */
export function reminderDue(daysLeft: number): SellerMailKind | null {
  const threshold = [...RENEWAL_REMINDER_DAYS].reverse().find((d) => daysLeft <= d);
  return threshold === undefined || daysLeft < 0 ? null : (`renewal-${threshold}` as SellerMailKind);
}

export function renewalReminderMail(s: SellerMailRow, daysLeft: number, origin = mailLinkOrigin()): OutgoingMail {
  // Her account's language; English for a listing without one.
  const locale = localeOr(s.language);
  const t = translatorFor(locale);
  const end = mailEndDate(s.subscription_end_date ?? "", locale);
  return {
    to: s.email,
    sellerId: s.id,
    subject: t("mails.reminder.subject", { site: SITE_NAME, days: daysLeft }),
    text: [
      greeting(s, locale),
      "",
      t("mails.reminder.countdown", { days: daysLeft, business: listingName(s, locale), end }),
      t("mails.reminder.renewNow"),
      "",
      ...(paymentGateway()
        ? [
            t("mails.reminder.payOnlineLink", { url: `${origin}${localePath(locale, payPath("renewal", s.id))}` }),
            t("mails.reminder.orDashboardLink", { url: `${origin}${localePath(locale, RENEW_PATH)}` }),
          ]
        : [t("mails.reminder.renewLink", { url: `${origin}${localePath(locale, RENEW_PATH)}` })]),
      "",
      signoff(locale),
    ].join("\n"),
  };
}

/** Sends the reminders due `now` (India's date): at most one per seller, period and threshold. */
export async function sendRenewalReminders(db: DB, now = new Date()): Promise<number> {
  const today = todayIso(now);
  const sellers = await sellersEndingBetween(db, today, addDays(today, Math.max(...RENEWAL_REMINDER_DAYS)));
  const sent: { id: number; mail: OutgoingMail }[] = [];
  for (const [i, s] of sellers.entries()) {
    if (i && i % 100 === 0) await yieldToEventLoop();
    const end = s.subscription_end_date!.slice(0, 10);
    const daysLeft = daysBetween(today, end);
    const kind = reminderDue(daysLeft);
    if (kind) await claimAndQueue(db, s, kind, end, renewalReminderMail(s, daysLeft), sent);
  }
  deliverQueuedLater(db, sent);
  return sent.length;
}

const monthName = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" });
const monthNames = (locale: Locale, from: string) => {
  const day = new Date(`${from}T00:00:00Z`);
  return {
    long: new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(day),
    short: new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(day),
  };
};

/** The month before the one of `today`: its period ("2026-10"), first and last day, and name. */
export function previousMonth(today: string) {
  const first = `${today.slice(0, 7)}-01`;
  const last = addDays(first, -1);
  const from = `${last.slice(0, 7)}-01`;
  return { period: last.slice(0, 7), from, to: last, name: monthName.format(new Date(`${from}T00:00:00Z`)) };
}

export function performanceMail(
  s: SellerMailRow,
  month: { name: string; from: string },
  totals: Record<(typeof LEAD_KINDS)[number], number>,
  quotes: QuoteCounts,
  origin = mailLinkOrigin(),
): OutgoingMail {
  const locale = localeOr(s.language);
  const t = translatorFor(locale);
  const names =
    locale === DEFAULT_LOCALE ? { long: month.name, short: month.name.split(" ")[0] } : monthNames(locale, month.from);
  const phrase = (k: LeadKind) => leadPhraseIn(locale, k, totals[k]);
  return {
    to: s.email,
    sellerId: s.id,
    subject: t("mails.report.subject", {
      month: names.short,
      views: phrase("view"),
      whatsapp: phrase("whatsapp"),
      calls: phrase("call"),
    }),
    text: [
      greeting(s, locale),
      "",
      t("mails.report.intro", { business: listingName(s, locale), month: names.long }),
      ...LEAD_KINDS.map((k) => `- ${phrase(k)}`),
      `- ${t("mails.lead.quoteRequests", { n: quotes.requests })}`,
      `- ${t("mails.lead.quoteAnswers", { n: quotes.answers })}`,
      "",
      t("mails.report.dashboard", { url: `${origin}${localePath(locale, "/seller-dashboard")}#leads` }),
      "",
      signoff(locale),
      "",
      t("mails.report.optOut", { url: performanceMailOffUrl(s.id, origin, locale) }),
    ].join("\n"),
  };
}

/**
 * Reports one hourly run sends at most: a month's first run at 100,000 sellers would otherwise take the
 * primary's CPU and the mail server for minutes while the site serves (100,000 sellers get theirs within
 * a day; the rest wait for the next hour, as they are due any day of the month).
 */
export const REPORTS_PER_RUN = 5_000;

/** Sends last month's report to each live seller who has not had it (any day of the month; once each). */
export async function sendMonthlyReports(
  db: DB,
  now = new Date(),
  pageSize = 200,
  limit = REPORTS_PER_RUN,
): Promise<number> {
  const today = todayIso(now);
  const month = previousMonth(today);
  let after = 0;
  let count = 0;
  while (count < limit) {
    const page = await sellersDueForReport(db, today, month.to, month.period, after, Math.min(pageSize, limit - count));
    if (!page.length) break;
    const ids = page.map((s) => s.id);
    const [totals, quotes] = await Promise.all([
      leadTotalsOf(db, ids, month.from, month.to),
      quoteTotalsOf(db, ids, month.from, month.to),
    ]);
    const sent: { id: number; mail: OutgoingMail }[] = [];
    for (const s of page) {
      const mail = performanceMail(s, month, totals.get(s.id)!, quotes.get(s.id)!);
      await claimAndQueue(db, s, "report", month.period, mail, sent);
    }
    deliverQueuedLater(db, sent);
    count += sent.length;
    await yieldToEventLoop();
    after = page[page.length - 1].id;
  }
  return count;
}

/** The hourly run: reminders, then reports; a failure is logged and tried again the next hour. */
export async function runSellerMails(db: DB, now = new Date()): Promise<{ reminders: number; reports: number }> {
  const reminders = await sendRenewalReminders(db, now);
  const reports = await sendMonthlyReports(db, now);
  if (reminders || reports) logger.info({ reminders, reports }, "queued the sellers' periodic mails");
  return { reminders, reports };
}
