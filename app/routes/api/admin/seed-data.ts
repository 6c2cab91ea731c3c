import { getDb } from "~db/client";
import { jsonError, readAdminWrite } from "~/services/api.server";
import { seedCatalogue } from "~/services/categories-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/seed-data";

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "seed.run", context);
  return jsonError("Method not allowed. Use POST.", 405);
}

// POST /api/admin/seed-data → {message}: the categories and subcategories, idempotent.
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "seed.run", context);
  const input = await readAdminWrite(request, { methods: ["POST"] });
  if (!input.ok) return input.response;
  const message = await seedCatalogue(getDb(), user.actor);
  return Response.json({ success: true, message });
}
