// Ask for a quote: the rules that need no database (docs/decisions/193-quotes.md).

/** A request's states (the back office filters by them). */
export const QUOTE_STATUSES = ["pending", "open", "withdrawn", "spam"] as const;

/**
 * The longest request and answer, the largest budget (₹) and how far ahead a request may be needed (days).
 * Here and not beside the schema: the request page reads them, and a page that imports the schema's module
 * sends zod to every first visit.
 */
export const QUOTE_LIMITS = { need: 2000, answer: 2000, budget: 100_000_000, daysAhead: 366 } as const;

/** At most this many sellers get one request. */
export const QUOTE_MAX_SELLERS = 5;
/** An unconfirmed request (and its confirmation link) lasts this long. */
export const QUOTE_CONFIRM_HOURS = 24;
/** The window of a seller's response figures and of the matching's "answers quickly". */
export const QUOTE_STATS_DAYS = 90;
/** A seller matched within this many days waits behind those who were not. */
export const QUOTE_RECENT_DAYS = 7;
/** An unanswered request counts as this slow once it is this old; a seller with no history counts as NEW. */
export const QUOTE_REPLY_CAP_HOURS = 72;
export const QUOTE_NEW_SELLER_HOURS = 24;
/** The profile shows her response figures once she has had this many requests in the window. */
export const QUOTE_STATS_MIN_REQUESTS = 3;
/** Every request, with its replies, is deleted this long after it was made (/privacy). */
export const QUOTE_KEEP_DAYS = 365;
/** Requests from an address staff marked as spam this often are refused. */
export const QUOTE_SPAM_LIMIT = 2;

/** A seller's leads from quotes over some days: the requests sent to her and her answers. */
export type QuoteCounts = { requests: number; answers: number };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** One past request of a candidate seller within the window. */
export type PastMatch = { matchedAt: string; repliedAt: string | null };

export type QuoteCandidate = { sellerId: number; past: PastMatch[] };

/** Her typical reply time in whole hours (unanswered ones counted at the cap once that old), or null with no history. */
export function replyHours(past: PastMatch[], now: number): number | null {
  const counted = past.flatMap((m) => {
    const sent = Date.parse(m.matchedAt);
    if (m.repliedAt) return [Math.min(QUOTE_REPLY_CAP_HOURS, (Date.parse(m.repliedAt) - sent) / HOUR)];
    return now - sent >= QUOTE_REPLY_CAP_HOURS * HOUR ? [QUOTE_REPLY_CAP_HOURS] : [];
  });
  if (!counted.length) return null;
  return Math.round(counted.reduce((a, b) => a + b, 0) / counted.length);
}

/**
 * The fair order: the profile's seller first; then those not matched in the last QUOTE_RECENT_DAYS; within
 * each, quicker typical replies first (a seller with no history counts as QUOTE_NEW_SELLER_HOURS); then
 * the one matched longest ago (never first); then the older seller id. At most QUOTE_MAX_SELLERS.
 * The candidates are already the eligible ones (live, verified, that category and city, not paused or excluded).
 */
export function rankQuoteCandidates(
  candidates: QuoteCandidate[],
  options: { firstSellerId?: number | null; now?: number } = {},
): number[] {
  const now = options.now ?? Date.now();
  const keyed = candidates.map((c) => {
    const last = c.past.reduce((latest, m) => Math.max(latest, Date.parse(m.matchedAt)), 0);
    return {
      id: c.sellerId,
      first: c.sellerId === options.firstSellerId ? 0 : 1,
      recent: last > 0 && now - last < QUOTE_RECENT_DAYS * DAY ? 1 : 0,
      hours: replyHours(c.past, now) ?? QUOTE_NEW_SELLER_HOURS,
      last,
    };
  });
  keyed.sort((a, b) => a.first - b.first || a.recent - b.recent || a.hours - b.hours || a.last - b.last || a.id - b.id);
  return keyed.slice(0, QUOTE_MAX_SELLERS).map((k) => k.id);
}

/** Her response rate (replied, answered or declined, of those sent) and typical reply hours, once she has had enough requests. */
export function responseFigures(
  past: PastMatch[],
  now = Date.now(),
): { requests: number; rate: number; hours: number } | null {
  if (past.length < QUOTE_STATS_MIN_REQUESTS) return null;
  const replied = past.filter((m) => m.repliedAt);
  const hours = replied.length
    ? Math.max(
        1,
        Math.round(
          replied.reduce((a, m) => a + (Date.parse(m.repliedAt!) - Date.parse(m.matchedAt)) / HOUR, 0) / replied.length,
        ),
      )
    : (replyHours(past, now) ?? QUOTE_REPLY_CAP_HOURS);
  return { requests: past.length, rate: Math.round((replied.length / past.length) * 100), hours };
}
