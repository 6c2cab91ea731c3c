import { z } from "zod";
import { getDb } from "~db/client";
import { adminSellerSchema } from "~/lib/validation/sellers-admin";
import { parseId } from "~/lib/validation/params";
import { firstIssueMessage, jsonError, readAdminWrite } from "~/services/api.server";
import { adminSellerRecord, editorValuesWith, saveSellerFromEditor } from "~/services/sellers-admin.server";
import { getSellerForEditor } from "~/models/sellers-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/seller-record";
import { httpStatusOf } from "~/lib/refusal";

const NOT_FOUND = "Seller not found";

// GET /api/sellers/admin/{id} → the full seller (the spec's admin view).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requirePermission(request, "sellers.manage", context);
  const id = parseId(params.id);
  const editor = id ? await getSellerForEditor(getDb(), id) : null;
  if (!editor) return jsonError(NOT_FOUND, 404);
  return Response.json(await adminSellerRecord(getDb(), editor), { headers: { "Cache-Control": "no-store" } });
}

// PUT /api/sellers/admin/{id} with some fields (e.g. {status} or {is_featured}) or the whole record:
// the given fields over the stored ones, checked by the editor's schema, saved by the editor's path.
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requirePermission(request, "sellers.manage", context);
  const input = await readAdminWrite(request, { methods: ["PUT"], schema: z.record(z.string(), z.unknown()) });
  if (!input.ok) return input.response;
  const db = getDb();
  const id = parseId(params.id);
  const editor = id ? await getSellerForEditor(db, id) : null;
  if (!id || !editor) return jsonError(NOT_FOUND, 404);
  const parsed = adminSellerSchema.safeParse(editorValuesWith(editor, input.data));
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const result = await saveSellerFromEditor(db, user.actor, id, parsed.data);
  if (!result.ok)
    return jsonError(
      Object.values(result.fieldErrors).flat()[0] ?? "Failed to update seller",
      httpStatusOf(result.reason),
    );
  const saved = await getSellerForEditor(db, id);
  return Response.json({
    success: true,
    message: "Seller updated successfully.",
    seller: saved ? await adminSellerRecord(db, saved) : null,
  });
}
