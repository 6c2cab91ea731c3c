import { commitCounter, type DB, instancesMayShare, isOpenedDatabase, preparedPostgresRead } from "~db/client";
import { todayIso } from "~/lib/dates";

/**
 * The content version: moved forward by database triggers on every committed change to what public
 * pages show, and only on such a change, by any connection, process or instance (migrations
 * 2026-11-23T0130 and 2026-11-28T0100). Read through Kysely,
 * so never from inside another request's open transaction.
 */
export async function readContentVersion(db: DB): Promise<number> {
  return versionOfRows([await contentVersionQuery(db).executeTakeFirst()]);
}

/** The one statement that reads the content version (run through Kysely, or prepared on PostgreSQL). */
function contentVersionQuery(db: DB) {
  return db.selectFrom("content_version").select("version").where("id", "=", 1);
}

/** The version in the statement's rows, -1 when it found no row. */
function versionOfRows(rows: readonly ({ version: number } | undefined)[]): number {
  return rows[0]?.version ?? -1;
}

/**
 * The content version as the response cache asks for it before every answer: exact (each answer is given
 * a version read after it was asked for, so never one from before a committed change), and shared by the
 * answers asked for together. On SQLite the answers asked for in one turn of the event loop share one read,
 * made after them (`exactContentVersion`, a read of shared memory while nothing was committed): they then go
 * out together, which under load served the cached API 1.6 times as many requests as a read and an answer
 * each (docs/performance.md). On PostgreSQL each read is a round trip (a statement prepared once per connection,
 * `preparedContentVersionRead`), and the answers asked for while one is under way share the next
 * (`readsBegunAfterTheCall`); the triggers also NOTIFY, but a notification
 * arrives a moment after the commit, and a request in that moment was answered stale from the cache in the
 * tests (tests/unit/response-cache.test.ts).
 */
export function contentVersionSource(db: DB): () => Promise<number> {
  if (!commitCounter(db)) return readsBegunAfterTheCall(preparedContentVersionRead(db));
  const exact = exactContentVersion(db);
  let thisTurn: Promise<number> | null = null;
  return () =>
    (thisTurn ??= new Promise<number>((resolve, reject) =>
      setImmediate(() => {
        thisTurn = null;
        try {
          resolve(exact());
        } catch (error) {
          reject(error);
        }
      }),
    ));
}

/**
 * `readContentVersion` on PostgreSQL as a statement each connection of the pool prepares once: the response cache
 * reads the version once per batch of hits, and through Kysely each read was compiled, then parsed and planned by
 * the server again (a read cost about a quarter more of the app's CPU and round-trip time; docs/performance.md).
 */
function preparedContentVersionRead(db: DB): () => Promise<number> {
  const read = preparedPostgresRead(db, "content_version", contentVersionQuery(db));
  return async () => versionOfRows(await read());
}

/**
 * The content version on SQLite without a database query while nothing was committed: the database's
 * commit counter (`commitCounter`) tells whether anything was committed since the last read, and only then
 * is the version read again; while it stands still the answer is a plain number.
 */
export function exactContentVersion(db: DB): () => number | Promise<number> {
  const committed = commitCounter(db);
  if (!committed) throw new Error("exactContentVersion needs a SQLite file (its commit counter)");
  let seen: number | undefined;
  let version: number | Promise<number> = -1;
  return () => {
    const now = committed();
    if (now === seen) return version;
    // Read after noting the counter: a commit in between moves the counter again, so the next call
    // reads once more (never a version older than the counter it is kept with).
    seen = now;
    const reading = readContentVersion(db).then(
      (read) => {
        if (version === reading) version = read;
        return read;
      },
      (error: unknown) => {
        if (version === reading) seen = undefined;
        throw error;
      },
    );
    version = reading;
    return reading;
  };
}

/**
 * `load`'s answer kept per database while the version key (the content version and the Indian day) holds: loaded
 * again only after a committed change to what public pages show. The version is read before the load, so what is
 * kept is never older than the version it is kept under (a change committed in between is in it, and the next
 * call, reading the newer version, loads again). On SQLite the version is the commit counter's reading, no query
 * while nothing was committed (`exactContentVersion`); on PostgreSQL a prepared read shared by the calls made
 * together (`readsBegunAfterTheCall`). Given a transaction, or an in-memory database, it loads every time. What it
 * answers is shared by every caller: never to be changed.
 */
export function keptWhileContentHolds<T>(load: (db: DB) => Promise<T>): (db: DB) => Promise<T> {
  const kept = new WeakMap<DB, { key: string; value: Promise<T> }>();
  return async (db) => {
    const read = versionReader(db);
    if (!read) return load(db);
    const key = versionKey(await read());
    const held = kept.get(db);
    if (held?.key === key) return held.value;
    const value = load(db);
    kept.set(db, { key, value });
    value.catch(() => {
      if (kept.get(db)?.value === value) kept.delete(db);
    });
    return value;
  };
}

const versionReaders = new WeakMap<DB, (() => number | Promise<number>) | null>();
function versionReader(db: DB): (() => number | Promise<number>) | null {
  let reader = versionReaders.get(db);
  if (reader === undefined) {
    reader = !isOpenedDatabase(db)
      ? null
      : commitCounter(db)
        ? exactContentVersion(db)
        : instancesMayShare(db)
          ? readsBegunAfterTheCall(preparedContentVersionRead(db))
          : null;
    versionReaders.set(db, reader);
  }
  return reader;
}

/**
 * The key of everything kept for the public's view of the database: the content version and the Indian
 * day (a subscription ends with the day, without a write). The response cache, the directory's totals and
 * the search vocabulary drop what they hold when it changes.
 */
export function versionKey(version: number, day: string = todayIso()): string {
  return `${version}@${day}`;
}

/** The version key as of now, read from the database. */
export async function readVersionKey(db: DB): Promise<string> {
  return versionKey(await readContentVersion(db));
}

/**
 * `read`, shared by callers without ever giving one a read that began before it called: a call while no
 * read is under way begins one; the calls made while one is under way share the next, begun when that
 * one ends. Under load one round trip then serves every request that arrived during the previous one,
 * instead of one round trip each, and each is still told of every commit made before it asked.
 */
export function readsBegunAfterTheCall<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const begin = (): Promise<T> => {
    const reading = read();
    current = reading;
    const done = () => {
      if (current === reading) current = null;
    };
    reading.then(done, done);
    return reading;
  };
  return () => {
    if (!current) return begin();
    if (!next) {
      const after = () => {
        next = null;
        return begin();
      };
      next = current.then(after, after);
    }
    return next;
  };
}
