import SQLite from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  Migrator,
  sql,
  SqliteDialect,
  type SqliteDatabase,
} from "kysely";
import { LRUCache } from "lru-cache";
import { migrationProvider } from "./migrations/index";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

export function databasePath(): string {
  return resolve(process.env.DATABASE_PATH || "./data/app.db");
}

/**
 * Transactions start with BEGIN IMMEDIATE: they take the write lock first (waiting up to the busy
 * timeout), so a transaction that reads and then writes never fails with "database is locked" when
 * another process (a script, the tests, a second server) wrote in between. Every transaction here writes.
 */
class ImmediateTransactionsDialect extends SqliteDialect {
  createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    };
    return driver;
  }
}

/** Opens (creating if needed) a SQLite file with WAL, foreign keys and a busy timeout. */
export function openDatabase(path: string = databasePath()): DB {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // 16 MiB of page cache (SQLite's default is 2 MiB): a search reads the narrow public index and the FTS
  // document sizes at random, ~6 MB at 100,000 sellers; with the default every match re-reads pages.
  sqlite.pragma("cache_size = -16384");
  const db = new Kysely<Database>({
    dialect: new ImmediateTransactionsDialect({ database: withStatementCache(sqlite) }),
  });
  connections.set(db, sqlite);
  return db;
}

/**
 * Kysely asks for a new prepared statement for every query it runs; compiling the same SQL again showed
 * in the profile (about 5 % of a cached page's time). A statement is reused for the same SQL text unless
 * it is still being iterated (a streamed export), which gets a fresh one.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: 500 });
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) statements.set(sql, statement);
      return statement;
    },
  };
}

const connections = new WeakMap<DB, SQLite.Database>();

/**
 * The better-sqlite3 connection under a database opened here, for the few synchronous statements
 * (the shared rate-limit counters). Same connection, so no second writer can deadlock the first.
 */
export function sqliteOf(db: DB): SQLite.Database {
  const sqlite = connections.get(db);
  if (!sqlite) throw new Error("this database was not opened by openDatabase()");
  return sqlite;
}

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const errors: string[] = [];
  for (const r of results ?? []) {
    if (r.status === "Error") errors.push(`migration ${r.migrationName} failed`);
  }
  if (error)
    throw new Error([...errors, error instanceof Error ? error.message : String(error)].join("; "), { cause: error });
}

/** Names of the migrations this code has that the database has not run (empty when current). */
export async function pendingMigrations(db: DB): Promise<string[]> {
  const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
  return migrations.filter((m) => !m.executedAt).map((m) => m.name);
}

/** Throws unless the database answers a trivial query (readiness). */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

/** A consistent copy of the whole database in one new file, taken while the site keeps writing. */
export async function copyDatabaseTo(db: DB, file: string): Promise<void> {
  await sql`VACUUM INTO ${file}`.execute(db);
}

/** SQLite's integrity check of a database file, opened read-only: "ok", or what is wrong. */
export function integrityOf(file: string): string {
  try {
    const check = new SQLite(file, { readonly: true });
    try {
      return String(check.pragma("integrity_check", { simple: true }));
    } finally {
      check.close();
    }
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Closes the process-wide database, if open (at shutdown: SQLite checkpoints its WAL). */
export async function closeDb(): Promise<void> {
  const db = globalForDb.__db;
  globalForDb.__db = undefined;
  await db?.destroy();
}

const globalForDb = globalThis as unknown as { __db?: DB };

/** The process-wide database (survives dev-server module reloads). */
export function getDb(): DB {
  globalForDb.__db ??= openDatabase();
  return globalForDb.__db;
}
