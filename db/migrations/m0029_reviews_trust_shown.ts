import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.
//
// A published review's profile shows "email confirmed", "Verified customer" and "edited"
// (docs/decisions/222-reviews-people-can-trust.md): the reviews' update trigger of the content version learns
// the four columns behind them, so a published review confirmed or marked afterwards is not served from an
// older cached page.

/** The reviews' shown columns of 2026-11-28T0100_public_content_version. */
const REVIEW_PUBLIC_COLUMNS = [
  "seller_id",
  "reviewer_name",
  "rating",
  "review_text",
  "status",
  "seller_reply",
  "seller_reply_date",
  "created_at",
];
const TRUST_COLUMNS = ["email_confirmed_at", "verified_by", "verified_on", "edited_at"];

const BUMP = "update content_version set version = version + 1 where id = 1;";
const NAME = "content_version_reviews_update";

async function reviewsUpdateTrigger(db: Kysely<any>, columns: readonly string[]): Promise<void> {
  if (engineOf(db) === "postgres") {
    await sql.raw(`drop trigger if exists ${NAME} on reviews`).execute(db);
    await sql.raw(`drop function if exists ${NAME}()`).execute(db);
    const changed = `(${columns.map((c) => `o.${c}`).join(", ")}) is distinct from (${columns.map((c) => `n.${c}`).join(", ")})`;
    await sql
      .raw(
        `create function ${NAME}() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from removed o join added n on n.id = o.id
            where (o.status = 'published' or n.status = 'published') and ${changed}) then
            ${BUMP}
            perform pg_notify('content_version', '');
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${NAME} after update on reviews referencing old table as removed new table as added
        for each statement execute function ${NAME}()`,
      )
      .execute(db);
    return;
  }
  await sql.raw(`drop trigger if exists ${NAME}`).execute(db);
  const changed = columns.map((c) => `old.${c} is not new.${c}`).join(" or ");
  await sql
    .raw(
      `create trigger ${NAME} after update on reviews
      when (old.status = 'published' or new.status = 'published') and (${changed}) begin ${BUMP} end`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await reviewsUpdateTrigger(db, [...REVIEW_PUBLIC_COLUMNS, ...TRUST_COLUMNS]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await reviewsUpdateTrigger(db, REVIEW_PUBLIC_COLUMNS);
}
