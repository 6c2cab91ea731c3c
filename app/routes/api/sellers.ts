import { getDb } from "~db/client";
import { directoryQueryFields, directoryQuerySchema } from "~/lib/validation/directory";
import { apiSeller } from "~/models/sellers.server";
import { listPublicSellers, placeOfNear } from "~/services/directory.server";
import { keepCachedWhileStatesHold } from "~/services/open-now.server";
import { firstIssueMessage, jsonError } from "~/services/api.server";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { countSearch } from "~/services/search-stats.server";
import type { Route } from "./+types/sellers";

const NEAR_ERRORS = {
  malformed: () => "near must be a 6-digit PIN code or a position as <lat>,<lng> (degrees)",
  unknown: (pincode?: string) => `near: the PIN code ${pincode} does not exist`,
  no_centre: (pincode?: string) => `near: the PIN code ${pincode} has no known position`,
} as const;

// GET /api/sellers?featured&limit&page&search (or q)&category&city&near&within_km&open_now → { sellers, pagination }
// Each seller with opening_hours and open_now (at the moment of the request, India's time); open_now=true keeps those open.
// With near (a PIN code or <lat>,<lng>): nearest first, each seller with distance_km and pincode.
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = directoryQuerySchema.safeParse(directoryQueryFields(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const near = placeOfNear(parsed.data.near, parsed.data.within_km);
  if (!near.ok) return jsonError(NEAR_ERRORS[near.reason](near.pincode), 400);
  const result = await listPublicSellers(getDb(), { ...parsed.data, place: near.place });
  countSearch(request, parsed.data.search, result.pagination.total);
  const at = Date.now();
  keepCachedWhileStatesHold(result.sellers, at);
  return Response.json(
    { ...result, sellers: result.sellers.map((seller) => apiSeller(seller, at)) },
    { headers: publicCacheHeaders() },
  );
}
