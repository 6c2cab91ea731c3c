import { getDb } from "~db/client";
import { REVIEW_PAGE_SIZES } from "~/lib/validation/constants";
import { reviewFiltersFrom } from "~/lib/validation/reviews";
import { pageInfo, pagingFrom } from "~/lib/paging";
import { listAdminReviews } from "~/models/reviews-admin.server";
import { jsonError } from "~/services/api.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/reviews";

// GET /api/admin/reviews?status&search&signal&page&limit → {reviews, pagination} (the page's query); each
// review has its `signals` (lib/review-signals.ts) and, for staff only, the `reviewer_email` it gave.
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "reviews.moderate", context);
  const params = new URL(request.url).searchParams;
  if (params.has("limit") && !REVIEW_PAGE_SIZES.map(String).includes(params.get("limit")!))
    return jsonError("limit must be 20, 50 or 100", 400);
  const paging = pagingFrom(params, REVIEW_PAGE_SIZES);
  const { reviews, total } = await listAdminReviews(getDb(), reviewFiltersFrom(params), paging);
  const info = pageInfo(paging, total);
  return Response.json(
    { reviews, pagination: { page: info.page, limit: info.limit, total: info.total, pages: info.pages } },
    { headers: { "Cache-Control": "no-store" } },
  );
}
