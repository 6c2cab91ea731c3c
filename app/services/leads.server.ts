import { createHash, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { getDb, type DB } from "~db/client";
import { todayIso } from "~/lib/dates";
import { data } from "react-router";
import {
  LEAD_LINK_NOT_FOUND,
  isLeadLink,
  LEAD_LINKS,
  leadLinkDestination,
  type LeadKind,
  type LeadLink,
} from "~/lib/leads";
import { parseId } from "~/lib/validation/params";
import { storedPositionOf } from "~db/pincodes";
import { addLeads, type LeadIncrement } from "~/models/leads.server";
import { getPublicSellerRow, type PublicSeller } from "~/models/sellers.server";
import { listActiveCategories } from "~/models/categories.server";
import { DEFAULT_LOCALE, type Locale, localePath } from "~/lib/locales";
import { whatsappShareUrl } from "~/lib/whatsapp";
import { categoryNames, translatorFor } from "./i18n.server";
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
  scheduleLeadFlush();
}

/** One view of a seller's profile, also when the page is answered from the response cache. */
export function countViewLead(id: number): void {
  repeatOnCacheHit(() => count(id, "view", Date.now()));
}

/** Views counted but not written yet (added to the stored count when a profile is shown). */
export function unsavedViewLeads(id: number): number {
  let n = 0;
  for (const entry of pending.values()) if (entry.sellerId === id && entry.kind === "view") n += entry.count;
  return n;
}

// ── taps ──

/** A visitor's repeat tap on the same link within this long is not counted again. */
export const LEAD_REPEAT_WINDOW_MS = 5 * 60_000;
/** At most this many remembered taps; the oldest are forgotten first. */
const MAX_REMEMBERED_TAPS = 50_000;
/** A random key of this process, so the remembered taps cannot be matched to an address even in memory. */
const salt = randomBytes(16);
const recentTaps = new Map<string, number>();

export type LeadTapOutcome = "counted" | "bot" | "repeat";

/**
 * One tap on a profile link, counted unless it comes from a bot (isbot on the User-Agent) or the same
 * visitor (address and browser) tapped the same link of the same seller within LEAD_REPEAT_WINDOW_MS.
 * Only a salted hash of the visitor is held, in memory, for that window; nothing about them is stored.
 */
export function countTapLead(
  sellerId: number,
  target: LeadLink,
  visitor: { address: string; userAgent: string | null },
  now = Date.now(),
): LeadTapOutcome {
  if (!visitor.userAgent || isbot(visitor.userAgent)) return "bot";
  const key = createHash("sha256")
    .update(salt)
    .update(`${visitor.address}\n${visitor.userAgent}\n${sellerId}\n${target}`)
    .digest("base64url");
  const until = recentTaps.get(key);
  if (until !== undefined && until > now) return "repeat";
  recentTaps.delete(key); // re-inserted at the end: the map stays in order of expiry
  recentTaps.set(key, now + LEAD_REPEAT_WINDOW_MS);
  forgetOldTaps(now);
  count(sellerId, LEAD_LINKS[target], now);
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
export async function flushLeads(db: DB): Promise<void> {
  if (!pending.size) return;
  const batch = [...pending.values()];
  pending.clear();
  try {
    await addLeads(db, batch);
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

function scheduleLeadFlush(): void {
  timer ??= setInterval(() => {
    flushLeads(getDb()).catch((err) => logger.error({ err }, "writing profile views and taps failed"));
  }, FLUSH_EVERY_MS).unref();
}

export function stopLeadFlush(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}

// The profile's counting links /go/{sellerId}/{target}: which seller and link a request names, where it
// goes, and counting it. Used by the redirect (routes/go.tsx) and the Web Share button's count
// (routes/go-count.ts).

export const LEAD_LINK_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * The seller's own destination for `/go/{id}/{target}`; a 404 (thrown) for an unknown target or seller,
 * a listing that is not public, or a link she has not set.
 */
export async function resolveLeadLink(
  db: DB,
  params: { id?: string; target?: string },
  origin: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ id: number; target: LeadLink; url: string }> {
  const id = parseId(params.id);
  const target = params.target ?? "";
  if (!id || !isLeadLink(target)) throw data(LEAD_LINK_NOT_FOUND, { status: 404, headers: LEAD_LINK_HEADERS });
  const seller = await getPublicSellerRow(db, id);
  const url = !seller
    ? null
    : target === "share"
      ? await shareUrl(db, seller, origin, locale)
      : leadLinkDestination({ ...seller, area: storedPositionOf(seller.pincode) }, target, origin);
  if (!url) throw data(LEAD_LINK_NOT_FOUND, { status: 404, headers: LEAD_LINK_HEADERS });
  return { id, target, url };
}

/** WhatsApp's share of a profile, in the language of the page it was shared from, with that page's address. */
async function shareUrl(db: DB, seller: PublicSeller, origin: string, locale: Locale): Promise<string> {
  const t = translatorFor(locale);
  const category = seller.category_list[0];
  const place = [seller.locality, seller.city].filter(Boolean).join(", ");
  const summary = category
    ? t("seller.meta.summaryCategory", {
        category: categoryNames(await listActiveCategories(db), locale)(category),
        place,
      })
    : t("seller.meta.summaryPlain", { place });
  const text = t("seller.meta.shareText", { name: seller.display_name, summary });
  return whatsappShareUrl(`${text} ${origin}${localePath(locale, `/seller/${seller.id}`)}`);
}

/** Counts a resolved tap of this request's visitor (bots and quick repeats are left out). */
export function countLeadLinkTap(tap: { id: number; target: LeadLink }, request: Request, clientAddress: string) {
  return countTapLead(tap.id, tap.target, { address: clientAddress, userAgent: request.headers.get("User-Agent") });
}
