import { getDb } from "~db/client";
import { googleCallbackSchema } from "~/lib/validation/google";
import { englishMessage, methodNotAllowed, readJsonForm } from "~/services/api.server";
import { completeGoogleSignIn, userJson } from "~/services/auth.server";
import type { Route } from "./+types/sessions";

export const loader = () => methodNotAllowed("POST");

// POST /api/sessions {code, state?, iss?} → exchanges the provider's code once and starts the session;
// a refusal is {error, reason} (reason: a GoogleFailure of services/google-oidc.server.ts).
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readJsonForm(request, { schema: googleCallbackSchema, sameOrigin: true });
  if (!form.ok) return form.response;
  const result = await completeGoogleSignIn(getDb(), request, form.data, context.clientAddress);
  // `reason` lets the callback page say it in its own language; `error` is the English message.
  if (!result.ok)
    return Response.json({ error: englishMessage(result.error), reason: result.reason }, { status: result.status });
  return Response.json({ success: true, user: userJson(result.user) }, { status: 201, headers: result.headers });
}
