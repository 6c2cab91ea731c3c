import type { DB } from "~db/client";

// The queue of public images whose smaller copies are still to be written (services/image-variants.server.ts
// works it). A job is queued in the caller's transaction (a DB or a transaction), so an image made public
// always has its copies written or queued; it is removed once they are written.

/** Queues the copies of these images (a key already queued stays as it is). */
export async function queueVariantJobs(db: DB, keys: string[], now = new Date()): Promise<void> {
  const unique = [...new Set(keys)];
  if (!unique.length) return;
  const stamp = now.toISOString();
  await db
    .insertInto("image_variant_jobs")
    .values(unique.map((key) => ({ key, next_attempt_at: stamp, created_at: stamp })))
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

export type VariantJob = { key: string; attempts: number };

/** Queued jobs due by `now` (ISO time), oldest first. */
export async function dueVariantJobs(db: DB, now: string, limit: number): Promise<VariantJob[]> {
  return db
    .selectFrom("image_variant_jobs")
    .select(["key", "attempts"])
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", now)
    .orderBy("next_attempt_at")
    .orderBy("key")
    .limit(limit)
    .execute();
}

/** The copies are written (or there is nothing left to copy): the job is done. */
export async function finishVariantJob(db: DB, key: string): Promise<void> {
  await db.deleteFrom("image_variant_jobs").where("key", "=", key).execute();
}

/** A failed try: due again at `nextAttemptAt`, or `failed` when `nextAttemptAt` is null (no try left). */
export async function failVariantJob(db: DB, key: string, error: string, nextAttemptAt: string | null): Promise<void> {
  await db
    .updateTable("image_variant_jobs")
    .set((eb) => ({
      status: nextAttemptAt ? ("queued" as const) : ("failed" as const),
      attempts: eb("attempts", "+", 1),
      last_error: error.slice(0, 500),
      ...(nextAttemptAt ? { next_attempt_at: nextAttemptAt } : {}),
    }))
    .where("key", "=", key)
    .execute();
}

/** Which of these images still wait for their copies (queued or failed). */
export async function keysAwaitingVariants(db: DB, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.selectFrom("image_variant_jobs").select("key").where("key", "in", keys).execute();
  return new Set(rows.map((r) => r.key));
}

export async function getVariantJob(db: DB, key: string) {
  return db.selectFrom("image_variant_jobs").selectAll().where("key", "=", key).executeTakeFirst();
}
