import type { DB } from "~db/client";
import { firstChangeAt, isOpenAt, type OpeningHours, readOpeningHours } from "~/lib/opening-hours";
import { keepCachedUntil } from "./response-cache/render-effects.server";
import { readContentVersion, versionKey } from "~/models/content-version.server";
import { listPublicSellerHours, type OpenSellers } from "~/models/sellers.server";

// Open now (docs/decisions/214-opening-hours-one-json-column-state-from-the-clock.md): which public sellers
// are open at a moment is computed from their stored hours and the clock, once per content version and
// per stretch of time in which no seller opens or closes; the directory's statements then keep those ids.

type Kept = OpenSellers & { version: string; from: number; until: number | null };
const perDatabase = new WeakMap<DB, Kept>();

/**
 * The public sellers open at `at`, and until when that set holds (the first opening or closing among
 * them all, null when none comes). A set computed earlier is reused while the content version is the
 * same and `at` is still before its end.
 */
export async function sellersOpenAt(db: DB, at: number = Date.now()): Promise<OpenSellers & { until: number | null }> {
  const kept = perDatabase.get(db);
  if (kept && at >= kept.from && (kept.until === null || at < kept.until)) {
    if (versionKey(await readContentVersion(db)) === kept.version) return kept;
  }
  const { rows, version } = await listPublicSellerHours(db);
  const hours = rows.map((row) => ({ id: row.id, hours: readOpeningHours(row.opening_hours) }));
  const ids = hours.filter((h) => isOpenAt(h.hours, at) === true).map((h) => h.id);
  const until = firstChangeAt(
    hours.map((h) => h.hours),
    at,
  );
  const key = versionKey(version, String(at));
  const made: Kept = { ids, key, version: versionKey(version), from: at, until };
  perDatabase.set(db, made);
  return made;
}

/**
 * For a page or answer that shows these sellers' state at `at` (a badge, "Open · closes 7 pm", `open_now`):
 * its cached copy ends at the first opening or closing among them.
 */
export function keepCachedWhileStatesHold(sellers: { hours: OpeningHours | null }[], at: number): void {
  keepCachedUntil(
    firstChangeAt(
      sellers.map((s) => s.hours),
      at,
    ),
  );
}
