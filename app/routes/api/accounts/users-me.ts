import { getDb } from "~db/client";
import { getAccountSecurity } from "~/models/users.server";
import { userJson } from "~/services/auth.server";
import { jsonError } from "~/services/api.server";
import { getSessionUser } from "~/services/session.server";
import type { Route } from "./+types/users-me";

// GET /api/users/me → the signed-in user (with whether her email is verified), or 401.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return jsonError("Not signed in", 401, { "Cache-Control": "no-store" });
  const security = await getAccountSecurity(getDb(), user.id);
  return Response.json(
    { ...userJson(user), email_verified: !!security?.emailVerifiedAt },
    { headers: { "Cache-Control": "no-store" } },
  );
}
