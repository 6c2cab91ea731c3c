import type { Kysely } from "kysely";

// Each recovery code keeps a fingerprint of the session that made it (a SHA-256 of the session id, never
// the id): that session cannot prove a change of the second factor with a code it has just been shown.
// Codes made before have none and count as made elsewhere. The TOTP secrets are sealed and the codes
// re-keyed by the server (the session secret is not known here): see services/second-factor.server.ts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("recovery_codes").addColumn("made_in_session", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("recovery_codes").dropColumn("made_in_session").execute();
}
