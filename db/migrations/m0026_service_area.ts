import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.
//
// How far a seller serves (docs/decisions/215-service-area-covers-her-first-among-equal-distances.md):
// - sellers.serves: 'place' (at her place only), 'within' (within sellers.serves_km of her place) or 'city'
//   (the whole city); null when she has not said (the listings made before it was asked).
// - sellers.serves_km: whole km, 1–50, with 'within' only; null otherwise.
// - The sellers' update trigger of the content version learns the two columns: the near-me order reads them.
// - PostgreSQL: the search documents (`sellers_search`) carry them beside the position, written by the same
//   trigger, so a search near a place orders by them without reading the wide sellers rows.

/** The sellers' public columns of m0025_opening_hours (m0024_seller_pincodes's list, the place and the hours). */
const SELLER_PUBLIC_COLUMNS = [
  "status",
  "subscription_end_date",
  "business_name",
  "owner_name",
  "profile_photo",
  "logo",
  "is_featured",
  "is_verified",
  "tagline",
  "description",
  "locality",
  "city",
  "category_names",
  "avg_rating",
  "review_count",
  "offers_text",
  "price_range",
  "languages",
  "website",
  "mobile",
  "address",
  "whatsapp_link",
  "facebook_link",
  "instagram",
  "youtube_link",
  "product_images",
  "created_at",
  "tagline_hi",
  "tagline_kn",
  "description_hi",
  "description_kn",
];
const PLACE_COLUMNS = ["pincode", "latitude", "longitude"];

const BUMP = "update content_version set version = version + 1 where id = 1;";
const NAME = "content_version_sellers_update";

async function sellersUpdateTrigger(db: Kysely<any>, columns: readonly string[]): Promise<void> {
  if (engineOf(db) === "postgres") {
    await sql.raw(`drop trigger if exists ${NAME} on sellers`).execute(db);
    await sql.raw(`drop function if exists ${NAME}()`).execute(db);
    const changed = `(${columns.map((c) => `o.${c}`).join(", ")}) is distinct from (${columns.map((c) => `n.${c}`).join(", ")})`;
    await sql
      .raw(
        `create function ${NAME}() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from removed o join added n on n.id = o.id
            where (o.status = 'active' or n.status = 'active') and ${changed}) then
            ${BUMP}
            perform pg_notify('content_version', '');
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${NAME} after update on sellers referencing old table as removed new table as added
        for each statement execute function ${NAME}()`,
      )
      .execute(db);
    return;
  }
  await sql.raw(`drop trigger if exists ${NAME}`).execute(db);
  const changed = columns.map((c) => `old.${c} is not new.${c}`).join(" or ");
  await sql
    .raw(
      `create trigger ${NAME} after update on sellers
      when (old.status = 'active' or new.status = 'active') and (${changed}) begin ${BUMP} end`,
    )
    .execute(db);
}

/** m0024_seller_pincodes's columns of the search documents, and the service area. */
const SEARCH_PUBLIC_COLUMNS = ["status", "subscription_end_date", "city", "is_featured", "latitude", "longitude"];
const SEARCH_TEXT_COLUMNS = ["business_name", "owner_name", "tagline", "description", "category_names", "locality"];
const SERVICE_COLUMNS = ["serves", "serves_km"];

async function searchDocumentsCarry(db: Kysely<any>, columns: readonly string[]): Promise<void> {
  const list = columns.join(", ");
  const textChanged = SEARCH_TEXT_COLUMNS.map((c) => `new.${c} is distinct from old.${c}`).join(" or ");
  await sql
    .raw(
      `create or replace function sellers_search_sync() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and not (${textChanged}) then
          update sellers_search set ${columns.map((c) => `${c} = new.${c}`).join(", ")} where id = new.id;
        else
          insert into sellers_search (id, document, ${list})
          values (new.id, sellers_search_document(new), ${columns.map((c) => `new.${c}`).join(", ")})
          on conflict (id) do update set document = excluded.document,
            ${columns.map((c) => `${c} = excluded.${c}`).join(", ")};
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`drop trigger sellers_search_au on sellers`.execute(db);
  await sql
    .raw(
      `create trigger sellers_search_au after update of ${[...SEARCH_TEXT_COLUMNS, ...columns].join(", ")}
      on sellers for each row execute function sellers_search_sync()`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sellers").addColumn("serves", "text").execute();
  await db.schema.alterTable("sellers").addColumn("serves_km", "integer").execute();
  await sellersUpdateTrigger(db, [...SELLER_PUBLIC_COLUMNS, ...PLACE_COLUMNS, "opening_hours", ...SERVICE_COLUMNS]);
  if (engineOf(db) === "postgres") {
    await sql`alter table sellers_search add column serves text, add column serves_km integer`.execute(db);
    await searchDocumentsCarry(db, [...SEARCH_PUBLIC_COLUMNS, ...SERVICE_COLUMNS]);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "postgres") {
    await searchDocumentsCarry(db, SEARCH_PUBLIC_COLUMNS);
    await sql`alter table sellers_search drop column serves, drop column serves_km`.execute(db);
  }
  await sellersUpdateTrigger(db, [...SELLER_PUBLIC_COLUMNS, ...PLACE_COLUMNS, "opening_hours"]);
  for (const column of ["serves_km", "serves"]) await db.schema.alterTable("sellers").dropColumn(column).execute();
}
