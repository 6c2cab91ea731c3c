import { type Kysely, sql } from "kysely";

// Frozen once landed: later changes go in a new, later-named migration.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
    .addColumn("avg_rating", "real", (c) => c.notNull().defaultTo(0))
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
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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

  // avg_rating and review_count count published reviews only (decision 12).
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

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "sellers_fts",
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
    await sql`drop table if exists ${sql.ref(t)}`.execute(db);
  }
}
