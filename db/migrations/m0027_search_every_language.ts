import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.
//
// The search reads a seller's own words in every language she wrote them (docs/decisions/221-search-as-india-types.md):
// her Hindi and Kannada taglines and descriptions (tagline_hi, tagline_kn, description_hi, description_kn of
// 2026-11-29T0300_languages) join the index beside her own text, the taglines weighed as her tagline, the
// descriptions as her description.
// - SQLite: the FTS5 index is built again with the four columns (same tokenizer as 2026-11-29T0100_search_scripts),
//   and its insert, delete and update triggers write them.
// - PostgreSQL: the search document has them (weights C and D), its update trigger fires on them and the
//   trigger function counts them as text; every document is written again.
// - the synonym groups gain words no sound joins (a translation, not a spelling): silk and ರೇಷ್ಮೆ, blouse and
//   ರವಿಕೆ, bridal and दुल्हन, …; a word joins the group that has one of its words already (a staff edit is
//   left as it is), as 2026-11-29T0100_search_scripts added its words.

const GROUPS: string[][] = [
  ["silk", "silks", "reshmi", "resham", "reshme", "रेशम", "रेशमी", "ರೇಷ್ಮೆ"],
  ["blouse", "blouses", "ब्लाउज़", "ರವಿಕೆ", "ravike"],
  ["stitching", "stitched", "stitch"],
  ["embroidery", "embroidered", "कढ़ाई", "ಕಸೂತಿ", "kadhai", "kasuti"],
  ["bridal", "bride", "brides", "dulhan", "दुल्हन", "ವಧು", "ಮದುಮಗಳು", "madumagalu"],
  ["makeup", "मेकअप", "ಮೇಕಪ್"],
  ["food", "meal", "meals"],
  ["bakery", "bake", "bakes", "baked", "baker", "bakers", "baking"],
  ["oil", "oils", "तेल", "ಎಣ್ಣೆ", "enne"],
  ["millets", "millet", "siridhanya", "ಸಿರಿಧಾನ್ಯ"],
  ["pottery", "पॉटरी", "ಪಾಟರಿ", "terracotta"],
  ["festive", "festival", "festivals", "tyohar", "त्योहार", "त्यौहार", "ಹಬ್ಬ", "habba"],
  ["maths", "math", "mathematics", "ganit", "गणित", "ಗಣಿತ"],
  ["social", "सोशल", "ಸೋಷಿಯಲ್"],
  ["media", "मीडिया", "ಮೀಡಿಯಾ"],
  ["tax", "taxes", "gst", "टैक्स", "जीएसटी", "ತೆರಿಗೆ", "terige"],
];

const JOINERS = "\u200C\u200D";
const PUNCTUATION = `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~‘’‚“”„–—…•·।॥₹«»‹›¡¿§¶°±×÷′″`;

const OWN_TEXT = ["business_name", "owner_name", "tagline", "description", "category_names", "locality"];
const IN_LANGUAGES = ["tagline_hi", "tagline_kn", "description_hi", "description_kn"];

/** m0026_service_area's columns of the search documents. */
const SEARCH_PUBLIC_COLUMNS = [
  "status",
  "subscription_end_date",
  "city",
  "is_featured",
  "latitude",
  "longitude",
  "serves",
  "serves_km",
];

async function sqliteIndex(db: Kysely<any>, columns: string[]): Promise<void> {
  for (const trigger of ["sellers_fts_ai", "sellers_fts_ad", "sellers_fts_au"])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop table if exists sellers_fts_terms`.execute(db);
  await sql`drop table sellers_fts`.execute(db);
  const list = columns.join(", ");
  const of = (row: "new" | "old") => columns.map((c) => `${row}.${c}`).join(", ");
  await sql
    .raw(
      `create virtual table sellers_fts using fts5(
      ${list},
      content='sellers', content_rowid='id',
      tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*' tokenchars '${JOINERS}'", prefix='2 3'
    )`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger sellers_fts_ai after insert on sellers begin
    insert into sellers_fts(rowid, ${list}) values (new.id, ${of("new")});
  end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger sellers_fts_ad after delete on sellers begin
    insert into sellers_fts(sellers_fts, rowid, ${list}) values ('delete', old.id, ${of("old")});
  end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger sellers_fts_au after update of ${list} on sellers begin
    insert into sellers_fts(sellers_fts, rowid, ${list}) values ('delete', old.id, ${of("old")});
    insert into sellers_fts(rowid, ${list}) values (new.id, ${of("new")});
  end`,
    )
    .execute(db);
  await sql`insert into sellers_fts(sellers_fts) values ('rebuild')`.execute(db);
  await sql`create virtual table sellers_fts_terms using fts5vocab(sellers_fts, row)`.execute(db);
}

