import SQLite from "better-sqlite3";
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { cp, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { createInterface } from "node:readline";
import {
  type Compilable,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  type SqliteDatabase,
} from "kysely";
import { LRUCache } from "lru-cache";
import type pg from "pg";
import type Cursor from "pg-cursor";
import { engineOf, isPostgresUrl } from "./engine";
import { migrationProvider } from "./migrations/index";
import type { Database } from "./schema";
import { readDatabaseSettings } from "./settings";

export type DB = Kysely<Database>;

/** DATABASE_PATH: the SQLite file. */
export function databasePath(): string {
  return readDatabaseSettings().path;
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

/** Where the site's data lives: DATABASE_URL (PostgreSQL) when set, else the SQLite file. */
export function databaseTarget(): string {
  const settings = readDatabaseSettings();
  return settings.url ?? settings.path;
}

/** The target as it may be shown (a PostgreSQL URL without its password). */
export function describeTarget(target: string = databaseTarget()): string {
  if (!isPostgresUrl(target)) return target;
  try {
    const url = new URL(target);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "postgres://(unparsable URL)";
  }
}

/**
 * Opens the site's database: a PostgreSQL pool for a `postgres://` URL, else (creating if needed) a
 * SQLite file with WAL, foreign keys and a busy timeout.
 */
export function openDatabase(target: string = databaseTarget(), options: { poolSize?: number } = {}): DB {
  const db = isPostgresUrl(target) ? openPostgres(target, options.poolSize) : openSqlite(target);
  targets.set(db, target);
  return db;
}

const targets = new WeakMap<DB, string>();

/** Whether `db` is a database opened here (not a transaction of one, nor any other Kysely instance). */
export function isOpenedDatabase(db: DB): boolean {
  return targets.has(db);
}

/** What a database opened here was opened from: its SQLite file path or its PostgreSQL URL. */
export function targetOf(db: DB): string {
  const target = targets.get(db);
  if (!target) throw new Error("this database was not opened by openDatabase()");
  return target;
}

// The PostgreSQL driver is loaded with the first PostgreSQL database opened, not at start-up: a site on
// its SQLite file never loads it (docs/performance.md, "Start-up"). Required, not imported, as the pool
// and the session lock below are made synchronously.
const requireLazily = createRequire(import.meta.url);
let driver: { pg: typeof pg; Cursor: typeof Cursor } | undefined;
function postgresDriver(): { pg: typeof pg; Cursor: typeof Cursor } {
  return (driver ??= { pg: requireLazily("pg") as typeof pg, Cursor: requireLazily("pg-cursor") as typeof Cursor });
}

// PostgreSQL answers count(*) and sums as int8 and averages as numeric, both as strings by default; the
// models expect numbers, as SQLite gives them (counts here stay far below 2^53).
const INT8 = 20;
const NUMERIC = 1700;
const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return postgresDriver().pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

function openPostgres(url: string, poolSize = readDatabaseSettings().poolSize): DB {
  const { pg, Cursor } = postgresDriver();
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  // An idle client that loses its server (a restart, a failover) must not crash the process.
  pool.on("error", () => undefined);
  const counter = { statements: 0 };
  const db = new Kysely<Database>({
    dialect: new WriteLockedPostgresDialect({ pool, cursor: Cursor }),
    log: () => void counter.statements++,
  });
  counters.set(db, counter);
  pools.set(db, pool);
  return db;
}

/**
 * PostgreSQL's advisory locks of the site, in one place (arbitrary constants, the same in every instance):
 * `writes`, which every write transaction takes first, and `periodicRunner`, which the instance that runs
 * the periodic tasks holds (`trySessionLock`).
 */
export const ADVISORY_LOCKS = { writes: 72_017_001, periodicRunner: 72_017_002 } as const;

/**
 * Transactions take one deployment-wide write lock when they begin, like SQLite's BEGIN IMMEDIATE: a
 * transaction that reads and then decides what to write (the last active admin, a unique slug, a code
 * used once) never interleaves with another instance's, whatever the isolation level. Plain statements
 * outside transactions do not take it.
 */
class WriteLockedPostgresDialect extends PostgresDialect {
  createDriver(): Driver {
    const driver = super.createDriver();
    const begin = driver.beginTransaction.bind(driver);
    driver.beginTransaction = async (connection, settings) => {
      await begin(connection, settings);
      await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${ADVISORY_LOCKS.writes})`));
    };
    return driver;
  }
}

const pools = new WeakMap<DB, pg.Pool>();

const counters = new WeakMap<DB, { statements: number }>();

/**
 * How many statements a database opened here has run so far (each one a round trip on PostgreSQL): the
 * tests pin how many a page's render sends.
 */
export function statementsRun(db: DB): number {
  const counter = counters.get(db);
  if (!counter) throw new Error("this database was not opened by openDatabase()");
  return counter.statements;
}

/** The pg pool under a PostgreSQL database opened here (LISTEN/NOTIFY needs a client of its own). */
export function poolOf(db: DB): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error("this database is not a PostgreSQL one opened by openDatabase()");
  return pool;
}

/**
 * A read written with Kysely and compiled once, run on PostgreSQL as a named statement that each connection of the
 * pool prepares on its first run (then neither compiled nor parsed and planned again): for a statement run very
 * often, the response cache's content version (docs/performance.md).
 */
export function preparedPostgresRead<Row>(db: DB, name: string, query: Compilable<Row>): () => Promise<Row[]> {
  const pool = poolOf(db);
  const { sql, parameters } = query.compile();
  const statement = { name, text: sql, values: [...parameters] };
  const counter = counters.get(db)!;
  return async () => {
    counter.statements++; // counted as Kysely's statements are (statementsRun)
    return (await pool.query<Row & pg.QueryResultRow>(statement)).rows;
  };
}

/** Whether several instances of the site may share this database (PostgreSQL); a SQLite file has one machine. */
export function instancesMayShare(db: DB): boolean {
  return engineOf(db) === "postgres";
}

/** A lock attempt on a connection of its own: release it in every case (closing the connection frees the lock). */
export type SessionLock = {
  /** true once this process holds the lock, false when another session holds it */
  acquired: Promise<boolean>;
  release(): Promise<void>;
};

/**
 * Tries to take one of the advisory locks for as long as this process lives, on a PostgreSQL connection of
 * its own: when the process dies its connection closes and the server frees the lock. `onError` hears of
 * the connection failing (the lock is then lost).
 */
export function trySessionLock(
  db: DB,
  lock: keyof typeof ADVISORY_LOCKS,
  onError: (error: unknown) => void,
): SessionLock {
  const client = new (postgresDriver().pg.Client)({ connectionString: targetOf(db) });
  client.on("error", onError);
  const acquired = (async () => {
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [
      ADVISORY_LOCKS[lock],
    ]);
    return rows[0]?.ok === true;
  })();
  return { acquired, release: () => client.end().catch(() => undefined) };
}

function openSqlite(path: string): DB {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // 16 MiB of page cache (SQLite's default is 2 MiB): a search reads the narrow public index and the FTS
  // document sizes at random, ~6 MB at 100,000 sellers; with the default every match re-reads pages.
  sqlite.pragma("cache_size = -16384");
  const counter = { statements: 0 };
  const db = new Kysely<Database>({
    dialect: new ImmediateTransactionsDialect({ database: withStatementCache(sqlite) }),
    log: () => void counter.statements++,
  });
  counters.set(db, counter);
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

/**
 * Brings the database to this code's latest migration. A database that has run migrations this code
 * does not have (migrated by a newer version of the site) is refused before anything runs. On
 * PostgreSQL the whole run is one transaction under Kysely's advisory lock, so instances that start
 * together migrate exactly once and a failure leaves nothing half-done.
 */
export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const known = new Set(Object.keys(await migrationProvider.getMigrations()));
  const unknown = (await executedMigrations(db)).filter((name) => !known.has(name));
  if (unknown.length)
    throw new Error(
      `the database has migrations this version of the site does not know (${unknown.join(", ")}): it was migrated by a newer version. Run that version, or restore a backup taken before it.`,
    );
  const { error, results } = await migrator.migrateToLatest();
  const errors: string[] = [];
  for (const r of results ?? []) {
    if (r.status === "Error") errors.push(`migration ${r.migrationName} failed`);
  }
  if (error)
    throw new Error([...errors, error instanceof Error ? error.message : String(error)].join("; "), { cause: error });
}

/** Names of the migrations the database has run (none on a new database). */
async function executedMigrations(db: DB): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === "kysely_migration")) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((r) => r.name);
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

/** The database file in a backup folder, per engine: SQLite's own copy, or PostgreSQL's pg_dump archive. */
export const BACKUP_FILES = { sqlite: "app.db", postgres: "app.pgdump" } as const;

export function backupFileName(target: string): string {
  return BACKUP_FILES[isPostgresUrl(target) ? "postgres" : "sqlite"];
}

/** The database file a backup of the other engine than `target`'s holds. */
export function otherEngineBackupFileName(target: string): string {
  return BACKUP_FILES[isPostgresUrl(target) ? "sqlite" : "postgres"];
}

/**
 * Runs a PostgreSQL client tool (pg_dump, pg_restore) against a URL; the password travels in the
 * environment, never on the command line where `ps` would show it.
 */
function runPostgresTool(tool: string, args: string[], url?: string): { ok: boolean; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  const dbArgs: string[] = [];
  if (url) {
    const parsed = new URL(url);
    if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = "";
    dbArgs.push(`--dbname=${parsed.toString()}`);
  }
  const folder = readDatabaseSettings().postgresBin;
  const bin = folder ? resolve(folder, tool) : tool;
  const result = spawnSync(bin, [...args, ...dbArgs], { env, encoding: "utf8" });
  if (result.error) return { ok: false, output: `${tool}: ${result.error.message}` };
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

/**
 * A consistent copy of the whole database in one new file, taken while the site keeps writing: SQLite's
 * `VACUUM INTO`, or pg_dump's archive of one snapshot (every write committed before it began).
 */
export async function copyDatabaseTo(db: DB, file: string): Promise<void> {
  if (engineOf(db) === "postgres") {
    const done = runPostgresTool("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`], targetOf(db));
    if (!done.ok) throw new Error(`pg_dump failed: ${done.output}`);
    return;
  }
  await sql`VACUUM INTO ${file}`.execute(db);
}

