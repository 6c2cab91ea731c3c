import { type Kysely, sql } from "kysely";

// An application's notice kept the applicant's payment reference (UTR) in its text, which every reader
// of the dashboard saw, moderators included. The reference moves to a column of its own; the notice is
// put together for each reader, with the reference only for those who may see sellers' payments.
const WITH_REFERENCE = /^([\s\S]*), UTR (\S+)\.$/;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notifications").addColumn("payment_reference", "text").execute();
  const { rows } = await sql<{ id: number; message: string }>`
    select id, message from notifications where type = 'application' and message like ${"%, UTR %"}`.execute(db);
  for (const row of rows) {
    const match = WITH_REFERENCE.exec(row.message);
    if (!match) continue;
    await sql`update notifications set message = ${`${match[1]}.`}, payment_reference = ${match[2]}
      where id = ${row.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update notifications set message = substr(message, 1, length(message) - 1) || ', UTR ' || payment_reference || '.'
    where payment_reference is not null`.execute(db);
  await db.schema.alterTable("notifications").dropColumn("payment_reference").execute();
}
