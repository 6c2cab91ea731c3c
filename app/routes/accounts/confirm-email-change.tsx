import { data, Form, Link, redirect } from "react-router";
import { BadLinkPage } from "~/components/bad-link";
import { LinkButtons } from "~/components/link-buttons";
import { IconCard } from "~/components/icon-card";
import { privatePageMeta } from "~/lib/seo";
import { getDb } from "~db/client";
import { checkEmailChangeLink, confirmEmailChange } from "~/services/account-settings.server";
import { readForm } from "~/services/forms.server";
import { T, useLocalePath, useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { accountNotice } from "~/lib/account-notices";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/confirm-email-change";

// /confirm-email-change?id&email&expires&token — the link mailed to a new address. GET shows a confirm
// button (mail scanners open links); the POST makes the change and tells the old address. The link is
// signed over the account's email as it was, so once used (or after another change) it is refused: 400.

// A bad link renders the boundary, without this route's messages: its title is the boundary's (common).
export const meta: Route.MetaFunction = ({ matches, error }) =>
  privatePageMeta(
    translatorFromMatches(matches)(error ? "common.accounts.badLink.emailTitle" : "accounts.emailChange.metaTitle"),
  );

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const locale = pageLocale(args);
  const messages = messagesFor(locale, ["accounts"]);
  const query = new URL(request.url).searchParams;
  // Where the confirmation lands (the link is spent by then, so it cannot be shown again).
  if (query.get("changed") === "1") return { changed: true as const, messages };
  const link = await checkEmailChangeLink(getDb(), query);
  if (!link.ok) throw data(accountNotice(translatorFor(locale), link.message), { status: link.status });
  return { changed: false as const, from: link.account.email, to: link.to, params: link.params, messages };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const locale = pageLocale(args);
  const t = translatorFor(locale);
  const db = getDb();
  const link = await checkEmailChangeLink(db, await readForm(request));
  if (!link.ok) throw data(accountNotice(t, link.message), { status: link.status });
  const done = await confirmEmailChange(db, link, context.clientAddress);
  if (!done.ok) throw data(accountNotice(t, done.message), { status: done.status });
  return redirect(localePath(locale, "/confirm-email-change?changed=1"));
}

export default function ConfirmEmailChange({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <IconCard icon="✉️">
      {loaderData.changed ? (
        <>
          <h1>{t("accounts.emailChange.doneTitle")}</h1>
          <p className="form-success" role="status">
            {t("accounts.notice.emailChanged")} {t("accounts.emailChange.signInNew")}
          </p>
          <LinkButtons centered links={[[to("/seller-account"), t("accounts.emailChange.goAccount")]]} />
        </>
      ) : (
        <>
          <h1>{t("accounts.emailChange.title")}</h1>
          <p className="muted">
            <T
              k="accounts.emailChange.body"
              values={{ to: loaderData.to, from: loaderData.from }}
              components={{ strong: (text) => <strong translate="no">{text}</strong> }}
            />
          </p>
          <Form method="post" className="stack">
            <input type="hidden" name="id" value={loaderData.params.id} />
            <input type="hidden" name="email" value={loaderData.params.email} />
            <input type="hidden" name="expires" value={loaderData.params.expires} />
            <input type="hidden" name="token" value={loaderData.params.token} />
            <button type="submit" className="btn btn-primary btn-block">
              {t("accounts.emailChange.submit")}
            </button>
          </Form>
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
      title={t("common.accounts.badLink.emailTitle")}
      fallback={t("common.accounts.badLink.emailFallback")}
    >
      <Link to={to("/seller-account")} className="btn">
        {t("common.accounts.badLink.yourAccount")}
      </Link>
    </BadLinkPage>
  );
}
