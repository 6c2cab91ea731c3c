import { sql } from "kysely";
import type { DB } from "~db/client";
import type { ReviewVerifiedBy } from "~db/schema";
import { nowIso } from "~/lib/dates";
import type { ReviewSort } from "~/lib/validation/constants";
import type { ReviewInput } from "~/lib/validation/reviews";
import { writeAudit } from "./audit.server";
import { spendInvitation } from "./review-invitations.server";
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
  /** when its writer confirmed her address ("email confirmed"); the address itself is never public */
  email_confirmed_at: string | null;
  /** "Verified customer": through the seller's invitation, or a quote she answered, and the date it names */
  verified_by: ReviewVerifiedBy | null;
  verified_on: string | null;
  /** when its writer last changed it ("edited") */
  edited_at: string | null;
}

/**
 * The columns of a review as its seller's public page shows it (a `PublicReview`): never `reviewer_email`
 * nor `client_address` (docs/decisions/222-reviews-people-can-trust.md).
 */
export const PUBLIC_REVIEW_COLUMNS = [
  "id",
  "seller_id",
  "reviewer_name",
  "rating",
  "review_text",
  "created_at",
  "seller_reply",
  "seller_reply_date",
  "email_confirmed_at",
  "verified_by",
  "verified_on",
  "edited_at",
] as const satisfies readonly (keyof PublicReview)[];

const PUBLIC_REVIEW_LIMIT = 100;

/**
 * Published reviews (docs/decisions/012-reviews-pending-until-published.md): of one seller (their public
 * page), or of every listing of one account (the seller's dashboard). Newest first, or as the profile's
 * `?sort=` asks: the highest or lowest rating first, or verified customers' first; the newest first within
 * each (docs/decisions/222-reviews-people-can-trust.md).
 */
export async function listPublishedReviews(
  db: DB,
  of: { sellerId: number } | { ownerUserId: number },
  sort: ReviewSort = "newest",
): Promise<PublicReview[]> {
  const published = db.selectFrom("reviews").select(PUBLIC_REVIEW_COLUMNS).where("status", "=", "published");
  const scoped =
    "sellerId" in of
      ? published.where("seller_id", "=", of.sellerId)
      : published.where("seller_id", "in", db.selectFrom("sellers").select("id").where("user_id", "=", of.ownerUserId));
  const sorted =
    sort === "highest"
      ? scoped.orderBy("rating", "desc")
      : sort === "lowest"
        ? scoped.orderBy("rating", "asc")
        : sort === "verified"
          ? scoped.orderBy(sql`case when verified_by is null then 1 else 0 end`, "asc")
          : scoped;
  return sorted.orderBy("created_at", "desc").orderBy("id", "desc").limit(PUBLIC_REVIEW_LIMIT).execute();
}

/** How many published reviews give each number of stars (`"5"` to `"1"`). */
export type RatingBreakdown = Record<"5" | "4" | "3" | "2" | "1", number>;

export interface ReviewFigures {
  rating_breakdown: RatingBreakdown;
  /** published reviews by verified customers */
  verified_review_count: number;
}

/**
 * A seller's published reviews counted by stars, and those of verified customers, in one grouped statement
 * (a pending, rejected or flagged review is never counted; docs/decisions/222-reviews-people-can-trust.md).
 */
export async function reviewFigures(db: DB, sellerId: number): Promise<ReviewFigures> {
  const rows = await db
    .selectFrom("reviews")
    .select((eb) => [
      "rating",
      eb.fn.countAll<number | string>().as("n"),
      eb.fn.count<number | string>("verified_by").as("verified"),
    ])
    .where("seller_id", "=", sellerId)
    .where("status", "=", "published")
    .groupBy("rating")
    .execute();
  const rating_breakdown: RatingBreakdown = { "5": 0, "4": 0, "3": 0, "2": 0, "1": 0 };
  let verified_review_count = 0;
  for (const row of rows) {
    const stars = String(row.rating);
    if (stars in rating_breakdown) rating_breakdown[stars as keyof RatingBreakdown] = Number(row.n);
    verified_review_count += Number(row.verified);
  }
  return { rating_breakdown, verified_review_count };
}

export type CreateReviewResult =
  { ok: true; id: number } | { ok: false; reason: "seller_not_found" | "invitation_used" };

/** Where a review comes from: the network address it was posted from, and the invitation it was written through. */
export interface ReviewOrigin {
  clientAddress: string | null;
  /** the seller's invitation (checked usable by its link): the review is a verified customer's */
  invitationId?: number;
}

/**
 * A visitor's review: stored as pending until a moderator publishes it. Written through an invitation, it
 * uses the invitation up in the same transaction (two posts with one link: one wins) and is a verified
 * customer's (docs/decisions/222-reviews-people-can-trust.md).
 */
export async function createReview(
  db: DB,
  sellerId: number,
  input: ReviewInput & { reviewer_email?: string | null },
  origin: ReviewOrigin,
): Promise<CreateReviewResult> {
  if (!(await isPublicSeller(db, sellerId))) return { ok: false, reason: "seller_not_found" };
  return db
    .transaction()
    .execute(async (trx) => {
      const now = nowIso();
      const invitation =
        origin.invitationId === undefined
          ? undefined
          : await trx
              .selectFrom("review_invitations")
              .select(["id", "created_at"])
              .where("id", "=", origin.invitationId)
              .where("seller_id", "=", sellerId)
              .executeTakeFirst();
      if (origin.invitationId !== undefined && !invitation) return { ok: false, reason: "invitation_used" } as const;
      const row = await trx
        .insertInto("reviews")
        .values({
          seller_id: sellerId,
          reviewer_name: input.reviewer_name,
          rating: input.rating,
          review_text: input.review_text,
          status: "pending",
          created_at: now,
          updated_at: now,
          reviewer_email: input.reviewer_email ?? null,
          client_address: origin.clientAddress,
          ...(invitation
            ? { verified_by: "invitation" as const, verified_on: invitation.created_at, invitation_id: invitation.id }
            : {}),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (invitation && !(await spendInvitation(trx, invitation.id, row.id))) throw new InvitationAlreadyUsed();
      return { ok: true, id: row.id } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof InvitationAlreadyUsed) return { ok: false, reason: "invitation_used" } as const;
      throw error;
    });
}

/** Rolls back a review whose invitation another post used (or that expired) first. */
class InvitationAlreadyUsed extends Error {}

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

/** How long a review keeps the network address it came from: its staff signals look a day around it. */
export const REVIEW_ADDRESS_DAYS = 30;

/** Forgets the network addresses of reviews older than REVIEW_ADDRESS_DAYS (the periodic sweep). */
export async function sweepReviewAddresses(db: DB, now = Date.now()): Promise<void> {
  await db
    .updateTable("reviews")
    .set({ client_address: null })
    .where("client_address", "is not", null)
    .where("created_at", "<", new Date(now - REVIEW_ADDRESS_DAYS * 86_400_000).toISOString())
    .execute();
}
