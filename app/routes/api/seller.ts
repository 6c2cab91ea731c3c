import { getDb } from "~db/client";
import { parseId } from "~/lib/validation/params";
import { reviewSortOf } from "~/lib/validation/reviews";
import { apiSellerProfile, getPublicSeller } from "~/models/sellers.server";
import { jsonError } from "~/services/api.server";
import { keepCachedWhileStatesHold } from "~/services/open-now.server";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import type { Route } from "./+types/seller";

// GET /api/sellers/{id}[?sort=newest|highest|lowest|verified] → the public seller with its published reviews,
// their breakdown by stars and the verified customers' count
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (!id) return jsonError("Seller not found", 404);
  const sort = reviewSortOf(new URL(request.url).searchParams.get("sort"));
  const seller = await getPublicSeller(getDb(), id, sort);
  if (!seller) return jsonError("Seller not found", 404);
  const at = Date.now();
  keepCachedWhileStatesHold([seller], at);
  return Response.json(apiSellerProfile(seller, at), { headers: publicCacheHeaders() });
}
