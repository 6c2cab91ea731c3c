import { destroySession } from "~/services/session.server";
import { crossOriginRefusal, isCrossOrigin } from "~/services/csrf.server";
import type { Route } from "./+types/logout";

/**
 * A sign-out the browser's own page asked for: the fetch metadata says same-origin (or a typed address),
 * and any Origin is ours. A cross-site link or form must not sign anyone out.
 */
function isOwnRequest(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return false;
  return !isCrossOrigin(request);
}

// GET /api/logout (the spec's call) ends the session server-side and clears the cookie. POST works too.
async function logout(request: Request) {
  if (!isOwnRequest(request)) return crossOriginRefusal();
  return Response.json(
    { success: true },
    { headers: { "Set-Cookie": await destroySession(request), "Cache-Control": "no-store" } },
  );
}
export const loader = ({ request }: Route.LoaderArgs) => logout(request);
export const action = ({ request }: Route.ActionArgs) => logout(request);
