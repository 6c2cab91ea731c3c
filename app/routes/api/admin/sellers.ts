import { getDb } from "~db/client";
import { sellerFiltersFrom } from "~/lib/validation/sellers-admin";
import { pageInfo, pagingFrom } from "~/lib/paging";
import { emailVerifiedJson, listAdminSellers } from "~/models/sellers-admin.server";
import { jsonError } from "~/services/api.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/sellers";

// GET /api/admin/sellers?search&status&verified&paid&page&limit → {sellers, pagination} (the page's query).
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "sellers.manage", context);
  const params = new URL(request.url).searchParams;
  if (params.has("limit") && !/^(20|50|100)$/.test(params.get("limit")!))
    return jsonError("limit must be 20, 50 or 100", 400);
  const paging = pagingFrom(params, [20, 50, 100]);
  const { sellers, total } = await listAdminSellers(getDb(), sellerFiltersFrom(params), paging);
  const info = pageInfo(paging, total);
  return Response.json(
    {
      sellers: sellers.map(({ account_email, ...s }) => ({
        ...s,
        is_verified: !!s.is_verified,
        is_featured: !!s.is_featured,
        is_paid: !!s.is_paid,
        categories: s.category_names,
        email_verified: emailVerifiedJson(account_email),
      })),
      pagination: { page: info.page, limit: info.limit, total: info.total, pages: info.pages },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
