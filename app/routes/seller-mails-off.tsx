import { data } from "react-router";
import { SignedLinkPage, signedLinkRoute } from "~/components/signed-link";
import { getDb } from "~db/client";
import { setPerformanceMailOff } from "~/models/seller-mails.server";
import { readForm } from "~/services/forms.server";
import { verifyPerformanceMailOffToken } from "~/services/seller-mails.server";
import type { Route } from "./+types/seller-mails-off";
import { useLocalePath, useT } from "~/components/i18n";
import type { Translate } from "~/lib/i18n";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";

// /seller-mails/off?seller&token — the signed one-click opt-out of the monthly performance mail
// (docs/decisions/179-leads-periodic-mails-once-each.md).
// As the newsletter's unsubscribe: GET only asks (mail scanners that open links change nothing), the one
// button posts, without JavaScript too. A forged or altered link is refused with 400.

const signedLink = signedLinkRoute("newsletter.reports.meta.title", {
  title: "common.marketing.reportsBadLinkTitle",
  fallback: "common.marketing.reportsBadLink",
  next: ["/contact", "common.marketing.contactUs"],
});
export const meta = signedLink.meta;
export const headers = signedLink.headers;
export const ErrorBoundary = signedLink.ErrorBoundary;

function linkFrom(params: URLSearchParams | FormData, t: Translate) {
  const seller = String(params.get("seller") ?? "");
  const token = String(params.get("token") ?? "").slice(0, 128);
  const id = /^[1-9]\d{0,9}$/.test(seller) ? Number(seller) : 0;
  if (!id || !token || !verifyPerformanceMailOffToken(id, token))
    throw data(t("common.marketing.reportsBadLink"), { status: 400 });
  return { seller: id, token };
}

export function loader(args: Route.LoaderArgs) {
  const locale = pageLocale(args);
  return {
    ...linkFrom(new URL(args.request.url).searchParams, translatorFor(locale)),
    messages: messagesFor(locale, ["newsletter"]),
  };
}

export async function action(args: Route.ActionArgs) {
  const t = translatorFor(pageLocale(args));
  const { seller } = linkFrom(await readForm(args.request), t);
  if (!(await setPerformanceMailOff(getDb(), seller, true))) throw data(t("newsletter.reports.gone"), { status: 404 });
  return { done: true as const };
}

export default function PerformanceMailOff({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <SignedLinkPage
      id="seller-mails-off"
      icon="📊"
      link={{ seller: loaderData.seller, token: loaderData.token }}
      question={{
        title: t("newsletter.reports.question"),
        body: t("newsletter.reports.body"),
        button: t("newsletter.reports.button"),
        keep: [to("/seller-dashboard"), t("newsletter.reports.keep")],
      }}
      answer={
        actionData?.done
          ? {
              title: t("newsletter.reports.doneTitle"),
              message: t("newsletter.reports.done"),
              note: t("newsletter.reports.note"),
              next: [to("/seller-dashboard"), t("newsletter.reports.dashboard")],
            }
          : null
      }
    />
  );
}
