import { type Kysely, sql } from "kysely";

// Email verification (docs/decisions/115-admin-email-verification.md): when the account's email was shown to be its
// owner's, by the signed link of the verification mail or by Google (whose ID token asserts it). Accounts that exist
// now count as verified only when they are linked to Google (docs/decisions/115-admin-email-verification.md,
// docs/decisions/116-admin-accounts-that-existed-before-verification.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
  await sql`update users set email_verified_at = updated_at where google_sub is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
}
