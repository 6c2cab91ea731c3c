import { getDb } from "~db/client";
import { apiReviewSchema } from "~/lib/validation/reviews";
import { REVIEW_MISSING_MESSAGE } from "~/lib/validation/messages";
import { jsonError, methodNotAllowed, readPublicJsonForm } from "~/services/api.server";
import { retryAfterHeaders, throttled } from "~/services/rate-limit.server";
import { OWN_LISTING, submitReview } from "~/services/reviewer-email.server";
import { getSessionUser } from "~/services/session.server";
import { DEFAULT_LOCALE } from "~/lib/locales";
import type { Route } from "./+types/reviews";

export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/reviews {seller_id, reviewer_name, rating, review_text, reviewer_email?} → 201 {success, review_id, message}
// With reviewer_email, the link that confirms it is mailed (in English: the API's language). A seller's own
// account (its session cookie) cannot review her own listing: 403.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPublicJsonForm(request, context.clientAddress, {
    scope: "review",
    schema: apiReviewSchema,
    required: { fields: ["seller_id", "reviewer_name", "rating", "review_text"], message: REVIEW_MISSING_MESSAGE },
  });
  if (!form.ok) return form.response;
  const { seller_id, ...review } = form.data;
  const created = await submitReview(getDb(), seller_id, review, {
    clientAddress: context.clientAddress,
    reviewerUserId: (await getSessionUser(request))?.id,
    locale: DEFAULT_LOCALE,
  });
  if (!created.ok && created.reason === "too_many") {
    const refusal = throttled(created.retryAfterSeconds);
    return jsonError(refusal.message, 429, retryAfterHeaders(refusal));
  }
  if (!created.ok && created.reason === "own_listing") return jsonError(OWN_LISTING, 403);
  if (!created.ok) return jsonError("Seller not found", 404);
  return Response.json(
    { success: true, review_id: created.id, message: "Thank you! Your review will appear after approval." },
    { status: 201 },
  );
}
