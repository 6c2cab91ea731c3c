import { type Kysely, sql } from "kysely";
import { autoId } from "../engine";

// Staff second factor (docs/security.md): an authenticator app (TOTP secret, the last time step used so a code
// cannot be replayed), ten single-use recovery codes kept hashed, passkeys, and per session its last
// activity (the staff idle timeout), whether it still waits for the second step, and a passkey challenge.
// Staff who exist now get the whole grace period from today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
  await db.schema.alterTable("users").addColumn("second_factor_grace_from", "text").execute();
  await sql`update users set second_factor_grace_from = ${new Date().toISOString()} where role in ('admin', 'moderator')`.execute(
    db,
  );

  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
  await db.schema
    .alterTable("sessions")
    .addColumn("awaiting_second_factor", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("sessions").addColumn("webauthn_challenge", "text").execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "integer", autoId(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("user_id").execute();

  await db.schema
    .createTable("passkeys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_user").on("passkeys").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("passkeys").execute();
  await db.schema.dropTable("recovery_codes").execute();
  for (const column of ["webauthn_challenge", "awaiting_second_factor", "last_seen_at"])
    await db.schema.alterTable("sessions").dropColumn(column).execute();
  for (const column of ["second_factor_grace_from", "totp_last_step", "totp_enabled_at", "totp_secret"])
    await db.schema.alterTable("users").dropColumn(column).execute();
}
