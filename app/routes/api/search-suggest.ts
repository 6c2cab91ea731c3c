import { getDb } from "~db/client";
import { suggestQuerySchema } from "~/lib/validation/directory";
import { searchParamsObject } from "~/lib/validation/params";
import { suggestSearches } from "~/models/search-suggest.server";
import { firstIssueMessage, jsonError } from "~/services/api.server";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import type { Route } from "./+types/search-suggest";

// GET /api/search/suggest?q=… → { query, suggestions: [{ kind: "seller"|"category"|"locality", label, href }] }
// (at most 8; none under 2 characters). The same for every visitor: cached like the other public answers.
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = suggestQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const suggestions = await suggestSearches(getDb(), parsed.data.q);
  return Response.json({ query: parsed.data.q, suggestions }, { headers: publicCacheHeaders() });
}
