import { getDb } from "~db/client";
import { directoryQuerySchema, searchParamsObject } from "~/lib/schemas";
import { listPublicSellersWithKnownTotals } from "~/models/public-totals.server";
import { firstIssueMessage, jsonError } from "~/services/api.server";
import { publicCacheHeaders } from "~/services/response-cache.server";
import type { Route } from "./+types/sellers";

// GET /api/sellers?featured&limit&page&search&category&city → { sellers, pagination }
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = directoryQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const result = await listPublicSellersWithKnownTotals(getDb(), parsed.data);
  return Response.json(result, { headers: publicCacheHeaders() });
}
