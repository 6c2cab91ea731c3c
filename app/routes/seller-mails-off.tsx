import { SignedLinkChoice } from "~/components/signed-link-choice";
import { data, Link } from "react-router";
import { BadLinkPage } from "~/components/bad-link";
import { getDb } from "~db/client";
import { privatePageMeta } from "~/lib/seo";
import { setPerformanceMailOff } from "~/models/seller-mails.server";
import { readForm } from "~/services/forms.server";
import { verifyPerformanceMailOffToken } from "~/services/seller-mails.server";
import type { Route } from "./+types/seller-mails-off";

// /seller-mails/off?seller&token — the signed one-click opt-out of the monthly performance mail
// (docs/decisions/179-leads-periodic-mails-once-each.md).
// As the newsletter's unsubscribe: GET only asks (mail scanners that open links change nothing), the one
// button posts, without JavaScript too. A forged or altered link is refused with 400.

const PERFORMANCE_MAIL_BAD_LINK =
  "This link is not valid. Open the link from your latest monthly report, or write to us to stop the reports.";
const PERFORMANCE_MAIL_OFF_DONE = "You will get no more monthly reports.";

export function meta() {
  return privatePageMeta("Monthly report");
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

function linkFrom(params: URLSearchParams | FormData) {
  const seller = String(params.get("seller") ?? "");
  const token = String(params.get("token") ?? "").slice(0, 128);
  const id = /^[1-9]\d{0,9}$/.test(seller) ? Number(seller) : 0;
  if (!id || !token || !verifyPerformanceMailOffToken(id, token))
    throw data(PERFORMANCE_MAIL_BAD_LINK, { status: 400 });
  return { seller: id, token };
}

export function loader({ request }: Route.LoaderArgs) {
  return linkFrom(new URL(request.url).searchParams);
}

export async function action({ request }: Route.ActionArgs) {
  const { seller } = linkFrom(await readForm(request));
  if (!(await setPerformanceMailOff(getDb(), seller, true)))
    throw data("This listing no longer exists, so it gets no reports.", { status: 404 });
  return { done: true as const };
}

export default function PerformanceMailOff({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignedLinkChoice
      icon="📊"
      fields={loaderData}
      question={{
        title: "Stop the monthly report?",
        body: "We will stop mailing you your listing's monthly views and taps. Renewal reminders still come, so your listing does not lapse by surprise.",
        button: "Stop monthly reports",
        keep: ["/seller-dashboard", "Keep getting them"],
      }}
      answer={
        actionData?.done
          ? {
              title: "Monthly reports stopped",
              message: PERFORMANCE_MAIL_OFF_DONE,
              note: "Your leads stay on your dashboard, every day of the last 30 days.",
              next: ["/seller-dashboard", "Go to my dashboard"],
            }
          : null
      }
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BadLinkPage error={error} title="Link not valid" fallback={PERFORMANCE_MAIL_BAD_LINK}>
      <Link to="/contact" className="btn">
        Contact us
      </Link>
    </BadLinkPage>
  );
}
