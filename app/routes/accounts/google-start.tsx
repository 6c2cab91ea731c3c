import { redirect } from "react-router";
import { getDb } from "~db/client";
import { startGoogleSignIn } from "~/services/google-oidc.server";
import type { Route } from "./+types/google-start";

// The no-JavaScript door to Google sign-in: the same start as GET /api/oauth/google/redirect_url, as a redirect.
export async function loader({ request }: Route.LoaderArgs) {
  const result = await startGoogleSignIn(getDb(), request);
  if (!result.ok) throw new Response(result.error, { status: result.status });
  return redirect(result.redirectUrl, { headers: { "Set-Cookie": result.setCookie } });
}
