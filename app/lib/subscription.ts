import type { PaymentStatus, SellerStatus } from "~db/schema";
import { PLANS, planById } from "./constants";
import { addMonths, daysBetween, todayIso } from "./dates";

export const EXPIRING_SOON_DAYS = 30;

export type Expiry = {
  label: "No Subscription" | "Expired" | "Expiring Soon" | "Active";
  detail: string | null;
  daysLeft: number | null;
  tone: "muted" | "danger" | "warning" | "success";
};

/** The spec's subscription expiry badge, from the days until the end date. */
export function subscriptionExpiry(endDate: string | null | undefined, today = todayIso()): Expiry {
  if (!endDate) return { label: "No Subscription", detail: null, daysLeft: null, tone: "muted" };
  const days = daysBetween(today, endDate.slice(0, 10));
  if (days < 0)
    return { label: "Expired", detail: `${-days} day${days === -1 ? "" : "s"} ago`, daysLeft: days, tone: "danger" };
  const detail = `${days} day${days === 1 ? "" : "s"} left`;
  if (days <= EXPIRING_SOON_DAYS) return { label: "Expiring Soon", detail, daysLeft: days, tone: "warning" };
  return { label: "Active", detail, daysLeft: days, tone: "success" };
}

/**
 * The renewal reminders' days before the end date (docs/decisions/181-leads-renewals.md): 14 days, 3 days, and the day
 * it ends.
 */
export const RENEWAL_REMINDER_DAYS = [14, 3, 0] as const;

// The rules of a seller's listing and subscription that the back-office applies: which fields an admin
// action changes, going live, renewing. The model (models/sellers-admin.server.ts) reads and writes them.

/** A seller's fields that the rules read and change. */
export type SubscriptionState = {
  status: SellerStatus;
  is_verified: number;
  is_featured: number;
  is_paid: number;
  payment_status: PaymentStatus;
  subscription_start_date: string | null;
  subscription_end_date: string | null;
  subscription_months: number | null;
  renewal_requested_at: string | null;
  amount_paid: number;
};

/** The columns of a seller's subscription state, for a statement that reads it. */
export const SUBSCRIPTION_STATE_COLUMNS = [
  "status",
  "is_verified",
  "is_featured",
  "is_paid",
  "payment_status",
  "subscription_start_date",
  "subscription_end_date",
  "subscription_months",
  "renewal_requested_at",
  "amount_paid",
] as const satisfies readonly (keyof SubscriptionState)[];

/** Why a seller's identity card is not available, in the spec's order, or null when it is. */
export function identityCardHint(s: {
  is_verified: number;
  is_paid: number;
  status: string;
}): "Not Verified" | "Not Paid" | "Not Active" | null {
  if (!s.is_verified) return "Not Verified";
  if (!s.is_paid) return "Not Paid";
  if (s.status !== "active") return "Not Active";
  return null;
}

export const SELLER_ACTIONS = [
  "toggle_status",
  "approve",
  "deactivate",
  "verify",
  "toggle_verified",
  "feature",
  "toggle_featured",
  "mark_paid",
  "delete",
] as const;
export type SellerAction = (typeof SELLER_ACTIONS)[number];

/**
 * Going live (docs/decisions/016-application-starts-pending-unpaid.md,
 * docs/decisions/017-verify-makes-live-bulk-actions.md): status active; the subscription starts today when it has not
 * started, and ends `months` later; the Elite plan features the seller (docs/decisions/015-one-plan-table.md).
 */
export function goLiveChanges(s: SubscriptionState, today = todayIso()): Partial<SubscriptionState> {
  const months = s.subscription_months ?? planFor(s.amount_paid)?.months ?? 1;
  const start = s.subscription_start_date ?? today;
  const changes: Partial<SubscriptionState> = { status: "active", subscription_start_date: start };
  if (!s.subscription_end_date || !s.subscription_start_date) changes.subscription_end_date = addMonths(start, months);
  if (s.amount_paid === planById("elite")!.amount) changes.is_featured = 1;
  return changes;
}

function planFor(amount: number) {
  return PLANS.find((p) => p.amount === amount);
}

/**
 * Confirming a renewal's payment (docs/decisions/181-leads-renewals.md): the paid months are added to the old end date
 * when the renewal came before it (so renewing early loses no day), else the new period starts today. The
 * renewal request is then settled.
 */
export function renewalChanges(s: SubscriptionState, today = todayIso()): Partial<SubscriptionState> {
  const months = s.subscription_months ?? planFor(s.amount_paid)?.months ?? 1;
  const end = s.subscription_end_date?.slice(0, 10);
  const running = !!end && !!s.subscription_start_date && end >= today;
  return {
    subscription_start_date: running ? s.subscription_start_date : today,
    subscription_end_date: addMonths(running ? end : today, months),
    is_paid: 1,
    payment_status: "paid",
    renewal_requested_at: null,
  };
}

/** Whether an action confirms the seller's payment (then a waiting renewal is applied). */
function confirmsPayment(action: Exclude<SellerAction, "delete">, s: SubscriptionState): boolean {
  if (action === "approve" || action === "verify" || action === "mark_paid") return true;
  if (action === "toggle_status") return s.status !== "active";
  if (action === "toggle_verified") return !s.is_verified;
  return false;
}

export function changesFor(action: Exclude<SellerAction, "delete">, s: SubscriptionState): Partial<SubscriptionState> {
  const changes = baseChangesFor(action, s);
  return s.renewal_requested_at && confirmsPayment(action, s) ? { ...changes, ...renewalChanges(s) } : changes;
}

function baseChangesFor(action: Exclude<SellerAction, "delete">, s: SubscriptionState): Partial<SubscriptionState> {
  switch (action) {
    case "toggle_status":
      return s.status === "active" ? { status: "inactive" } : goLiveChanges(s);
    case "approve":
      return goLiveChanges(s);
    case "deactivate":
      return { status: "inactive" };
    case "verify":
      return { ...goLiveChanges(s), is_verified: 1 };
    case "toggle_verified":
      return s.is_verified ? { is_verified: 0 } : { ...goLiveChanges(s), is_verified: 1 };
    case "feature":
      return { is_featured: 1 };
    case "toggle_featured":
      return { is_featured: s.is_featured ? 0 : 1 };
    case "mark_paid":
      return { is_paid: 1, payment_status: "paid" as PaymentStatus };
  }
}

/**
 * The editor's save: a seller set active without subscription dates starts today and ends after the
 * plan's months, as when approved from the list.
 */
export function editorGoLiveDates(
  s: Pick<SubscriptionState, "status" | "subscription_start_date" | "subscription_end_date" | "subscription_months">,
  today = todayIso(),
): Partial<Pick<SubscriptionState, "subscription_start_date" | "subscription_end_date">> {
  if (s.status !== "active" || s.subscription_start_date) return {};
  return {
    subscription_start_date: today,
    subscription_end_date: s.subscription_end_date ?? addMonths(today, s.subscription_months ?? 1),
  };
}
