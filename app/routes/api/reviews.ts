import { getDb } from "~db/client";
import { apiReviewSchema, isReviewIncomplete, REVIEW_MISSING_MESSAGE } from "~/lib/schemas";
import { createReview } from "~/models/reviews.server";
import { firstIssueMessage, jsonError, methodNotAllowed, readJsonBody } from "~/services/api.server";
import { checkPublicForm, HONEYPOT_FIELD } from "~/services/public-form.server";
import type { Route } from "./+types/reviews";

export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/reviews {seller_id, reviewer_name, rating, review_text} → 201 {success, review_id, message}
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = (read.body && typeof read.body === "object" ? read.body : {}) as Record<string, unknown>;
  if (isReviewIncomplete(body) || body.seller_id === undefined) return jsonError(REVIEW_MISSING_MESSAGE, 400);
  const parsed = apiReviewSchema.safeParse(body);
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const guard = checkPublicForm("review", context.clientAddress, body[HONEYPOT_FIELD]);
  if (!guard.ok) return jsonError(guard.message, guard.status, guard.headers);
  const { seller_id, ...review } = parsed.data;
  const created = await createReview(getDb(), seller_id, review);
  if (!created.ok) return jsonError("Seller not found", 404);
  return Response.json(
    { success: true, review_id: created.id, message: "Thank you! Your review will appear after approval." },
    { status: 201 },
  );
}
