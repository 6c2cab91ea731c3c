import { getDb } from "~db/client";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { englishOnly, listActiveSubcategories } from "~/models/categories.server";

// GET /api/categories/subcategories/all → [{ id, name, slug, category_id, icon }]
export async function loader() {
  return Response.json((await listActiveSubcategories(getDb())).map(englishOnly), { headers: publicCacheHeaders() });
}
