import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.
//
// The search checks the public rule and the directory's filters (status, subscription end, city,
// featured) on the index's own rows, so a common word no longer joins every match to the wide sellers
// rows (docs/performance.md, "The search's own public columns").
// - PostgreSQL: `sellers_search` carries those columns beside each document, written by the trigger that
//   already writes the document. A change of those columns alone leaves the document (and the index words
//   of `search_terms`) alone. The matches come from `sellers_search_matching`, which reads them through the
//   GIN index: the planner prices a `@@` at one operator's cost per row, so for a word in one document in
//   five or six (and its forms and corrections: several prefixes) it chose to test every document, 2-3×
//   slower than the index at 2,000 sellers (docs/decisions/196-search-matches-through-the-index.md).
// - SQLite: nothing to do; its FTS5 index is external content and cannot carry columns, and each match is
//   already checked against the narrow covering index `sellers_search_public` (2026-11-23T0200), which
//   holds the same columns.

const PUBLIC_COLUMNS = ["status", "subscription_end_date", "city", "is_featured"] as const;
const TEXT_COLUMNS = ["business_name", "owner_name", "tagline", "description", "category_names", "locality"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== "postgres") return;
  await sql`alter table sellers_search
    add column status text, add column subscription_end_date text, add column city text, add column is_featured integer`.execute(
    db,
  );
  // The terms trigger counts words; an update that leaves the document as it was must not recount them.
  await sql`drop trigger search_terms_sync on sellers_search`.execute(db);
  await sql`update sellers_search set status = s.status, subscription_end_date = s.subscription_end_date,
    city = s.city, is_featured = s.is_featured from sellers as s where s.id = sellers_search.id`.execute(db);
  await sql`alter table sellers_search alter column status set not null, alter column city set not null,
    alter column is_featured set not null`.execute(db);
  await sql
    .raw(
      `create trigger search_terms_sync after insert or delete or update of document on sellers_search
      for each row execute function search_terms_sync()`,
    )
    .execute(db);
  const columns = PUBLIC_COLUMNS.join(", ");
  const textChanged = TEXT_COLUMNS.map((c) => `new.${c} is distinct from old.${c}`).join(" or ");
  await sql
    .raw(
      `create or replace function sellers_search_sync() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and not (${textChanged}) then
          update sellers_search set ${PUBLIC_COLUMNS.map((c) => `${c} = new.${c}`).join(", ")} where id = new.id;
        else
          insert into sellers_search (id, document, ${columns})
          values (new.id, sellers_search_document(new), ${PUBLIC_COLUMNS.map((c) => `new.${c}`).join(", ")})
          on conflict (id) do update set document = excluded.document,
            ${PUBLIC_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ")};
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function sellers_search_matching(query tsquery) returns setof sellers_search
      language sql stable set enable_seqscan = off as $$
        select * from sellers_search where document @@ query
      $$`,
    )
    .execute(db);
  await sql`drop trigger sellers_search_au on sellers`.execute(db);
  await sql
    .raw(
      `create trigger sellers_search_au after update of ${[...TEXT_COLUMNS, ...PUBLIC_COLUMNS].join(", ")}
      on sellers for each row execute function sellers_search_sync()`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== "postgres") return;
  await sql`drop function sellers_search_matching(tsquery)`.execute(db);
  await sql`drop trigger sellers_search_au on sellers`.execute(db);
  await sql
    .raw(
      `create trigger sellers_search_au after update of ${TEXT_COLUMNS.join(", ")}
      on sellers for each row execute function sellers_search_sync()`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function sellers_search_sync() returns trigger language plpgsql as $$
      begin
        insert into sellers_search (id, document) values (new.id, sellers_search_document(new))
        on conflict (id) do update set document = excluded.document;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`drop trigger search_terms_sync on sellers_search`.execute(db);
  await sql
    .raw(
      `create trigger search_terms_sync after insert or update or delete on sellers_search
      for each row execute function search_terms_sync()`,
    )
    .execute(db);
  await sql`alter table sellers_search drop column status, drop column subscription_end_date, drop column city,
    drop column is_featured`.execute(db);
}
