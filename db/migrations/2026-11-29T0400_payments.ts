import type { Kysely } from "kysely";
import { autoId } from "../engine";

// Online payments through a gateway's hosted payment link (docs/decisions/190-online-payments-gateway-seam.md).
// - payments: one row per link we created: our reference (unique, what the gateway echoes back), the link,
//   the exact amount in paise and currency we asked for, and what the verified webhook reported (status,
//   the gateway's payment id, method, time); `flag` holds why an event disagreed with what we created.
//   The seller may be deleted; the money record stays (seller_id set null).
// - payment_events: every verified webhook event once (its id unique: a second delivery changes nothing),
//   with what it did to which payment and why.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payments")
    .addColumn("id", "integer", autoId(db))
    .addColumn("seller_id", "integer", (c) => c.references("sellers.id").onDelete("set null"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("gateway", "text", (c) => c.notNull())
    .addColumn("link_id", "text", (c) => c.unique())
    .addColumn("link_url", "text")
    .addColumn("amount_paise", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("months", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("created"))
    .addColumn("flag", "text")
    .addColumn("gateway_payment_id", "text")
    .addColumn("method", "text")
    .addColumn("paid_at", "text")
    .addColumn("refunded_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_seller").on("payments").columns(["seller_id", "created_at"]).execute();
  await db.schema.createIndex("payments_created").on("payments").column("created_at").execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "integer", autoId(db))
    .addColumn("gateway", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull().unique())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("payment_id", "integer", (c) => c.references("payments.id").onDelete("set null"))
    .addColumn("gateway_payment_id", "text")
    .addColumn("amount_paise", "integer")
    .addColumn("currency", "text")
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("occurred_at", "text")
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_events_payment").on("payment_events").column("payment_id").execute();
  await db.schema.createIndex("payment_events_received").on("payment_events").column("received_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("payments").execute();
}
