import { data, redirect } from "react-router";
import { getDb } from "~db/client";
import { PayOnlineForm } from "~/components/pay-online";
import { useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/seo";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import { refuseCrossOrigin } from "~/services/csrf.server";
import { readForm } from "~/services/forms.server";
import { paymentGateway, payOffer, readPayParams, startOnlinePayment } from "~/services/payments/index.server";
import { publicOrigin } from "~/services/public-url.server";
import type { Route } from "./+types/pay";

// /pay?application=<id>&token=… or ?renewal=<id>&token=… — "Pay ₹X now" for a listing, from a signed link
// (after applying, the reminder mails, the dashboard). The post creates (or reuses) the gateway's hosted
// payment link and sends her there; she comes back to /payments/return.

// In the seller's language: the mails link to her language's address, the dashboard's form posts to its own.
export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(translatorFromMatches(matches)("payments.pay.title"));
}
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader(args: Route.LoaderArgs) {
  const locale = pageLocale(args);
  const messages = messagesFor(locale, ["payments"]);
  if (!paymentGateway()) throw data("Online payments are not available.", { status: 404 });
  const params = readPayParams(new URL(args.request.url).searchParams);
  const offer = params ? await payOffer(getDb(), params.purpose, params.sellerId) : null;
  if (!offer)
    return data({ offer: null, error: translatorFor(locale)("payments.pay.linkInvalid"), messages }, { status: 400 });
  return { offer, error: null as string | null, messages };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  refuseCrossOrigin(request);
  const locale = pageLocale(args);
  const t = translatorFor(locale);
  const form = await readForm(request);
  const params = readPayParams(form);
  if (!params) return data({ error: t("payments.pay.linkInvalid") }, { status: 400 });
  const started = await startOnlinePayment(getDb(), params.sellerId, params.purpose, publicOrigin(request), locale);
  if (!started.ok) return data({ error: t(`payments.pay.error.${started.reason}`) }, { status: started.status });
  return redirect(started.url, 303);
}

export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error ?? loaderData.error;
  const t = useT();
  return (
    <section className="container section narrow">
      <div className="card card-pad">
        <h1>{t("payments.pay.title")}</h1>
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
