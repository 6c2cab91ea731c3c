import { getDb } from "~db/client";
import { directoryQueryFields, directoryQuerySchema } from "~/lib/validation/directory";
import { apiSeller } from "~/models/sellers.server";
import { listPublicSellers } from "~/services/directory.server";
import { firstIssueMessage, jsonError } from "~/services/api.server";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { countSearch } from "~/services/search-stats.server";
import type { Route } from "./+types/sellers";

// GET /api/sellers?featured&limit&page&search (or q)&category&city → { sellers, pagination }
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = directoryQuerySchema.safeParse(directoryQueryFields(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const result = await listPublicSellers(getDb(), parsed.data);
  countSearch(request, parsed.data.search, result.pagination.total);
  return Response.json({ ...result, sellers: result.sellers.map(apiSeller) }, { headers: publicCacheHeaders() });
}
