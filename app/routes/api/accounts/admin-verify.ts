import { userJson } from "~/services/auth.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/admin-verify";

// GET /api/admin/verify → 200 {authenticated, user} for staff; 401 signed out; 403 other roles.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, "dashboard.view", context);
  return Response.json({ authenticated: true, user: userJson(user) }, { headers: { "Cache-Control": "no-store" } });
}
