import { isbot } from "isbot";
import { getDb, type DB } from "~db/client";
import { boundedMemo } from "~/lib/bounded-memo";
import { todayIso } from "~/lib/dates";
import { SEARCH_MAX_LENGTH } from "~/lib/constants";
import { addSearchCounts, type SearchCount, sweepSearchCounts } from "~/models/search-stats.server";
import { logger } from "./logger.server";
import { type EffectRequest, repeatOnCacheHit } from "./response-cache/render-effects.server";

// What visitors search for (docs/decisions/171-search-admin-counting-searches.md, /admin/search): each search is
// counted in memory per Indian day and normalised query, with whether it found anything, and written in one transaction
// every few seconds (and at a clean stop), as profile views are: a search is never a database write, and a cached
// answer is counted too (repeatOnCacheHit). Crawlers and clients that name no browser are not visitors and are
// not counted. Nothing about the visitor is kept: no address, no session, only the words and the day.
// Each process (every cluster worker) keeps its own counts and timer, started by its first search.

export const FLUSH_EVERY_MS = 5_000;
/** The distinct (day, query) pairs held between two writes; a flood of made-up queries beyond it is not counted. */
export const MAX_PENDING_QUERIES = 5_000;
/** Days of counts kept (the page shows the last 30). */
export const KEEP_DAYS = 90;

type Pending = { day: string; query: string; searches: number; empty: number };
const pending = new Map<string, Pending>();

/** A query as it is counted: NFKC, lower case, trimmed, runs of spaces as one, at most 100 characters. */
export function normaliseSearchQuery(text: string): string {
  const folded = text.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim();
  return Array.from(folded).slice(0, SEARCH_MAX_LENGTH).join("").trim();
}

// isbot's pattern costs ~3 µs per phone's User-Agent, and every answer the cache serves for a search asks again:
// the answer is kept per distinct User-Agent (bounded: any client may send any header).
const visitorByUserAgent = boundedMemo(1_000, (userAgent: string) => !isbot(userAgent));

/** Whether a request comes from a visitor's browser: a user agent that is not a known crawler or tool. */
export function isVisitor(userAgent: string | null | undefined): boolean {
  return userAgent ? visitorByUserAgent(userAgent) : false;
}

/** Adds one search to the counts held in memory (also for tests: no request, no cache). */
export function recordSearch(query: string, found: boolean, day = todayIso()): void {
  const key = `${day}\n${query}`;
  const entry = pending.get(key);
  if (entry) {
    entry.searches += 1;
    if (!found) entry.empty += 1;
    return;
  }
  if (pending.size >= MAX_PENDING_QUERIES) return;
  pending.set(key, { day, query, searches: 1, empty: found ? 0 : 1 });
}

/**
 * One visitor search of the directory page or GET /api/sellers, after its results are known (`total`
 * sellers found). Counted once per search, not per page of its results (page 2 onwards is skipped);
 * an answer the response cache serves again counts again, for its own request's user agent.
 */
export function countSearch(request: Request, text: string, total: number): void {
  const query = normaliseSearchQuery(text);
  if (!query) return;
  const page = new URL(request.url).searchParams.get("page");
  if (page && page !== "1") return;
  repeatOnCacheHit(({ userAgent }: EffectRequest) => {
    if (!isVisitor(userAgent)) return;
    recordSearch(query, total > 0);
    scheduleSearchFlush(getDb());
  }, request);
}

/** The counts not written yet (for tests and the clean stop). */
export function pendingSearchCounts(): SearchCount[] {
  return [...pending.values()].map((p) => ({ ...p }));
}

/** Writes the counts held; on failure they stay held for the next try. */
export async function flushSearchCounts(db: DB): Promise<void> {
  if (!pending.size) return;
  const batch = [...pending.values()];
  pending.clear();
  try {
    await addSearchCounts(db, batch);
  } catch (error) {
    for (const p of batch) {
      const key = `${p.day}\n${p.query}`;
      const entry = pending.get(key);
      if (entry) {
        entry.searches += p.searches;
        entry.empty += p.empty;
      } else pending.set(key, p);
    }
    throw error;
  }
}

/** Drops the counts of days older than KEEP_DAYS (the periodic sweep in startup.server.ts). */
export function sweepOldSearchCounts(db: DB, now = new Date()): Promise<number> {
  return sweepSearchCounts(db, todayIso(new Date(now.getTime() - KEEP_DAYS * 86_400_000)));
}

let timer: NodeJS.Timeout | undefined;

function scheduleSearchFlush(db: DB): void {
  timer ??= setInterval(() => {
    flushSearchCounts(db).catch((err) => logger.error({ err }, "writing search counts failed"));
  }, FLUSH_EVERY_MS).unref();
}

export function stopSearchFlush(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
