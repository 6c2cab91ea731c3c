import { getDb } from "~db/client";
import { apiSellerBulkSchema } from "~/lib/validation/sellers-admin";
import { jsonError, readAdminWrite } from "~/services/api.server";
import { changeSellers } from "~/services/sellers-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/sellers-bulk";
import { httpStatusOf } from "~/lib/refusal";

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "sellers.manage", context);
  return jsonError("Method not allowed. Use POST.", 405);
}

// POST /api/admin/sellers/bulk {seller_ids, action} → {message} (the page's bulk bar, same model).
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "sellers.manage", context);
  const input = await readAdminWrite(request, { methods: ["POST"], schema: apiSellerBulkSchema });
  if (!input.ok) return input.response;
  const result = await changeSellers(getDb(), user.actor, {
    intent: "bulk",
    bulk_action: input.data.action,
    ids: input.data.seller_ids,
  });
  if (!result.ok) return jsonError(result.message, httpStatusOf(result.reason));
  return Response.json({ success: true, message: result.message });
}
