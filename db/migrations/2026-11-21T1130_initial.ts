import { type Kysely, sql } from "kysely";
import { autoId, engineOf } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", autoId(db))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("mobile", "text")
    .addColumn("password_hash", "text")
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin','moderator','seller')`))
    .addColumn("google_sub", "text", (c) => c.unique())
    .addColumn("city", "text")
    .addColumn("locality", "text")
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("oauth_states")
    .addColumn("state", "text", (c) => c.primaryKey())
    .addColumn("code_verifier", "text", (c) => c.notNull())
    .addColumn("nonce", "text")
    .addColumn("redirect_to", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", "integer", autoId(db))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("description", "text")
    .addColumn("icon", "text")
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("subcategories")
    .addColumn("id", "integer", autoId(db))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("icon", "text")
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("subcategories_category_name", ["category_id", "name"])
    .execute();

  await db.schema
    .createTable("sellers")
    .addColumn("id", "integer", autoId(db))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("owner_name", "text", (c) => c.notNull())
    .addColumn("business_name", "text")
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("mobile", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("locality", "text")
    .addColumn("address", "text")
    .addColumn("tagline", "text")
    .addColumn("description", "text")
    .addColumn("price_range", "text", (c) =>
      c.check(sql`price_range is null or price_range in ('below_500','500_1000','1000_3000','3000_5000','above_5000')`),
    )
    .addColumn("languages", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("website", "text")
    .addColumn("whatsapp_link", "text")
    .addColumn("facebook_link", "text")
    .addColumn("instagram", "text")
    .addColumn("youtube_link", "text")
    .addColumn("profile_photo", "text")
    .addColumn("logo", "text")
    .addColumn("product_images", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("offers_text", "text")
    .addColumn("id_proof_type", "text", (c) =>
      c.check(sql`id_proof_type is null or id_proof_type in ('aadhaar','driving_license','pan_card')`),
    )
    .addColumn("id_proof_document", "text")
    .addColumn("aadhaar_number", "text")
    .addColumn("gst_number", "text")
    .addColumn("payment_screenshot", "text")
    .addColumn("payment_reference", "text", (c) => c.unique())
    .addColumn("payment_status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`payment_status in ('pending','paid','failed','refunded')`),
    )
    .addColumn("amount_paid", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("subscription_months", "integer")
    .addColumn("subscription_start_date", "text")
    .addColumn("subscription_end_date", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending','active','inactive','rejected')`),
    )
    .addColumn("is_verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_paid", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("admin_notes", "text")
    // Denormalised for search and cards; kept in step by triggers below.
    .addColumn("category_names", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("avg_rating", engineOf(db) === "postgres" ? "double precision" : "real", (c) => c.notNull().defaultTo(0))
    .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("views_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sellers_public_order")
    .on("sellers")
    .columns(["status", "is_featured desc", "avg_rating desc", "id"])
    .execute();
  // Covering indexes for the public visibility test (status + end date), so counts read no table rows.
  await db.schema
    .createIndex("sellers_status_end")
    .on("sellers")
    .columns(["status", "subscription_end_date"])
    .execute();
  await db.schema
    .createIndex("sellers_status_city")
    .on("sellers")
    .columns(["status", "city", "subscription_end_date"])
    .execute();
  await db.schema.createIndex("sellers_user_id").on("sellers").column("user_id").execute();
  await db.schema.createIndex("sellers_created_at").on("sellers").column("created_at").execute();

  await db.schema
    .createTable("seller_categories")
    .addColumn("seller_id", "integer", (c) => c.notNull().references("sellers.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("seller_categories_pk", ["seller_id", "category_id"])
    .execute();
  await db.schema
    .createIndex("seller_categories_category")
    .on("seller_categories")
    .columns(["category_id", "seller_id"])
    .execute();

  await db.schema
    .createTable("seller_subcategories")
    .addColumn("seller_id", "integer", (c) => c.notNull().references("sellers.id").onDelete("cascade"))
    .addColumn("subcategory_id", "integer", (c) => c.notNull().references("subcategories.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("seller_subcategories_pk", ["seller_id", "subcategory_id"])
    .execute();
  await db.schema
    .createIndex("seller_subcategories_subcategory")
    .on("seller_subcategories")
    .columns(["subcategory_id", "seller_id"])
    .execute();

  await db.schema
    .createTable("reviews")
    .addColumn("id", "integer", autoId(db))
    .addColumn("seller_id", "integer", (c) => c.notNull().references("sellers.id").onDelete("cascade"))
    .addColumn("reviewer_name", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("review_text", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending','published','rejected','flagged')`),
    )
    .addColumn("seller_reply", "text")
    .addColumn("seller_reply_date", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("reviews_seller_status")
    .on("reviews")
    .columns(["seller_id", "status", "created_at"])
    .execute();
  await db.schema.createIndex("reviews_status_created").on("reviews").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("enquiries")
    .addColumn("id", "integer", autoId(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("mobile", "text")
    .addColumn("query_type", "text", (c) => c.notNull())
    .addColumn("subject", "text")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("new")
        .check(sql`status in ('new','in_progress','resolved','closed')`),
    )
    .addColumn("admin_notes", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("enquiries_status_created").on("enquiries").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("enquiries_created").on("enquiries").column("created_at").execute();

  await db.schema
    .createTable("newsletter_subscriptions")
    .addColumn("id", "integer", autoId(db))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("active")
        .check(sql`status in ('active','unsubscribed')`),
    )
    .addColumn("source", "text", (c) => c.notNull().defaultTo("website"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("newsletter_created").on("newsletter_subscriptions").column("created_at").execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "integer", autoId(db))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().defaultTo("info"))
    .addColumn("link", "text")
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notifications_created").on("notifications").column("created_at").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", autoId(db))
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_email", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("details", "text")
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "created_at"]).execute();

  await db.schema
    .createTable("uploads")
    .addColumn("id", "integer", autoId(db))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("visibility", "text", (c) => c.notNull().check(sql`visibility in ('public','private')`))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("seller_id", "integer", (c) => c.references("sellers.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uploads_seller").on("uploads").column("seller_id").execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "integer", autoId(db))
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("queued")
        .check(sql`status in ('queued','sent','logged','failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("mail_outbox_status").on("mail_outbox").columns(["status", "created_at"]).execute();

  if (engineOf(db) === "postgres") await postgresSearchAndTriggers(db);
  else await sqliteSearchAndTriggers(db);
}

/** SQLite: an FTS5 index over the seller's public text, and triggers that keep derived columns in step. */
async function sqliteSearchAndTriggers(db: Kysely<any>): Promise<void> {
  // Full-text search over the public text of a seller, kept in step with the sellers table.
  await sql`create virtual table sellers_fts using fts5(
    business_name, owner_name, tagline, description, category_names, locality,
    content='sellers', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3'
  )`.execute(db);
  await sql`create trigger sellers_fts_ai after insert on sellers begin
    insert into sellers_fts(rowid, business_name, owner_name, tagline, description, category_names, locality)
    values (new.id, new.business_name, new.owner_name, new.tagline, new.description, new.category_names, new.locality);
  end`.execute(db);
  await sql`create trigger sellers_fts_ad after delete on sellers begin
    insert into sellers_fts(sellers_fts, rowid, business_name, owner_name, tagline, description, category_names, locality)
    values ('delete', old.id, old.business_name, old.owner_name, old.tagline, old.description, old.category_names, old.locality);
  end`.execute(db);
  await sql`create trigger sellers_fts_au after update of business_name, owner_name, tagline, description, category_names, locality on sellers begin
    insert into sellers_fts(sellers_fts, rowid, business_name, owner_name, tagline, description, category_names, locality)
    values ('delete', old.id, old.business_name, old.owner_name, old.tagline, old.description, old.category_names, old.locality);
    insert into sellers_fts(rowid, business_name, owner_name, tagline, description, category_names, locality)
    values (new.id, new.business_name, new.owner_name, new.tagline, new.description, new.category_names, new.locality);
  end`.execute(db);

  // sellers.category_names follows the seller's category links and the categories' names.
  const refreshNames = (idExpr: string) => `update sellers set category_names = coalesce((
      select group_concat(name, ', ') from (
        select c.name from seller_categories sc join categories c on c.id = sc.category_id
        where sc.seller_id = ${idExpr} order by sc.position, c.name)), '')
    where id = ${idExpr};`;
  await sql
    .raw(
      `create trigger seller_categories_ai after insert on seller_categories begin
    ${refreshNames("new.seller_id")}
  end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger seller_categories_ad after delete on seller_categories begin
    ${refreshNames("old.seller_id")}
  end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger categories_au_name after update of name on categories begin
    update sellers set category_names = coalesce((
      select group_concat(name, ', ') from (
        select c.name from seller_categories sc join categories c on c.id = sc.category_id
        where sc.seller_id = sellers.id order by sc.position, c.name)), '')
    where id in (select seller_id from seller_categories where category_id = new.id);
  end`,
    )
    .execute(db);

  // avg_rating and review_count count published reviews only (docs/decisions/012-reviews-pending-until-published.md).
  const refreshRating = (idExpr: string) => `update sellers set
      avg_rating = coalesce((select round(avg(rating), 2) from reviews where seller_id = ${idExpr} and status = 'published'), 0),
      review_count = (select count(*) from reviews where seller_id = ${idExpr} and status = 'published')
    where id = ${idExpr};`;
  await sql
    .raw(
      `create trigger reviews_ai after insert on reviews begin
    ${refreshRating("new.seller_id")}
  end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger reviews_ad after delete on reviews begin
    ${refreshRating("old.seller_id")}
  end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger reviews_au after update of status, rating, seller_id on reviews begin
    ${refreshRating("old.seller_id")}
    ${refreshRating("new.seller_id")}
  end`,
    )
    .execute(db);
}

/**
 * PostgreSQL: the same derived columns kept by trigger functions, and the search document of each seller
 * in `sellers_search` (a tsvector with a GIN index, the `simple` configuration with accents folded, so
 * names and Indian words are never stemmed as English), weighted like the SQLite ranking's columns.
 */
async function postgresSearchAndTriggers(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create text search configuration bwp_simple (copy = simple)`.execute(db);
  await sql`alter text search configuration bwp_simple alter mapping for hword, hword_part, word with unaccent, simple`.execute(
    db,
  );
  await sql`create table sellers_search (
    id integer primary key references sellers(id) on delete cascade,
    document tsvector not null
  )`.execute(db);
  await sql`create index sellers_search_document on sellers_search using gin (document)`.execute(db);
  await sql
    .raw(
      `create function sellers_search_document(s sellers) returns tsvector language sql immutable as $$
      select setweight(to_tsvector('bwp_simple', coalesce(s.business_name, '')), 'A')
        || setweight(to_tsvector('bwp_simple', coalesce(s.owner_name, '')), 'B')
        || setweight(to_tsvector('bwp_simple', coalesce(s.category_names, '')), 'B')
        || setweight(to_tsvector('bwp_simple', coalesce(s.tagline, '')), 'C')
        || setweight(to_tsvector('bwp_simple', coalesce(s.locality, '')), 'C')
        || setweight(to_tsvector('bwp_simple', coalesce(s.description, '')), 'D')
    $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function sellers_search_sync() returns trigger language plpgsql as $$
      begin
        insert into sellers_search (id, document) values (new.id, sellers_search_document(new))
        on conflict (id) do update set document = excluded.document;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(`create trigger sellers_search_ai after insert on sellers for each row execute function sellers_search_sync()`)
    .execute(db);
  await sql
    .raw(
      `create trigger sellers_search_au after update of business_name, owner_name, tagline, description, category_names, locality
      on sellers for each row execute function sellers_search_sync()`,
    )
    .execute(db);

  // sellers.category_names follows the seller's category links and the categories' names (byte order
  // of names, as SQLite compares them, whatever the database's collation).
  const namesOf = (
    idExpr: string,
  ) => `coalesce((select string_agg(c.name, ', ' order by sc.position, c.name collate "C")
      from seller_categories sc join categories c on c.id = sc.category_id where sc.seller_id = ${idExpr}), '')`;
  await sql
    .raw(
      `create function seller_categories_changed() returns trigger language plpgsql as $$
      declare seller integer := case when tg_op = 'DELETE' then old.seller_id else new.seller_id end;
      begin
        update sellers set category_names = ${namesOf("seller")} where id = seller;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger seller_categories_aid after insert or delete on seller_categories
      for each row execute function seller_categories_changed()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function categories_name_changed() returns trigger language plpgsql as $$
      begin
        update sellers set category_names = ${namesOf("sellers.id")}
        where id in (select seller_id from seller_categories where category_id = new.id);
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger categories_au_name after update of name on categories
      for each row execute function categories_name_changed()`,
    )
    .execute(db);

  // avg_rating and review_count count published reviews only (docs/decisions/012-reviews-pending-until-published.md).
  await sql
    .raw(
      `create function refresh_seller_rating(seller integer) returns void language sql as $$
      update sellers set
        avg_rating = coalesce((select round(avg(rating), 2) from reviews where seller_id = seller and status = 'published'), 0),
        review_count = (select count(*) from reviews where seller_id = seller and status = 'published')
      where id = seller
    $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function reviews_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform refresh_seller_rating(old.seller_id); end if;
        if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.seller_id <> old.seller_id) then
          perform refresh_seller_rating(new.seller_id);
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(`create trigger reviews_aid after insert or delete on reviews for each row execute function reviews_changed()`)
    .execute(db);
  await sql
    .raw(
      `create trigger reviews_au after update of status, rating, seller_id on reviews
      for each row execute function reviews_changed()`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "sellers_fts",
    "sellers_search",
    "mail_outbox",
    "uploads",
    "audit_log",
    "notifications",
    "newsletter_subscriptions",
    "enquiries",
    "reviews",
    "seller_subcategories",
    "seller_categories",
    "sellers",
    "subcategories",
    "categories",
    "oauth_states",
    "sessions",
    "users",
  ]) {
    await sql`drop table if exists ${sql.ref(t)}${sql.raw(engineOf(db) === "postgres" ? " cascade" : "")}`.execute(db);
  }
  if (engineOf(db) === "postgres") {
    for (const f of [
      "sellers_search_document(sellers)",
      "sellers_search_sync()",
      "seller_categories_changed()",
      "categories_name_changed()",
      "refresh_seller_rating(integer)",
      "reviews_changed()",
    ])
      await sql.raw(`drop function if exists ${f}`).execute(db);
    await sql`drop text search configuration if exists bwp_simple`.execute(db);
  }
}
