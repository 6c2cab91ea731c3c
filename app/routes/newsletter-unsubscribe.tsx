import { data, Form, Link } from "react-router";
import { LinkButtons } from "~/components/link-buttons";
import { BadLinkPage } from "~/components/bad-link";
import { getDb } from "~db/client";
import { UNSUBSCRIBE_BAD_LINK } from "~/lib/constants";
import { unsubscribeWithToken, verifyUnsubscribeToken } from "~/services/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";
import { readForm } from "~/services/api.server";
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
  return (
    <section className="container section narrow">
      <div className="card card-pad center-card stack">
        <div className="icon-bubble" aria-hidden="true">
          💌
        </div>
        {actionData?.done ? (
          <>
            <h1>Unsubscribed</h1>
            <p className="form-success" role="status">
              {actionData.message}
            </p>
            <p className="muted">
              {loaderData.email} will get no more newsletter emails. Changed your mind? You can subscribe again any
              time.
            </p>
            <LinkButtons centered links={[["/", "Back to the home page"]]} />
          </>
        ) : (
          <>
            <h1>Unsubscribe from the newsletter?</h1>
            <p className="muted">
              We will stop sending the newsletter to <strong>{loaderData.email}</strong>.
            </p>
            <Form method="post" className="stack">
              <input type="hidden" name="email" value={loaderData.email} />
              <input type="hidden" name="token" value={loaderData.token} />
              <button type="submit" className="btn btn-primary btn-block">
                Unsubscribe
              </button>
            </Form>
            <Link to="/" className="small">
              Keep my subscription
            </Link>
          </>
        )}
      </div>
    </section>
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
