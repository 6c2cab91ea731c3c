import { getDb } from "~db/client";
import { sellerFiltersFrom } from "~/lib/validation/sellers-admin";
import { todayIso } from "~/lib/dates";
import { SELLER_EXPORT_COLUMNS } from "~/services/seller-export.server";
import { streamSellersForExport } from "~/models/sellers-admin.server";
import { csvResponse } from "~/services/csv.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/sellers-export";

// GET /api/admin/sellers/export → bwp_sellers_export_{date}.csv (admins only: moderators do not export).
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "exports.download", context);
  const filters = sellerFiltersFrom(new URL(request.url).searchParams);
  return csvResponse(
    `bwp_sellers_export_${todayIso()}.csv`,
    SELLER_EXPORT_COLUMNS,
    streamSellersForExport(getDb(), filters),
  );
}
