import { data, Form, Link, redirect } from "react-router";
import { BadLinkPage } from "~/components/bad-link";
import { privatePageMeta } from "~/lib/seo";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { getDb } from "~db/client";
import { checkDeletionLink, eraseAccountAndFiles } from "~/services/account-settings.server";
import { readForm } from "~/services/forms.server";
import { sessionCookie } from "~/services/session.server";
import { T, useLocalePath, useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { accountNotice } from "~/lib/account-notices";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/confirm-account-deletion";

// /confirm-account-deletion?id&expires&token — the link mailed to an account without a password (Google
// only) that asked to be deleted. GET shows what goes and a confirm button; the POST erases the account.

// A bad link renders the boundary, without this route's messages: its title is the boundary's (common).
export const meta: Route.MetaFunction = ({ matches, error }) =>
  privatePageMeta(
    translatorFromMatches(matches)(error ? "common.accounts.badLink.deletionTitle" : "accounts.deletion.metaTitle"),
  );

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const locale = pageLocale(args);
  const link = await checkDeletionLink(getDb(), new URL(request.url).searchParams);
  if (!link.ok) throw data(accountNotice(translatorFor(locale), link.message), { status: link.status });
  return { email: link.account.email, params: link.params, messages: messagesFor(locale, ["accounts"]) };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const locale = pageLocale(args);
  const t = translatorFor(locale);
  const db = getDb();
  const link = await checkDeletionLink(db, await readForm(request));
  if (!link.ok) throw data(accountNotice(t, link.message), { status: link.status });
  if (!(await eraseAccountAndFiles(db, link.account.id, null)))
    throw data(accountNotice(t, ACCOUNT_MESSAGES.deletionBadLink), { status: 400 });
  return redirect(localePath(locale, "/account-deleted"), {
    headers: { "Set-Cookie": await sessionCookie().serialize("", { maxAge: 0 }) },
  });
}

export default function ConfirmAccountDeletion({ loaderData }: Route.ComponentProps) {
  const { email, params } = loaderData;
  const t = useT();
  return (
    <section className="container section narrow">
      <div className="card card-pad center-card stack">
        <h1>{t("accounts.deletion.title")}</h1>
        <p>
          <T
            k="accounts.deletion.body"
            values={{ email }}
            components={{ strong: (text) => <strong translate="no">{text}</strong> }}
          />
        </p>
        <Form method="post" className="stack">
          <input type="hidden" name="id" value={params.id} />
          <input type="hidden" name="expires" value={params.expires} />
          <input type="hidden" name="token" value={params.token} />
          <button type="submit" className="btn btn-danger btn-block">
            {t("accounts.deletion.submit")}
          </button>
        </Form>
        <p className="small muted">{t("accounts.deletion.note")}</p>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <BadLinkPage
      error={error}
      title={t("common.accounts.badLink.deletionTitle")}
      fallback={t("common.accounts.badLink.deletionFallback")}
    >
      <Link to={to("/seller-login")} className="btn">
        {t("common.accounts.badLink.signIn")}
      </Link>
    </BadLinkPage>
  );
}
