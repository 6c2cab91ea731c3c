import { getDb } from "~db/client";
import { englishOnly } from "~/models/categories.server";
import { apiSubcategoryCreateSchema } from "~/lib/validation/categories";
import { listAdminSubcategories } from "~/models/categories-admin.server";
import { jsonError, readAdminWrite } from "~/services/api.server";
import { saveCatalogueItem } from "~/services/categories-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/subcategories";
import { httpStatusOf } from "~/lib/refusal";

// GET /api/admin/subcategories → {subcategories} (every subcategory with its parent name and seller count, inactive ones too).
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "categories.manage", context);
  const subcategories = await listAdminSubcategories(getDb());
  return Response.json(
    { subcategories: subcategories.map((s) => ({ ...englishOnly(s), is_active: Boolean(s.is_active) })) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// POST /api/admin/subcategories {category_id, name, slug?, icon?, is_active?} → 201 {success, message, id}.
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "categories.manage", context);
  const input = await readAdminWrite(request, { methods: ["POST"], schema: apiSubcategoryCreateSchema });
  if (!input.ok) return input.response;
  const result = await saveCatalogueItem(getDb(), user.actor, "subcategory", null, input.data);
  return result.ok
    ? Response.json({ success: true, message: result.message, id: result.id }, { status: 201 })
    : jsonError(result.message, httpStatusOf(result.reason));
}
