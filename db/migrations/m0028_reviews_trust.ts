import { type Kysely, sql } from "kysely";
import { autoId } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.
//
// Reviews people can trust (docs/decisions/222-reviews-people-can-trust.md):
// - review_invitations: a seller's one-use link for a customer to review her (customer_name optional),
//   expiring 30 days after created_at (expires_at); used_at and review_id once a review was written with it.
//   The link's token is signed from the id (services/signed-token.server.ts), never stored.
// - reviews.reviewer_email: lower-cased, optional; never shown or exported to the seller.
//   reviews.email_confirmed_at: when its mailed link was followed. One confirmed address reviews one seller
//   once (reviews_one_per_address, a partial unique index on both engines).
// - reviews.verified_by: 'invitation' or 'quote' (a requester whose quote request the seller answered,
//   her address confirmed); reviews.verified_on: the date it names (the invitation's or the request's).
// - reviews.invitation_id: the invitation it was written through.
// - reviews.edited_at: when its writer last changed it (an edit goes back to moderation).
// - reviews.client_address: the network address it was posted from (the staff's signals only).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("review_invitations")
    .addColumn("id", "integer", autoId(db))
    .addColumn("seller_id", "integer", (c) => c.notNull().references("sellers.id").onDelete("cascade"))
    .addColumn("customer_name", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("review_id", "integer")
    .execute();
  await db.schema
    .createIndex("review_invitations_seller")
    .on("review_invitations")
    .columns(["seller_id", "created_at"])
    .execute();

  await db.schema.alterTable("reviews").addColumn("reviewer_email", "text").execute();
  await db.schema.alterTable("reviews").addColumn("email_confirmed_at", "text").execute();
  await db.schema.alterTable("reviews").addColumn("verified_by", "text").execute();
  await db.schema.alterTable("reviews").addColumn("verified_on", "text").execute();
  await db.schema.alterTable("reviews").addColumn("invitation_id", "integer").execute();
  await db.schema.alterTable("reviews").addColumn("edited_at", "text").execute();
  await db.schema.alterTable("reviews").addColumn("client_address", "text").execute();
  await db.schema
    .createIndex("reviews_one_per_address")
    .on("reviews")
    .columns(["seller_id", "reviewer_email"])
    .unique()
    .where(sql.ref("email_confirmed_at"), "is not", null)
    .execute();
  await db.schema
    .createIndex("reviews_client_address")
    .on("reviews")
    .columns(["client_address", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("reviews_client_address").execute();
  await db.schema.dropIndex("reviews_one_per_address").execute();
  for (const column of [
    "client_address",
    "edited_at",
    "invitation_id",
    "verified_on",
    "verified_by",
    "email_confirmed_at",
    "reviewer_email",
  ])
    await db.schema.alterTable("reviews").dropColumn(column).execute();
  await db.schema.dropTable("review_invitations").execute();
}
