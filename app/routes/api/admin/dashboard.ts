import { getDb } from "~db/client";
import { dashboardOverview } from "~/services/admin-dashboard.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/dashboard";

// GET /api/admin/dashboard → {stats, notifications, activity, reviewMonths} (the dashboard page's data).
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, "dashboard.view", context);
  const overview = await dashboardOverview(getDb(), user);
  return Response.json(overview, { headers: { "Cache-Control": "no-store" } });
}
