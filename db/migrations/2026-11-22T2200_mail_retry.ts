import type { Kysely } from "kysely";

// Outgoing mail that failed is tried again later: when the next try is due.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("next_attempt_at", "text").execute();
  await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_due").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("next_attempt_at").execute();
}
