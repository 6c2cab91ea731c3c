import { sql } from "kysely";
import { type DB, migrateToLatest } from "./client";
import { engineOf } from "./engine";

// The one-way move of a site from its SQLite file to PostgreSQL (`npm run db:copy -- --to postgres://…`):
// every table, ids included, into an empty, freshly migrated PostgreSQL database, in one transaction (a
// failure leaves it empty). The triggers of the target rebuild what is derived (search documents,
// category names, ratings) as rows arrive; the identity sequences continue after the highest id; the row
// counts of both sides are compared at the end.

/** Parents before children, so every foreign key finds its row. */
export const COPY_ORDER = [
  "users",
  "categories",
  "subcategories",
  "sellers",
  "seller_categories",
  "seller_subcategories",
  "reviews",
  "review_invitations",
  "enquiries",
  "newsletter_subscriptions",
  "notifications",
  "audit_log",
  "uploads",
  "mail_outbox",
  "image_variant_jobs",
  "oauth_states",
  "sessions",
  "rate_limits",
  "sign_in_addresses",
  "recovery_codes",
  "passkeys",
  "search_synonym_groups",
  "search_synonym_terms",
  "search_queries_daily",
  "seller_leads",
  "seller_mails",
  "payments",
  "payment_events",
  "quote_requests",
  "quote_matches",
  "quote_spam_marks",
  "backup_runs",
] as const;

/** Tables a first migration fills with a starting list: the copy replaces that list with the site's own. */
const SEEDED_BY_MIGRATIONS = new Set<string>(["search_synonym_groups", "search_synonym_terms"]);

/** Each table's key, to read it in pages of a stable order. */
const KEY_OF: Record<(typeof COPY_ORDER)[number], string[]> = {
  users: ["id"],
  categories: ["id"],
  subcategories: ["id"],
  sellers: ["id"],
  seller_categories: ["seller_id", "category_id"],
  seller_subcategories: ["seller_id", "subcategory_id"],
  reviews: ["id"],
  review_invitations: ["id"],
  enquiries: ["id"],
  newsletter_subscriptions: ["id"],
  notifications: ["id"],
  audit_log: ["id"],
  uploads: ["id"],
  mail_outbox: ["id"],
  image_variant_jobs: ["key"],
  oauth_states: ["state"],
  sessions: ["id"],
  rate_limits: ["key"],
  sign_in_addresses: ["email", "address"],
  recovery_codes: ["id"],
  passkeys: ["id"],
  search_synonym_groups: ["id"],
  search_synonym_terms: ["term"],
  search_queries_daily: ["day", "query"],
  seller_leads: ["seller_id", "day", "kind"],
  seller_mails: ["seller_id", "kind", "period"],
  payments: ["id"],
  payment_events: ["id"],
  quote_requests: ["id"],
  quote_matches: ["request_id", "seller_id"],
  quote_spam_marks: ["email"],
  backup_runs: ["id"],
};

const BATCH = 500;

export type CopyReport = { tables: { table: string; rows: number }[] };

export class CopyRefused extends Error {}

async function countRows(db: DB, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Rows per table of the site (every table of COPY_ORDER): what a restore drill checks. */
export async function rowCounts(db: DB): Promise<Record<string, number | null>> {
  const counts: Record<string, number | null> = {};
  for (const table of COPY_ORDER) counts[table] = await countRows(db, table);
  return counts;
}

/**
 * Copies a SQLite site into an empty PostgreSQL database. Both are migrated first (the source to this
 * code's latest, the target from nothing); a target with any row in any table is refused.
 */
export async function copySqliteToPostgres(
  source: DB,
  target: DB,
  onTable: (table: string, rows: number) => void = () => undefined,
): Promise<CopyReport> {
  if (engineOf(source) !== "sqlite") throw new CopyRefused("the source must be the SQLite site (DATABASE_PATH)");
  if (engineOf(target) !== "postgres") throw new CopyRefused("the target must be a postgres:// database (--to)");
  await migrateToLatest(source);
  await migrateToLatest(target);
  // categories may hold the seed of a first start: only an untouched database may be replaced by the copy.
  for (const table of COPY_ORDER) {
    if (!SEEDED_BY_MIGRATIONS.has(table) && (await countRows(target, table)) > 0)
      throw new CopyRefused(`the target is not empty: ${table} has rows (copy into a new, empty database)`);
  }
  const report: CopyReport = { tables: [] };
  await target.transaction().execute(async (trx) => {
    for (const table of [...SEEDED_BY_MIGRATIONS].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx);
    for (const table of COPY_ORDER) {
      let copied = 0;
      for (let offset = 0; ; offset += BATCH) {
        const order = sql.join(KEY_OF[table].map((column) => sql.ref(column)));
        const { rows } = await sql<
          Record<string, unknown>
        >`select * from ${sql.table(table)} order by ${order} limit ${BATCH} offset ${offset}`.execute(source);
        if (!rows.length) break;
        await trx
          .insertInto(table as never)
          .values(rows as never)
          .execute();
        copied += rows.length;
      }
      report.tables.push({ table, rows: copied });
      onTable(table, copied);
    }
    // Every identity column (the `id` PostgreSQL numbers) continues after the highest copied id.
    const { rows: numbered } = await sql<{ table_name: string; column_name: string }>`select table_name, column_name
      from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'`.execute(trx);
    for (const { table_name: table, column_name: column } of numbered)
      await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
        trx,
      );
    // The copy is new content to every cache.
    await sql`update content_version set version = version + 1 where id = 1`.execute(trx);
  });
  for (const { table, rows } of report.tables) {
    const [from, to] = [await countRows(source, table), await countRows(target, table)];
    if (from !== rows || to !== rows)
      throw new Error(`row counts differ after the copy: ${table} has ${from} rows in SQLite and ${to} in PostgreSQL`);
  }
  return report;
}
