import type { Kysely } from "kysely";

// Leads and renewals: docs/decisions/176-leads-first-party-redirect-not-script.md.
// - seller_leads: per seller, per Indian day and per kind (view, whatsapp, call, website, social, share) the
//   number of times visitors did it: only the counters, nothing about the visitor.
// - seller_mails: which mail of a kind a seller got for which period (the monthly report of "2026-10", the
//   14-day reminder of the period ending "2026-12-01"), one row each: the unique key makes the periodic
//   task idempotent across restarts and instances.
// - sellers.renewal_requested_at: when a renewal (a later application with its payment proof) came in, until
//   staff confirm its payment; sellers.performance_mail_off: the monthly report's one-click opt-out.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("seller_leads")
    .addColumn("seller_id", "integer", (c) => c.notNull().references("sellers.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("seller_leads_pk", ["seller_id", "day", "kind"])
    .execute();
  await db.schema.createIndex("seller_leads_day").on("seller_leads").column("day").execute();

  await db.schema
    .createTable("seller_mails")
    .addColumn("seller_id", "integer", (c) => c.notNull().references("sellers.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("seller_mails_pk", ["seller_id", "kind", "period"])
    .execute();

  await db.schema.alterTable("sellers").addColumn("renewal_requested_at", "text").execute();
  await db.schema
    .alterTable("sellers")
    .addColumn("performance_mail_off", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sellers").dropColumn("performance_mail_off").execute();
  await db.schema.alterTable("sellers").dropColumn("renewal_requested_at").execute();
  await db.schema.dropTable("seller_mails").execute();
  await db.schema.dropTable("seller_leads").execute();
}
