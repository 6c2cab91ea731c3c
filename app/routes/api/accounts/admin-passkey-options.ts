import { getDb } from "~db/client";
import { jsonError, methodNotAllowed } from "~/services/api.server";
import { crossOriginRefusal, isCrossOrigin } from "~/services/csrf.server";
import { passkeySignInOptions } from "~/services/passkeys.server";
import { pendingSecondStep } from "~/services/session.server";
import { SECOND_FACTOR_MESSAGES } from "~/lib/validation/messages";
import type { Route } from "./+types/admin-passkey-options";

export const loader = () => methodNotAllowed("POST");
// POST /api/admin/login/passkey-options → the WebAuthn options of a staff sign-in's second step
// (only for a sign-in whose password was right: the half-done session).
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (isCrossOrigin(request)) return crossOriginRefusal();
  const pending = await pendingSecondStep(request);
  if (!pending) return jsonError(SECOND_FACTOR_MESSAGES.expired, 401);
  const result = await passkeySignInOptions(getDb(), request, pending);
  if (!result.ok) return jsonError(result.message, result.status);
  return Response.json(result.value, { headers: { "Cache-Control": "no-store" } });
}
