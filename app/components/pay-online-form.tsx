import { formatRupees } from "~/lib/constants";
import type { PayOffer } from "~/services/payments/index.server";

// Apart from the rest of pay-online.tsx (the return page, the receipts): the application's "submitted"
// screen shows only this, and /register's first download should not carry the others.

/** "Pay ₹X now": a plain post to /pay, which sends her on to the gateway's page (no JavaScript needed). */
export function PayOnlineForm({ offer }: { offer: PayOffer }) {
  if (offer.paid)
    return (
      <p className="alert alert-success" role="status" data-testid="pay-online-paid">
        {offer.purpose === "application" ? "Your application is paid." : "Your renewal is paid."} Thank you!
      </p>
    );
  return (
    <form method="post" action="/pay" className="pay-online" data-testid="pay-online">
      <input type="hidden" name={offer.purpose} value={offer.sellerId} />
      <input type="hidden" name="token" value={offer.token} />
      <button type="submit" className="btn btn-primary btn-lg">
        {offer.purpose === "application"
          ? `Pay ${formatRupees(offer.amount)} now`
          : `Renew now: pay ${formatRupees(offer.amount)}`}
      </button>
      <p className="small muted">
        Pay by UPI on the payment gateway's page ({offer.months} month{offer.months === 1 ? "" : "s"} for{" "}
        {offer.businessName}); you come back here when it is done. No screenshot needed.
      </p>
    </form>
  );
}
