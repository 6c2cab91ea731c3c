import { type ExpressionBuilder, sql } from "kysely";
import type { DB } from "~db/client";
import type { Database, SellerStatus } from "~db/schema";
import { todayIso } from "~/lib/dates";
import type { Paging } from "~/lib/paging";
import type { AdminSellerInput } from "~/lib/validation/sellers-admin";
import { APPLICATION_MESSAGES, SELLER_EDITOR_MESSAGES } from "~/lib/validation/messages";
import { UPLOAD_PURPOSES } from "~/lib/validation/constants";
import { adminSellerColumns } from "~/lib/seller-fields";
import { goneMeanwhile, RefusedChange } from "~/lib/refusal";
import { checkedPincodeColumns } from "~db/pincodes";
import { isPaymentReferenceUsed } from "./applications.server";
import { type Actor, writeAudit } from "./audit.server";
import { subcategoriesOutside, unknownCategories } from "./categories.server";
import { rowsById } from "./rows-by-id.server";
import { setSellerCategories } from "./seller-categories.server";
import { SELLER_CONTACT_COLUMNS } from "./sellers.server";
import { containsInAny } from "./sql-like.server";
import { leadTotalsOf } from "./leads.server";
import { emptyTotals, leadWindow, type LeadTotals } from "~/lib/leads";
import {
  changesFor,
  editorGoLiveDates,
  type SellerAction,
  SUBSCRIPTION_STATE_COLUMNS,
  type SubscriptionState,
} from "~/lib/subscription";

// The back-office's sellers: the list with its filters, the status changes (their rules, one going-live
// rule among them, are in lib/subscription.ts), deletion. Every change is one transaction with its audit row (actor, target, before/after).

export type SellerFilters = {
  search: string;
  status: "" | SellerStatus;
  verified: "" | "true" | "false";
  paid: "" | "true" | "false";
  renewal: "" | "waiting";
  pincode?: "" | "missing";
};

export const SELLER_STATUSES: SellerStatus[] = ["pending", "active", "inactive", "rejected"];

/** The back-office's notification that a seller went live (approved, or saved active). */
async function notifySellerLive(db: DB, sellerId: number, name: string, stamp: string) {
  await db
    .insertInto("notifications")
    .values({
      title: "Seller is live",
      message: `${name} is now listed in the directory.`,
      type: "seller",
      link: `/seller/${sellerId}`,
      is_read: 0,
      created_at: stamp,
    })
    .execute();
}

const LIST_COLUMNS = [
  ...SELLER_CONTACT_COLUMNS,
  "category_names",
  "profile_photo",
  "subscription_start_date",
  "subscription_end_date",
  "subscription_months",
  "amount_paid",
  "status",
  "is_verified",
  "is_featured",
  "is_paid",
  "payment_status",
  "payment_reference",
  "id_proof_type",
  "id_proof_document",
  "payment_screenshot",
  "renewal_requested_at",
  "pincode",
  "created_at",
] as const;

function filtered(db: DB, f: SellerFilters) {
  let q = db.selectFrom("sellers");
  const search = f.search.trim();
  if (search) {
    q = q.where((eb) => containsInAny(db, eb, ["business_name", "owner_name", "email", "mobile", "city"], search));
  }
  if (f.status) q = q.where("status", "=", f.status);
  if (f.verified) q = q.where("is_verified", "=", f.verified === "true" ? 1 : 0);
  if (f.paid) q = q.where("is_paid", "=", f.paid === "true" ? 1 : 0);
  if (f.renewal === "waiting") q = q.where("renewal_requested_at", "is not", null);
  if (f.pincode === "missing") q = q.where("pincode", "is", null);
  return q;
}

/**
 * Whether the seller's account has a verified email: "verified", "unverified", or "no_account" for a
 * listing applied for without an account (a subquery, so the list's unqualified columns stay the sellers').
 */
