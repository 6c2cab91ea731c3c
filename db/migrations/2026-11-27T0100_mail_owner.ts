import type { Kysely } from "kysely";

// Whose a mail is, by id: the account it was queued for (user_id) and the listing it is about when it
// goes to the listing's contact address (seller_id). "Download my data" and the deletion of an account
// reach mails through these, never through the recipient address (anyone can sign up with an address
// that other people's mail went to). Mails queued before this migration have neither: no account's
// export holds them and no deletion removes them (a link made now by address would be the very mistake).
// No foreign keys: a deleted listing or account leaves its id behind (ids are never reused).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("user_id", "integer").execute();
  await db.schema.alterTable("mail_outbox").addColumn("seller_id", "integer").execute();
  await db.schema.createIndex("mail_outbox_user").on("mail_outbox").column("user_id").execute();
  await db.schema.createIndex("mail_outbox_seller").on("mail_outbox").column("seller_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_seller").execute();
  await db.schema.dropIndex("mail_outbox_user").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("seller_id").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("user_id").execute();
}
