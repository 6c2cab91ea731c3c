import { z } from "zod";
import { getDb } from "~db/client";
import { requiredText } from "~/lib/validation/fields";
import { jsonError, readJsonForm } from "~/services/api.server";
import { addPasskey } from "~/services/second-factor-changes.server";
import { postOnlyLoader, requirePermission } from "~/services/session.server";
import type { Route } from "./+types/passkeys";

const schema = z.object({
  name: requiredText("Give the passkey a name (e.g. “Work laptop”)", "Passkey name", 60),
  response: z.record(z.string(), z.unknown()),
});

export const loader = postOnlyLoader("account.security");
// POST /api/admin/passkeys {name, response} → 201 {success, id}: the browser's answer to the options
// of /api/admin/passkeys/options, kept as a passkey of one's own account.
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "account.security", context);
  const form = await readJsonForm(request, { schema, sameOrigin: true });
  if (!form.ok) return form.response;
  const result = await addPasskey(getDb(), request, user, { name: form.data.name, response: form.data.response });
  if (!result.ok) return jsonError(result.message, result.status);
  return Response.json({ success: true, id: result.value.id }, { status: 201 });
}
