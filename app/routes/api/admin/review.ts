import { getDb } from "~db/client";
import { apiReviewUpdateSchema } from "~/lib/validation/reviews";
import { parseId } from "~/lib/validation/params";
import { jsonError, readAdminWrite } from "~/services/api.server";
import { moderateReviews } from "~/services/reviews-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/review";
import { httpStatusOf } from "~/lib/refusal";

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "reviews.moderate", context);
  return jsonError("Method not allowed. Use PUT or DELETE.", 405);
}

// PUT /api/admin/reviews/{id} {status: published|rejected, reason?} and DELETE /api/admin/reviews/{id} → {message}
// (a deletion with a reason: the bulk endpoint with one id).
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requirePermission(request, "reviews.moderate", context);
  const id = parseId(params.id);
  if (request.method === "DELETE") {
    const input = await readAdminWrite(request, { methods: ["DELETE"] });
    if (!input.ok) return input.response;
    if (!id) return jsonError("Review not found", 404);
    const result = await moderateReviews(getDb(), user.actor, [id], "delete", false);
    return result.ok
      ? Response.json({ success: true, message: result.message })
      : jsonError(result.message, httpStatusOf(result.reason));
  }
  const input = await readAdminWrite(request, { methods: ["PUT"], schema: apiReviewUpdateSchema });
  if (!input.ok) return input.response;
  if (!id) return jsonError("Review not found", 404);
  const result = await moderateReviews(getDb(), user.actor, [id], input.data.status, false, input.data.reason ?? null);
  return result.ok
    ? Response.json({ success: true, message: result.message })
    : jsonError(result.message, httpStatusOf(result.reason));
}
