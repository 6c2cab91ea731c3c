import { type Kysely, sql } from "kysely";

// Rate-limit counters and the addresses each account signed in from live in SQLite, so every worker
// process of the server counts against the same numbers (they were per-process maps).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limits (
    key text primary key,
    count integer not null,
    reset_at_ms integer not null
  ) without rowid`.execute(db);
  await db.schema.createIndex("rate_limits_reset").on("rate_limits").column("reset_at_ms").execute();
  await sql`create table sign_in_addresses (
    email text not null,
    address text not null,
    until_ms integer not null,
    primary key (email, address)
  ) without rowid`.execute(db);
  await db.schema.createIndex("sign_in_addresses_until").on("sign_in_addresses").column("until_ms").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sign_in_addresses").execute();
  await db.schema.dropTable("rate_limits").execute();
}