function accountEmailColumn(eb: ExpressionBuilder<Database, "sellers">) {
  return eb
    .case()
    .when("sellers.user_id", "is", null)
    .then(sql.lit("no_account"))
    .when(
      eb.selectFrom("users").select("users.email_verified_at").whereRef("users.id", "=", "sellers.user_id"),
      "is not",
      null,
    )
    .then(sql.lit("verified"))
    .else(sql.lit("unverified"))
    .end()
    .$castTo<AccountEmailState>()
    .as("account_email");
}
export type AccountEmailState = "verified" | "unverified" | "no_account";

/** The API's `email_verified`: true, false, or null when the listing has no account. */
export function emailVerifiedJson(state: AccountEmailState): boolean | null {
  return state === "no_account" ? null : state === "verified";
}

export async function listAdminSellers(db: DB, f: SellerFilters, paging: Paging) {
  const { total } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .select([...LIST_COLUMNS])
    .select(accountEmailColumn)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit)
    .execute();
  return { sellers: rows, total: Number(total) };
}
export type AdminSellerRow = Awaited<ReturnType<typeof listAdminSellers>>["sellers"][number];

/** The export tab's counts: active = verified and paid; valid subscriptions = end date in the future. */
export async function sellerCounts(db: DB, today = todayIso()) {
  const row = await db
    .selectFrom("sellers")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      sql<number>`coalesce(sum(case when is_verified = 1 and is_paid = 1 then 1 else 0 end), 0)`.as("active"),
      sql<number>`coalesce(sum(case when subscription_end_date > ${today} then 1 else 0 end), 0)`.as("valid"),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active), valid: Number(row.valid) };
}

export async function getAdminSeller(db: DB, id: number) {
  return db.selectFrom("sellers").selectAll().where("id", "=", id).executeTakeFirst();
}

export type ActionResult =
  | { ok: true; changed: number[]; approved: number[] }
  | { ok: false; reason: "not_found" | "conflict"; message: string };

/** The subscription columns an action's audit row records (the plan's months and amount never change here). */
const AUDITED = SUBSCRIPTION_STATE_COLUMNS.filter(
  (column) => column !== "subscription_months" && column !== "amount_paid",
);
type Audited = Pick<
  Awaited<ReturnType<typeof getAdminSeller>> & object,
  "id" | "owner_name" | "business_name" | "email"
> &
  SubscriptionState;

/** The changed fields of a seller: { field: [before, after] }. */
function diff(before: Audited, after: Partial<SubscriptionState>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of AUDITED) if (key in after && after[key] !== before[key]) changes[key] = [before[key], after[key]];
  return changes;
}

/**
 * Runs one admin action on one or more sellers in one transaction, with an audit row per seller and
 * a notification for each one that went live. Unknown ids refuse the whole action (nothing half-done).
 */
export async function applySellerAction(
  db: DB,
  actor: Actor,
  ids: number[],
  action: SellerAction,
): Promise<ActionResult> {
  const unique = [...new Set(ids)];
  if (!unique.length) return { ok: false, reason: "conflict", message: "Please select sellers first" };
  const result = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("sellers")
      .select(["id", ...SUBSCRIPTION_STATE_COLUMNS, "owner_name", "business_name", "email"])
      .where("id", "in", unique)
      .execute();
    if (rows.length !== unique.length) return goneMeanwhile("Seller");
    const stamp = new Date().toISOString();
    const changed: number[] = [];
    const approved: number[] = [];
    for (const row of rows) {
      if (action === "delete") {
        await trx.deleteFrom("sellers").where("id", "=", row.id).execute();
        await writeAudit(trx, {
          action: "seller.delete",
          actor,
          targetType: "seller",
          targetId: row.id,
          details: { before: { ...row } },
        });
        changed.push(row.id);
        continue;
      }
      const changes = diff(row, changesFor(action, row));
      if (!Object.keys(changes).length) continue;
      const set = Object.fromEntries(Object.entries(changes).map(([k, [, after]]) => [k, after]));
      await trx
        .updateTable("sellers")
        .set({ ...set, updated_at: stamp })
        .where("id", "=", row.id)
        .execute();
      await writeAudit(trx, {
        action: `seller.${action}`,
        actor,
        targetType: "seller",
        targetId: row.id,
        details: { changes },
      });
      changed.push(row.id);
      if (changes.status && changes.status[1] === "active") {
        approved.push(row.id);
        await notifySellerLive(trx, row.id, row.business_name || row.owner_name, stamp);
      }
    }
    return { ok: true as const, changed, approved };
  });
  return result;
}

