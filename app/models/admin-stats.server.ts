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
        sql<number>`coalesce(sum(status = 'active'), 0)`.as("active"),
        sql<number>`coalesce(sum(is_verified), 0)`.as("verified"),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom("reviews").select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow(),
    db
      .selectFrom("enquiries")
      .select([sql<number>`count(*)`.as("total"), sql<number>`coalesce(sum(status = 'new'), 0)`.as("fresh")])
      .executeTakeFirstOrThrow(),
    db.selectFrom("newsletter_subscriptions").select(sql<number>`count(*)`.as("total")).where("status", "=", "active").executeTakeFirstOrThrow(),
    db.selectFrom("categories").select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow(),
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

export async function recentNotifications(db: DB, limit = 5) {
  return db.selectFrom("notifications").select(["id", "title", "message", "created_at"]).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}
