import { formatPaise } from "~/lib/payments";
import { formatDateTime } from "~/lib/dates";
import type { Receipt, ReturnView } from "~/services/payments/index.server";
import { T, useLocale, useT } from "./i18n";

// Every word a payer reads about paying online, in one place (the `payments` namespace: every page that
// renders these sends it): the "Pay ₹X now" button (after applying, on the pay page, the dashboard's
// renewal) and the return page's states.

export { PayOnlineForm } from "./pay-online-form";

/** The return page: what our database says about her payment (the gateway's webhook decides). */
export function PaymentReturn({ view, refreshUrl }: { view: Extract<ReturnView, { ok: true }>; refreshUrl: string }) {
  const t = useT();
  const amount = formatPaise(view.amountPaise, useLocale());
  if (view.state === "paid")
    return (
      <div className="alert alert-success" role="status" data-testid="payment-state" data-state="paid">
        <h1>{t("payments.return.paid.title")}</h1>
        <p>
          <T
            k="payments.return.paid.text"
            values={{ amount, paymentId: view.paymentId ?? "" }}
            components={{ id: (id) => <span translate="no">{id}</span> }}
          />{" "}
          {t(view.purpose === "application" ? "payments.return.paid.application" : "payments.return.paid.renewal")}
        </p>
        {view.receiptPath ? (
          <p>
            <a href={view.receiptPath}>{t("payments.return.receiptLink")}</a>
          </p>
        ) : null}
      </div>
    );
  if (view.state === "confirming")
    return (
      <div className="alert" role="status" data-testid="payment-state" data-state="confirming">
        <meta httpEquiv="refresh" content={`5;url=${refreshUrl}`} />
        <h1>{t("payments.return.confirming.title")}</h1>
        <p>
          <T
            k="payments.return.confirming.text"
            values={{ amount }}
            components={{ again: (text) => <a href={refreshUrl}>{text}</a> }}
          />
        </p>
      </div>
    );
  const failed = view.state === "failed";
  return (
    <div className="alert alert-warning" role="status" data-testid="payment-state" data-state={view.state}>
      <h1>{t(failed ? "payments.return.failed.title" : "payments.return.checking.title")}</h1>
      <p>{t(failed ? "payments.return.failed.text" : "payments.return.checking.text")}</p>
    </div>
  );
}

/** The printable receipt of one payment. */
export function PaymentReceipt({ receipt }: { receipt: Receipt }) {
  const t = useT();
  const locale = useLocale();
  const org = receipt.organisation;
  return (
    <article className="receipt" data-testid="receipt">
      <header>
        <h1>{t("payments.receipt.title")}</h1>
        <p>
          <strong translate="no">{org.name}</strong>
          {org.address ? (
            <>
              <br />
              <span translate="no">{org.address}</span>
            </>
          ) : null}
          {org.gstin ? (
            <>
              <br />
              <T
                k="payments.receipt.gstin"
                values={{ gstin: org.gstin }}
                components={{ gstin: (id) => <span translate="no">{id}</span> }}
              />
            </>
          ) : null}
        </p>
      </header>
      <dl className="receipt-lines">
        <dt>{t("payments.receipt.for")}</dt>
        <dd>
          {t(receipt.purpose === "application" ? "payments.receipt.application" : "payments.receipt.renewal", {
            months: receipt.months,
          })}
          {receipt.payer.business ? (
            <>
              {" — "}
              <span translate="no">{receipt.payer.business}</span>
            </>
          ) : null}
        </dd>
        <dt>{t("payments.receipt.amount")}</dt>
        <dd data-testid="receipt-amount">{formatPaise(receipt.amountPaise, locale)}</dd>
        <dt>{t("payments.receipt.paidOn")}</dt>
        <dd>
          <time dateTime={receipt.paidAt}>{formatDateTime(receipt.paidAt, locale)}</time>
        </dd>
        <dt>{t("payments.receipt.reference")}</dt>
        <dd data-testid="receipt-reference" translate="no">
          {receipt.reference}
        </dd>
        <dt>{t("payments.receipt.paymentId")}</dt>
        <dd data-testid="receipt-payment-id" translate="no">
          {receipt.gatewayPaymentId}
          {receipt.method ? ` (${receipt.method.toUpperCase()})` : ""}
        </dd>
      </dl>
      {receipt.refunded ? <p className="alert alert-warning">{t("payments.receipt.refunded")}</p> : null}
      <p className="small muted no-print">{t("payments.receipt.print")}</p>
    </article>
  );
}
