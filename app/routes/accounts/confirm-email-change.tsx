import { data, Form, Link, redirect } from "react-router";
import { BadLinkPage } from "~/components/bad-link";
import { LinkButtons } from "~/components/link-buttons";
import { IconCard } from "~/components/icon-card";
import { privatePageMeta } from "~/lib/seo";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { getDb } from "~db/client";
import { checkEmailChangeLink, confirmEmailChange } from "~/services/account-settings.server";
import { readForm } from "~/services/forms.server";
import type { Route } from "./+types/confirm-email-change";

// /confirm-email-change?id&email&expires&token — the link mailed to a new address. GET shows a confirm
// button (mail scanners open links); the POST makes the change and tells the old address. The link is
// signed over the account's email as it was, so once used (or after another change) it is refused: 400.

export const meta: Route.MetaFunction = () => privatePageMeta("Confirm your new email");

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  // Where the confirmation lands (the link is spent by then, so it cannot be shown again).
  if (query.get("changed") === "1") return { changed: true as const };
  const link = await checkEmailChangeLink(getDb(), query);
  if (!link.ok) throw data(link.message, { status: link.status });
  return { changed: false as const, from: link.account.email, to: link.to, params: link.params };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const link = await checkEmailChangeLink(db, await readForm(request));
  if (!link.ok) throw data(link.message, { status: link.status });
  const done = await confirmEmailChange(db, link, context.clientAddress);
  if (!done.ok) throw data(done.message, { status: done.status });
  return redirect("/confirm-email-change?changed=1");
}

export default function ConfirmEmailChange({ loaderData }: Route.ComponentProps) {
  return (
    <IconCard icon="✉️">
      {loaderData.changed ? (
        <>
          <h1>Email changed</h1>
          <p className="form-success" role="status">
            {ACCOUNT_MESSAGES.emailChanged} Sign in with your new address from now on.
          </p>
          <LinkButtons centered links={[["/seller-account", "Go to your account"]]} />
        </>
      ) : (
        <>
          <h1>Confirm your new email address</h1>
          <p className="muted">
            Use <strong>{loaderData.to}</strong> for your seller account instead of <strong>{loaderData.from}</strong>?
          </p>
          <Form method="post" className="stack">
            <input type="hidden" name="id" value={loaderData.params.id} />
            <input type="hidden" name="email" value={loaderData.params.email} />
            <input type="hidden" name="expires" value={loaderData.params.expires} />
            <input type="hidden" name="token" value={loaderData.params.token} />
            <button type="submit" className="btn btn-primary btn-block">
              Confirm New Email
            </button>
          </Form>
        </>
      )}
    </IconCard>
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
