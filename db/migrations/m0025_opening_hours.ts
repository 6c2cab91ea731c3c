import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.
//
// A seller's opening hours (docs/decisions/214-opening-hours-one-json-column-state-from-the-clock.md):
// - sellers.opening_hours: JSON text, `{"week":{"mon":[{"opens":"10:00","closes":"19:00"}],…},
//   "by_appointment":false,"special_days":[{"from","to","label","hours"}]}`, null when she gave none. Read
//   and checked by app/lib/opening-hours.ts; the state "open now" is computed from it and the clock, never stored.
// - The sellers' update trigger of the content version learns the column: new hours change what the
//   public sees as an edit of her city does.

/** The sellers' public columns of m0024_seller_pincodes (its list and the place). */
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

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sellers").addColumn("opening_hours", "text").execute();
  await sellersUpdateTrigger(db, [...SELLER_PUBLIC_COLUMNS, ...PLACE_COLUMNS, "opening_hours"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sellersUpdateTrigger(db, [...SELLER_PUBLIC_COLUMNS, ...PLACE_COLUMNS]);
  await db.schema.alterTable("sellers").dropColumn("opening_hours").execute();
}
