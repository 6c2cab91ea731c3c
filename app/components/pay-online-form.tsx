import { formatPaise } from "~/lib/payments";
import type { PayOffer } from "~/services/payments/index.server";
import { T, useLocale, useLocalePath, useT } from "./i18n";

// Apart from the rest of pay-online.tsx (the return page, the receipts): the application's "submitted"
// screen shows only this, and /register's first download should not carry the others. Its words are in the
// `payments` namespace, which every page that renders it sends.

/** "Pay ₹X now": a plain post to /pay (in the page's language), which sends her on to the gateway's page. */
export function PayOnlineForm({ offer }: { offer: PayOffer }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalePath();
  if (offer.paid)
    return (
      <p className="alert alert-success" role="status" data-testid="pay-online-paid">
        {t(offer.purpose === "application" ? "payments.paid.application" : "payments.paid.renewal")}
      </p>
    );
  const amount = formatPaise(offer.amount * 100, locale);
  return (
    <form method="post" action={to("/pay")} className="pay-online" data-testid="pay-online">
      <input type="hidden" name={offer.purpose} value={offer.sellerId} />
      <input type="hidden" name="token" value={offer.token} />
      <button type="submit" className="btn btn-primary btn-lg">
        {t(offer.purpose === "application" ? "payments.pay.application" : "payments.pay.renewal", { amount })}
      </button>
      <p className="small muted">
        <T
          k="payments.pay.note"
          values={{ months: offer.months, business: offer.businessName }}
          components={{ business: (name) => <span translate="no">{name}</span> }}
        />
      </p>
    </form>
  );
}
