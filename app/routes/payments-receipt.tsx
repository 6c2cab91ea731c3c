import { data } from "react-router";
import { getDb } from "~db/client";
import { PaymentReceipt } from "~/components/pay-online";
import { privatePageMeta } from "~/lib/seo";
import { receiptFor } from "~/services/payments/index.server";
import type { Route } from "./+types/payments-receipt";

// /payments/receipt/:reference?token=… — the printable receipt of a paid payment (from the receipt mail,
// the return page and the dashboard); the token is signed for the reference.

export const meta = () => privatePageMeta("Payment receipt");
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await receiptFor(getDb(), params.reference, new URL(request.url).searchParams.get("token"));
  return data(found, { status: found.ok ? 200 : found.status });
}

export default function PaymentsReceipt({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container section narrow">
      <div className="card card-pad">
        {loaderData.ok ? (
          <PaymentReceipt receipt={loaderData.receipt} />
        ) : (
          <p className="alert alert-error" role="alert">
            {loaderData.message}
          </p>
        )}
      </div>
    </section>
  );
}
