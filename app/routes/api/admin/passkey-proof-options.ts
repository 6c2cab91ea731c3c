import { getDb } from "~db/client";
import { jsonError, methodNotAllowed } from "~/services/api.server";
import { crossOriginRefusal, isCrossOrigin } from "~/services/csrf.server";
import { passkeyProofOptions } from "~/services/passkeys.server";
import { postOnlyLoader, requirePermission } from "~/services/session.server";
import type { Route } from "./+types/passkey-proof-options";

export const loader = postOnlyLoader("account.security");
// POST /api/admin/passkeys/proof-options → WebAuthn options for confirming a change of one's second
// factor with one of one's passkeys (the answer goes with the change's form, as `passkey`).
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "account.security", context);
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (isCrossOrigin(request)) return crossOriginRefusal();
  const result = await passkeyProofOptions(getDb(), request, user);
  if (!result.ok) return jsonError(result.message, result.status);
  return Response.json(result.value, { headers: { "Cache-Control": "no-store" } });
}
