import { goneMeanwhile } from "~/lib/refusal";
import type { DB } from "~db/client";
import type { ReviewStatus } from "~db/schema";
import type { Paging } from "~/lib/paging";
import { writeAudit } from "./audit.server";
import type { Actor } from "./audit.server";
import { containsInAny } from "./sql-like.server";

// Review moderation: the list with its filters, and the state machine of the spec
// (pending → published | rejected; published → rejected; rejected → published; any → deleted).
// Flagged reviews (reported by visitors) are published again or rejected by a moderator.
// The seller's rating and count follow at once (database triggers count published reviews only).

export type ReviewFilters = { search: string; status: "" | ReviewStatus };
export type ReviewMove = "published" | "rejected" | "delete";

const ALLOWED: Record<ReviewStatus, ReviewStatus[]> = {
  pending: ["published", "rejected"],
  published: ["rejected"],
  rejected: ["published"],
  flagged: ["published", "rejected"],
};

export function canMove(from: ReviewStatus, move: ReviewMove): boolean {
  return move === "delete" || ALLOWED[from].includes(move);
}

function filtered(db: DB, f: ReviewFilters) {
  let q = db.selectFrom("reviews as r").leftJoin("sellers as s", "s.id", "r.seller_id");
  const search = f.search.trim();
  if (search) {
    q = q.where((eb) =>
      containsInAny(db, eb, ["r.reviewer_name", "r.review_text", "s.business_name", "s.owner_name"], search),
    );
  }
  if (f.status) q = q.where("r.status", "=", f.status);
  return q;
}

export async function listAdminReviews(db: DB, f: ReviewFilters, paging: Paging) {
  const { total } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const reviews = await filtered(db, f)
    .select([
      "r.id",
      "r.seller_id",
      "r.reviewer_name",
      "r.rating",
      "r.review_text",
      "r.status",
      "r.created_at",
      "r.seller_reply",
      "r.seller_reply_date",
      "s.business_name as seller_name",
      "s.owner_name",
    ])
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit)
    .execute();
  return { reviews, total: Number(total) };
}
export type AdminReviewRow = Awaited<ReturnType<typeof listAdminReviews>>["reviews"][number];

export type MoveResult = { ok: true; moved: number } | { ok: false; reason: "not_found" | "conflict"; message: string };

const VERB: Record<ReviewMove, string> = { published: "published", rejected: "rejected", delete: "deleted" };

/**
 * Moves reviews along the state machine in one transaction with an audit row each. An unknown id or
 * a move the machine does not allow refuses the whole request (409), so nothing is half-done.
 */
export async function moveReviews(db: DB, actor: Actor, ids: number[], move: ReviewMove): Promise<MoveResult> {
  const unique = [...new Set(ids)];
  if (!unique.length)
    return { ok: false, reason: "conflict", message: "Please select reviews to perform bulk action." };
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("reviews")
      .select(["id", "status", "seller_id", "reviewer_name"])
      .where("id", "in", unique)
      .execute();
    if (rows.length !== unique.length) return goneMeanwhile("Review");
    const refused = rows.find((r) => !canMove(r.status, move));
    if (refused)
      return {
        ok: false as const,
        reason: "conflict" as const,
        message: `A ${refused.status} review cannot be ${VERB[move]}.`,
      };
    const stamp = new Date().toISOString();
    for (const row of rows) {
      if (move === "delete") await trx.deleteFrom("reviews").where("id", "=", row.id).execute();
      else await trx.updateTable("reviews").set({ status: move, updated_at: stamp }).where("id", "=", row.id).execute();
      await writeAudit(trx, {
        action: move === "delete" ? "review.delete" : `review.${move}`,
        actorUserId: actor.id,
        actorEmail: actor.email,
        ip: actor.ip,
        targetType: "review",
        targetId: row.id,
        details: { seller_id: row.seller_id, changes: { status: [row.status, move === "delete" ? null : move] } },
      });
    }
    return { ok: true as const, moved: rows.length };
  });
}
