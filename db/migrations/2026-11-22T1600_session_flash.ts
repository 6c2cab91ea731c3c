import type { Kysely } from "kysely";

// A one-time message per session (the flash shown after an admin action), kept server-side.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("flash", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("flash").execute();
}
