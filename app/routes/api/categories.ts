import { getDb } from "~db/client";
import { listActiveCategories } from "~/models/categories.server";

// GET /api/categories → [{ id, name, slug, description, icon }]
export async function loader() {
  return Response.json(await listActiveCategories(getDb()), { headers: { "Cache-Control": "public, max-age=60" } });
}
