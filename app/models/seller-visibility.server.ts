import type { ExpressionBuilder } from "kysely";
import type { DB } from "~db/client";
import type { Database } from "~db/schema";
import { todayIso } from "~/lib/dates";

// Who the public sees (docs/decisions/011-only-live-sellers-are-public.md), on its own so the seller and review models
// can both ask.

/**
 * docs/decisions/011-only-live-sellers-are-public.md: active, and the subscription has not ended (no end date, or today
 * or later).
 */
export function isPublic(eb: ExpressionBuilder<Database, "sellers">, today = todayIso()) {
  return eb.and([
    eb("sellers.status", "=", "active"),
    eb.or([eb("sellers.subscription_end_date", "is", null), eb("sellers.subscription_end_date", ">=", today)]),
  ]);
}

export async function isPublicSeller(db: DB, id: number): Promise<boolean> {
  return (await publicSellerAccount(db, id)) !== undefined;
}

/** A public seller's account (null for a listing made by the staff without one), or undefined when she is not public. */
export async function publicSellerAccount(db: DB, id: number): Promise<{ user_id: number | null } | undefined> {
  return db
    .selectFrom("sellers")
    .select("user_id")
    .where("id", "=", id)
    .where((eb) => isPublic(eb))
    .executeTakeFirst();
}
