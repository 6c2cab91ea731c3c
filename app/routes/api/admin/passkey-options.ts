import { z } from "zod";
import { getDb } from "~db/client";
import { jsonError, readJsonForm } from "~/services/api.server";
import { addPasskeyOptions } from "~/services/second-factor-changes.server";
import { postOnlyLoader, requirePermission } from "~/services/session.server";
import type { Route } from "./+types/passkey-options";

// The proof of an account that has a second factor already: a code, or a passkey's answer.
const schema = z.object({
  code: z.string().max(40).optional(),
  passkey: z.record(z.string(), z.unknown()).optional(),
});

export const loader = postOnlyLoader("account.security");
// POST /api/admin/passkeys/options {code?, passkey?} → the WebAuthn options for adding a passkey to one's
// own account; once it has a second factor, only with a proof of it (401 wrong, 400 missing, 429 too many).
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "account.security", context);
  const form = await readJsonForm(request, { schema, sameOrigin: true });
  if (!form.ok) return form.response;
  const result = await addPasskeyOptions(getDb(), request, user, form.data);
  if (!result.ok)
    return jsonError(
      result.message,
      result.status,
      "retryAfterSeconds" in result && result.retryAfterSeconds
        ? { "Retry-After": String(result.retryAfterSeconds) }
        : undefined,
    );
  return Response.json(result.value, { headers: { "Cache-Control": "no-store" } });
}
