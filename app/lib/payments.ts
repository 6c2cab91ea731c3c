import { DEFAULT_LOCALE, type Locale } from "./locales";
import type { OnlinePaymentStatus } from "~db/schema";

// The rules of online payments that need no database (docs/decisions/190-online-payments-gateway-seam.md):
// which status may follow which, what must match, the words of each outcome. The model applies them.

/** What the application form sends in place of a payment screenshot when she chose to pay online instead. */
export const PAY_ONLINE = "pay-online";

/** A verified webhook event, read by the gateway into the few kinds the flows act on. */
export type GatewayEvent = { eventId: string; event: string; occurredAt: string | null } & (
  | {
      kind: "paid";
      linkId: string | null;
      reference: string | null;
      paymentId: string;
      amountPaise: number;
      currency: string;
      method: string | null;
      paidAt: string;
    }
  | {
      kind: "failed";
      linkId: string | null;
      reference: string | null;
      paymentId: string;
      amountPaise: number;
      currency: string;
    }
  | { kind: "refunded"; reference: string | null; paymentId: string; amountPaise: number; currency: string }
  | { kind: "expired" | "cancelled"; linkId: string; reference: string | null }
  | { kind: "other" }
);

export type EventOutcome = {
  outcome: "applied" | "duplicate" | "ignored" | "flagged" | "unknown_reference";
  reason: string;
  paymentId: number | null;
};

// A status only moves up: an older event (a failed attempt, the link's expiry) delivered late never undoes
// a paid, and a refund is the last word.
const RANK: Record<OnlinePaymentStatus, number> = {
  created: 0,
  failed: 1,
  expired: 1,
  cancelled: 1,
  paid: 2,
  refunded: 3,
};

export function mayMoveTo(current: OnlinePaymentStatus, next: OnlinePaymentStatus): boolean {
  return RANK[next] > RANK[current];
}

export const paiseOf = (rupees: number) => Math.round(rupees * 100);

/** "₹1,499" or "₹1,499.50" from paise. */
export function formatPaise(paise: number, locale: Locale = DEFAULT_LOCALE): string {
  const rupees = paise / 100;
  return `₹${rupees.toLocaleString(locale, { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/** Why an event's money or reference differs from what we created, or null when all match. */
export function mismatchOf(
  created: { reference: string; amountPaise: number; currency: string },
  reported: { reference: string | null; amountPaise: number; currency: string },
): string | null {
  if (reported.reference !== null && reported.reference !== created.reference)
    return `reference mismatch: the gateway reported ${reported.reference}, the link was created for ${created.reference}`;
  if (reported.amountPaise !== created.amountPaise)
    return `amount mismatch: the gateway reported ${formatPaise(reported.amountPaise)}, the link asked for ${formatPaise(created.amountPaise)}`;
  if (reported.currency !== created.currency)
    return `currency mismatch: the gateway reported ${reported.currency || "none"}, the link asked for ${created.currency}`;
  return null;
}

/** Our reference for a link: the purpose, the seller and a random part, within the gateway's 40 characters. */
export const PAYMENT_REFERENCE = /^bwp-[ar]\d{1,12}-[0-9a-f]{8}$/;

/** The statuses staff filter by (flagged: an event disagreed with what we created). */
export const PAYMENT_STATUSES = ["created", "paid", "failed", "refunded", "expired", "cancelled", "flagged"] as const;
