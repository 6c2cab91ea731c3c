import { z } from "zod";
import { REPORT_REASON_MAX_LENGTH, REVIEW_MAX_LENGTH, REVIEWER_NAME_MAX_LENGTH } from "../constants";
import { REVIEW_REPLY_MAX_LENGTH, REVIEW_SORTS, REVIEW_STATUS_VALUES, type ReviewSort } from "./constants";
import { formMessage } from "../form-messages";
import { bulkIds, oneOf, optionalEmailField, optionalText, positiveId, requiredText, tooLong } from "./fields";
import { REVIEW_DECISION_REASON_MAX_LENGTH, REVIEW_SIGNALS } from "../review-signals";
import { pageFilters, searchFilter } from "./list-filters";
import { REVIEW_MISSING_MESSAGE, SELECT_REVIEWS_MESSAGE } from "./messages";
import { isBlank } from "./params";

// Reviews: the visitor's review and report, the seller's reply, and the back-office's moderation.

/** True when a review post lacks its name, rating or text (the spec's one message covers that case). */
export function isReviewIncomplete(input: {
  reviewer_name?: unknown;
  rating?: unknown;
  review_text?: unknown;
}): boolean {
  return isBlank(input.reviewer_name) || isBlank(input.rating) || isBlank(input.review_text);
}

export const reviewSchema = z.object({
  reviewer_name: z
    .string({ error: formMessage("forms.review.nameRequired") })
    .trim()
    .min(1, formMessage("forms.review.nameRequired"))
    .max(REVIEWER_NAME_MAX_LENGTH, tooLong("forms.label.name", REVIEWER_NAME_MAX_LENGTH)),
  rating: z
    .number({
      error: (iss) =>
        iss.input === undefined
          ? formMessage("forms.review.ratingRequired")
          : formMessage("forms.review.ratingInvalid"),
    })
    .int(formMessage("forms.review.ratingInvalid"))
    .min(1, formMessage("forms.review.ratingInvalid"))
    .max(5, formMessage("forms.review.ratingInvalid")),
  review_text: z
    .string({ error: formMessage("forms.review.textRequired") })
    .trim()
    .min(1, formMessage("forms.review.textRequired"))
    .max(REVIEW_MAX_LENGTH, tooLong("forms.label.review", REVIEW_MAX_LENGTH)),
});
/**
 * The reviewer's address, optional (docs/decisions/222-reviews-people-can-trust.md): a link mailed to it confirms
 * it; stored lower-cased, never shown or exported to the seller.
 */
export const reviewerEmailField = optionalEmailField(formMessage("forms.review.emailInvalid"));

/** A review with its writer's optional address (the profile's form, an invitation's form, the API). */
export const reviewWithEmailSchema = reviewSchema.extend({ reviewer_email: reviewerEmailField });
export type ReviewWithEmailInput = z.output<typeof reviewWithEmailSchema>;

/**
 * The profile's review form, in the browser and on the server alike: a post that lacks the name, the
 * stars or the text also gets the spec's one message above the form, whichever side answers.
 */
export const reviewFormSchema = reviewWithEmailSchema.refine((value) => !isReviewIncomplete(value), {
  message: REVIEW_MISSING_MESSAGE,
  when: () => true,
});
export type ReviewInput = z.output<typeof reviewSchema>;

/** The profile's `?sort=` of its reviews: one of `REVIEW_SORTS`, anything else (or none) the newest first. */
export function reviewSortOf(value: string | null | undefined): ReviewSort {
  return REVIEW_SORTS.find((sort) => sort === value) ?? "newest";
}

/** A visitor's report of a published review ('Report this review' on the profile). */
export const reviewReportSchema = z.object({
  intent: z.literal("report"),
  review_id: positiveId("This review was not found"),
  reason: requiredText("Please tell us what is wrong with this review", "Reason", REPORT_REASON_MAX_LENGTH),
});

/**
 * Her own review's edit form (/my-review, reached by the signed link mailed to her confirmed address): the
 * name, the stars and the text, with the profile form's one message for a missing one.
 */
export const ownReviewSchema = reviewSchema.refine((value) => !isReviewIncomplete(value), {
  message: REVIEW_MISSING_MESSAGE,
  when: () => true,
});

/** POST /api/reviews (`reviewer_email` optional). */
export const apiReviewSchema = reviewWithEmailSchema.extend({
  seller_id: z
    .number({ error: "seller_id must be a seller's id" })
    .int("seller_id must be a seller's id")
    .positive("seller_id must be a seller's id"),
});

/** The seller's reply to a review on her dashboard. */
export const reviewReplySchema = z.object({
  review_id: positiveId("This review was not found"),
  reply: requiredText("Please write your reply", "Reply", REVIEW_REPLY_MAX_LENGTH),
});

// ── moderation (/admin/reviews and /api/admin/reviews) ──

/**
 * The reviews list filters (search, status, signal), from the page URL or the API query; as the status, an
 * unknown signal means "all" on both.
 */
export const reviewFiltersFrom = pageFilters({
  search: searchFilter,
  status: oneOf("status", REVIEW_STATUS_VALUES),
  signal: oneOf("signal", REVIEW_SIGNALS),
});

/** The moderator's reason for a decision (optional; kept in the audit log). */
const decisionReason = optionalText("Reason", REVIEW_DECISION_REASON_MAX_LENGTH);

const reviewId = positiveId("Review not found");
const reviewMove = z.enum(["published", "rejected", "delete"], {
  error: "action must be published, rejected or delete",
});
const reviewIds = bulkIds(SELECT_REVIEWS_MESSAGE, "reviews");

/** The reviews page's posts: one review moved, or the ticked ones (`ids`) in bulk. */
export const reviewIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("one"), move: reviewMove, id: reviewId, reason: decisionReason }),
    z.object({
      intent: z.literal("bulk"),
      move: reviewMove,
      ids: reviewIds,
      confirmed: z.literal("1").optional(),
      reason: decisionReason,
    }),
  ],
  { error: "Unknown action" },
);
export type ReviewIntent = z.output<typeof reviewIntentSchema>;

/** POST /api/admin/reviews/bulk {review_ids, action, reason?} and PUT /api/admin/reviews/{id} {status, reason?}. */
export const apiReviewBulkSchema = z.object({ review_ids: reviewIds, action: reviewMove, reason: decisionReason });
export const apiReviewUpdateSchema = z.object({
  status: z.enum(["published", "rejected"], { error: "status must be published or rejected" }),
  reason: decisionReason,
});
