import { data, redirect } from "react-router";
import { getDb } from "~db/client";
import { PAY_LINK_INVALID, PAY_PAGE_TITLE, PayOnlineForm } from "~/components/pay-online";
import { privatePageMeta } from "~/lib/seo";
import { refuseCrossOrigin } from "~/services/csrf.server";
import { readForm } from "~/services/forms.server";
import { paymentGateway, payOffer, readPayParams, startOnlinePayment } from "~/services/payments/index.server";
import { publicOrigin } from "~/services/public-url.server";
import type { Route } from "./+types/pay";

// /pay?application=<id>&token=… or ?renewal=<id>&token=… — "Pay ₹X now" for a listing, from a signed link
// (after applying, the reminder mails, the dashboard). The post creates (or reuses) the gateway's hosted
// payment link and sends her there; she comes back to /payments/return.

export const meta = () => privatePageMeta(PAY_PAGE_TITLE);
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  if (!paymentGateway()) throw data("Online payments are not available.", { status: 404 });
  const params = readPayParams(new URL(request.url).searchParams);
  const offer = params ? await payOffer(getDb(), params.purpose, params.sellerId) : null;
  if (!offer) return data({ offer: null, error: PAY_LINK_INVALID }, { status: 400 });
  return { offer, error: null as string | null };
}

export async function action({ request }: Route.ActionArgs) {
  refuseCrossOrigin(request);
  const form = await readForm(request);
  const params = readPayParams(form);
  if (!params) return data({ error: PAY_LINK_INVALID }, { status: 400 });
  const started = await startOnlinePayment(getDb(), params.sellerId, params.purpose, publicOrigin(request));
  if (!started.ok) return data({ error: started.message }, { status: started.status });
  return redirect(started.url, 303);
}

export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error ?? loaderData.error;
  return (
    <section className="container section narrow">
      <div className="card card-pad">
        <h1>{PAY_PAGE_TITLE}</h1>
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
        {loaderData.offer ? <PayOnlineForm offer={loaderData.offer} /> : null}
      </div>
    </section>
  );
}
