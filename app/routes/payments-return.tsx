import { data } from "react-router";
import { getDb } from "~db/client";
import { PaymentReturn } from "~/components/pay-online";
import { privatePageMeta } from "~/lib/seo";
import { returnView } from "~/services/payments/index.server";
import type { Route } from "./+types/payments-return";

// /payments/return — where the gateway sends the payer back. Its query names the payment only when its
// signature verifies, and the page shows our database's status (confirming… until the webhook arrives),
// refreshing itself without JavaScript.

export const meta = () => privatePageMeta("Your payment");
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = await returnView(getDb(), url.searchParams);
  return data({ view, refreshUrl: `${url.pathname}${url.search}` }, { status: view.ok ? 200 : view.status });
}

export default function PaymentsReturn({ loaderData }: Route.ComponentProps) {
  const { view, refreshUrl } = loaderData;
  return (
    <section className="container section narrow">
      <div className="card card-pad">
        {view.ok ? (
          <PaymentReturn view={view} refreshUrl={refreshUrl} />
        ) : (
          <p className="alert alert-error" role="alert" data-testid="payment-state" data-state="unverified">
            {view.message}
          </p>
        )}
      </div>
    </section>
  );
}
