import { redirect } from "react-router";
import { getDb } from "~db/client";
import { googleLanguageUnknown, googleStartLanguage } from "~/lib/validation/google";
import { translateMessage } from "~/lib/form-messages";
import { siteLocales, translatorFor } from "~/services/i18n.server";
import { startGoogleSignIn } from "~/services/google-oidc.server";
import type { Route } from "./+types/google-start";

// The no-JavaScript door to Google sign-in: the same start as GET /api/oauth/google/redirect_url, as a redirect.
// `?lang=hi-IN` (the sign-in button of a Hindi page) makes the callback page speak Hindi.
export async function loader({ request }: Route.LoaderArgs) {
  const language = googleStartLanguage(new URL(request.url).searchParams, siteLocales());
  if (!language) throw new Response(googleLanguageUnknown(siteLocales()), { status: 400 });
  const result = await startGoogleSignIn(getDb(), request, null, language);
  if (!result.ok)
    throw new Response(translateMessage(translatorFor(language), result.error), {
      status: result.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return redirect(result.redirectUrl, { headers: { "Set-Cookie": result.setCookie } });
}
