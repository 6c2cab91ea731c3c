import { getDb } from "~db/client";
import { englishOnly } from "~/models/categories.server";
import { apiCategoryCreateSchema } from "~/lib/validation/categories";
import { listAdminCategories } from "~/models/categories-admin.server";
import { jsonError, readAdminWrite } from "~/services/api.server";
import { saveCatalogueItem } from "~/services/categories-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/categories";
import { httpStatusOf } from "~/lib/refusal";

// GET /api/admin/categories → {categories} (every category with its counts, inactive ones too).
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "categories.manage", context);
  const categories = await listAdminCategories(getDb());
  return Response.json(
    {
      categories: categories.map(({ sort_order: _, ...c }) => ({ ...englishOnly(c), is_active: Boolean(c.is_active) })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// POST /api/admin/categories {name, slug?, description?, icon?, is_active?} → 201 {success, message, id}.
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "categories.manage", context);
  const input = await readAdminWrite(request, { methods: ["POST"], schema: apiCategoryCreateSchema });
  if (!input.ok) return input.response;
  const result = await saveCatalogueItem(getDb(), user.actor, "category", null, input.data);
  return result.ok
    ? Response.json({ success: true, message: result.message, id: result.id }, { status: 201 })
    : jsonError(result.message, httpStatusOf(result.reason));
}
