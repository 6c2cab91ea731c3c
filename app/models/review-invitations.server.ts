import type { DB } from "~db/client";
import type { ReviewInvitationsTable } from "~db/schema";
import type { Selectable } from "kysely";
import { isPublic } from "./seller-visibility.server";

// A seller's invitations to review her (docs/decisions/222-reviews-people-can-trust.md): one-use, expiring
// 30 days after they were made, for a customer's name or none. The link's token is signed from the id
// (services/review-invitations.server.ts); nothing secret is stored.

export const INVITATION_DAYS = 30;
const DAY_MS = 86_400_000;

export type ReviewInvitation = Selectable<ReviewInvitationsTable>;

/** Invitations the seller made since `since` (ISO): her daily limit counts them. */
export async function countInvitationsSince(db: DB, sellerId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom("review_invitations")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("seller_id", "=", sellerId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertInvitation(
  db: DB,
  sellerId: number,
  customerName: string | null,
  now = new Date(),
): Promise<ReviewInvitation> {
  return db
    .insertInto("review_invitations")
    .values({
      seller_id: sellerId,
      customer_name: customerName,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A new invitation unless the seller made `limit` since `since` (her day's limit): counted and written in one
 * transaction, which takes the deployment-wide write lock first (db/client.ts), so posts racing at the limit
 * cannot all pass it. Null when the limit is reached.
 */
export async function insertInvitationWithinLimit(
  db: DB,
  sellerId: number,
  customerName: string | null,
  { since, limit }: { since: string; limit: number },
  now = new Date(),
): Promise<ReviewInvitation | null> {
  return db.transaction().execute(async (trx) => {
    if ((await countInvitationsSince(trx, sellerId, since)) >= limit) return null;
    return insertInvitation(trx, sellerId, customerName, now);
  });
}

/** The seller's invitations, newest first. */
export async function listInvitations(db: DB, sellerId: number, limit = 50): Promise<ReviewInvitation[]> {
  return db
    .selectFrom("review_invitations")
    .selectAll()
    .where("seller_id", "=", sellerId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function getInvitation(db: DB, id: number): Promise<ReviewInvitation | undefined> {
  return db.selectFrom("review_invitations").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Marks the invitation used by `reviewId`, once: false when it was already used or has expired (two posts
 * racing with one link: one wins). Call it in the transaction that writes the review.
 */
export async function spendInvitation(db: DB, id: number, reviewId: number, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("review_invitations")
    .set({ used_at: now.toISOString(), review_id: reviewId })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The name an invitation's page shows: the seller's business (or her own) name, while her listing is public. */
export async function invitationSellerName(db: DB, sellerId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("sellers")
    .select(["business_name", "owner_name"])
    .where("id", "=", sellerId)
    .where((eb) => isPublic(eb))
    .executeTakeFirst();
  return row ? row.business_name || row.owner_name : undefined;
}
