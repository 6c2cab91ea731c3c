import { type Kysely, sql } from "kysely";
import { engineOf } from "../engine";

// Frozen once landed: later changes go in a new, later-named migration.
//
// Search in Devanagari and Kannada script (docs/decisions/188-search-scripts-and-sound-alikes.md):
// - SQLite: the FTS5 index is built again with marks (virama, vowel signs, nukta, anusvara: Unicode's M*
//   categories) and the joiners ZWNJ and ZWJ as word characters, so an Indic word is one token; unicode61
//   otherwise separates words at every mark (दर्जी was द, र and ज).
// - PostgreSQL: its parser keeps marks in words under a UTF-8 locale (glibc counts them as letters) but
//   splits at the joiners, and under the C locale it reads every non-ASCII character as a letter: the
//   documents now drop the joiners and read the danda, the rupee sign and a few more marks as spaces, so
//   both engines keep the same words whole under either locale. (The joiners stay inside SQLite's words
//   and are dropped from PostgreSQL's; the search folds them away on both sides, search-text.ts.)
// - the synonym groups gain the Hindi (Devanagari), Kannada and romanised words of every seeded category,
//   added to a group that already has one of their words, else as a new group; a word some group already
//   has (a staff edit) is left where it is.

const GROUPS: string[][] = [
  // Fashion & Apparel
  ["fashion", "फ़ैशन", "ಫ್ಯಾಷನ್"],
  ["apparel", "कपड़े", "कपड़ा", "पोशाक", "ಬಟ್ಟೆ", "ಉಡುಪು", "kapde", "kapda", "batte", "udupu"],
  ["tailor", "tailoring", "दर्जी", "टेलर", "ಟೈಲರ್", "ದರ್ಜಿ", "darzi", "darji"],
  ["stitching", "सिलाई", "ಹೊಲಿಗೆ", "silai", "holige"],
  ["saree", "साड़ी", "ಸೀರೆ", "seere"],
  ["jewellery", "गहने", "ज़ेवर", "आभूषण", "ಆಭರಣ", "ಒಡವೆ", "gehne", "zevar", "abharana", "odave"],
  // Beauty & Wellness
  ["beauty", "ब्यूटी", "सौंदर्य", "ಬ್ಯೂಟಿ", "ಸೌಂದರ್ಯ", "saundarya"],
  ["parlour", "पार्लर", "ಪಾರ್ಲರ್"],
  ["mehendi", "मेहंदी", "मेंहदी", "ಮೆಹಂದಿ", "ಮದರಂಗಿ", "madarangi"],
  // Food & Beverages
  ["food", "खाना", "भोजन", "ಊಟ", "ಆಹಾರ", "khana", "bhojan", "oota", "aahara"],
  ["tiffin", "टिफ़िन", "डब्बा", "ಟಿಫಿನ್"],
  ["pickle", "अचार", "ಉಪ್ಪಿನಕಾಯಿ", "uppinakayi"],
  ["sweets", "मिठाई", "ಸಿಹಿ", "ಸಿಹಿತಿಂಡಿ", "sihi"],
  ["namkeen", "नमकीन", "ಖಾರ", "khara"],
  ["cake", "केक", "ಕೇಕ್"],
  ["bakery", "बेकरी", "ಬೇಕರಿ"],
  // Education & Training
  ["education", "शिक्षा", "पढ़ाई", "ಶಿಕ್ಷಣ", "shiksha", "padhai", "shikshana"],
  ["tuition", "ट्यूशन", "ಟ್ಯೂಷನ್"],
  ["training", "प्रशिक्षण", "ट्रेनिंग", "ತರಬೇತಿ", "prashikshan", "tarabeti"],
  // Technology & Digital
  ["technology", "टेक्नोलॉजी", "तकनीक", "ತಂತ್ರಜ್ಞಾನ", "taknik", "tantrajnana"],
  ["digital", "डिजिटल", "ಡಿಜಿಟಲ್"],
  ["website", "वेबसाइट", "ವೆಬ್\u200Cಸೈಟ್"],
  // Healthcare & Medical
  ["healthcare", "स्वास्थ्य", "सेहत", "ಆರೋಗ್ಯ", "swasthya", "sehat", "arogya"],
  ["medical", "चिकित्सा", "डॉक्टर", "ಡಾಕ್ಟರ್", "ವೈದ್ಯ", "vaidya", "chikitsa"],
  ["physiotherapy", "फ़िज़ियोथेरेपी", "ಫಿಸಿಯೋಥೆರಪಿ"],
  // Home & Lifestyle
  ["home", "घर", "ಮನೆ", "ghar", "mane"],
  ["decor", "सजावट", "ಅಲಂಕಾರ", "sajavat", "alankara"],
  // Art & Crafts
  ["art", "कला", "ಕಲೆ", "kala"],
  ["crafts", "craft", "हस्तशिल्प", "दस्तकारी", "ಕರಕುಶಲ", "hastshilp", "dastkari", "karakushala"],
  ["pottery", "potter", "कुम्हार", "ಕುಂಬಾರ", "kumhar", "kumbara"],
  ["painting", "पेंटिंग", "चित्रकारी", "ಚಿತ್ರಕಲೆ", "chitrakari", "chitrakale"],
  ["knitting", "बुनाई", "क्रोशिया", "ಹೆಣಿಗೆ", "bunai"],
  // Events & Entertainment
  ["events", "event", "इवेंट", "कार्यक्रम", "ಈವೆಂಟ್", "ಕಾರ್ಯಕ್ರಮ", "karyakram"],
  ["photography", "फ़ोटोग्राफ़र", "फ़ोटो", "ಫೋಟೋಗ್ರಾಫರ್", "ಫೋಟೋ", "ಛಾಯಾಗ್ರಹಣ"],
  ["wedding", "शादी", "विवाह", "ಮದುವೆ", "shaadi", "vivah", "maduve"],
  ["dance", "डांस", "नृत्य", "ಡ್ಯಾನ್ಸ್", "ನೃತ್ಯ", "nritya"],
  ["music", "संगीत", "ಸಂಗೀತ", "sangeet"],
  // Fitness & Sports
  ["fitness", "फ़िटनेस", "ಫಿಟ್\u200Cನೆಸ್"],
  ["yoga", "योग", "ಯೋಗ", "yog"],
  ["sports", "sport", "खेल", "ಕ್ರೀಡೆ", "khel", "kreede"],
  // Travel & Tourism
  ["travel", "यात्रा", "सफ़र", "ಪ್ರವಾಸ", "yatra", "safar", "pravasa"],
  ["tourism", "पर्यटन", "ಪ್ರವಾಸೋದ್ಯಮ", "paryatan"],
  // Professional Services
  ["services", "service", "सेवा", "सर्विस", "ಸೇವೆ", "seva", "seve"],
  ["legal", "वकील", "क़ानूनी", "ವಕೀಲ", "vakil"],
  ["professional", "पेशेवर", "ವೃತ್ತಿಪರ", "peshevar"],
  // Agriculture & Organic
  ["organic", "जैविक", "ऑर्गेनिक", "ಸಾವಯವ", "jaivik", "savayava"],
  ["agriculture", "खेती", "कृषि", "ಕೃಷಿ", "kheti", "krishi"],
  ["honey", "शहद", "ಜೇನು", "shahad", "jenu"],
  // Real Estate & Property
  ["property", "प्रॉपर्टी", "संपत्ति", "ಆಸ್ತಿ", "sampatti", "aasti"],
  ["rent", "किराया", "ಬಾಡಿಗೆ", "kiraya", "badige"],
  // Transportation & Logistics
  ["transportation", "transport", "परिवहन", "ट्रांसपोर्ट", "ಸಾರಿಗೆ", "parivahan", "saarige"],
  ["courier", "कूरियर", "ಕೊರಿಯರ್"],
  ["logistics", "लॉजिस्टिक्स", "ಲಾಜಿಸ್ಟಿಕ್ಸ್"],
  // Gifts & Hampers
  ["gifts", "gift", "तोहफ़ा", "उपहार", "गिफ़्ट", "ಉಡುಗೊರೆ", "tohfa", "upahar", "udugore"],
  ["hampers", "hamper", "हैंपर", "ಹ್ಯಾಂಪರ್"],
];

