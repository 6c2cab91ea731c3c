import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";

// Only what the public sees moves the content version (and so empties the response cache). Before, any
// write to sellers, reviews or the seller's category links moved it: a pending review (its rating
// trigger rewrites the seller's unchanged rating), an application (a pending seller and its links), a
// renewal's staff-only columns, an admin note. Now:
// - sellers: a row that is or was `active` (public, unless its subscription has ended: the response
//   cache's day clock covers that) whose public columns changed, or that was inserted or deleted;
// - reviews: a row that is or was `published` whose shown columns changed, or that was inserted or deleted;
// - seller_categories, seller_subcategories: a link of an `active` seller;
// - categories, subcategories, search_synonym_terms: every change, as before (all of it is public).
// `updated_at` alone is not content: a staff-only edit stamps it, and the sitemap's lastmod may lag
// behind it by the cache's entry age, as view counts do.

/** The columns public pages, `/api` answers, the search index and the sitemaps show (`PUBLIC_COLUMNS` of models/sellers.server.ts, and status). */
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
] as const;

const REVIEW_PUBLIC_COLUMNS = [
  "seller_id",
  "reviewer_name",
  "rating",
  "review_text",
  "status",
  "seller_reply",
  "seller_reply_date",
  "created_at",
] as const;

const LINK_TABLES = ["seller_categories", "seller_subcategories"] as const;
const BUMP = "update content_version set version = version + 1 where id = 1;";

/** SQLite: `old.a is not new.a or …` */
const sqliteChanged = (columns: readonly string[]) => columns.map((c) => `old.${c} is not new.${c}`).join(" or ");

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === "postgres") return postgresUp(db);
  for (const table of ["sellers", "reviews", ...LINK_TABLES])
    for (const event of ["insert", "update", "delete"])
      await sql.raw(`drop trigger if exists content_version_${table}_${event}`).execute(db);

  const sqliteTrigger = (table: string, event: string, when: string) =>
    sql
      .raw(`create trigger content_version_${table}_${event} after ${event} on ${table} when ${when} begin ${BUMP} end`)
      .execute(db);
  await sqliteTrigger("sellers", "insert", "new.status = 'active'");
  await sqliteTrigger("sellers", "delete", "old.status = 'active'");
  await sqliteTrigger(
    "sellers",
    "update",
    `(old.status = 'active' or new.status = 'active') and (${sqliteChanged(SELLER_PUBLIC_COLUMNS)})`,
  );
  await sqliteTrigger("reviews", "insert", "new.status = 'published'");
  await sqliteTrigger("reviews", "delete", "old.status = 'published'");
  await sqliteTrigger(
    "reviews",
    "update",
    `(old.status = 'published' or new.status = 'published') and (${sqliteChanged(REVIEW_PUBLIC_COLUMNS)})`,
  );
  const activeSeller = (row: string) =>
    `exists (select 1 from sellers where id = ${row}.seller_id and status = 'active')`;
  for (const table of LINK_TABLES) {
    await sqliteTrigger(table, "insert", activeSeller("new"));
    await sqliteTrigger(table, "delete", activeSeller("old"));
    await sqliteTrigger(table, "update", `${activeSeller("old")} or ${activeSeller("new")}`);
  }
}

/**
 * PostgreSQL: statement triggers as before (one move per statement, so a bulk insert moves the counter
 * once), each looking at the statement's rows through its transition tables (`added`, `removed`).
 */
async function postgresUp(db: Kysely<unknown>): Promise<void> {
  for (const table of ["sellers", "reviews", ...LINK_TABLES])
    for (const event of ["insert", "update", "delete"])
      await sql.raw(`drop trigger if exists content_version_${table}_${event} on ${table}`).execute(db);

  const trigger = async (table: string, event: "insert" | "update" | "delete", when: string) => {
    const name = `content_version_${table}_${event}`;
    const referencing =
      event === "insert"
        ? "new table as added"
        : event === "delete"
          ? "old table as removed"
          : "old table as removed new table as added";
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
        begin
          if ${when} then
            ${BUMP}
            perform pg_notify('content_version', '');
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${name} after ${event} on ${table} referencing ${referencing}
        for each statement execute function ${name}()`,
      )
      .execute(db);
  };
  const changed = (columns: readonly string[]) =>
    `(${columns.map((c) => `o.${c}`).join(", ")}) is distinct from (${columns.map((c) => `n.${c}`).join(", ")})`;

  await trigger("sellers", "insert", "exists (select 1 from added where status = 'active')");
  await trigger("sellers", "delete", "exists (select 1 from removed where status = 'active')");
  await trigger(
    "sellers",
    "update",
    `exists (select 1 from removed o join added n on n.id = o.id
      where (o.status = 'active' or n.status = 'active') and ${changed(SELLER_PUBLIC_COLUMNS)})`,
  );
  await trigger("reviews", "insert", "exists (select 1 from added where status = 'published')");
  await trigger("reviews", "delete", "exists (select 1 from removed where status = 'published')");
  await trigger(
    "reviews",
    "update",
    `exists (select 1 from removed o join added n on n.id = o.id
      where (o.status = 'published' or n.status = 'published') and ${changed(REVIEW_PUBLIC_COLUMNS)})`,
  );
  const ofActiveSeller = (rows: string) =>
    `exists (select 1 from ${rows} r join sellers s on s.id = r.seller_id where s.status = 'active')`;
  for (const table of LINK_TABLES) {
    await trigger(table, "insert", ofActiveSeller("added"));
    await trigger(table, "delete", ofActiveSeller("removed"));
    await trigger(table, "update", `${ofActiveSeller("removed")} or ${ofActiveSeller("added")}`);
  }
}

/** Back to a move on every write of these tables (the triggers of 2026-11-23T0130_content_version). */
export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === "postgres";
  for (const table of ["sellers", "reviews", ...LINK_TABLES])
    for (const event of ["insert", "update", "delete"]) {
      const name = `content_version_${table}_${event}`;
      if (postgres) {
        await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
        await sql.raw(`drop function if exists ${name}()`).execute(db);
        const each =
          table === "sellers" && event === "update"
            ? "for each row when (old.views_count is not distinct from new.views_count)"
            : "for each statement";
        await sql
          .raw(`create trigger ${name} after ${event} on ${table} ${each} execute function bump_content_version()`)
          .execute(db);
      } else {
        await sql.raw(`drop trigger if exists ${name}`).execute(db);
        const when = table === "sellers" && event === "update" ? "when old.views_count is new.views_count" : "";
        await sql.raw(`create trigger ${name} after ${event} on ${table} ${when} begin ${BUMP} end`).execute(db);
      }
    }
}
