import type { DB } from "~db/client";
import type { Role } from "~db/schema";
import { can } from "~/lib/permissions";
import {
  getDashboardStats,
  monthlyReviewFigures,
  recentNotifications,
  weeklyActivity,
} from "~/models/admin-stats.server";

// The dashboard's data, once for the page (/admin) and its JSON twin (GET /api/admin/dashboard), built
// for the reader: what a notice shows follows the reader's permissions, so neither twin can show more.
export async function dashboardOverview(db: DB, reader: { role: Role }) {
  const now = new Date();
  const [stats, notifications, activity, reviewMonths] = await Promise.all([
    getDashboardStats(db),
    recentNotifications(db, 5, { paymentReferences: can(reader.role, "sellers.manage") }),
    weeklyActivity(db, now.toISOString().slice(0, 10)),
    monthlyReviewFigures(db, now),
  ]);
  return { stats, notifications, activity, reviewMonths };
}
