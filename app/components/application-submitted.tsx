import { LinkButtons } from "./link-buttons";
import { useLocalePath, useT } from "./i18n";
import { PayOnlineForm } from "./pay-online-form";
import { SuccessScreen } from "./success-screen";
import type { PayOffer } from "~/services/payments/index.server";

/** /register once the application is in (the page after the post), with "Pay ₹X now" when online payment is on. */
export function ApplicationSubmitted({ payOffer }: { payOffer: PayOffer | null }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="container section narrow">
      <SuccessScreen title={t("register.submitted.title")} heading="h1" className="card card-pad">
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
      </SuccessScreen>
    </section>
  );
}
