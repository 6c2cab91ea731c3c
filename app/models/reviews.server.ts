import type { DB } from "~db/client";
import { nowIso } from "~/lib/dates";
import type { ReviewInput } from "~/lib/validation/reviews";
import { writeAudit } from "./audit.server";
import { isPublicSeller } from "./seller-visibility.server";

export interface PublicReview {
  id: number;
  seller_id: number;
  reviewer_name: string;
  rating: number;
  review_text: string;
  created_at: string;
  seller_reply: string | null;
  seller_reply_date: string | null;
}

/** The columns of a review as its seller's public page shows it (a `PublicReview`). */
export const PUBLIC_REVIEW_COLUMNS = [
  "id",
  "seller_id",
  "reviewer_name",
  "rating",
  "review_text",
  "created_at",
  "seller_reply",
  "seller_reply_date",
] as const satisfies readonly (keyof PublicReview)[];

const PUBLIC_REVIEW_LIMIT = 100;

/**
 * Published reviews, newest first (docs/decisions/012-reviews-pending-until-published.md): of one seller (their public
 * page), or of every listing of one account (the seller's dashboard).
 */
export async function listPublishedReviews(
  db: DB,
  of: { sellerId: number } | { ownerUserId: number },
): Promise<PublicReview[]> {
  const published = db.selectFrom("reviews").select(PUBLIC_REVIEW_COLUMNS).where("status", "=", "published");
  const scoped =
    "sellerId" in of
      ? published.where("seller_id", "=", of.sellerId)
      : published.where("seller_id", "in", db.selectFrom("sellers").select("id").where("user_id", "=", of.ownerUserId));
  return scoped.orderBy("created_at", "desc").orderBy("id", "desc").limit(PUBLIC_REVIEW_LIMIT).execute();
}

export type CreateReviewResult = { ok: true; id: number } | { ok: false; reason: "seller_not_found" };

/** A visitor's review: stored as pending until a moderator publishes it. */
export async function createReview(db: DB, sellerId: number, input: ReviewInput): Promise<CreateReviewResult> {
  if (!(await isPublicSeller(db, sellerId))) return { ok: false, reason: "seller_not_found" };
  const now = nowIso();
  const row = await db
    .insertInto("reviews")
    .values({
      seller_id: sellerId,
      reviewer_name: input.reviewer_name,
      rating: input.rating,
      review_text: input.review_text,
      status: "pending",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true, id: row.id };
}

/**
 * A visitor's report of a published review: it becomes `flagged` (off the public page, out of the
 * seller's rating) until a moderator publishes it again or rejects it, and staff get a notification.
 * False when the review is not a published review of that seller.
 */
export async function flagReview(
  db: DB,
  sellerId: number,
  reviewId: number,
  reason: string,
  ip: string | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const stamp = nowIso();
    const result = await trx
      .updateTable("reviews")
      .set({ status: "flagged", updated_at: stamp })
      .where("id", "=", reviewId)
      .where("seller_id", "=", sellerId)
      .where("status", "=", "published")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto("notifications")
      .values({
        title: "Review reported",
        message: `A visitor reported review #${reviewId}: ${reason.slice(0, 200)}`,
        type: "review",
        link: "/admin/reviews?status=flagged",
        is_read: 0,
        created_at: stamp,
      })
      .execute();
    await writeAudit(trx, {
      action: "review.flag",
      targetType: "review",
      targetId: reviewId,
      ip,
      details: { seller_id: sellerId, reason: reason.slice(0, 500) },
    });
    return true;
  });
}
