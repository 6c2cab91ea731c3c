import { getDb } from "~db/client";
import { googleLanguageUnknown, googleStartLanguage } from "~/lib/validation/google";
import { jsonError } from "~/services/api.server";
import { siteLocales } from "~/services/i18n.server";
import { startGoogleSignIn } from "~/services/google-oidc.server";
import type { Route } from "./+types/google-redirect-url";

// GET /api/oauth/google/redirect_url → {redirectUrl} (PKCE + state); 404 when Google sign-in is not configured.
// `?lang=hi-IN` (optional): the language the callback page speaks; the answer itself stays English.
export async function loader({ request }: Route.LoaderArgs) {
  const language = googleStartLanguage(new URL(request.url).searchParams, siteLocales());
  if (!language) return jsonError(googleLanguageUnknown(siteLocales()), 400);
  const result = await startGoogleSignIn(getDb(), request, null, language);
  if (!result.ok) return jsonError(result.error, result.status);
  return Response.json(
    { redirectUrl: result.redirectUrl },
    { headers: { "Set-Cookie": result.setCookie, "Cache-Control": "no-store" } },
  );
}