/** The approval email of a seller who went live (sent through the outbox after the change committed). */
/** The approved sellers the approval mail goes to, each with her account's language (null without one). */
export async function approvalRecipients(db: DB, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom("sellers")
    .select(["id", "owner_name", "business_name", "email", "subscription_end_date"])
    .select((eb) =>
      eb.selectFrom("users").select("users.language").whereRef("users.id", "=", "sellers.user_id").as("language"),
    )
    .where("id", "in", ids)
    .execute();
}

/** The private files of sellers (ID proofs, payment screenshots, photos) that deleting them must remove. */
export async function uploadsOfSellers(db: DB, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom("uploads").select(["key", "visibility"]).where("seller_id", "in", ids).execute();
}

/**
 * Every seller for the CSV export (the same filters as the list), streamed in pages by id, each with its
 * lead totals of the last 30 days (one grouped query per page).
 */
export function streamSellersForExport(db: DB, f: SellerFilters, batch = 500, window = leadWindow(todayIso())) {
  return rowsById(async (after, limit) => {
    const rows = await filtered(db, f).selectAll().where("id", ">", after).orderBy("id").limit(limit).execute();
    const leads = await leadTotalsOf(
      db,
      rows.map((r) => r.id),
      window.from,
      window.to,
    );
    return rows.map((r) => ({ ...r, leads_30d: leads.get(r.id) ?? emptyTotals() }));
  }, batch);
}
export type ExportSellerRow = Awaited<ReturnType<typeof getAdminSeller>> & object & { leads_30d: LeadTotals };

// ── the seller editor ──

/** A seller with its category links, for the editor and GET /api/sellers/admin/{id}. */
export async function getSellerForEditor(db: DB, id: number) {
  const row = await getAdminSeller(db, id);
  if (!row) return null;
  const [categories, subcategories, account] = await Promise.all([
    db.selectFrom("seller_categories").select("category_id").where("seller_id", "=", id).orderBy("position").execute(),
    db.selectFrom("seller_subcategories").select("subcategory_id").where("seller_id", "=", id).execute(),
    db.selectFrom("sellers").select(accountEmailColumn).where("id", "=", id).executeTakeFirstOrThrow(),
  ]);
  return {
    row,
    categoryIds: categories.map((c) => c.category_id),
    subcategoryIds: subcategories.map((s) => s.subcategory_id),
    accountEmail: account.account_email,
  };
}

export type EditorImages = Partial<Record<"profile_photo" | "id_proof_document" | "payment_screenshot", string>>;
export type SaveSellerResult =
  | { ok: true; id: number; created: boolean; wentLive: boolean; replaced: string[] }
  | { ok: false; reason: "invalid" | "not_found" | "conflict" | "too_large"; fieldErrors: Record<string, string[]> };

/**
 * Creates (id null) or updates a seller from the admin editor, with its category links, any replaced
 * images and an audit row of the changed fields, in one transaction. A seller set active without
 * subscription dates starts today and ends after the plan's months, as when approved from the list.
 */
