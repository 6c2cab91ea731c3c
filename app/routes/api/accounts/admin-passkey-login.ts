import { z } from "zod";
import { getDb } from "~db/client";
import { safeAdminPath } from "~/lib/redirect";
import { SECOND_FACTOR_MESSAGES } from "~/lib/validation/messages";
import { jsonError, methodNotAllowed, readJsonForm } from "~/services/api.server";
import { startSession } from "~/services/auth.server";
import { verifyPasskeySignIn } from "~/services/passkeys.server";
import { pendingSecondStep } from "~/services/session.server";
import { retryAfterHeaders } from "~/services/rate-limit.server";
import type { Route } from "./+types/admin-passkey-login";

const schema = z.object({ response: z.record(z.string(), z.unknown()), redirectTo: z.string().optional() });

export const loader = () => methodNotAllowed("POST");
// POST /api/admin/login/passkey {response, redirectTo?} → {success, redirectTo} + the session cookie:
// the second step of a staff sign-in with a passkey (the page's script; the code form needs none).
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readJsonForm(request, { schema, sameOrigin: true });
  if (!form.ok) return form.response;
  const pending = await pendingSecondStep(request);
  if (!pending) return jsonError(SECOND_FACTOR_MESSAGES.expired, 401);
  const outcome = await verifyPasskeySignIn(getDb(), request, pending, form.data.response, context.clientAddress);
  if (!outcome.ok) return jsonError(outcome.message, outcome.status, retryAfterHeaders(outcome));
  const cookie = await startSession(request, pending.user.id, context.clientAddress);
  return Response.json(
    { success: true, redirectTo: safeAdminPath(form.data.redirectTo) },
    { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } },
  );
}
