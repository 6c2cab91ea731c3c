import { getDb } from "~db/client";
import { streamPayments } from "~/models/payments.server";
import { csvResponse } from "~/services/csv.server";
import { requirePermission } from "~/services/session.server";
import { paymentFiltersFrom } from "~/lib/validation/payments";
import type { Route } from "./+types/payments-export";

// /admin/payments/export.csv (admins): the filtered payments, streamed, formulas neutralised.
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "payments.manage", context);
  const filters = paymentFiltersFrom(new URL(request.url).searchParams);
  return csvResponse(
    "payments.csv",
    [
      { header: "Created", value: (p) => p.created_at },
      { header: "Reference", value: (p) => p.reference },
      { header: "Purpose", value: (p) => p.purpose },
      { header: "Seller id", value: (p) => p.seller_id },
      { header: "Business", value: (p) => p.business_name ?? p.owner_name },
      { header: "Amount (INR)", value: (p) => (p.amount_paise / 100).toFixed(2) },
      { header: "Status", value: (p) => p.status },
      { header: "Flag", value: (p) => p.flag },
      { header: "Gateway", value: (p) => p.gateway },
      { header: "Gateway payment id", value: (p) => p.gateway_payment_id },
      { header: "Method", value: (p) => p.method },
      { header: "Paid at", value: (p) => p.paid_at },
      { header: "Refunded at", value: (p) => p.refunded_at },
    ],
    streamPayments(getDb(), filters),
  );
}
