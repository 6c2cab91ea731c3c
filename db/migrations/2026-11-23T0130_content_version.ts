import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";

// One counter that every committed change to what public pages show moves forward, whoever writes
// (this server, another worker process, `npm run db:seed`, a script): the response cache compares it
// before answering from memory. Profile view counts are not content: an update that changes
// `views_count` only (the batched view flush) leaves the counter alone.
const CONTENT_TABLES = ["reviews", "categories", "subcategories", "seller_categories", "seller_subcategories"] as const;
const BUMP = "update content_version set version = version + 1 where id = 1;";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table content_version (id integer primary key check (id = 1), version integer not null)`.execute(db);
  await sql`insert into content_version (id, version) values (1, 0)`.execute(db);
  if (engineOf(db) === "postgres") return postgresTriggers(db);
  for (const table of CONTENT_TABLES) {
    for (const event of ["insert", "update", "delete"] as const) {
      await sql
        .raw(`create trigger content_version_${table}_${event} after ${event} on ${table} begin ${BUMP} end`)
        .execute(db);
    }
  }
  await sql.raw(`create trigger content_version_sellers_insert after insert on sellers begin ${BUMP} end`).execute(db);
  await sql.raw(`create trigger content_version_sellers_delete after delete on sellers begin ${BUMP} end`).execute(db);
  await sql
    .raw(
      `create trigger content_version_sellers_update after update on sellers when old.views_count is new.views_count begin ${BUMP} end`,
    )
    .execute(db);
}

/**
 * PostgreSQL: the same counter, moved once per statement, and a NOTIFY on channel `content_version` sent
 * by the same transaction (so only on commit): every instance's response cache listens for it.
 */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function bump_content_version() returns trigger language plpgsql as $$
    begin
      update content_version set version = version + 1 where id = 1;
      perform pg_notify('content_version', '');
      return null;
    end $$`.execute(db);
  for (const table of CONTENT_TABLES) {
    for (const event of ["insert", "update", "delete"] as const) {
      await sql
        .raw(
          `create trigger content_version_${table}_${event} after ${event} on ${table} for each statement execute function bump_content_version()`,
        )
        .execute(db);
    }
  }
  for (const event of ["insert", "delete"] as const)
    await sql
      .raw(
        `create trigger content_version_sellers_${event} after ${event} on sellers for each statement execute function bump_content_version()`,
      )
      .execute(db);
  await sql
    .raw(
      `create trigger content_version_sellers_update after update on sellers for each row
      when (old.views_count is not distinct from new.views_count) execute function bump_content_version()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === "postgres") {
    await sql`drop function bump_content_version() cascade`.execute(db);
    await sql`drop table content_version`.execute(db);
    return;
  }
  for (const table of [...CONTENT_TABLES, "sellers"]) {
    for (const event of ["insert", "update", "delete"])
      await sql.raw(`drop trigger if exists content_version_${table}_${event}`).execute(db);
  }
  await sql`drop table content_version`.execute(db);
}
