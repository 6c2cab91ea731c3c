import { createHash, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { getDb, type DB } from "~db/client";
import { todayIso } from "~/lib/dates";
import { TAP_TARGETS, type LeadKind, type TapTarget } from "~/lib/leads";
import { addSellerLeads, type LeadIncrement } from "~/models/seller-leads.server";
import { logger } from "./logger.server";
import { repeatOnCacheHit } from "./response-cache/render-effects.server";

// What visitors do on a listing (profile views, and the taps on WhatsApp, call, website, social links and
// share that go through /go/{id}/{target}) is counted in memory per seller, Indian day and kind, and
// written in one transaction every few seconds (and at a clean stop), so a page view or a tap is not a
// database write. A crash loses at most the last FLUSH_EVERY_MS of counts. Each process that serves pages
// (every cluster worker) keeps its own counts and timer, started by its first count.

export const FLUSH_EVERY_MS = 5_000;
const pending = new Map<string, LeadIncrement>();

function count(sellerId: number, kind: LeadKind, now: number): void {
  const day = todayIso(new Date(now));
  const key = `${sellerId}|${day}|${kind}`;
  const entry = pending.get(key);
  if (entry) entry.count += 1;
  else pending.set(key, { sellerId, day, kind, count: 1 });
  scheduleSellerViewFlush();
}

/** One view of a seller's profile, also when the page is answered from the response cache. */
export function countSellerView(id: number): void {
  repeatOnCacheHit(() => count(id, "view", Date.now()));
}

/** Views counted but not written yet (added to the stored count when a profile is shown). */
export function unsavedSellerViews(id: number): number {
  let n = 0;
  for (const entry of pending.values()) if (entry.sellerId === id && entry.kind === "view") n += entry.count;
  return n;
}

// ── taps ──

/** A visitor's repeat tap on the same link within this long is not counted again. */
export const TAP_REPEAT_WINDOW_MS = 5 * 60_000;
/** At most this many remembered taps; the oldest are forgotten first. */
const MAX_REMEMBERED_TAPS = 50_000;
/** A random key of this process, so the remembered taps cannot be matched to an address even in memory. */
const salt = randomBytes(16);
const recentTaps = new Map<string, number>();

export type TapOutcome = "counted" | "bot" | "repeat";

/**
 * One tap on a profile link, counted unless it comes from a bot (isbot on the User-Agent) or the same
 * visitor (address and browser) tapped the same link of the same seller within TAP_REPEAT_WINDOW_MS.
 * Only a salted hash of the visitor is held, in memory, for that window; nothing about them is stored.
 */
export function countSellerTap(
  sellerId: number,
  target: TapTarget,
  visitor: { address: string; userAgent: string | null },
  now = Date.now(),
): TapOutcome {
  if (!visitor.userAgent || isbot(visitor.userAgent)) return "bot";
  const key = createHash("sha256")
    .update(salt)
    .update(`${visitor.address}\n${visitor.userAgent}\n${sellerId}\n${target}`)
    .digest("base64url");
  const until = recentTaps.get(key);
  if (until !== undefined && until > now) return "repeat";
  recentTaps.delete(key); // re-inserted at the end: the map stays in order of expiry
  recentTaps.set(key, now + TAP_REPEAT_WINDOW_MS);
  forgetOldTaps(now);
  count(sellerId, TAP_TARGETS[target], now);
  return "counted";
}

function forgetOldTaps(now: number): void {
  for (const [key, until] of recentTaps) {
    if (until > now && recentTaps.size <= MAX_REMEMBERED_TAPS) break;
    recentTaps.delete(key);
  }
}

/** Forgets every remembered tap and unsaved count (tests). */
export function resetLeadCounting(): void {
  recentTaps.clear();
  pending.clear();
}

// ── writing ──

/** Writes the counted views and taps; on failure they stay counted for the next try. */
export async function flushSellerViews(db: DB): Promise<void> {
  if (!pending.size) return;
  const batch = [...pending.values()];
  pending.clear();
  try {
    await addSellerLeads(db, batch);
  } catch (error) {
    for (const entry of batch) {
      const key = `${entry.sellerId}|${entry.day}|${entry.kind}`;
      const kept = pending.get(key);
      if (kept) kept.count += entry.count;
      else pending.set(key, entry);
    }
    throw error;
  }
}

let timer: NodeJS.Timeout | undefined;

function scheduleSellerViewFlush(): void {
  timer ??= setInterval(() => {
    flushSellerViews(getDb()).catch((err) => logger.error({ err }, "writing profile views and taps failed"));
  }, FLUSH_EVERY_MS).unref();
}

export function stopSellerViewFlush(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
