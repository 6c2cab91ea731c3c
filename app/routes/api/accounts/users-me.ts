import { userJson } from "~/services/auth.server";
import { jsonError } from "~/services/api.server";
import { getSessionUser } from "~/services/session.server";
import type { Route } from "./+types/users-me";

// GET /api/users/me → the signed-in user, or 401.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return jsonError("Not signed in", 401, { "Cache-Control": "no-store" });
  return Response.json(userJson(user), { headers: { "Cache-Control": "no-store" } });
}
