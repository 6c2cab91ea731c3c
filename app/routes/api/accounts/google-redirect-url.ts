import { getDb } from "~db/client";
import { jsonError } from "~/services/api.server";
import { startGoogleSignIn } from "~/services/google-oidc.server";
import type { Route } from "./+types/google-redirect-url";

// GET /api/oauth/google/redirect_url → {redirectUrl} (PKCE + state); 404 when Google sign-in is not configured.
export async function loader({ request }: Route.LoaderArgs) {
  const result = await startGoogleSignIn(getDb(), request);
  if (!result.ok) return jsonError(result.error, result.status);
  return Response.json(
    { redirectUrl: result.redirectUrl },
    { headers: { "Set-Cookie": result.setCookie, "Cache-Control": "no-store" } },
  );
}
