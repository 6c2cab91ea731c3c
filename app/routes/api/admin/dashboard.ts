import { getDb } from "~db/client";
import { getDashboardStats, recentNotifications, weeklyActivity } from "~/models/admin-stats.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/dashboard";

// GET /api/admin/dashboard → {stats, notifications, activity} (the dashboard page's data).
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "dashboard.view");
  const db = getDb();
  const [stats, notifications, activity] = await Promise.all([
    getDashboardStats(db),
    recentNotifications(db, 5),
    weeklyActivity(db, new Date().toISOString().slice(0, 10)),
  ]);
  return Response.json({ stats, notifications, activity }, { headers: { "Cache-Control": "no-store" } });
}
