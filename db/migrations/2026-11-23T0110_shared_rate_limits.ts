import { type Kysely, sql } from "kysely";
import { engineOf, epochMsType } from "../engine";

// Rate-limit counters and the addresses each account signed in from live in SQLite, so every worker
// process of the server counts against the same numbers (they were per-process maps).
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite keeps these small rows in the primary key's b-tree itself (without rowid); epoch milliseconds
  // need PostgreSQL's bigint.
  const ms = sql.raw(epochMsType(db));
  const withoutRowid = sql.raw(engineOf(db) === "sqlite" ? " without rowid" : "");
  await sql`create table rate_limits (
    key text primary key,
    count integer not null,
    reset_at_ms ${ms} not null
  )${withoutRowid}`.execute(db);
  await db.schema.createIndex("rate_limits_reset").on("rate_limits").column("reset_at_ms").execute();
  await sql`create table sign_in_addresses (
    email text not null,
    address text not null,
    until_ms ${ms} not null,
    primary key (email, address)
  )${withoutRowid}`.execute(db);
  await db.schema.createIndex("sign_in_addresses_until").on("sign_in_addresses").column("until_ms").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sign_in_addresses").execute();
  await db.schema.dropTable("rate_limits").execute();
}
