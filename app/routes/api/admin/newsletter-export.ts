import { getDb } from "~db/client";
import { subscriptionFiltersFrom } from "~/lib/validation/enquiries";
import { NEWSLETTER_EXPORT_COLUMNS } from "~/services/enquiry-export.server";
import { streamSubscriptionsForExport } from "~/models/enquiries.server";
import { csvResponse } from "~/services/csv.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/newsletter-export";

// GET /api/admin/newsletter-subscriptions/export → newsletter.csv (admins only: moderators do not export).
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "exports.download", context);
  const filters = subscriptionFiltersFrom(new URL(request.url).searchParams);
  return csvResponse("newsletter.csv", NEWSLETTER_EXPORT_COLUMNS, streamSubscriptionsForExport(getDb(), filters));
}
