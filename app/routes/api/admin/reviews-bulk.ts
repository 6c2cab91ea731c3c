import { getDb } from "~db/client";
import { apiReviewBulkSchema } from "~/lib/validation/reviews";
import { jsonError, readAdminWrite } from "~/services/api.server";
import { moderateReviews } from "~/services/reviews-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/reviews-bulk";
import { httpStatusOf } from "~/lib/refusal";

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "reviews.moderate", context);
  return jsonError("Method not allowed. Use POST.", 405);
}

// POST /api/admin/reviews/bulk {review_ids, action: published|rejected|delete, reason?} → {message}; the
// reason (at most REVIEW_DECISION_REASON_MAX_LENGTH characters) goes into each review's audit row.
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "reviews.moderate", context);
  const input = await readAdminWrite(request, { methods: ["POST"], schema: apiReviewBulkSchema });
  if (!input.ok) return input.response;
  const result = await moderateReviews(
    getDb(),
    user.actor,
    input.data.review_ids,
    input.data.action,
    true,
    input.data.reason ?? null,
  );
  return result.ok
    ? Response.json({ success: true, message: result.message })
    : jsonError(result.message, httpStatusOf(result.reason));
}
