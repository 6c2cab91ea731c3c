import type SQLite from "better-sqlite3";
import { type DB, sqliteOf } from "~db/client";

// The rate_limits table: one fixed window per key, each change one atomic statement (prepared once per
// connection; better-sqlite3 runs them synchronously, so a check adds no await to a request).

type Statements = {
  consume: SQLite.Statement<[{ key: string; now: number; windowMs: number }], { count: number; reset_at_ms: number }>;
  peek: SQLite.Statement<[string], { count: number; reset_at_ms: number }>;
  refund: SQLite.Statement<[{ key: string; now: number }]>;
  reset: SQLite.Statement<[string]>;
  sweep: SQLite.Statement<[number]>;
};
const prepared = new WeakMap<SQLite.Database, Statements>();

function statements(db: DB): Statements {
  const sqlite = sqliteOf(db);
  let s = prepared.get(sqlite);
  if (!s) {
    s = {
      // One statement: a new or expired window starts at 1, a live one counts up. Atomic across processes.
      consume: sqlite.prepare(
        `insert into rate_limits (key, count, reset_at_ms) values (@key, 1, @now + @windowMs)
         on conflict (key) do update set
           count = case when reset_at_ms <= @now then 1 else count + 1 end,
           reset_at_ms = case when reset_at_ms <= @now then excluded.reset_at_ms else reset_at_ms end
         returning count, reset_at_ms`,
      ),
      peek: sqlite.prepare("select count, reset_at_ms from rate_limits where key = ?"),
      refund: sqlite.prepare(
        "update rate_limits set count = count - 1 where key = @key and reset_at_ms > @now and count > 0",
      ),
      reset: sqlite.prepare("delete from rate_limits where key = ?"),
      sweep: sqlite.prepare("delete from rate_limits where reset_at_ms <= ?"),
    };
    prepared.set(sqlite, s);
  }
  return s;
}

export type Window = { count: number; reset_at_ms: number };

/** A new or expired window starts at 1, a live one counts up; returns the window after this attempt. */
export function countAttempt(db: DB, key: string, now: number, windowMs: number): Window {
  return statements(db).consume.get({ key, now, windowMs })!;
}

export function readAttempts(db: DB, key: string): Window | undefined {
  return statements(db).peek.get(key);
}

export function refundAttempt(db: DB, key: string, now: number): void {
  statements(db).refund.run({ key, now });
}

export function forgetAttempts(db: DB, key: string): void {
  statements(db).reset.run(key);
}

/** Deletes expired windows; returns how many. */
export function sweepExpiredWindows(db: DB, now: number): number {
  return statements(db).sweep.run(now).changes;
}
