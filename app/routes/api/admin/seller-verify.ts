import { getDb } from "~db/client";
import { parseId } from "~/lib/validation/params";
import { jsonError, readAdminWrite } from "~/services/api.server";
import { changeSellers } from "~/services/sellers-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/seller-verify";
import { httpStatusOf } from "~/lib/refusal";

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "sellers.manage", context);
  return jsonError("Method not allowed. Use POST.", 405);
}

// POST /api/sellers/{id}/verify → {message: 'Seller verified successfully!'}: verified and live.
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requirePermission(request, "sellers.manage", context);
  const input = await readAdminWrite(request, { methods: ["POST"] });
  if (!input.ok) return input.response;
  const id = parseId(params.id);
  if (!id) return jsonError("Seller not found", 404);
  const result = await changeSellers(getDb(), user.actor, { intent: "row", action: "verify", id });
  if (!result.ok) return jsonError(result.message, httpStatusOf(result.reason));
  return Response.json({ success: true, message: result.message });
}
