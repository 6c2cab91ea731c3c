import { sql } from "kysely";
import type { DB } from "~db/client";
import type { ReviewVerifiedBy } from "~db/schema";
import { isUniqueViolation } from "~db/engine";
import { nowIso } from "~/lib/dates";
import type { ReviewSort } from "~/lib/validation/constants";
import type { ReviewInput } from "~/lib/validation/reviews";
import { writeAudit } from "./audit.server";
import { spendInvitation } from "./review-invitations.server";
import { publicSellerAccount } from "./seller-visibility.server";

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
  { ok: true; id: number } | { ok: false; reason: "seller_not_found" | "invitation_used" | "own_listing" };

/**
 * Where a review comes from: the network address it was posted from, the invitation it was written through, and
 * the account signed in when it was posted.
 */
export interface ReviewOrigin {
  clientAddress: string | null;
  /** the seller's invitation (checked usable by its link): the review is a verified customer's */
  invitationId?: number;
  /** the signed-in account posting it: a seller's own account never reviews her own listing */
  reviewerUserId?: number | null;
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
  const seller = await publicSellerAccount(db, sellerId);
  if (!seller) return { ok: false, reason: "seller_not_found" };
  if (origin.reviewerUserId != null && seller.user_id === origin.reviewerUserId)
    return { ok: false, reason: "own_listing" };
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

// ── her own review: the confirmed address, her edit and her delete (docs/decisions/222-reviews-people-can-trust.md) ──

/** A review as its writer's links read it (the address only for the signature's check). */
export interface OwnReview {
  id: number;
  seller_id: number;
  /** her business name, or her own name without one */
  seller_name: string;
  reviewer_name: string;
  rating: number;
  review_text: string;
  status: "pending" | "published" | "rejected" | "flagged";
  reviewer_email: string | null;
  email_confirmed_at: string | null;
  verified_by: "invitation" | "quote" | null;
  edited_at: string | null;
}

export async function getOwnReview(db: DB, id: number): Promise<OwnReview | undefined> {
  return db
    .selectFrom("reviews")
    .innerJoin("sellers", "sellers.id", "reviews.seller_id")
    .select([
      "reviews.id",
      "reviews.seller_id",
      (eb) => eb.fn.coalesce("sellers.business_name", "sellers.owner_name").as("seller_name"),
      "reviews.reviewer_name",
      "reviews.rating",
      "reviews.review_text",
      "reviews.status",
      "reviews.reviewer_email",
      "reviews.email_confirmed_at",
      "reviews.verified_by",
      "reviews.edited_at",
    ])
    .where("reviews.id", "=", id)
    .executeTakeFirst();
}

export type ConfirmOutcome =
  { ok: true; already: boolean; replaced: number | null } | { ok: false; reason: "not_found" };

/**
 * Confirms a review's address (its mailed link was followed). One confirmed address reviews one seller
 * once: an earlier confirmed review of the same seller by the same address is replaced, as an edit: its row
 * is deleted, this one goes (back) to moderation with `edited_at`, and keeps the seller's reply to the
 * earlier one (she may edit it) and what verified it. `quoteDate` is the day of a request for quotes the
 * seller answered (a verified customer, unless an invitation verified her already). Two confirmations at
 * once: write transactions take one lock on both engines (db/client.ts), so the second sees the first's
 * confirmed review and replaces it; the unique index reviews_one_per_address is the backstop, its refusal
 * tried again.
 */
export async function confirmReviewEmail(
  db: DB,
  id: number,
  email: string,
  quoteDate: string | null,
  ip: string | null,
  now = new Date(),
): Promise<ConfirmOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await confirmOnce(db, id, email, quoteDate, ip, now.toISOString());
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function confirmOnce(
  db: DB,
  id: number,
  email: string,
  quoteDate: string | null,
  ip: string | null,
  stamp: string,
): Promise<ConfirmOutcome> {
  return db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom("reviews")
      .select(["id", "seller_id", "email_confirmed_at", "verified_by", "seller_reply"])
      .where("id", "=", id)
      .where("reviewer_email", "=", email)
      .executeTakeFirst();
    if (!review) return { ok: false, reason: "not_found" } as const;
    if (review.email_confirmed_at) return { ok: true, already: true, replaced: null } as const;
    const earlier = await trx
      .selectFrom("reviews")
      .select(["id", "seller_reply", "seller_reply_date", "verified_by", "verified_on", "invitation_id"])
      .where("seller_id", "=", review.seller_id)
      .where("reviewer_email", "=", email)
      .where("email_confirmed_at", "is not", null)
      .where("id", "<>", id)
      .executeTakeFirst();
    if (earlier) await trx.deleteFrom("reviews").where("id", "=", earlier.id).execute();
    const kept =
      review.verified_by === null && earlier?.verified_by
        ? { verified_by: earlier.verified_by, verified_on: earlier.verified_on, invitation_id: earlier.invitation_id }
        : {};
    const verifiedBy = kept.verified_by ?? review.verified_by;
    const byQuote =
      verifiedBy !== "invitation" && quoteDate ? { verified_by: "quote" as const, verified_on: quoteDate } : {};
    await trx
      .updateTable("reviews")
      .set({
        email_confirmed_at: stamp,
        ...kept,
        ...byQuote,
        ...(earlier
          ? {
              status: "pending" as const,
              edited_at: stamp,
              updated_at: stamp,
              ...(review.seller_reply === null && earlier.seller_reply !== null
                ? { seller_reply: earlier.seller_reply, seller_reply_date: earlier.seller_reply_date }
                : {}),
            }
          : {}),
      })
      .where("id", "=", id)
      .execute();
    await writeAudit(trx, {
      action: "review.email_confirmed",
      targetType: "review",
      targetId: id,
      ip,
      details: { seller_id: review.seller_id, ...(earlier ? { replaced: earlier.id } : {}) },
    });
    return { ok: true, already: false, replaced: earlier?.id ?? null } as const;
  });
}

/**
 * Her edit of her own confirmed review: the new name, stars and text, back to moderation with `edited_at`.
 * False when it is gone or its address was not confirmed.
 */
export async function editOwnReview(
  db: DB,
  id: number,
  email: string,
  input: ReviewInput,
  ip: string | null,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const stamp = now.toISOString();
    const result = await trx
      .updateTable("reviews")
      .set({
        reviewer_name: input.reviewer_name,
        rating: input.rating,
        review_text: input.review_text,
        status: "pending",
        edited_at: stamp,
        updated_at: stamp,
      })
      .where("id", "=", id)
      .where("reviewer_email", "=", email)
      .where("email_confirmed_at", "is not", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await writeAudit(trx, { action: "review.edit_by_writer", targetType: "review", targetId: id, ip });
    return true;
  });
}

/**
 * Her delete of her own confirmed review (the seller's rating follows through the database's triggers when
 * it was published). False when it is gone or its address was not confirmed.
 */
export async function deleteOwnReview(db: DB, id: number, email: string, ip: string | null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("reviews")
      .where("id", "=", id)
      .where("reviewer_email", "=", email)
      .where("email_confirmed_at", "is not", null)
      .returning(["seller_id", "status"])
      .executeTakeFirst();
    if (!row) return false;
    await writeAudit(trx, {
      action: "review.delete_by_writer",
      targetType: "review",
      targetId: id,
      ip,
      details: { seller_id: row.seller_id, status: row.status },
    });
    return true;
  });
}
