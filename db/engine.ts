import { type ColumnDefinitionBuilder, PostgresAdapter, type RawBuilder, sql } from "kysely";

// The one seam between the two engines the site runs on: SQLite (the embedded default, one file) and
// PostgreSQL (DATABASE_URL, for several instances). Migrations and the few engine-specific queries ask
// here which engine they talk to; models never test for it themselves.

export type Engine = "sqlite" | "postgres";

/** Any Kysely handle (the site's typed one, a migration's untyped one, a transaction). */
type Handle = { getExecutor(): { readonly adapter: unknown } };

/** The engine behind a database handle, a transaction or the migrator's connection. */
export function engineOf(db: Handle): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** True for a `postgres://` or `postgresql://` connection URL (DATABASE_URL), false for a SQLite file path. */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

/** The `id` column of a query's rows as one comma-separated text in `order` (an aggregate; null over no row). */
export function idsInOrder(db: Handle, order: RawBuilder<unknown>): RawBuilder<string | null> {
  return engineOf(db) === "postgres"
    ? sql<string | null>`string_agg(id::text, ',' order by ${order})`
    : sql<string | null>`group_concat(id, ',' order by ${order})`;
}

/** An integer primary key the database numbers: SQLite's autoincrement, PostgreSQL's identity column. */
export function autoId(db: Handle) {
  return (column: ColumnDefinitionBuilder) =>
    engineOf(db) === "postgres"
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
}

/** An integer column wide enough for epoch milliseconds (SQLite's integer is 64-bit already; PostgreSQL's is not). */
export function epochMsType(db: Handle): "integer" | "bigint" {
  return engineOf(db) === "postgres" ? "bigint" : "integer";
}

/**
 * The operator of the back-office's text searches: SQLite's `like` ignores ASCII case by itself,
 * PostgreSQL's needs `ilike`.
 */
export function caseInsensitiveLike(db: Handle): "like" | "ilike" {
  return engineOf(db) === "postgres" ? "ilike" : "like";
}

/** A unique constraint refused the write: SQLite's SQLITE_CONSTRAINT_UNIQUE or PostgreSQL's 23505. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  const code = String((error as { code: unknown }).code);
  // A primary key is unique too (SQLite names its violation apart).
  return code.startsWith("SQLITE_CONSTRAINT_UNIQUE") || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

/** The Monday (YYYY-MM-DD) of the week of an ISO-8601 timestamp column, as SQL. */
export function weekStartOf(db: Handle, column: string): RawBuilder<string> {
  return engineOf(db) === "postgres"
    ? sql<string>`to_char(date_trunc('week', left(${sql.ref(column)}, 10)::date), 'YYYY-MM-DD')`
    : sql<string>`date(${sql.ref(column)}, 'weekday 0', '-6 days')`;
}

/**
 * An ISO-8601 timestamp column moved by whole minutes, as the same ISO text (`2026-11-30T10:59:29.000Z`), so
 * it compares with other timestamp columns as text (the reviews' signals' windows).
 */
export function isoMinutesFrom(db: Handle, column: string, minutes: number): RawBuilder<string> {
  const m = Math.trunc(minutes);
  return engineOf(db) === "postgres"
    ? sql<string>`to_char((${sql.ref(column)}::timestamptz + interval '1 minute' * ${sql.lit(m)}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.ref(column)}, ${sql.lit(`${m >= 0 ? "+" : ""}${m} minutes`)})`;
}

/** The month in India (UTC+5:30, no summer time) of an ISO-8601 timestamp column, as `YYYY-MM`. */
export function indianMonthOf(db: Handle, column: string): RawBuilder<string> {
  return engineOf(db) === "postgres"
    ? sql<string>`to_char((${sql.ref(column)}::timestamptz + interval '330 minutes') at time zone 'UTC', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${sql.ref(column)}, '+330 minutes')`;
}
