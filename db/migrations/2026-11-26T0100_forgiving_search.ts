import { type Kysely, sql } from "kysely";
import { autoId, engineOf } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.
//
// Forgiving search (docs/decisions/163-search-what-word-matches.md), on both engines:
// - the index's own words, with the number of sellers using each (typo corrections and "Did you mean"
//   are chosen from them): SQLite reads them from an fts5vocab table over `sellers_fts`, PostgreSQL
//   keeps `search_terms` by trigger from the search documents;
// - the staff's groups of spelling variants and synonyms (`search_synonym_terms.term` is the primary key,
//   so a word belongs to one group at most); editing them moves the content version, as the public
//   pages' results change;
// - what visitors searched for, counted per Indian day and normalised query (no address, no session).
// The PostgreSQL documents are rebuilt from text whose punctuation is read as spaces, so that both
// engines index the same words (PostgreSQL's parser otherwise keeps host names, e-mail addresses,
// hyphenated words and tags whole, where SQLite's unicode61 splits them).

const SYNONYM_GROUPS: string[][] = [
  ["saree", "sari", "sarees", "saris"],
  ["jewellery", "jewelry", "jewelery"],
  ["mehendi", "mehndi", "mehandi", "henna"],
  ["tuition", "tuitions", "coaching", "tutor", "tutoring"],
  ["tiffin", "dabba", "tiffins"],
  ["boutique", "boutiques"],
  ["photography", "photographer", "photoshoot"],
  ["ayurveda", "ayurvedic"],
  ["pickle", "pickles", "achaar", "achar"],
  ["sweets", "mithai"],
  ["salwar", "salwaar", "shalwar"],
  ["dupatta", "chunni", "chunri"],
  ["lehenga", "lehnga", "lengha"],
  ["parlour", "parlor", "salon"],
  ["colour", "color"],
  ["namkeen", "snacks"],
  ["crochet", "knitting"],
  ["daycare", "creche", "playschool"],
];

// Every ASCII punctuation mark and the common typographic ones, read as a space by the PostgreSQL
// document (SQLite's tokenizer separates words at them already).
const PUNCTUATION = `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~‘’‚“”„–—…•·`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("search_synonym_groups")
    .addColumn("id", "integer", autoId(db))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("search_synonym_terms")
    .addColumn("term", "text", (c) => c.primaryKey())
    .addColumn("group_id", "integer", (c) => c.notNull().references("search_synonym_groups.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("search_synonym_terms_group").on("search_synonym_terms").column("group_id").execute();
  await db.schema
    .createTable("search_queries_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("searches", "integer", (c) => c.notNull())
    .addColumn("empty_searches", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_queries_daily_pk", ["day", "query"])
    .execute();

  const now = new Date().toISOString();
  for (const terms of SYNONYM_GROUPS) {
    const group = await db
      .insertInto("search_synonym_groups")
      .values({ created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("search_synonym_terms")
      .values(terms.map((term) => ({ term, group_id: group.id })))
      .execute();
  }

  if (engineOf(db) === "postgres") await postgresUp(db);
  else await sqliteUp(db);
}

async function sqliteUp(db: Kysely<any>): Promise<void> {
  await sql`create virtual table sellers_fts_terms using fts5vocab(sellers_fts, row)`.execute(db);
  for (const event of ["insert", "update", "delete"] as const) {
    await sql
      .raw(
        `create trigger content_version_search_synonym_terms_${event} after ${event} on search_synonym_terms
        begin update content_version set version = version + 1 where id = 1; end`,
      )
      .execute(db);
  }
}

async function postgresUp(db: Kysely<any>): Promise<void> {
  const spaces = " ".repeat([...PUNCTUATION].length);
  const text = (column: string) => `translate(coalesce(s.${column}, ''), ${literal(PUNCTUATION)}, '${spaces}')`;
  await sql
    .raw(
      `create or replace function sellers_search_document(s sellers) returns tsvector language sql immutable as $$
      select setweight(to_tsvector('bwp_simple', ${text("business_name")}), 'A')
        || setweight(to_tsvector('bwp_simple', ${text("owner_name")}), 'B')
        || setweight(to_tsvector('bwp_simple', ${text("category_names")}), 'B')
        || setweight(to_tsvector('bwp_simple', ${text("tagline")}), 'C')
        || setweight(to_tsvector('bwp_simple', ${text("locality")}), 'C')
        || setweight(to_tsvector('bwp_simple', ${text("description")}), 'D')
    $$`,
    )
    .execute(db);
  await sql`create table search_terms (term text primary key, documents integer not null)`.execute(db);
  await sql
    .raw(
      `create function search_terms_sync() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update search_terms set documents = documents - 1 where term = any(tsvector_to_array(old.document));
          delete from search_terms where documents <= 0 and term = any(tsvector_to_array(old.document));
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into search_terms (term, documents) select lexeme, 1 from unnest(tsvector_to_array(new.document)) as lexeme
          on conflict (term) do update set documents = search_terms.documents + 1;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_terms_sync after insert or update or delete on sellers_search for each row execute function search_terms_sync()`,
    )
    .execute(db);
  // Rebuilding every document also fills search_terms through the trigger.
  await sql`update sellers_search set document = sellers_search_document(s) from sellers as s where s.id = sellers_search.id`.execute(
    db,
  );
  for (const event of ["insert", "update", "delete"] as const) {
    await sql
      .raw(
        `create trigger content_version_search_synonym_terms_${event} after ${event} on search_synonym_terms
        for each statement execute function bump_content_version()`,
      )
      .execute(db);
  }
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "postgres") {
    await sql`drop trigger if exists search_terms_sync on sellers_search`.execute(db);
    await sql`drop function if exists search_terms_sync()`.execute(db);
    await sql`drop table if exists search_terms`.execute(db);
  } else {
    await sql`drop table if exists sellers_fts_terms`.execute(db);
  }
  await db.schema.dropTable("search_queries_daily").execute();
  await db.schema.dropTable("search_synonym_terms").execute();
  await db.schema.dropTable("search_synonym_groups").execute();
}
