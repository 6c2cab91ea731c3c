import { SignedLinkChoice } from "~/components/signed-link-choice";
import { data, Link } from "react-router";
import { BadLinkPage } from "~/components/bad-link";
import { getDb } from "~db/client";
import { UNSUBSCRIBE_BAD_LINK } from "~/lib/constants";
import { unsubscribeWithToken, verifyUnsubscribeToken } from "~/services/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";
import { readForm } from "~/services/forms.server";
import { privatePageMeta } from "~/lib/seo";

// /newsletter/unsubscribe?email&token — the signed link of every newsletter mail. GET only shows the
// question (mail scanners that open links change nothing); the POST form does it, without JavaScript too.

export function meta() {
  return privatePageMeta("Unsubscribe");
}

// The site's Referrer-Policy (strict-origin-when-cross-origin) already keeps the token out of other
// sites' logs; `no-referrer` here would make browsers send `Origin: null` with the form (refused as cross-site).
export function headers() {
  return { "Cache-Control": "no-store" };
}

function linkFrom(params: URLSearchParams | FormData) {
  const email = String(params.get("email") ?? "")
    .trim()
    .toLowerCase()
    .slice(0, 254);
  const token = String(params.get("token") ?? "").slice(0, 128);
  return { email, token };
}

export function loader({ request }: Route.LoaderArgs) {
  const { email, token } = linkFrom(new URL(request.url).searchParams);
  if (!email || !token || !verifyUnsubscribeToken(email, token)) throw data(UNSUBSCRIBE_BAD_LINK, { status: 400 });
  return { email, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { email, token } = linkFrom(await readForm(request));
  const result = await unsubscribeWithToken(getDb(), email, token, context.clientAddress);
  if (!result.ok) throw data(result.message, { status: result.status });
  return { done: true as const, message: result.message };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { email, token } = loaderData;
  return (
    <SignedLinkChoice
      icon="💌"
      fields={{ email, token }}
      question={{
        title: "Unsubscribe from the newsletter?",
        body: (
          <>
            We will stop sending the newsletter to <strong>{email}</strong>.
          </>
        ),
        button: "Unsubscribe",
        keep: ["/", "Keep my subscription"],
      }}
      answer={
        actionData?.done
          ? {
              title: "Unsubscribed",
              message: actionData.message,
              note: `${email} will get no more newsletter emails. Changed your mind? You can subscribe again any time.`,
              next: ["/", "Back to the home page"],
            }
          : null
      }
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BadLinkPage error={error} title="Unsubscribe link not valid" fallback={UNSUBSCRIBE_BAD_LINK}>
      <Link to="/contact" className="btn">
        Contact us
      </Link>
    </BadLinkPage>
  );
}
