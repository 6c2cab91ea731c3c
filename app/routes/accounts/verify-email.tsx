import { data, Form, Link } from "react-router";
import { LinkButtons } from "~/components/link-buttons";
import { IconCard } from "~/components/icon-card";
import { BadLinkPage } from "~/components/bad-link";
import { getDb } from "~db/client";
import { readForm } from "~/services/forms.server";
import { checkVerificationLink, verifyEmailFromLink } from "~/services/email-verification.server";
import { getSessionUser } from "~/services/session.server";
import { T, useLocalePath, useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { accountNotice } from "~/lib/account-notices";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/verify-email";
import { privatePageMeta } from "~/lib/seo";

// /verify-email?id&expires&token — the signed link of the verification mail. GET only shows a confirm
// button (mail scanners open links and must not verify anything); the POST form verifies, without
// JavaScript too. A tampered or expired link is a 400 page with the reason.

// A bad link renders the boundary, without this route's messages: its title is the boundary's (common).
export const meta: Route.MetaFunction = ({ matches, error }) =>
  privatePageMeta(
    translatorFromMatches(matches)(error ? "common.accounts.badLink.verifyTitle" : "accounts.verify.metaTitle"),
  );

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const locale = pageLocale(args);
  const link = await checkVerificationLink(getDb(), new URL(request.url).searchParams);
  if (!link.ok) throw data(accountNotice(translatorFor(locale), link.message), { status: link.status });
  return {
    email: link.email,
    alreadyVerified: link.alreadyVerified,
    params: link.params,
    messages: messagesFor(locale, ["accounts"]),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const locale = pageLocale(args);
  const t = translatorFor(locale);
  const result = await verifyEmailFromLink(getDb(), await readForm(request), context.clientAddress);
  if (!result.ok) throw data(accountNotice(t, result.message), { status: result.status });
  const user = await getSessionUser(request);
  return {
    done: true as const,
    message: accountNotice(t, result.message),
    next: localePath(locale, user?.role === "seller" ? "/seller-dashboard" : "/seller-login"),
  };
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { email, alreadyVerified, params } = loaderData;
  const t = useT();
  const to = useLocalePath();
  return (
    <IconCard icon="✉️">
      {actionData?.done || alreadyVerified ? (
        <>
          <h1>{t("accounts.verify.doneTitle")}</h1>
          <p className="form-success" role="status">
            {actionData?.message ?? t("accounts.notice.alreadyVerified")}
          </p>
          <LinkButtons
            centered
            links={[[actionData?.next ?? to("/seller-dashboard"), t("accounts.verify.goDashboard")]]}
          />
        </>
      ) : (
        <>
          <h1>{t("accounts.verify.title")}</h1>
          <p className="muted">
            <T
              k="accounts.verify.body"
              values={{ email }}
              components={{ strong: (text) => <strong translate="no">{text}</strong> }}
            />
          </p>
          <Form method="post" className="stack">
            <input type="hidden" name="id" value={params.id} />
            <input type="hidden" name="expires" value={params.expires} />
            <input type="hidden" name="token" value={params.token} />
            <button type="submit" className="btn btn-primary btn-block">
              {t("accounts.verify.submit")}
            </button>
          </Form>
          <p className="small muted">{t("accounts.verify.notYou")}</p>
        </>
      )}
    </IconCard>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <BadLinkPage
      error={error}
      title={t("common.accounts.badLink.verifyTitle")}
      fallback={t("common.accounts.badLink.verifyFallback")}
    >
      <Link to={to("/seller-login")} className="btn">
        {t("common.accounts.badLink.signIn")}
      </Link>
    </BadLinkPage>
  );
}
