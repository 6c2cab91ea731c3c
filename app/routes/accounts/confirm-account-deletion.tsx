import { data, Form, Link, redirect } from "react-router";
import { BadLinkPage } from "~/components/bad-link";
import { privatePageMeta } from "~/lib/seo";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { getDb } from "~db/client";
import { checkDeletionLink, eraseAccountAndFiles } from "~/services/account-settings.server";
import { readForm } from "~/services/forms.server";
import { sessionCookie } from "~/services/session.server";
import type { Route } from "./+types/confirm-account-deletion";

// /confirm-account-deletion?id&expires&token — the link mailed to an account without a password (Google
// only) that asked to be deleted. GET shows what goes and a confirm button; the POST erases the account.

export const meta: Route.MetaFunction = () => privatePageMeta("Delete your account");

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const link = await checkDeletionLink(getDb(), new URL(request.url).searchParams);
  if (!link.ok) throw data(link.message, { status: link.status });
  return { email: link.account.email, params: link.params };
}

export async function action({ request }: Route.ActionArgs) {
  const db = getDb();
  const link = await checkDeletionLink(db, await readForm(request));
  if (!link.ok) throw data(link.message, { status: link.status });
  if (!(await eraseAccountAndFiles(db, link.account.id, null)))
    throw data(ACCOUNT_MESSAGES.deletionBadLink, { status: 400 });
  return redirect("/account-deleted", {
    headers: { "Set-Cookie": await sessionCookie().serialize("", { maxAge: 0 }) },
  });
}

export default function ConfirmAccountDeletion({ loaderData }: Route.ComponentProps) {
  const { email, params } = loaderData;
  return (
    <section className="container section narrow">
      <div className="card card-pad center-card stack">
        <h1>Delete your account?</h1>
        <p>
          The seller account of <strong>{email}</strong>, its listing, the reviews of the listing, its photos, ID
          document and payment screenshot will be deleted for good. This cannot be undone.
        </p>
        <Form method="post" className="stack">
          <input type="hidden" name="id" value={params.id} />
          <input type="hidden" name="expires" value={params.expires} />
          <input type="hidden" name="token" value={params.token} />
          <button type="submit" className="btn btn-danger btn-block">
            Delete My Account for Good
          </button>
        </Form>
        <p className="small muted">Changed your mind? Close this page: nothing happens until you press the button.</p>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BadLinkPage error={error} title="Deletion link not valid" fallback={ACCOUNT_MESSAGES.deletionBadLink}>
      <Link to="/seller-login" className="btn">
        Sign in
      </Link>
    </BadLinkPage>
  );
}
