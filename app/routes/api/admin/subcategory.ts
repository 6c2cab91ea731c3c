import { getDb } from "~db/client";
import { apiSubcategoryUpdateSchema } from "~/lib/category-schemas";
import { parseId } from "~/lib/schemas";
import { actorOf, jsonError, readAdminWrite } from "~/services/api.server";
import { deleteCatalogueItem, saveCatalogueItem } from "~/services/categories-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/subcategory";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "categories.manage");
  return jsonError("Method not allowed. Use PUT or DELETE.", 405);
}

// PUT /api/admin/subcategories/{id} {is_active?, name?, slug?, icon?, category_id?} and DELETE → {success, message}.
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "categories.manage");
  const id = parseId(params.id);
  if (request.method === "DELETE") {
    const input = await readAdminWrite(request, { methods: ["DELETE"] });
    if (!input.ok) return input.response;
    if (!id) return jsonError("Subcategory not found", 404);
    const result = await deleteCatalogueItem(getDb(), actorOf(user, context.clientAddress), "subcategory", id);
    return result.ok ? Response.json({ success: true, message: result.message }) : jsonError(result.message, result.status);
  }
  const input = await readAdminWrite(request, { methods: ["PUT"], schema: apiSubcategoryUpdateSchema });
  if (!input.ok) return input.response;
  if (!id) return jsonError("Subcategory not found", 404);
  const result = await saveCatalogueItem(getDb(), actorOf(user, context.clientAddress), "subcategory", id, input.data);
  return result.ok ? Response.json({ success: true, message: result.message }) : jsonError(result.message, result.status);
}
