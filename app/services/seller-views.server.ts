import { getDb, type DB } from "~db/client";
import { addSellerViews } from "~/models/sellers.server";
import { logger } from "./logger.server";
import { repeatOnCacheHit } from "./response-cache.server";

// Profile views are counted in memory and written in one transaction every few seconds (and at a clean
// stop), so a page view is not a database write. A crash loses at most the last FLUSH_EVERY_MS of views.
// Each process that serves pages (every cluster worker) keeps its own count and timer, started by its first view.

export const FLUSH_EVERY_MS = 5_000;
const pending = new Map<number, number>();

/** One view of a seller's profile, also when the page is answered from the response cache. */
export function countSellerView(id: number): void {
  repeatOnCacheHit(() => {
    pending.set(id, (pending.get(id) ?? 0) + 1);
    scheduleSellerViewFlush(getDb());
  });
}

/** Views counted but not written yet (added to the stored count when a profile is shown). */
export function unsavedSellerViews(id: number): number {
  return pending.get(id) ?? 0;
}

/** Writes the counted views; on failure they stay counted for the next try. */
export async function flushSellerViews(db: DB): Promise<void> {
  if (!pending.size) return;
  const batch = [...pending];
  pending.clear();
  try {
    await addSellerViews(db, batch);
  } catch (error) {
    for (const [id, count] of batch) pending.set(id, (pending.get(id) ?? 0) + count);
    throw error;
  }
}

let timer: NodeJS.Timeout | undefined;

function scheduleSellerViewFlush(db: DB): void {
  timer ??= setInterval(() => {
    flushSellerViews(db).catch((err) => logger.error({ err }, "writing profile views failed"));
  }, FLUSH_EVERY_MS).unref();
}

export function stopSellerViewFlush(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
