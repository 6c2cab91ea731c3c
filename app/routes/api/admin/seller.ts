import { getDb } from "~db/client";
import { parseId } from "~/lib/validation/params";
import { jsonError, readAdminWrite } from "~/services/api.server";
import { changeSellers } from "~/services/sellers-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/seller";
import { httpStatusOf } from "~/lib/refusal";

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "sellers.delete", context);
  return jsonError("Method not allowed. Use DELETE.", 405);
}

// DELETE /api/admin/sellers/{id} → {success, message}; the seller's files go with it. Admins only.
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requirePermission(request, "sellers.delete", context);
  const input = await readAdminWrite(request, { methods: ["DELETE"] });
  if (!input.ok) return input.response;
  const id = parseId(params.id);
  if (!id) return jsonError("Seller not found", 404);
  const result = await changeSellers(getDb(), user.actor, { intent: "delete", id });
  if (!result.ok) return jsonError(result.message, httpStatusOf(result.reason));
  return Response.json({ success: true, message: result.message });
}
