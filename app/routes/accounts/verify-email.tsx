import { data, Form, Link } from "react-router";
import { LinkButtons } from "~/components/link-buttons";
import { IconCard } from "~/components/icon-card";
import { BadLinkPage } from "~/components/bad-link";
import { getDb } from "~db/client";
import { VERIFY_EMAIL_MESSAGES } from "~/lib/validation/messages";
import { readForm } from "~/services/forms.server";
import { checkVerificationLink, verifyEmailFromLink } from "~/services/email-verification.server";
import { getSessionUser } from "~/services/session.server";
import type { Route } from "./+types/verify-email";
import { privatePageMeta } from "~/lib/seo";

// /verify-email?id&expires&token — the signed link of the verification mail. GET only shows a confirm
// button (mail scanners open links and must not verify anything); the POST form verifies, without
// JavaScript too. A tampered or expired link is a 400 page with the reason.

export function meta() {
  return privatePageMeta("Confirm your email");
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const link = await checkVerificationLink(getDb(), new URL(request.url).searchParams);
  if (!link.ok) throw data(link.message, { status: link.status });
  return { email: link.email, alreadyVerified: link.alreadyVerified, params: link.params };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await verifyEmailFromLink(getDb(), await readForm(request), context.clientAddress);
  if (!result.ok) throw data(result.message, { status: result.status });
  const user = await getSessionUser(request);
  return {
    done: true as const,
    message: result.message,
    next: user?.role === "seller" ? "/seller-dashboard" : "/seller-login",
  };
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { email, alreadyVerified, params } = loaderData;
  return (
    <IconCard icon="✉️">
      {actionData?.done || alreadyVerified ? (
        <>
          <h1>Email confirmed</h1>
          <p className="form-success" role="status">
            {actionData?.message ?? VERIFY_EMAIL_MESSAGES.alreadyVerified}
          </p>
          <LinkButtons centered links={[[actionData?.next ?? "/seller-dashboard", "Go to your dashboard"]]} />
        </>
      ) : (
        <>
          <h1>Confirm your email address</h1>
          <p className="muted">
            Confirm that <strong>{email}</strong> is the email address of your seller account.
          </p>
          <Form method="post" className="stack">
            <input type="hidden" name="id" value={params.id} />
            <input type="hidden" name="expires" value={params.expires} />
            <input type="hidden" name="token" value={params.token} />
            <button type="submit" className="btn btn-primary btn-block">
              Confirm my email
            </button>
          </Form>
          <p className="small muted">
            Did not create an account with us? Then do not confirm; you can close this page.
          </p>
        </>
      )}
    </IconCard>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BadLinkPage error={error} title="Verification link not valid" fallback={VERIFY_EMAIL_MESSAGES.badLink}>
      <Link to="/seller-login" className="btn">
        Sign in
      </Link>
    </BadLinkPage>
  );
}
