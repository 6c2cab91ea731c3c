import { getDb } from "~db/client";
import { seedCategories } from "~db/seed/index";
import { writeAudit } from "~/models/audit.server";
import { jsonError, readAdminWrite } from "~/services/api.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/seed-data";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "seed.run");
  return jsonError("Method not allowed. Use POST.", 405);
}

// POST /api/admin/seed-data → {message}: the categories and subcategories, idempotent.
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "seed.run");
  const input = await readAdminWrite(request, { methods: ["POST"] });
  if (!input.ok) return input.response;
  const db = getDb();
  await seedCategories(db);
  await writeAudit(db, { action: "seed.categories", actorUserId: user.id, actorEmail: user.email, ip: context.clientAddress });
  return Response.json({ success: true, message: "Seed data created successfully!" });
}
