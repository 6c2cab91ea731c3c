import { getDb } from "~db/client";
import { enquiryFiltersFrom } from "~/lib/validation/enquiries";
import { ENQUIRY_EXPORT_COLUMNS } from "~/services/enquiry-export.server";
import { streamEnquiriesForExport } from "~/models/enquiries.server";
import { csvResponse } from "~/services/csv.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/enquiries-export";

// GET /api/admin/enquiries/export → enquiries.csv (admins only: moderators do not export).
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "exports.download", context);
  const filters = enquiryFiltersFrom(new URL(request.url).searchParams);
  return csvResponse("enquiries.csv", ENQUIRY_EXPORT_COLUMNS, streamEnquiriesForExport(getDb(), filters));
}
