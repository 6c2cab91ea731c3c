import { getDb } from "~db/client";
import { getDashboardStats, recentNotifications } from "~/models/admin-stats.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/dashboard";

// GET /api/admin/dashboard → {stats, notifications} (the dashboard page's data).
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "dashboard.view");
  const db = getDb();
  const [stats, notifications] = await Promise.all([getDashboardStats(db), recentNotifications(db, 5)]);
  return Response.json({ stats, notifications }, { headers: { "Cache-Control": "no-store" } });
}
