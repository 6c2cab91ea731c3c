import { getDb } from "~db/client";
import { paymentsCsv } from "~/services/payments/index.server";
import { requirePermission } from "~/services/session.server";
import { paymentFiltersFrom } from "~/lib/validation/payments";
import type { Route } from "./+types/payments-export";

// /admin/payments/export.csv (admins): the filtered payments, streamed, formulas neutralised.
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "payments.manage", context);
  const filters = paymentFiltersFrom(new URL(request.url).searchParams);
  return paymentsCsv(getDb(), filters);
}
