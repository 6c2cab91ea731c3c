import { getDb } from "~db/client";
import { apiEnquiryQuery } from "~/lib/validation/enquiries";
import { pageInfo } from "~/lib/paging";
import { listAdminEnquiries } from "~/models/enquiries.server";
import { jsonError } from "~/services/api.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/enquiries";

// GET /api/admin/enquiries?search&status&query_type&page&limit → {enquiries, pagination} (the page's query).
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "enquiries.manage", context);
  const query = apiEnquiryQuery(new URL(request.url).searchParams);
  if (!query.ok) return jsonError(query.message, 400);
  const { enquiries, total } = await listAdminEnquiries(getDb(), query.filters, query.paging);
  const info = pageInfo(query.paging, total);
  return Response.json(
    { enquiries, pagination: { page: info.page, limit: info.limit, total: info.total, pages: info.pages } },
    { headers: { "Cache-Control": "no-store" } },
  );
}
