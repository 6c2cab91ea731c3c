import type { DB } from "~db/client";
import type { Actor } from "~/models/audit.server";
import { bulkWord } from "~/lib/validation/messages";
import { moveReviews, type ReviewMove } from "~/models/reviews-admin.server";

// One path for review moderation from the page and the API, with the spec's messages.

const ONE: Record<ReviewMove, string> = {
  published: "Review approved and published successfully!",
  rejected: "Review has been rejected.",
  delete: "Review deleted successfully.",
};

/** Moves reviews; `reason`, the moderator's own words, goes into each audit row with the signals she saw. */
export async function moderateReviews(
  db: DB,
  actor: Actor,
  ids: number[],
  move: ReviewMove,
  bulk: boolean,
  reason: string | null = null,
) {
  const result = await moveReviews(db, actor, ids, move, reason);
  if (!result.ok) return result;
  return { ok: true as const, message: bulk ? `Bulk ${bulkWord(move)} completed successfully!` : ONE[move] };
}
