import { isUniqueViolation } from "~db/engine";
import type { DB } from "~db/client";
import type { OnlinePaymentPurpose, OnlinePaymentStatus, Payment } from "~db/schema";
import { type EventOutcome, type GatewayEvent, mayMoveTo, mismatchOf } from "~/lib/payments";
import { renewalChanges, SUBSCRIPTION_STATE_COLUMNS, type SubscriptionState } from "~/lib/subscription";
import { type Actor, writeAudit } from "./audit.server";
import { containsInAny } from "./sql-like.server";

// Online payments (docs/decisions/190-online-payments-gateway-seam.md): the links we created, and each
// verified webhook event applied once, in one transaction with the seller's change and its audit row.

export type NewPayment = {
  sellerId: number;
  purpose: OnlinePaymentPurpose;
  reference: string;
  gateway: string;
  amountPaise: number;
  currency: string;
  months: number;
  expiresAt: string;
};

export async function insertPayment(db: DB, p: NewPayment): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("payments")
    .values({
      seller_id: p.sellerId,
      purpose: p.purpose,
      reference: p.reference,
      gateway: p.gateway,
      amount_paise: p.amountPaise,
      currency: p.currency,
      months: p.months,
      expires_at: p.expiresAt,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await writeAudit(db, {
    action: "payment.created",
    targetType: "payment",
    targetId: row.id,
    details: { seller_id: p.sellerId, purpose: p.purpose, reference: p.reference, amount_paise: p.amountPaise },
  });
  return row.id;
}

export async function setPaymentLink(db: DB, id: number, link: { linkId: string; url: string }): Promise<void> {
  await db
    .updateTable("payments")
    .set({ link_id: link.linkId, link_url: link.url, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

/** A link of this seller and purpose for this amount that still takes payments for a while: reused. */
export async function openPaymentFor(
  db: DB,
  sellerId: number,
  purpose: OnlinePaymentPurpose,
  amountPaise: number,
  usableUntil: string,
): Promise<Payment | undefined> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("seller_id", "=", sellerId)
    .where("purpose", "=", purpose)
    .where("amount_paise", "=", amountPaise)
    .where("status", "=", "created")
    .where("flag", "is", null)
    .where("link_url", "is not", null)
    .where("expires_at", ">", usableUntil)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export async function paymentById(db: DB, id: number): Promise<Payment | undefined> {
  return db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function paymentByLinkId(db: DB, linkId: string): Promise<Payment | undefined> {
  return db.selectFrom("payments").selectAll().where("link_id", "=", linkId).executeTakeFirst();
}

/** Thrown when another instance changed the payment between our read and our write: the gateway retries. */
export class PaymentChangedMeanwhile extends Error {}

async function targetOf(trx: DB, event: GatewayEvent): Promise<Payment | undefined> {
  if (event.kind === "other") return undefined;
  if ("linkId" in event && event.linkId) {
    const byLink = await paymentByLinkId(trx, event.linkId);
    if (byLink) return byLink;
  }
  if (event.kind === "refunded") {
    const byPayment = await trx
      .selectFrom("payments")
      .selectAll()
      .where("gateway_payment_id", "=", event.paymentId)
      .executeTakeFirst();
    if (byPayment) return byPayment;
  }
  if (event.reference)
    return trx.selectFrom("payments").selectAll().where("reference", "=", event.reference).executeTakeFirst();
  return undefined;
}

/** Moves a payment from the status we read to the next one; another instance's change in between is refused. */
async function move(trx: DB, p: Payment, next: OnlinePaymentStatus, set: Partial<Payment> = {}): Promise<void> {
  const result = await trx
    .updateTable("payments")
    .set({ ...set, status: next, updated_at: new Date().toISOString() })
    .where("id", "=", p.id)
    .where("status", "=", p.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new PaymentChangedMeanwhile();
}

/** The seller's side of a verified payment: an application is paid; a renewal extends the subscription. */
async function applyToSeller(trx: DB, p: Payment): Promise<Record<string, unknown>> {
  if (p.seller_id === null) return {};
  const now = new Date().toISOString();
  if (p.purpose === "application") {
    await trx
      .updateTable("sellers")
      .set({ is_paid: 1, payment_status: "paid", updated_at: now })
      .where("id", "=", p.seller_id)
      .execute();
    return { is_paid: 1, payment_status: "paid" };
  }
  const seller = await trx
    .selectFrom("sellers")
    .select(SUBSCRIPTION_STATE_COLUMNS)
    .where("id", "=", p.seller_id)
    .executeTakeFirst();
  if (!seller) return {};
  const changes = renewalChanges({ ...(seller as SubscriptionState), subscription_months: p.months });
  await trx
    .updateTable("sellers")
    .set({ ...changes, updated_at: now })
    .where("id", "=", p.seller_id)
    .execute();
  return {
    subscription_end_date: { from: seller.subscription_end_date, to: changes.subscription_end_date },
  };
}

async function decide(
  trx: DB,
  event: GatewayEvent,
  p: Payment | undefined,
  actor: Actor | null,
): Promise<EventOutcome> {
  if (event.kind === "other")
    return { outcome: "ignored", reason: `the site does not act on ${event.event}`, paymentId: null };
  if (!p)
    return {
      outcome: "unknown_reference",
      reason: `no payment of ours has ${"linkId" in event && event.linkId ? `link ${event.linkId}` : `reference ${event.reference ?? "(none)"}`}; nothing changed`,
      paymentId: null,
    };
  const audit = (action: string, details: Record<string, unknown>) =>
    writeAudit(trx, {
      action,
      actorUserId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      ip: actor?.ip ?? null,
      targetType: "payment",
      targetId: p.id,
      details: { reference: p.reference, event: event.event, event_id: event.eventId, ...details },
    });

  if (event.kind === "paid") {
    const mismatch = mismatchOf({ reference: p.reference, amountPaise: p.amount_paise, currency: p.currency }, event);
    const twice = p.status === "paid" && p.gateway_payment_id !== event.paymentId;
    if (mismatch || twice) {
      const reason =
        mismatch ??
        `a second payment ${event.paymentId} for a link already paid by ${p.gateway_payment_id}: refund one at the gateway`;
      await trx
        .updateTable("payments")
        .set({ flag: reason, updated_at: new Date().toISOString() })
        .where("id", "=", p.id)
        .execute();
      await audit("payment.flagged", { gateway_payment_id: event.paymentId, reason });
      return { outcome: "flagged", reason: `${reason}; not counted as paid`, paymentId: p.id };
    }
    if (!mayMoveTo(p.status, "paid"))
      return {
        outcome: "ignored",
        reason:
          p.status === "paid"
            ? `payment ${event.paymentId} was recorded before; nothing changed`
            : `the payment is ${p.status}; an older event cannot undo that`,
        paymentId: p.id,
      };
    await move(trx, p, "paid", { gateway_payment_id: event.paymentId, method: event.method, paid_at: event.paidAt });
    const seller = await applyToSeller(trx, p);
    await audit("payment.paid", {
      seller_id: p.seller_id,
      purpose: p.purpose,
      gateway_payment_id: event.paymentId,
      method: event.method,
      amount_paise: event.amountPaise,
      ...seller,
    });
    return { outcome: "applied", reason: `paid by ${event.paymentId}`, paymentId: p.id };
  }

  const next: OnlinePaymentStatus = event.kind;
  if (!mayMoveTo(p.status, next))
    return {
      outcome: "ignored",
      reason: `the payment is ${p.status}; a ${next} event cannot undo that`,
      paymentId: p.id,
    };
  if (event.kind === "refunded") {
    await move(trx, p, "refunded", {
      refunded_at: event.occurredAt ?? new Date().toISOString(),
      gateway_payment_id: p.gateway_payment_id ?? event.paymentId,
    });
    await audit("payment.refunded", {
      seller_id: p.seller_id,
      gateway_payment_id: event.paymentId,
      amount_paise: event.amountPaise,
    });
    return {
      outcome: "applied",
      reason: `refunded ${event.amountPaise === p.amount_paise ? "in full" : "in part"}; the listing is unchanged (staff decide)`,
      paymentId: p.id,
    };
  }
  await move(trx, p, next);
  await audit(`payment.${next}`, {
    seller_id: p.seller_id,
    ...("paymentId" in event ? { gateway_payment_id: event.paymentId } : {}),
  });
  return { outcome: "applied", reason: `the link is ${next}`, paymentId: p.id };
}

/**
 * Applies a verified event once: its id is stored in the same transaction as what it changed, so a second
 * delivery (or the same one at another instance) is a duplicate that changes nothing. `actor`: the staff
 * member whose "check with gateway" brought the event (null: the gateway's webhook).
 */
export async function applyPaymentEvent(
  db: DB,
  gateway: string,
  event: GatewayEvent,
  actor: Actor | null = null,
): Promise<EventOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const money =
        event.kind === "paid" || event.kind === "failed" || event.kind === "refunded"
          ? { gateway_payment_id: event.paymentId, amount_paise: event.amountPaise, currency: event.currency }
          : {};
      const row = await trx
        .insertInto("payment_events")
        .values({
          gateway,
          event_id: event.eventId,
          event: event.event,
          outcome: "received",
          occurred_at: event.occurredAt,
          received_at: new Date().toISOString(),
          ...money,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const outcome = await decide(trx, event, await targetOf(trx, event), actor);
      await trx
        .updateTable("payment_events")
        .set({ outcome: outcome.outcome, reason: outcome.reason, payment_id: outcome.paymentId })
        .where("id", "=", row.id)
        .execute();
      return outcome;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return {
        outcome: "duplicate",
        reason: `event ${event.eventId} was received before; nothing changed`,
        paymentId: null,
      };
    throw error;
  }
}

/** What a payment link is made from: who pays, and the plan's amount and months stored on the listing. */
export async function sellerForPayment(db: DB, sellerId: number) {
  return db
    .selectFrom("sellers")
    .select([
      "id",
      "owner_name",
      "business_name",
      "email",
      "mobile",
      "status",
      "amount_paid",
      "subscription_months",
      "subscription_end_date",
      "is_paid",
    ])
    .where("id", "=", sellerId)
    .executeTakeFirst();
}

/** The latest payment of a listing for a purpose (the pay page's state). */
export async function latestPaymentOf(db: DB, sellerId: number, purpose: OnlinePaymentPurpose) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("seller_id", "=", sellerId)
    .where("purpose", "=", purpose)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** The paid online payments of listings (staff's "Paid online (pay_…)"), latest per listing. */
export async function paidOnlineOf(db: DB, sellerIds: number[]): Promise<Map<number, string>> {
  if (!sellerIds.length) return new Map();
  const rows = await db
    .selectFrom("payments")
    .select(["seller_id", "gateway_payment_id"])
    .where("seller_id", "in", sellerIds)
    .where("status", "=", "paid")
    .orderBy("id")
    .execute();
  return new Map(rows.filter((r) => r.seller_id !== null).map((r) => [r.seller_id!, r.gateway_payment_id ?? ""]));
}

/** A payment with its listing's names and contact, for the receipt page and mail. */
export async function paymentWithSeller(db: DB, where: { reference: string } | { id: number }) {
  let q = db
    .selectFrom("payments")
    .leftJoin("sellers", "sellers.id", "payments.seller_id")
    .leftJoin("users", "users.id", "sellers.user_id")
    .selectAll("payments")
    .select([
      "sellers.business_name",
      "sellers.owner_name",
      "sellers.email",
      "sellers.subscription_end_date",
      "users.language",
    ]);
  q = "id" in where ? q.where("payments.id", "=", where.id) : q.where("payments.reference", "=", where.reference);
  return q.executeTakeFirst();
}

/** A listing's paid (and refunded) online payments, newest first: the dashboard's receipts. */
export async function receiptsOf(db: DB, sellerId: number) {
  return db
    .selectFrom("payments")
    .select(["reference", "amount_paise", "paid_at", "purpose", "status"])
    .where("seller_id", "=", sellerId)
    .where("status", "in", ["paid", "refunded"])
    .orderBy("id", "desc")
    .limit(20)
    .execute();
}

// ── her data: the export and the erasure (docs/decisions/194-payments-kept-unlinked-on-erasure.md) ──

/**
 * A seller's payments for "Download my data": what she paid, when, how and what became of it. No link
 * address (it still opens the gateway's page with her contact), no staff flag, no webhook event.
 */
export async function paymentsForExport(db: DB, sellerIds: number[]) {
  if (!sellerIds.length) return [];
  return db
    .selectFrom("payments")
    .select([
      "seller_id",
      "reference",
      "purpose",
      "amount_paise",
      "currency",
      "months",
      "status",
      "method",
      "gateway",
      "gateway_payment_id",
      "created_at",
      "expires_at",
      "paid_at",
      "refunded_at",
    ])
    .where("seller_id", "in", sellerIds)
    .orderBy("id")
    .execute();
}

/**
 * On erasure the money records stay (accounts and tax law) but stop pointing at her: no listing, and no
 * link address (the gateway's page of a link shows the name, email and mobile it was made with).
 */
export async function unlinkPaymentsOf(trx: DB, sellerIds: number[]): Promise<void> {
  if (!sellerIds.length) return;
  await trx
    .updateTable("payments")
    .set({ seller_id: null, link_url: null, updated_at: new Date().toISOString() })
    .where("seller_id", "in", sellerIds)
    .execute();
}

// ── the staff's reconciliation page (/admin/payments) ──

/** `seller`: a number is a seller's id; other text is searched in her business name, name and email. */
export type PaymentFilters = { status: string; from: string; to: string; seller: string };

const SELLER_SEARCH_COLUMNS = ["sellers.business_name", "sellers.owner_name", "sellers.email"] as const;

function filteredPayments(db: DB, f: PaymentFilters) {
  let q = db.selectFrom("payments").leftJoin("sellers", "sellers.id", "payments.seller_id");
  if (f.status === "flagged") q = q.where("payments.flag", "is not", null);
  else if (f.status) q = q.where("payments.status", "=", f.status as OnlinePaymentStatus);
  if (f.from) q = q.where("payments.created_at", ">=", `${f.from}T00:00:00.000Z`);
  if (f.to) q = q.where("payments.created_at", "<=", `${f.to}T23:59:59.999Z`);
  const seller = f.seller.trim();
  if (/^\d{1,12}$/.test(seller)) q = q.where("payments.seller_id", "=", Number(seller));
  else if (seller) q = q.where((eb) => containsInAny(db, eb, SELLER_SEARCH_COLUMNS, seller));
  return q.selectAll("payments").select(["sellers.business_name", "sellers.owner_name"]);
}

export async function listPayments(db: DB, f: PaymentFilters, limit = 100) {
  return filteredPayments(db, f).orderBy("payments.id", "desc").limit(limit).execute();
}

/** Every filtered payment, in id order, a batch at a time (the CSV export). */
export async function* streamPayments(db: DB, f: PaymentFilters, batch = 500) {
  let after = 0;
  for (;;) {
    const rows = await filteredPayments(db, f)
      .where("payments.id", ">", after)
      .orderBy("payments.id")
      .limit(batch)
      .execute();
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function listPaymentEvents(db: DB, f: PaymentFilters, limit = 100) {
  let q = db
    .selectFrom("payment_events")
    .leftJoin("payments", "payments.id", "payment_events.payment_id")
    .leftJoin("sellers", "sellers.id", "payments.seller_id");
  if (f.from) q = q.where("payment_events.received_at", ">=", `${f.from}T00:00:00.000Z`);
  if (f.to) q = q.where("payment_events.received_at", "<=", `${f.to}T23:59:59.999Z`);
  const seller = f.seller.trim();
  if (/^\d{1,12}$/.test(seller)) q = q.where("payments.seller_id", "=", Number(seller));
  else if (seller) q = q.where((eb) => containsInAny(db, eb, SELLER_SEARCH_COLUMNS, seller));
  return q
    .selectAll("payment_events")
    .select(["payments.reference", "payments.seller_id"])
    .orderBy("payment_events.id", "desc")
    .limit(limit)
    .execute();
}
