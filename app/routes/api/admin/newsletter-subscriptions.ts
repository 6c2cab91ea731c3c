import { getDb } from "~db/client";
import { apiSubscriptionQuery } from "~/lib/validation/enquiries";
import { pageInfo } from "~/lib/paging";
import { listAdminSubscriptions } from "~/models/enquiries.server";
import { jsonError } from "~/services/api.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/newsletter-subscriptions";

// GET /api/admin/newsletter-subscriptions?search&status&source&page&limit → {subscriptions, pagination}.
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "newsletter.view", context);
  const query = apiSubscriptionQuery(new URL(request.url).searchParams);
  if (!query.ok) return jsonError(query.message, 400);
  const { subscriptions, total } = await listAdminSubscriptions(getDb(), query.filters, query.paging);
  const info = pageInfo(query.paging, total);
  return Response.json(
    { subscriptions, pagination: { page: info.page, limit: info.limit, total: info.total, pages: info.pages } },
    { headers: { "Cache-Control": "no-store" } },
  );
}
