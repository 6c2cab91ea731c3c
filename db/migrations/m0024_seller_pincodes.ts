import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";
import { pincodeColumns, pincodeInText } from "../pincodes";

// Frozen once landed: later changes go in a new, later-named migration.
//
// Where a seller is (docs/decisions/211-near-me-pin-code-centres-in-memory.md):
// - sellers.pincode: her PIN code, beside city and locality. Required of a new application and of her own
//   profile edit; null for the listings made before it was asked, until she (or staff) give one.
// - sellers.latitude, sellers.longitude: her PIN code's centre, rounded to three decimals (~110 m), so
//   nothing more precise about a home-based seller is stored; null without a PIN code, or for a PIN code
//   the data set knows without a centre.
// - sellers_public_position (status, latitude, longitude): the near-me search's bounding box, an index
//   range under the public rule's `status = 'active'`.
// - The listings made before: the PIN code is taken from the address where it holds a known one (the last
//   six digits, "560034" or "560 034", that are a PIN code); the others stay empty.
// - The sellers' update trigger of the content version learns the three columns: a seller's new PIN code
//   moves her in near-me answers as an edit of her city does.
// - PostgreSQL: the search documents (`sellers_search`) carry the position beside the public columns
//   (2026-12-01T0400_search_public_columns), written by the same trigger, so a search near a place reads
//   no wide sellers row either.

/** The sellers' public columns of 2026-11-29T0300_languages, and the place. */
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

/** 2026-12-01T0400_search_public_columns's lists, and the position. */
const SEARCH_PUBLIC_COLUMNS = ["status", "subscription_end_date", "city", "is_featured", "latitude", "longitude"];
const SEARCH_TEXT_COLUMNS = ["business_name", "owner_name", "tagline", "description", "category_names", "locality"];

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
  const real = engineOf(db) === "postgres" ? "double precision" : "real";
  await db.schema.alterTable("sellers").addColumn("pincode", "text").execute();
  await db.schema.alterTable("sellers").addColumn("latitude", real).execute();
  await db.schema.alterTable("sellers").addColumn("longitude", real).execute();
  await db.schema
    .createIndex("sellers_public_position")
    .on("sellers")
    .columns(["status", "latitude", "longitude"])
    .execute();
  await sellersUpdateTrigger(db, [...SELLER_PUBLIC_COLUMNS, ...PLACE_COLUMNS]);
  if (engineOf(db) === "postgres") {
    await sql`alter table sellers_search add column latitude double precision, add column longitude double precision`.execute(
      db,
    );
    await searchDocumentsCarry(db, SEARCH_PUBLIC_COLUMNS);
  }

  const rows: { id: number; address: string }[] = await db
    .selectFrom("sellers")
    .select(["id", "address"])
    .where("address", "is not", null)
    .execute();
  const idsByPincode = new Map<string, number[]>();
  for (const row of rows) {
    const pincode = pincodeInText(row.address);
    if (pincode) idsByPincode.set(pincode, [...(idsByPincode.get(pincode) ?? []), row.id]);
  }
  for (const [pincode, ids] of idsByPincode)
    for (let i = 0; i < ids.length; i += 500)
      await db
        .updateTable("sellers")
        .set(pincodeColumns(pincode))
        .where("id", "in", ids.slice(i, i + 500))
        .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "postgres") {
    await searchDocumentsCarry(
      db,
      SEARCH_PUBLIC_COLUMNS.filter((c) => c !== "latitude" && c !== "longitude"),
    );
    await sql`alter table sellers_search drop column latitude, drop column longitude`.execute(db);
  }
  await sellersUpdateTrigger(db, SELLER_PUBLIC_COLUMNS);
  await db.schema.dropIndex("sellers_public_position").execute();
  for (const column of ["longitude", "latitude", "pincode"])
    await db.schema.alterTable("sellers").dropColumn(column).execute();
}
