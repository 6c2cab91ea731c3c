import type { ExpressionBuilder } from "kysely";
import type { DB } from "~db/client";
import type { Database } from "~db/schema";
import { isPublic } from "./seller-visibility.server";
import { setSellerSwitch } from "./sellers.server";
import { type OutgoingMail, queueMail } from "./mail-outbox.server";

// The periodic mails to sellers (docs/decisions/181-leads-renewals.md): the monthly performance report and the renewal
// reminders. seller_mails holds one row per seller, kind and period; claiming that row (insert, or nothing when it
// exists) in the same transaction as the outbox row makes each mail go once, whichever process runs the
// task and however often it runs.

export type SellerMailKind = "report" | "renewal-14" | "renewal-3" | "renewal-0";

/** True when this call claimed the mail (no row yet for the seller, kind and period). */
export async function claimSellerMail(
  db: DB,
  sellerId: number,
  kind: SellerMailKind,
  period: string,
  stamp = new Date().toISOString(),
): Promise<boolean> {
  const row = await db
    .insertInto("seller_mails")
    .values({ seller_id: sellerId, kind, period, created_at: stamp })
    .onConflict((oc) => oc.columns(["seller_id", "kind", "period"]).doNothing())
    .returning("seller_id")
    .executeTakeFirst();
  return !!row;
}

/** Claims a mail and writes it to the outbox in one transaction: its outbox id, or null when it was claimed before. */
export async function claimAndQueueSellerMail(
  db: DB,
  sellerId: number,
  kind: SellerMailKind,
  period: string,
  mail: OutgoingMail,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimSellerMail(trx, sellerId, kind, period))) return null;
    return queueMail(trx, mail);
  });
}

const MAIL_COLUMNS = ["id", "owner_name", "business_name", "email", "subscription_end_date"] as const;

/** The seller's language (her account's; null for a listing without an account): her mails are in it. */
const accountLanguage = (eb: ExpressionBuilder<Database, "sellers">) =>
  eb.selectFrom("users").select("users.language").whereRef("users.id", "=", "sellers.user_id").as("language");

/**
 * Live sellers whose subscription ends between `today` and `until` (both included) and who have not sent a
 * renewal yet: the renewal reminders' candidates.
 */
export async function sellersEndingBetween(db: DB, today: string, until: string) {
  return db
    .selectFrom("sellers")
    .select(MAIL_COLUMNS)
    .select(accountLanguage)
    .where("status", "=", "active")
    .where("subscription_end_date", ">=", today)
    .where("subscription_end_date", "<=", until)
    .where("renewal_requested_at", "is", null)
    .orderBy("id")
    .execute();
}

/**
 * Live sellers (today) who want the monthly report, whose subscription had started by `startedBy` and
 * who have no report of `period` yet, a page at a time by id.
 */
export async function sellersDueForReport(
  db: DB,
  today: string,
  startedBy: string,
  period: string,
  after: number,
  limit: number,
) {
  return db
    .selectFrom("sellers")
    .select(MAIL_COLUMNS)
    .select(accountLanguage)
    .where((eb) => isPublic(eb, today))
    .where("performance_mail_off", "=", 0)
    .where("subscription_start_date", "<=", startedBy)
    .where("id", ">", after)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("seller_mails")
            .select("seller_mails.seller_id")
            .whereRef("seller_mails.seller_id", "=", "sellers.id")
            .where("seller_mails.kind", "=", "report")
            .where("seller_mails.period", "=", period),
        ),
      ),
    )
    .orderBy("id")
    .limit(limit)
    .execute();
}
export type SellerMailRow = Awaited<ReturnType<typeof sellersEndingBetween>>[number];

/** The monthly report's opt-out (and opt back in). False when the seller does not exist. */
export async function setPerformanceMailOff(db: DB, sellerId: number, off: boolean): Promise<boolean> {
  return setSellerSwitch(db, sellerId, "performance_mail_off", off);
}

export async function sellerMailRecipient(db: DB, sellerId: number) {
  return db
    .selectFrom("sellers")
    .select([...MAIL_COLUMNS, "performance_mail_off"])
    .where("id", "=", sellerId)
    .executeTakeFirst();
}
