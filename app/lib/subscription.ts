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
