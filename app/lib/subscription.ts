import { daysBetween, todayIso } from "./dates";

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

/** The countdown of the dashboard and the reminder mails: "Your listing ends in 3 days.", "… ends today.", "… ended 2 days ago." */
export function renewalCountdown(daysLeft: number): string {
  if (daysLeft > 1) return `Your listing ends in ${daysLeft} days.`;
  if (daysLeft === 1) return "Your listing ends tomorrow.";
  if (daysLeft === 0) return "Your listing ends today.";
  return `Your listing ended ${-daysLeft} day${daysLeft === -1 ? "" : "s"} ago.`;
}
