import { getDb } from "~db/client";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { englishOnly, listActiveCategories } from "~/models/categories.server";

// GET /api/categories → [{ id, name, slug, description, icon }]
export async function loader() {
  return Response.json((await listActiveCategories(getDb())).map(englishOnly), { headers: publicCacheHeaders() });
}