/** Puts a pg_dump archive in place of everything in a PostgreSQL database, in one transaction. */
function restorePostgres(file: string, url: string): { ok: boolean; output: string } {
  return runPostgresTool("pg_restore", ["--clean", "--if-exists", "--no-owner", "--single-transaction", file], url);
}

/** Moves a file or folder to `<path>.before-restore` (replacing an older one), if it exists. */
export async function keepAside(path: string): Promise<void> {
  await rm(`${path}.before-restore`, { recursive: true, force: true });
  await rename(path, `${path}.before-restore`).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
}

/**
 * Puts a checked backup file (`backupFileName(target)`) in place of the database of a stopped site: a
 * SQLite file is replaced (the replaced one kept beside it, `.before-restore`), a PostgreSQL database's
 * content in one transaction (a failed restore changes nothing).
 */
export async function restoreDatabase(
  file: string,
  target: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (isPostgresUrl(target)) {
    const restored = restorePostgres(file, target);
    if (!restored.ok) return { ok: false, message: `pg_restore failed, nothing was changed: ${restored.output}` };
    return { ok: true };
  }
  await keepAside(target);
  for (const suffix of ["-wal", "-shm"]) await rm(`${target}${suffix}`, { force: true });
  await cp(file, target);
  return { ok: true };
}