// Read as spaces by the PostgreSQL documents, besides the marks the 2026-11-26 migration lists: the danda
// and double danda, the rupee sign and other signs a C-locale parser would take for letters.
const PUNCTUATION = `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~‘’‚“”„–—…•·।॥₹«»‹›¡¿§¶°±×÷′″`;
const JOINERS = "\u200C\u200D";

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "postgres") await postgresDocuments(db);
  else await sqliteIndex(db);
  await seedGroups(db);
}

async function sqliteIndex(db: Kysely<any>): Promise<void> {
  // The triggers of the 2026-11-21 migration write to the table by name and go on working.
  await sql`drop table if exists sellers_fts_terms`.execute(db);
  await sql`drop table sellers_fts`.execute(db);
  await sql
    .raw(
      `create virtual table sellers_fts using fts5(
      business_name, owner_name, tagline, description, category_names, locality,
      content='sellers', content_rowid='id',
      tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*' tokenchars '${JOINERS}'", prefix='2 3'
    )`,
    )
    .execute(db);
  await sql`insert into sellers_fts(sellers_fts) values ('rebuild')`.execute(db);
  await sql`create virtual table sellers_fts_terms using fts5vocab(sellers_fts, row)`.execute(db);
}

async function postgresDocuments(db: Kysely<any>): Promise<void> {
  const spaces = " ".repeat([...PUNCTUATION].length);
  const text = (column: string) =>
    `translate(coalesce(s.${column}, ''), ${literal(PUNCTUATION + JOINERS)}, '${spaces}')`;
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
  await sql`update sellers_search set document = sellers_search_document(s) from sellers as s where s.id = sellers_search.id`.execute(
    db,
  );
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
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

export async function down(db: Kysely<any>): Promise<void> {
  // The words stay (a staff edit may have changed their groups since); the index is built as before.
  if (engineOf(db) === "postgres") {
    const punctuation = PUNCTUATION.slice(0, PUNCTUATION.indexOf("।"));
    const spaces = " ".repeat([...punctuation].length);
    const text = (column: string) => `translate(coalesce(s.${column}, ''), ${literal(punctuation)}, '${spaces}')`;
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
    await sql`update sellers_search set document = sellers_search_document(s) from sellers as s where s.id = sellers_search.id`.execute(
      db,
    );
    return;
  }
  await sql`drop table if exists sellers_fts_terms`.execute(db);
  await sql`drop table sellers_fts`.execute(db);
  await sql`create virtual table sellers_fts using fts5(
    business_name, owner_name, tagline, description, category_names, locality,
    content='sellers', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3'
  )`.execute(db);
  await sql`insert into sellers_fts(sellers_fts) values ('rebuild')`.execute(db);
  await sql`create virtual table sellers_fts_terms using fts5vocab(sellers_fts, row)`.execute(db);
}