const WEIGHTS: Record<string, string> = {
  business_name: "A",
  owner_name: "B",
  category_names: "B",
  tagline: "C",
  locality: "C",
  tagline_hi: "C",
  tagline_kn: "C",
  description: "D",
  description_hi: "D",
  description_kn: "D",
};

async function postgresDocuments(db: Kysely<any>, columns: string[]): Promise<void> {
  const spaces = " ".repeat([...PUNCTUATION].length);
  const text = (column: string) =>
    `translate(coalesce(s.${column}, ''), '${(PUNCTUATION + JOINERS).replace(/'/g, "''")}', '${spaces}')`;
  const document = columns
    .map((c) => `setweight(to_tsvector('bwp_simple', ${text(c)}), '${WEIGHTS[c]}')`)
    .join("\n        || ");
  await sql
    .raw(
      `create or replace function sellers_search_document(s sellers) returns tsvector language sql immutable as $$
      select ${document}
    $$`,
    )
    .execute(db);
  const textChanged = columns.map((c) => `new.${c} is distinct from old.${c}`).join(" or ");
  const carried = SEARCH_PUBLIC_COLUMNS;
  await sql
    .raw(
      `create or replace function sellers_search_sync() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and not (${textChanged}) then
          update sellers_search set ${carried.map((c) => `${c} = new.${c}`).join(", ")} where id = new.id;
        else
          insert into sellers_search (id, document, ${carried.join(", ")})
          values (new.id, sellers_search_document(new), ${carried.map((c) => `new.${c}`).join(", ")})
          on conflict (id) do update set document = excluded.document,
            ${carried.map((c) => `${c} = excluded.${c}`).join(", ")};
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`drop trigger sellers_search_au on sellers`.execute(db);
  await sql
    .raw(
      `create trigger sellers_search_au after update of ${[...columns, ...carried].join(", ")}
      on sellers for each row execute function sellers_search_sync()`,
    )
    .execute(db);
  await sql`update sellers_search set document = sellers_search_document(s) from sellers as s where s.id = sellers_search.id`.execute(
    db,
  );
}

async function seedGroups(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  for (const group of GROUPS) {
    const words = [...new Set(group.map((w) => w.normalize("NFKC").toLowerCase()))];
    const known: { term: string; group_id: number }[] = await db
      .selectFrom("search_synonym_terms")
      .select(["term", "group_id"])
      .where("term", "in", words)
      .execute();
    const fresh = words.filter((w) => !known.some((k) => k.term === w));
    if (!fresh.length) continue;
    const groupId =
      known[0]?.group_id ??
      (
        await db
          .insertInto("search_synonym_groups")
          .values({ created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    if (known.length)
      await db.updateTable("search_synonym_groups").set({ updated_at: now }).where("id", "=", groupId).execute();
    await db
      .insertInto("search_synonym_terms")
      .values(fresh.map((term) => ({ term, group_id: groupId })))
      .execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "postgres") await postgresDocuments(db, [...OWN_TEXT, ...IN_LANGUAGES]);
  else await sqliteIndex(db, [...OWN_TEXT, ...IN_LANGUAGES]);
  await seedGroups(db);
}

// The words stay (a staff edit may have changed their groups since); the index is built as before.
export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "postgres") await postgresDocuments(db, OWN_TEXT);
  else await sqliteIndex(db, OWN_TEXT);
}
