import { getDb } from "~db/client";
import { apiEnquiryUpdateSchema } from "~/lib/validation/enquiries";
import { parseId } from "~/lib/validation/params";
import { getEnquiry } from "~/models/enquiries.server";
import { jsonError, readAdminWrite } from "~/services/api.server";
import { changeEnquiry } from "~/services/enquiries-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/enquiry";
import { httpStatusOf } from "~/lib/refusal";

// GET /api/admin/enquiries/{id} → {enquiry}.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requirePermission(request, "enquiries.manage", context);
  const id = parseId(params.id);
  const enquiry = id ? await getEnquiry(getDb(), id) : undefined;
  if (!enquiry) return jsonError("Enquiry not found", 404);
  return Response.json({ enquiry }, { headers: { "Cache-Control": "no-store" } });
}

// PUT /api/admin/enquiries/{id} {status: in_progress|resolved|closed, admin_notes?} → {success, message, enquiry}.
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requirePermission(request, "enquiries.manage", context);
  const input = await readAdminWrite(request, { methods: ["PUT"], schema: apiEnquiryUpdateSchema });
  if (!input.ok) return input.response;
  const id = parseId(params.id);
  if (!id) return jsonError("Enquiry not found", 404);
  const result = await changeEnquiry(getDb(), user.actor, id, input.data);
  return result.ok
    ? Response.json({ success: true, message: result.message, enquiry: result.enquiry })
    : jsonError(result.message, httpStatusOf(result.reason));
}
