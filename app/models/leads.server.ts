import type { DB } from "~db/client";
import { emptyTotals, LEAD_KINDS, type LeadDay, type LeadKind, type LeadTotals, type LeadWindow } from "~/lib/leads";
import { addDays } from "~/lib/dates";
import type { QuoteCounts } from "~/lib/quotes";
import { quoteCountsByDay } from "./quotes.server";

// The per-seller, per-day lead counters (docs/decisions/176-leads-first-party-redirect-not-script.md): written in
// batches by services/leads.server.ts, read by the seller dashboard, the admin seller page, the CSV export and the
// monthly report.

export type LeadIncrement = { sellerId: number; day: string; kind: LeadKind; count: number };

/**
 * Adds a batch of counts in one transaction: an upsert per (seller, day, kind), and the profile's total
 * `views_count` for views. A seller deleted meanwhile is skipped (no row for a missing seller).
 */
export async function addLeads(db: DB, batch: LeadIncrement[]): Promise<void> {
  if (!batch.length) return;
  await db.transaction().execute(async (trx) => {
    const ids = [...new Set(batch.map((b) => b.sellerId))];
    const present = new Set(
      (await trx.selectFrom("sellers").select("id").where("id", "in", ids).execute()).map((r) => r.id),
    );
    for (const { sellerId, day, kind, count } of batch) {
      if (!present.has(sellerId) || count <= 0) continue;
      await trx
        .insertInto("seller_leads")
        .values({ seller_id: sellerId, day, kind, count })
        .onConflict((oc) =>
          oc
            .columns(["seller_id", "day", "kind"])
            .doUpdateSet((eb) => ({ count: eb("seller_leads.count", "+", count) })),
        )
        .execute();
      if (kind === "view")
        await trx
          .updateTable("sellers")
          .set((eb) => ({ views_count: eb("views_count", "+", count) }))
          .where("id", "=", sellerId)
          .execute();
    }
  });
}

async function sumsBetween(db: DB, sellerIds: number[] | null, from: string, to: string) {
  let q = db
    .selectFrom("seller_leads")
    .select((eb) => ["seller_id", "kind", eb.fn.sum<number>("count").as("n")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy(["seller_id", "kind"]);
  if (sellerIds) q = q.where("seller_id", "in", sellerIds.length ? sellerIds : [0]);
  return q.execute();
}

function totalsOf(rows: { kind: string; n: number | string }[]): LeadTotals {
  const totals = emptyTotals();
  for (const r of rows)
    if ((LEAD_KINDS as readonly string[]).includes(r.kind)) totals[r.kind as LeadKind] += Number(r.n);
  return totals;
}

/**
 * A seller's totals per kind in a window and the one before it, and each day of the window; beside them her
 * requests for quotes and her answers (models/quotes.server.ts), counted the same way.
 */
export async function sellerLeadReport(db: DB, sellerId: number, window: LeadWindow) {
  const [current, previous, days, quotes] = await Promise.all([
    sumsBetween(db, [sellerId], window.from, window.to),
    sumsBetween(db, [sellerId], window.previousFrom, window.previousTo),
    db
      .selectFrom("seller_leads")
      .select(["day", "kind", "count"])
      .where("seller_id", "=", sellerId)
      .where("day", ">=", window.from)
      .where("day", "<=", window.to)
      .execute(),
    quoteCountsByDay(db, [sellerId], window.previousFrom, window.to).then((m) => m.get(sellerId)!),
  ]);
  const byDay = new Map<string, LeadDay & QuoteCounts>();
  for (let d = window.from; d <= window.to; d = addDays(d, 1))
    byDay.set(d, { day: d, ...emptyTotals(), requests: 0, answers: 0, ...quotes.get(d) });
  for (const r of days) {
    const entry = byDay.get(r.day);
    if (entry && (LEAD_KINDS as readonly string[]).includes(r.kind)) entry[r.kind as LeadKind] += Number(r.count);
  }
  const quoteTotals = (from: string, to: string): QuoteCounts => {
    const sum = { requests: 0, answers: 0 };
    for (const [day, c] of quotes)
      if (day >= from && day <= to) {
        sum.requests += c.requests;
        sum.answers += c.answers;
      }
    return sum;
  };
  return {
    totals: totalsOf(current),
    previous: totalsOf(previous),
    days: [...byDay.values()],
    quotes: {
      totals: quoteTotals(window.from, window.to),
      previous: quoteTotals(window.previousFrom, window.previousTo),
    },
  };
}
export type SellerLeadReport = Awaited<ReturnType<typeof sellerLeadReport>>;

/** Totals per kind between two days for several sellers (the CSV export's page, the monthly mails). */
export async function leadTotalsOf(
  db: DB,
  sellerIds: number[],
  from: string,
  to: string,
): Promise<Map<number, LeadTotals>> {
  const rows = await sumsBetween(db, sellerIds, from, to);
  const map = new Map<number, LeadTotals>(sellerIds.map((id) => [id, emptyTotals()]));
  for (const r of rows) {
    const totals = map.get(r.seller_id);
    if (totals && (LEAD_KINDS as readonly string[]).includes(r.kind)) totals[r.kind as LeadKind] += Number(r.n);
  }
  return map;
}
