import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.
//
// PostgreSQL's search documents carry the business name and the locality, each with its own words (a small
// tsvector and its GIN index), so the suggestions as one types (public sellers whose business name or locality
// begins with the typed words) are read from `sellers_search` alone and test a few words per match: at 100,000
// sellers `sa` begins a word of 28,000 documents, each a whole document of every column and language to test
// for a business name's word, and each match's wide sellers row was read for its locality (45 ms for the
// suggestions; docs/performance.md, "Search at scale"). SQLite reads the same from its FTS5 columns and its
// narrow covering index (m0032_search_public_covers_locality): nothing to do there.

const JOINERS = "\u200C\u200D";
const PUNCTUATION = `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~‘’‚“”„–—…•·।॥₹«»‹›¡¿§¶°±×÷′″`;

/** m0027_search_every_language's columns carried beside each document. */
const CARRIED = [
  "status",
  "subscription_end_date",
  "city",
  "is_featured",
  "latitude",
  "longitude",
  "serves",
  "serves_km",
];
/** Carried with their words, for the suggestions. */
const NAMES = ["business_name", "locality"];
/** The columns the document is made of (m0027_search_every_language). */
const TEXT = [
  "business_name",
  "owner_name",
  "tagline",
  "description",
  "category_names",
  "locality",
  "tagline_hi",
  "tagline_kn",
  "description_hi",
  "description_kn",
];

/** A column's words as the documents have them (m0027_search_every_language's tokens of one column, no weight). */
function wordsOf(column: string): string {
  const marks = PUNCTUATION + JOINERS;
  const spaces = " ".repeat([...marks].length);
  return `to_tsvector('bwp_simple', translate(coalesce(new.${column}, ''), '${marks.replace(/'/g, "''")}', '${spaces}'))`;
}

/** The trigger function writing each document; `names` adds the business name and the locality, with their words. */
async function documentsCarry(db: Kysely<any>, names: boolean): Promise<void> {
  const textChanged = TEXT.map((c) => `new.${c} is distinct from old.${c}`).join(" or ");
  const columns = [...CARRIED, ...(names ? [...NAMES, ...NAMES.map((c) => `${c}_words`)] : [])];
  const values = [
    ...CARRIED.map((c) => `new.${c}`),
    ...(names ? [...NAMES.map((c) => `new.${c}`), ...NAMES.map(wordsOf)] : []),
  ];
  // A change of the carried columns alone leaves the names as they are: they are words of the document.
  await sql
    .raw(
      `create or replace function sellers_search_sync() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and not (${textChanged}) then
          update sellers_search set ${CARRIED.map((c) => `${c} = new.${c}`).join(", ")} where id = new.id;
        else
          insert into sellers_search (id, document, ${columns.join(", ")})
          values (new.id, sellers_search_document(new), ${values.join(", ")})
          on conflict (id) do update set document = excluded.document,
            ${columns.map((c) => `${c} = excluded.${c}`).join(", ")};
        end if;
        return null;
      end $$`,
    )
    .execute(db);
}

/** `sellers_search_matching` returns the table's rows: made again when its columns change. */
async function matchingFunction(db: Kysely<any>): Promise<void> {
  await sql`drop function sellers_search_matching(tsquery)`.execute(db);
  await sql
    .raw(
      `create function sellers_search_matching(query tsquery) returns setof sellers_search
      language sql stable set enable_seqscan = off as $$
        select * from sellers_search where document @@ query
      $$`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== "postgres") return;
  await sql`alter table sellers_search add column business_name text, add column locality text,
    add column business_name_words tsvector, add column locality_words tsvector`.execute(db);
  // The terms trigger fires on the document only: writing the names leaves the word counts alone.
  await sql
    .raw(
      `update sellers_search set business_name = new.business_name, locality = new.locality,
        business_name_words = ${wordsOf("business_name")}, locality_words = ${wordsOf("locality")}
      from sellers as new where new.id = sellers_search.id`,
    )
    .execute(db);
  await sql`create index sellers_search_business_name_words on sellers_search using gin (business_name_words)`.execute(
    db,
  );
  await sql`create index sellers_search_locality_words on sellers_search using gin (locality_words)`.execute(db);
  await matchingFunction(db);
  // The update trigger already fires on both columns (they are words of the document).
  await documentsCarry(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== "postgres") return;
  await documentsCarry(db, false);
  await sql`alter table sellers_search drop column business_name, drop column locality,
    drop column business_name_words, drop column locality_words`.execute(db);
  await matchingFunction(db);
}
