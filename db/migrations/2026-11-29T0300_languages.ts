import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";

// The site in English, Hindi and Kannada (docs/decisions/189-languages-columns-per-language.md):
// - categories, subcategories: name_hi, name_kn beside the English name (null: show the English one);
// - sellers: tagline_hi, tagline_kn, description_hi, description_kn beside the seller's own text (null: none);
// - users.language: the seller's language (en-IN, hi-IN or kn-IN) for her dashboard and mails.
// The sellers' update trigger of the content version learns the four new public columns, so a seller
// adding a translation empties the response cache as an edit of her tagline does.

const SELLER_TEXTS = ["tagline_hi", "tagline_kn", "description_hi", "description_kn"] as const;
const CATALOGUE_NAMES = ["name_hi", "name_kn"] as const;

/** The sellers' public columns of 2026-11-28T0100_public_content_version, and the translations. */
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
];

const BUMP = "update content_version set version = version + 1 where id = 1;";
const NAME = "content_version_sellers_update";

async function sellersUpdateTrigger(db: Kysely<unknown>, columns: readonly string[]): Promise<void> {
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

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["categories", "subcategories"])
    for (const column of CATALOGUE_NAMES) await db.schema.alterTable(table).addColumn(column, "text").execute();
  for (const column of SELLER_TEXTS) await db.schema.alterTable("sellers").addColumn(column, "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("language", "text", (c) =>
      c
        .notNull()
        .defaultTo("en-IN")
        .check(sql`language in ('en-IN', 'hi-IN', 'kn-IN')`),
    )
    .execute();
  await sellersUpdateTrigger(db, [...SELLER_PUBLIC_COLUMNS, ...SELLER_TEXTS]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sellersUpdateTrigger(db, SELLER_PUBLIC_COLUMNS);
  await db.schema.alterTable("users").dropColumn("language").execute();
  for (const column of SELLER_TEXTS) await db.schema.alterTable("sellers").dropColumn(column).execute();
  for (const table of ["categories", "subcategories"])
    for (const column of CATALOGUE_NAMES) await db.schema.alterTable(table).dropColumn(column).execute();
}
