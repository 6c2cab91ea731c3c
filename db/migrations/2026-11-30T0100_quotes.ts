import type { Kysely } from "kysely";
import { autoId } from "../engine";

// Ask for a quote (docs/decisions/193-quotes.md).
// - quote_requests: what a visitor needs, once; her contact is personal data, shown to a matched seller only
//   once she answers. status: pending (until the signed link confirms it; expires after 24 hours),
//   open (confirmed and sent), withdrawn, spam. from_seller_id: the profile it was asked from.
// - quote_matches: the sellers a confirmed request went to (at most five), each one's reply: an answer
//   (message, optional price) or a decline. One row per request and seller: a second answer cannot exist.
// - quote_spam_marks: how often staff marked an address's requests as spam (the address lower-cased).
// - sellers.quotes_paused (her own switch), sellers.quotes_excluded (staff's): never matched while set.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("quote_requests")
    .addColumn("id", "integer", autoId(db))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("locality", "text", (c) => c.notNull())
    .addColumn("need", "text", (c) => c.notNull())
    .addColumn("needed_by", "text", (c) => c.notNull())
    .addColumn("budget_min", "integer")
    .addColumn("budget_max", "integer")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("mobile", "text")
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("from_seller_id", "integer", (c) => c.references("sellers.id").onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    .addColumn("closed_at", "text")
    .execute();
  await db.schema.createIndex("quote_requests_created").on("quote_requests").column("created_at").execute();
  await db.schema.createIndex("quote_requests_email").on("quote_requests").column("email").execute();

  await db.schema
    .createTable("quote_matches")
    .addColumn("request_id", "integer", (c) => c.notNull().references("quote_requests.id").onDelete("cascade"))
    .addColumn("seller_id", "integer", (c) => c.notNull().references("sellers.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("sent"))
    .addColumn("matched_at", "text", (c) => c.notNull())
    .addColumn("replied_at", "text")
    .addColumn("answer", "text")
    .addColumn("price", "integer")
    .addPrimaryKeyConstraint("quote_matches_pk", ["request_id", "seller_id"])
    .execute();
  await db.schema
    .createIndex("quote_matches_seller")
    .on("quote_matches")
    .columns(["seller_id", "matched_at"])
    .execute();

  await db.schema
    .createTable("quote_spam_marks")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("sellers")
    .addColumn("quotes_paused", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("sellers")
    .addColumn("quotes_excluded", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sellers").dropColumn("quotes_excluded").execute();
  await db.schema.alterTable("sellers").dropColumn("quotes_paused").execute();
  await db.schema.dropTable("quote_spam_marks").execute();
  await db.schema.dropTable("quote_matches").execute();
  await db.schema.dropTable("quote_requests").execute();
}
