import { type Kysely, sql } from "kysely";

// Frozen once landed: later changes go in a new, later-named migration.
//
// Whose a request for a quote is, by id: the account whose verified address confirmed it (user_id), set
// when the signed link is followed. "Download my data" and the deletion of an account reach requests
// through it, never through the address (anyone can register an address another person asked with;
// docs/decisions/197-only-a-verified-address-links-data.md). Requests confirmed before this
// migration are linked where the account holding the address had verified it before the confirmation (it
// held the proven address then); the rest stay unlinked. No foreign key, as `mail_outbox.user_id`: a
// deleted account leaves its id behind (ids are never reused), and erasure deletes its requests first.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("quote_requests").addColumn("user_id", "integer").execute();
  await db.schema.createIndex("quote_requests_user").on("quote_requests").column("user_id").execute();
  await sql`update quote_requests set user_id = (
      select users.id from users
      where users.email = quote_requests.email and users.email_verified_at is not null
        and users.email_verified_at <= quote_requests.confirmed_at)
    where confirmed_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("quote_requests_user").execute();
  await db.schema.alterTable("quote_requests").dropColumn("user_id").execute();
}
