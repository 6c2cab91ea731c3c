import { type Kysely, sql } from "kysely";

// Email verification (issue 12, item 3): when the account's email was shown to be its owner's, by the
// signed link of the verification mail or by Google (whose ID token asserts it). Accounts that exist
// now count as verified only when they are linked to Google (docs/decisions.md, "Email verification").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
  await sql`update users set email_verified_at = updated_at where google_sub is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
}
