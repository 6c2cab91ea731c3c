// The database's counts /metrics reads on scrape (app/services/metrics.server.ts; docs/decisions/224-metrics.md).
import type { DB } from "~db/client";

/** Mail in the outbox by status, for the statuses still to act on (queued, failed). */
export async function outboxCounts(db: DB): Promise<{ queued: number; failed: number }> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("status", "in", ["queued", "failed"])
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { queued: count("queued"), failed: count("failed") };
}

/** When the oldest mail still queued was queued (ISO time), or null when none waits. */
export async function oldestQueuedMail(db: DB): Promise<string | null> {
  const row = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.min("created_at").as("oldest"))
    .where("status", "=", "queued")
    .executeTakeFirst();
  return (row?.oldest as string | null | undefined) ?? null;
}

/** Image-copy jobs by status (queued: waiting or retrying; failed: given up). */
export async function imageJobCounts(db: DB): Promise<{ queued: number; failed: number }> {
  const rows = await db
    .selectFrom("image_variant_jobs")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { queued: count("queued"), failed: count("failed") };
}
