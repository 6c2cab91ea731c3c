import { indianMonthOf, weekStartOf } from "~db/engine";
import { addMonths, todayIso } from "~/lib/dates";
import { sql } from "kysely";
import type { DB } from "~db/client";

export interface DashboardStats {
  total_sellers: number;
  paid_sellers: number;
  active_sellers: number;
  verified_sellers: number;
  total_reviews: number;
  total_enquiries: number;
  new_enquiries: number;
  newsletter_subscribers: number;
  total_categories: number;
}

/** The eight cards of the admin dashboard (one query per table). */
export async function getDashboardStats(db: DB): Promise<DashboardStats> {
  const [sellers, reviews, enquiries, newsletter, categories] = await Promise.all([
    db
      .selectFrom("sellers")
      .select([
        sql<number>`count(*)`.as("total"),
        sql<number>`coalesce(sum(is_paid), 0)`.as("paid"),
        sql<number>`coalesce(sum(case when status = 'active' then 1 else 0 end), 0)`.as("active"),
        sql<number>`coalesce(sum(is_verified), 0)`.as("verified"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("reviews")
      .select(sql<number>`count(*)`.as("total"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("enquiries")
      .select([
        sql<number>`count(*)`.as("total"),
        sql<number>`coalesce(sum(case when status = 'new' then 1 else 0 end), 0)`.as("fresh"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("newsletter_subscriptions")
      .select(sql<number>`count(*)`.as("total"))
      .where("status", "=", "active")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("categories")
      .select(sql<number>`count(*)`.as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total_sellers: Number(sellers.total),
    paid_sellers: Number(sellers.paid),
    active_sellers: Number(sellers.active),
    verified_sellers: Number(sellers.verified),
    total_reviews: Number(reviews.total),
    total_enquiries: Number(enquiries.total),
    new_enquiries: Number(enquiries.fresh),
    newsletter_subscribers: Number(newsletter.total),
    total_categories: Number(categories.total),
  };
}

export type Notice = { id: number; title: string; message: string; created_at: string };

/**
 * The newest notices, as this reader may see them: an application's payment reference (UTR) only for
 * one who may see sellers' payments (`paymentReferences`), never in anyone else's text.
 */
export async function recentNotifications(
  db: DB,
  limit: number,
  reader: { paymentReferences: boolean },
): Promise<Notice[]> {
  const rows = await db
    .selectFrom("notifications")
    .select(["id", "title", "message", "created_at", "payment_reference"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(({ payment_reference, message, ...notice }) => ({
    ...notice,
    message: reader.paymentReferences && payment_reference ? `${message} UTR ${payment_reference}.` : message,
  }));
}

export type WeekActivity = { week_start: string; applications: number; reviews: number; enquiries: number };

/** The Monday (YYYY-MM-DD) of the week holding a date. */
export function mondayOf(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * New applications (sellers created), reviews and enquiries per week (Monday to Sunday, UTC days) over
 * the `weeks` weeks ending with the current one, oldest first; weeks without any are 0.
 */
export async function weeklyActivity(db: DB, today: string, weeks = 12): Promise<WeekActivity[]> {
  const last = mondayOf(today);
  const first = new Date(`${last}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() - 7 * (weeks - 1));
  const since = first.toISOString();
  const perWeek = (table: "sellers" | "reviews" | "enquiries") =>
    db
      .selectFrom(table)
      .select([weekStartOf(db, "created_at").as("week"), sql<number>`count(*)`.as("n")])
      .where("created_at", ">=", since)
      .groupBy("week")
      .execute();
  const [sellers, reviews, enquiries] = await Promise.all([
    perWeek("sellers"),
    perWeek("reviews"),
    perWeek("enquiries"),
  ]);
  const count = (rows: { week: string; n: number }[], week: string) =>
    Number(rows.find((r) => r.week === week)?.n ?? 0);
  return Array.from({ length: weeks }, (_, i) => {
    const d = new Date(first);
    d.setUTCDate(d.getUTCDate() + 7 * i);
    const week = d.toISOString().slice(0, 10);
    return {
      week_start: week,
      applications: count(sellers, week),
      reviews: count(reviews, week),
      enquiries: count(enquiries, week),
    };
  });
}

export type ReviewMonth = {
  /** YYYY-MM, a month in India's time */
  month: string;
  received: number;
  published: number;
  rejected: number;
  verified: number;
};

/**
 * The reviews received in each of the `months` months in India's time (UTC+5:30) ending with the current
 * one, newest first, and where those reviews stand now: published, rejected (the rest wait or were
 * reported), and how many came from verified customers (docs/decisions/222-reviews-people-can-trust.md).
 * Months without any are 0.
 */
export async function monthlyReviewFigures(db: DB, now: Date, months = 6): Promise<ReviewMonth[]> {
  const current = todayIso(now).slice(0, 7);
  const list = Array.from({ length: months }, (_, i) => addMonths(`${current}-01`, -i).slice(0, 7));
  // The first month's first moment in India, as a UTC timestamp (midnight IST is 18:30 UTC the day before).
  const since = new Date(Date.parse(`${list[list.length - 1]}-01T00:00:00+05:30`)).toISOString();
  const rows = await db
    .selectFrom("reviews")
    .select([
      indianMonthOf(db, "created_at").as("month"),
      sql<number>`count(*)`.as("received"),
      sql<number>`coalesce(sum(case when status = 'published' then 1 else 0 end), 0)`.as("published"),
      sql<number>`coalesce(sum(case when status = 'rejected' then 1 else 0 end), 0)`.as("rejected"),
      sql<number>`coalesce(sum(case when verified_by is not null then 1 else 0 end), 0)`.as("verified"),
    ])
    .where("created_at", ">=", since)
    .groupBy("month")
    .execute();
  return list.map((month) => {
    const row = rows.find((r) => r.month === month);
    return {
      month,
      received: Number(row?.received ?? 0),
      published: Number(row?.published ?? 0),
      rejected: Number(row?.rejected ?? 0),
      verified: Number(row?.verified ?? 0),
    };
  });
}
