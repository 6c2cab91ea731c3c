import { CheckIcon } from "./icons";
import { LinkButtons } from "./link-buttons";
import { useLocalePath, useT } from "./i18n";
import { PayOnlineForm } from "./pay-online-form";
import type { PayOffer } from "~/services/payments/index.server";

/** /register once the application is in (the page after the post), with "Pay ₹X now" when online payment is on. */
export function ApplicationSubmitted({ payOffer }: { payOffer: PayOffer | null }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="container section narrow">
      <div className="card card-pad success-screen" role="status">
        <div className="success-icon" aria-hidden="true">
          <CheckIcon />
        </div>
        <h1>{t("register.submitted.title")}</h1>
        <p>{t("register.submitted.text")}</p>
        {payOffer ? <PayOnlineForm offer={payOffer} /> : null}
        <p className="muted small">{t("register.submitted.confirmation")}</p>
        <LinkButtons
          centered
          links={[
            [to("/register"), t("register.submitted.another")],
            [to("/list-your-business"), t("register.submitted.back")],
          ]}
        />
      </div>
    </section>
  );
}
