import { getDb } from "~db/client";
import { parseId } from "~/lib/validation/params";
import { apiSellerProfile, getPublicSeller } from "~/models/sellers.server";
import { jsonError } from "~/services/api.server";
import { keepCachedWhileStatesHold } from "~/services/open-now.server";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import type { Route } from "./+types/seller";

// GET /api/sellers/{id} → the public seller with its published reviews
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (!id) return jsonError("Seller not found", 404);
  const seller = await getPublicSeller(getDb(), id);
  if (!seller) return jsonError("Seller not found", 404);
  const at = Date.now();
  keepCachedWhileStatesHold([seller], at);
  return Response.json(apiSellerProfile(seller, at), { headers: publicCacheHeaders() });
}
