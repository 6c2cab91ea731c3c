import { z } from "zod";

// The back-office's input schemas, shared by each admin page and its /api twin.

const flag = z.enum(["", "true", "false"]).catch("");

/** The sellers list filters, from the page URL or the API query (search, status, verified, paid). */
export const sellerFiltersSchema = z.object({
  search: z.string().max(100).catch("").default(""),
  status: z.enum(["", "pending", "active", "inactive", "rejected"]).catch("").default(""),
  verified: flag.default(""),
  paid: flag.default(""),
});

export function sellerFiltersFrom(params: URLSearchParams) {
  return sellerFiltersSchema.parse({
    search: (params.get("search") ?? "").trim(),
    status: params.get("status") ?? "",
    verified: params.get("verified") ?? "",
    paid: params.get("paid") ?? "",
  });
}

export const BULK_SELLER_ACTIONS = ["approve", "deactivate", "verify", "feature"] as const;
export const ROW_SELLER_ACTIONS = ["toggle_status", "toggle_verified", "toggle_featured", "verify", "mark_paid"] as const;
export const SELECT_SELLERS_MESSAGE = "Please select sellers first";

const id = z.coerce.number({ error: "Seller not found" }).int("Seller not found").positive("Seller not found");
const ids = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(id, { error: SELECT_SELLERS_MESSAGE }).min(1, SELECT_SELLERS_MESSAGE).max(500, "Select at most 500 sellers at once"),
);

/** The sellers page's posts: a row action, a bulk action over the ticked rows, or a delete. */
export const sellerIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("row"), action: z.enum(ROW_SELLER_ACTIONS, { error: "Unknown action" }), id }),
  z.object({ intent: z.literal("bulk"), bulk_action: z.enum(BULK_SELLER_ACTIONS, { error: "Please choose a bulk action" }), ids }),
  z.object({ intent: z.literal("delete"), id }),
], { error: "Unknown action" });
export type SellerIntent = z.output<typeof sellerIntentSchema>;

/** POST /api/admin/sellers/bulk: the spec's {seller_ids, action}. */
export const apiSellerBulkSchema = z.object({
  seller_ids: z.array(id, { error: SELECT_SELLERS_MESSAGE }).min(1, SELECT_SELLERS_MESSAGE).max(500, "Select at most 500 sellers at once"),
  action: z.enum(BULK_SELLER_ACTIONS, { error: `action must be one of ${BULK_SELLER_ACTIONS.join(", ")}` }),
});

export const REVIEW_PAGE_SIZES = [20, 50, 100] as const;
export const SELECT_REVIEWS_MESSAGE = "Please select reviews to perform bulk action.";

/** The reviews list filters (search, status), from the page URL or the API query. */
export function reviewFiltersFrom(params: URLSearchParams) {
  return z
    .object({
      search: z.string().max(100).catch(""),
      status: z.enum(["", "pending", "published", "rejected", "flagged"]).catch(""),
    })
    .parse({ search: (params.get("search") ?? "").trim(), status: params.get("status") ?? "" });
}

const reviewId = z.coerce.number({ error: "Review not found" }).int("Review not found").positive("Review not found");
const reviewMove = z.enum(["published", "rejected", "delete"], { error: "action must be published, rejected or delete" });

/** The reviews page's posts: one review moved, or the ticked ones (`ids`) in bulk. */
export const reviewIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("one"), move: reviewMove, id: reviewId }),
  z.object({
    intent: z.literal("bulk"),
    move: reviewMove,
    ids: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z.array(reviewId, { error: SELECT_REVIEWS_MESSAGE }).min(1, SELECT_REVIEWS_MESSAGE).max(500, "Select at most 500 reviews at once"),
    ),
    confirmed: z.literal("1").optional(),
  }),
], { error: "Unknown action" });
export type ReviewIntent = z.output<typeof reviewIntentSchema>;

/** POST /api/admin/reviews/bulk {review_ids, action} and PUT /api/admin/reviews/{id} {status}. */
export const apiReviewBulkSchema = z.object({
  review_ids: z.array(reviewId, { error: SELECT_REVIEWS_MESSAGE }).min(1, SELECT_REVIEWS_MESSAGE).max(500, "Select at most 500 reviews at once"),
  action: reviewMove,
});
export const apiReviewUpdateSchema = z.object({
  status: z.enum(["published", "rejected"], { error: "status must be published or rejected" }),
});

/** The word of a review move in the bulk messages ('Bulk approve completed successfully!'). */
export function bulkWord(move: "published" | "rejected" | "delete"): string {
  return { published: "approve", rejected: "reject", delete: "delete" }[move];
}

/** The first message of a refused admin post (conform's error record), for the page's error banner. */
export function firstError(error: Record<string, string[] | null | undefined> | null | undefined, fallback = "Unknown action"): string {
  return Object.values(error ?? {}).flat().find((m): m is string => !!m) ?? fallback;
}
