import { userJson } from "~/services/auth.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/admin-verify";

// GET /api/admin/verify → 200 {authenticated, user} for staff; 401 signed out; 403 other roles.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "dashboard.view");
  return Response.json({ authenticated: true, user: userJson(user) }, { headers: { "Cache-Control": "no-store" } });
}