/**
 * Whether a backup file can be restored: SQLite's integrity check of the copy (opened read-only), or
 * pg_restore reading the archive's table of contents. "ok", or what is wrong.
 */
export function integrityOf(file: string): string {
  if (file.endsWith(".pgdump")) {
    const listed = runPostgresTool("pg_restore", ["--list", file]);
    return listed.ok ? "ok" : listed.output || "pg_restore could not read the archive";
  }
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

/**
 * The rows of each of `tables` in a backup's database file, read from the file itself: SQLite's copy
 * opened read-only, or the COPY blocks of a pg_dump archive streamed through `pg_restore --data-only`
 * (one line per row: COPY's text format escapes newlines), so the counts are those of the dump's snapshot
 * (docs/decisions/225-backups-leave-the-machine.md). A table the file lacks counts as null.
 */
export async function rowCountsOfBackupFile(
  file: string,
  tables: readonly string[],
): Promise<Record<string, number | null>> {
  const counts: Record<string, number | null> = Object.fromEntries(tables.map((t) => [t, null]));
  if (!file.endsWith(".pgdump")) {
    const copy = new SQLite(file, { readonly: true });
    try {
      const present = new Set(
        (copy.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]).map(String),
      );
      for (const table of tables)
        if (present.has(table)) counts[table] = Number(copy.prepare(`select count(*) from "${table}"`).pluck().get());
    } finally {
      copy.close();
    }
    return counts;
  }
  const folder = readDatabaseSettings().postgresBin;
  const child = spawn(folder ? resolve(folder, "pg_restore") : "pg_restore", ["--data-only", "--file=-", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => void (errors += chunk.toString("utf8")));
  const exited = new Promise<number | null>((done) => child.on("close", done));
  let current: string | null = null;
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    if (current === null) {
      const match = /^COPY (?:[a-z_]+\.)?"?([a-z_]+)"? \(/.exec(line);
      if (match && match[1]! in counts) {
        current = match[1]!;
        counts[current] = 0;
      }
    } else if (line === "\\.") current = null;
    else counts[current] = (counts[current] ?? 0) + 1;
  }
  if ((await exited) !== 0) throw new Error(`pg_restore could not read ${file}: ${errors.trim()}`);
  return counts;
}

/**
 * A new, empty database beside `target` for a restore drill, never the site's own: a SQLite file in
 * `folder`, or on PostgreSQL a database of its own on the same server (the URL's user needs CREATEDB).
 * `drop` removes it.
 */
export async function scratchDatabaseFor(
  target: string,
  folder: string,
): Promise<{ target: string; drop: () => Promise<void> }> {
  const suffix = randomBytes(6).toString("hex");
  if (!isPostgresUrl(target)) {
    const file = resolve(folder, `drill-${suffix}.db`);
    return {
      target: file,
      drop: async () => {
        for (const end of ["", "-wal", "-shm"]) await rm(`${file}${end}`, { force: true });
      },
    };
  }
  const url = new URL(target);
  const name = `${
    url.pathname
      .replace(/^\//, "")
      .replace(/[^a-z0-9_]/gi, "_")
      .slice(0, 40) || "bwp"
  }_drill_${suffix}`;
  const { pg } = postgresDriver();
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  url.pathname = `/${name}`;
  return { target: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

/**
 * An exact and cheap "has anything been committed since?" counter for a SQLite database: PRAGMA
 * data_version on a connection of its own, which moves with every commit by any other connection or
 * process (SQLite never moves it for the connection's own writes, and this one only reads). Reading it
 * touches the WAL index in shared memory, not the database pages. `undefined` on PostgreSQL, where no
 * signal is exact across instances without a round trip. One connection per database handle, closed
 * with `closeDb`.
 */
export function commitCounter(db: DB): (() => number) | undefined {
  const target = targetOf(db);
  if (isPostgresUrl(target) || target === ":memory:") return undefined;
  let counter = commitCounters.get(db);
  if (!counter) {
    const connection = new SQLite(target, { fileMustExist: true });
    connection.pragma("query_only = 1");
    const dataVersion = connection.prepare("pragma data_version").pluck();
    counter = { connection, read: () => dataVersion.get() as number };
    commitCounters.set(db, counter);
  }
  return counter.read;
}

const commitCounters = new WeakMap<DB, { connection: SQLite.Database; read: () => number }>();

/** Closes the process-wide database, if open (at shutdown: SQLite checkpoints its WAL). */
export async function closeDb(): Promise<void> {
  const db = globalForDb.__db;
  globalForDb.__db = undefined;
  if (db) commitCounters.get(db)?.connection.close();
  await db?.destroy();
}

const globalForDb = globalThis as unknown as { __db?: DB };

/** The process-wide database (survives dev-server module reloads). */
export function getDb(): DB {
  globalForDb.__db ??= openDatabase();
  return globalForDb.__db;
}
