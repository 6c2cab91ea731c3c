import { getDb } from "~db/client";
import { apiCategoryUpdateSchema, apiSubcategoryUpdateSchema } from "~/lib/validation/categories";
import { parseId } from "~/lib/validation/params";
import { jsonError, readAdminWrite } from "~/services/api.server";
import { deleteCatalogueItem, saveCatalogueItem } from "~/services/categories-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/catalogue-item";
import { httpStatusOf } from "~/lib/refusal";

// PUT and DELETE /api/admin/categories/{id} and /api/admin/subcategories/{id} (one module, registered
// for both): PUT {is_active?, name?, slug?, description?, icon?} (a subcategory also category_id?);
// DELETE removes a category with its subcategories → {success, message}.

const KINDS = {
  category: { schema: apiCategoryUpdateSchema, notFound: "Category not found" },
  subcategory: { schema: apiSubcategoryUpdateSchema, notFound: "Subcategory not found" },
} as const;

const kindOf = (request: Request) =>
  new URL(request.url).pathname.startsWith("/api/admin/subcategories/") ? "subcategory" : "category";

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "categories.manage", context);
  return jsonError("Method not allowed. Use PUT or DELETE.", 405);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requirePermission(request, "categories.manage", context);
  const kind = kindOf(request);
  const id = parseId(params.id);
  const actor = user.actor;
  if (request.method === "DELETE") {
    const input = await readAdminWrite(request, { methods: ["DELETE"] });
    if (!input.ok) return input.response;
    if (!id) return jsonError(KINDS[kind].notFound, 404);
    const result = await deleteCatalogueItem(getDb(), actor, kind, id);
    return result.ok
      ? Response.json({ success: true, message: result.message })
      : jsonError(result.message, httpStatusOf(result.reason));
  }
  const input = await readAdminWrite(request, { methods: ["PUT"], schema: KINDS[kind].schema });
  if (!input.ok) return input.response;
  if (!id) return jsonError(KINDS[kind].notFound, 404);
  const result = await saveCatalogueItem(getDb(), actor, kind, id, input.data);
  return result.ok
    ? Response.json({ success: true, message: result.message })
    : jsonError(result.message, httpStatusOf(result.reason));
}
