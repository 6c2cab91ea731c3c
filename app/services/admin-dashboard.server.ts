import type { DB } from "~db/client";
import type { Role } from "~db/schema";
import { can } from "~/lib/permissions";
import { getDashboardStats, recentNotifications, weeklyActivity } from "~/models/admin-stats.server";

// The dashboard's data, once for the page (/admin) and its JSON twin (GET /api/admin/dashboard), built
// for the reader: what a notice shows follows the reader's permissions, so neither twin can show more.
export async function dashboardOverview(db: DB, reader: { role: Role }) {
  const [stats, notifications, activity] = await Promise.all([
    getDashboardStats(db),
    recentNotifications(db, 5, { paymentReferences: can(reader.role, "sellers.manage") }),
    weeklyActivity(db, new Date().toISOString().slice(0, 10)),
  ]);
  return { stats, notifications, activity };
}
