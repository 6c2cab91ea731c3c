import { data } from "react-router";
import { getDb } from "~db/client";
import { PaymentReturn } from "~/components/pay-online";
import { useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/seo";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import { returnView } from "~/services/payments/index.server";
import type { Route } from "./+types/payments-return";

// /payments/return — where the gateway sends the payer back. Its query names the payment only when its
// signature verifies, and the page shows our database's status (confirming… until the webhook arrives),
// refreshing itself without JavaScript.

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(translatorFromMatches(matches)("payments.return.title"));
}
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const view = await returnView(getDb(), url.searchParams);
  return data(
    { view, refreshUrl: `${url.pathname}${url.search}`, messages: messagesFor(pageLocale(args), ["payments"]) },
    { status: view.ok ? 200 : view.status },
  );
}

export default function PaymentsReturn({ loaderData }: Route.ComponentProps) {
  const { view, refreshUrl } = loaderData;
  const t = useT();
  return (
    <section className="container section narrow">
      <div className="card card-pad">
        {view.ok ? (
          <PaymentReturn view={view} refreshUrl={refreshUrl} />
        ) : (
          <>
            <h1>{t("payments.return.title")}</h1>
            <p className="alert alert-error" role="alert" data-testid="payment-state" data-state="unverified">
              {t(`payments.return.${view.reason}`)}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
