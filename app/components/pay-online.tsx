import { formatPaise } from "~/lib/payments";
import { formatDateTime } from "~/lib/dates";
import type { Receipt, ReturnView } from "~/services/payments/index.server";

// Every word a payer reads about paying online, in one place: the "Pay ₹X now" button (after applying, on
// the pay page, the dashboard's renewal) and the return page's states.

export { PayOnlineForm } from "./pay-online-form";

export const PAY_PAGE_TITLE = "Pay online";
export const PAY_LINK_INVALID = "This payment link is not valid. Use the link from your mail or your dashboard.";
export const RENEW_NOW = "Renew now";

/** The return page: what our database says about her payment (the gateway's webhook decides). */
export function PaymentReturn({ view, refreshUrl }: { view: Extract<ReturnView, { ok: true }>; refreshUrl: string }) {
  const amount = formatPaise(view.amountPaise);
  if (view.state === "paid")
    return (
      <div className="alert alert-success" role="status" data-testid="payment-state" data-state="paid">
        <h1>Payment received</h1>
        <p>
          {amount} paid online ({view.paymentId}).{" "}
          {view.purpose === "application"
            ? "Our team now verifies your application and emails you when your listing is live."
            : "Your listing has been renewed."}
        </p>
        {view.receiptPath ? (
          <p>
            <a href={view.receiptPath}>View your receipt</a>
          </p>
        ) : null}
      </div>
    );
  if (view.state === "confirming")
    return (
      <div className="alert" role="status" data-testid="payment-state" data-state="confirming">
        <meta httpEquiv="refresh" content={`5;url=${refreshUrl}`} />
        <h1>Confirming your payment…</h1>
        <p>
          The payment gateway confirms {amount} to us within a few seconds. This page refreshes by itself, or{" "}
          <a href={refreshUrl}>check again</a>.
        </p>
      </div>
    );
  return (
    <div className="alert alert-warning" role="status" data-testid="payment-state" data-state={view.state}>
      <h1>{view.state === "failed" ? "The payment did not go through" : "We are checking this payment"}</h1>
      <p>
        {view.state === "failed"
          ? "No money was taken for this attempt. You can try again from your payment link, or pay by UPI and upload the screenshot."
          : "Our team checks it with the payment gateway and contacts you."}
      </p>
    </div>
  );
}

/** The printable receipt of one payment. */
export function PaymentReceipt({ receipt }: { receipt: Receipt }) {
  const org = receipt.organisation;
  return (
    <article className="receipt" data-testid="receipt">
      <header>
        <h1>Payment receipt</h1>
        <p>
          <strong>{org.name}</strong>
          {org.address ? (
            <>
              <br />
              {org.address}
            </>
          ) : null}
          {org.gstin ? (
            <>
              <br />
              GSTIN: {org.gstin}
            </>
          ) : null}
        </p>
      </header>
      <dl className="receipt-lines">
        <dt>Receipt for</dt>
        <dd>
          {receipt.purpose === "application" ? "Directory listing" : "Directory listing renewal"}, {receipt.months}{" "}
          month{receipt.months === 1 ? "" : "s"}
          {receipt.payer.business ? ` — ${receipt.payer.business}` : ""}
        </dd>
        <dt>Amount</dt>
        <dd data-testid="receipt-amount">{formatPaise(receipt.amountPaise)}</dd>
        <dt>Paid on</dt>
        <dd>{formatDateTime(receipt.paidAt)}</dd>
        <dt>Our reference</dt>
        <dd data-testid="receipt-reference">{receipt.reference}</dd>
        <dt>Payment id</dt>
        <dd data-testid="receipt-payment-id">
          {receipt.gatewayPaymentId}
          {receipt.method ? ` (${receipt.method.toUpperCase()})` : ""}
        </dd>
      </dl>
      {receipt.refunded ? <p className="alert alert-warning">This payment was refunded.</p> : null}
      <p className="small muted no-print">Print this page or save it as a PDF from your browser's print menu.</p>
    </article>
  );
}

export const RECEIPTS_HEADING = "Your receipts";
