import { destroySession } from "~/services/session.server";
import type { Route } from "./+types/logout";

// GET /api/logout (the spec's call) ends the session server-side and clears the cookie. POST works too.
async function logout(request: Request) {
  return Response.json({ success: true }, { headers: { "Set-Cookie": await destroySession(request), "Cache-Control": "no-store" } });
}
export const loader = ({ request }: Route.LoaderArgs) => logout(request);
export const action = ({ request }: Route.ActionArgs) => logout(request);
