import { data, Form, Link } from "react-router";
import { BadLinkPage } from "~/components/bad-link";
import { LinkButtons } from "~/components/link-buttons";
import { privatePageMeta } from "~/lib/seo";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { getDb } from "~db/client";
import { checkEmailChangeLink, confirmEmailChange } from "~/services/account-settings.server";
import { readForm } from "~/services/api.server";
import type { Route } from "./+types/confirm-email-change";

// /confirm-email-change?id&email&expires&token — the link mailed to a new address. GET shows a confirm
// button (mail scanners open links); the POST makes the change and tells the old address. The link is
// signed over the account's email as it was, so once used (or after another change) it is refused: 400.

export const meta: Route.MetaFunction = () => privatePageMeta("Confirm your new email");

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const link = await checkEmailChangeLink(getDb(), new URL(request.url).searchParams);
  if (!link.ok) throw data(link.message, { status: link.status });
  return { from: link.account.email, to: link.to, params: link.params };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const link = await checkEmailChangeLink(db, await readForm(request));
  if (!link.ok) throw data(link.message, { status: link.status });
  const done = await confirmEmailChange(db, link, context.clientAddress);
  if (!done.ok) throw data(done.message, { status: done.status });
  return { done: true as const, message: done.message };
}

export default function ConfirmEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const { from, to, params } = loaderData;
  return (
    <section className="container section narrow">
      <div className="card card-pad center-card stack">
        <div className="icon-bubble" aria-hidden="true">
          ✉️
        </div>
        {actionData?.done ? (
          <>
            <h1>Email changed</h1>
            <p className="form-success" role="status">
              {actionData.message} You now sign in with <strong>{to}</strong>.
            </p>
            <LinkButtons centered links={[["/seller-account", "Go to your account"]]} />
          </>
        ) : (
          <>
            <h1>Confirm your new email address</h1>
            <p className="muted">
              Use <strong>{to}</strong> for your seller account instead of <strong>{from}</strong>?
            </p>
            <Form method="post" className="stack">
              <input type="hidden" name="id" value={params.id} />
              <input type="hidden" name="email" value={params.email} />
              <input type="hidden" name="expires" value={params.expires} />
              <input type="hidden" name="token" value={params.token} />
              <button type="submit" className="btn btn-primary btn-block">
                Confirm New Email
              </button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BadLinkPage error={error} title="Email change link not valid" fallback={ACCOUNT_MESSAGES.emailBadLink}>
      <Link to="/seller-account" className="btn">
        Your account
      </Link>
    </BadLinkPage>
  );
}
