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
