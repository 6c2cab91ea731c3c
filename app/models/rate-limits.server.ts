import { sql } from "kysely";
import type { DB } from "~db/client";

// The rate_limits table: one fixed window per key, each change one atomic statement, on SQLite and
// PostgreSQL alike (an upsert both engines run as one statement), so every worker process and every
// instance counts against the same numbers.

export type Window = { count: number; reset_at_ms: number };

/**
 * One attempt counted in several keys at once (a new or expired window starts at 1, a live one counts up), in one
 * statement with the keys in a fixed order: concurrent attempts then take every key's window in the same order (on PostgreSQL each holds the first key's row until it has counted the rest),
 * so an attempt is the n-th in all of them. Counted one statement per key, a burst's attempts could be among the
 * first in one window and late in another, and fewer than a limit's worth passed both. Returns each key's window
 * after this attempt.
 */
export async function countAttempts(
  db: DB,
  attempts: { key: string; windowMs: number }[],
  now: number,
): Promise<Map<string, Window>> {
  const ordered = [...attempts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const values = sql.join(ordered.map(({ key, windowMs }) => sql`(${key}, 1, ${now + windowMs})`));
  const { rows } = await sql<
    Window & { key: string }
  >`insert into rate_limits (key, count, reset_at_ms) values ${values}
    on conflict (key) do update set
      count = case when rate_limits.reset_at_ms <= ${now} then 1 else rate_limits.count + 1 end,
      reset_at_ms = case when rate_limits.reset_at_ms <= ${now} then excluded.reset_at_ms else rate_limits.reset_at_ms end
    returning key, count, reset_at_ms`.execute(db);
  return new Map(rows.map((row) => [row.key, { count: Number(row.count), reset_at_ms: Number(row.reset_at_ms) }]));
}

export async function readAttempts(db: DB, key: string): Promise<Window | undefined> {
  const row = await db
    .selectFrom("rate_limits")
    .select(["count", "reset_at_ms"])
    .where("key", "=", key)
    .executeTakeFirst();
  return row && { count: Number(row.count), reset_at_ms: Number(row.reset_at_ms) };
}

export async function refundAttempt(db: DB, key: string, now: number): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", key)
    .where("reset_at_ms", ">", now)
    .where("count", ">", 0)
    .execute();
}

export async function forgetAttempts(db: DB, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Deletes expired windows; returns how many. */
export async function sweepExpiredWindows(db: DB, now: number): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("reset_at_ms", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