export async function saveAdminSeller(
  db: DB,
  actor: Actor,
  id: number | null,
  input: AdminSellerInput,
  images: EditorImages,
): Promise<SaveSellerResult> {
  const columns = { ...adminSellerColumns(input), ...images };
  Object.assign(columns, editorGoLiveDates(columns));
  try {
    return await db.transaction().execute(async (trx) => {
      const before =
        id === null ? undefined : await trx.selectFrom("sellers").selectAll().where("id", "=", id).executeTakeFirst();
      if (id !== null && !before) throw new RefusedChange("not_found", { "": [SELLER_EDITOR_MESSAGES.notFound] });
      // Her own point (her profile's `map_position`) stays while the PIN code does; a new one places her at its
      // centre. Read in the transaction that writes, so an edit of hers in between cannot pair her old PIN code
      // with her new point.
      Object.assign(
        columns,
        before && columns.pincode && before.pincode === columns.pincode
          ? { pincode: columns.pincode }
          : checkedPincodeColumns(columns.pincode),
      );
      if ((await unknownCategories(trx, input.category_ids)).length)
        throw new RefusedChange("invalid", { category_ids: [APPLICATION_MESSAGES.categoryUnknown] });
      if ((await subcategoriesOutside(trx, input.category_ids, input.subcategory_ids)).length) {
        throw new RefusedChange("invalid", { subcategory_ids: [APPLICATION_MESSAGES.subcategoryUnknown] });
      }
      if (
        columns.payment_reference &&
        (await isPaymentReferenceUsed(trx, columns.payment_reference, id ?? undefined))
      ) {
        throw new RefusedChange("conflict", { payment_reference: [APPLICATION_MESSAGES.utrUsed] });
      }
      const stamp = new Date().toISOString();
      let sellerId: number;
      let wentLive = false;
      const replaced: string[] = [];
      if (!before) {
        const row = await trx
          .insertInto("sellers")
          .values({ ...columns, created_at: stamp, updated_at: stamp })
          .returning("id")
          .executeTakeFirstOrThrow();
        sellerId = row.id;
        wentLive = columns.status === "active";
        await writeAudit(trx, {
          action: "seller.create",
          actor,
          targetType: "seller",
          targetId: sellerId,
          details: { after: columns },
        });
      } else {
        sellerId = before.id;
        const changes: Record<string, [unknown, unknown]> = {};
        for (const [key, after] of Object.entries(columns)) {
          const was = before[key as keyof typeof before];
          if (was !== after) changes[key] = [was, after];
        }
        for (const field of Object.keys(images) as (keyof EditorImages)[])
          if (before[field]) replaced.push(before[field]!);
        wentLive = before.status !== "active" && columns.status === "active";
        await trx
          .updateTable("sellers")
          .set({ ...columns, updated_at: stamp })
          .where("id", "=", sellerId)
          .execute();
        await writeAudit(trx, {
          action: "seller.update",
          actor,
          targetType: "seller",
          targetId: sellerId,
          details: { changes },
        });
      }
      await setSellerCategories(trx, sellerId, input.category_ids, input.subcategory_ids);
      const claimed = Object.entries(images) as [keyof EditorImages, string][];
      for (const [field, key] of claimed) {
        await trx
          .updateTable("uploads")
          .set({ seller_id: sellerId, purpose: field, visibility: UPLOAD_PURPOSES[field] })
          .where("key", "=", key)
          .execute();
      }
      if (wentLive) {
        await notifySellerLive(trx, sellerId, columns.business_name || columns.owner_name, stamp);
      }
      return { ok: true as const, id: sellerId, created: id === null, wentLive, replaced };
    });
  } catch (error) {
    if (error instanceof RefusedChange) return { ok: false, reason: error.reason, fieldErrors: error.fieldErrors };
    if (error instanceof Error && /UNIQUE constraint failed: sellers\.payment_reference/.test(error.message)) {
      return { ok: false, reason: "conflict", fieldErrors: { payment_reference: [APPLICATION_MESSAGES.utrUsed] } };
    }
    throw error;
  }
}
