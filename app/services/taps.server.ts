import { data } from "react-router";
import type { DB } from "~db/client";
import { GO_NOT_FOUND, isTapTarget, tapDestination, type TapTarget } from "~/lib/leads";
import { parseId } from "~/lib/validation/params";
import { getPublicSellerRow } from "~/models/sellers.server";
import { countSellerTap } from "./seller-views.server";

// The profile's counting links /go/{sellerId}/{target} (docs/decisions/176-leads-first-party-redirect-not-script.md):
// which seller and link a request names, where it goes, and counting it. Used by the redirect (routes/go.tsx) and the
// Web Share button's count (routes/go-count.ts).

export const GO_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * The seller's own destination for `/go/{id}/{target}`; a 404 (thrown) for an unknown target or seller,
 * a listing that is not public, or a link she has not set.
 */
export async function resolveTap(
  db: DB,
  params: { id?: string; target?: string },
  origin: string,
): Promise<{ id: number; target: TapTarget; url: string }> {
  const id = parseId(params.id);
  const target = params.target ?? "";
  if (!id || !isTapTarget(target)) throw data(GO_NOT_FOUND, { status: 404, headers: GO_HEADERS });
  const seller = await getPublicSellerRow(db, id);
  const url = seller ? tapDestination(seller, target, origin) : null;
  if (!url) throw data(GO_NOT_FOUND, { status: 404, headers: GO_HEADERS });
  return { id, target, url };
}

/** Counts a resolved tap of this request's visitor (bots and quick repeats are left out). */
export function countTap(tap: { id: number; target: TapTarget }, request: Request, clientAddress: string) {
  return countSellerTap(tap.id, tap.target, { address: clientAddress, userAgent: request.headers.get("User-Agent") });
}
