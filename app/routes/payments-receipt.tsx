import { data } from "react-router";
import { getDb } from "~db/client";
import { PaymentReceipt } from "~/components/pay-online";
import { useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/seo";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import { receiptFor } from "~/services/payments/index.server";
import type { Route } from "./+types/payments-receipt";

// /payments/receipt/:reference?token=… — the printable receipt of a paid payment (from the receipt mail,
// the return page and the dashboard); the token is signed for the reference.

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(translatorFromMatches(matches)("payments.receipt.title"));
}
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  const found = await receiptFor(getDb(), params.reference, new URL(request.url).searchParams.get("token"));
  return data(
    { ...found, messages: messagesFor(pageLocale(args), ["payments"]) },
    { status: found.ok ? 200 : found.status },
  );
}

export default function PaymentsReceipt({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="container section narrow">
      <div className="card card-pad">
        {loaderData.ok ? (
          <PaymentReceipt receipt={loaderData.receipt} />
        ) : (
          <>
            <h1>{t("payments.receipt.title")}</h1>
            <p className="alert alert-error" role="alert">
              {t(`payments.receipt.${loaderData.reason}`)}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
