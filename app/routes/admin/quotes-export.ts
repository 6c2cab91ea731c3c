import { getDb } from "~db/client";
import { quoteFiltersFrom, streamQuoteRequests } from "~/models/quotes.server";
import { csvResponse } from "~/services/csv.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/quotes-export";

// /admin/quotes/export.csv: the filtered requests for quotes, streamed, formulas neutralised. Every
// requester's name, email and mobile: an export, admins only (app/lib/permissions.ts).
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "exports.download", context);
  const filters = quoteFiltersFrom(new URL(request.url).searchParams);
  return csvResponse(
    "quote-requests.csv",
    [
      { header: "Id", value: (r) => r.id },
      { header: "Created", value: (r) => r.createdAt },
      { header: "Status", value: (r) => r.status },
      { header: "Category", value: (r) => r.categoryName },
      { header: "City", value: (r) => r.city },
      { header: "Locality", value: (r) => r.locality },
      { header: "Need", value: (r) => r.need },
      { header: "Needed by", value: (r) => r.neededBy },
      { header: "Budget from", value: (r) => r.budgetMin },
      { header: "Budget to", value: (r) => r.budgetMax },
      { header: "Name", value: (r) => r.name },
      { header: "Email", value: (r) => r.email },
      { header: "Mobile", value: (r) => r.mobile },
      { header: "Matched", value: (r) => r.matched },
      { header: "Answered", value: (r) => r.answered },
      { header: "Confirmed", value: (r) => r.confirmedAt },
    ],
    streamQuoteRequests(getDb(), filters),
  );
}
