import { data, redirect } from "react-router";
import { SignedLinkPage, signedLinkRoute } from "~/components/signed-link";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { getDb } from "~db/client";
import { checkDeletionLink, eraseAccountAndFiles } from "~/services/account-settings.server";
import { readForm } from "~/services/forms.server";
import { sessionCookie } from "~/services/session.server";
import { T, useT } from "~/components/i18n";
import { localePath } from "~/lib/locales";
import { accountNotice } from "~/lib/account-notices";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/confirm-account-deletion";

// /confirm-account-deletion?id&expires&token — the link mailed to an account without a password (Google
// only) that asked to be deleted. GET shows what goes and a confirm button; the POST erases the account.

const signedLink = signedLinkRoute(
  {
    title: "common.accounts.badLink.deletionTitle",
    fallback: "common.accounts.badLink.deletionFallback",
    next: ["/seller-login", "common.accounts.badLink.signIn"],
  },
  "accounts.deletion.metaTitle",
);
export const meta = signedLink.meta;
export const ErrorBoundary = signedLink.ErrorBoundary;

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
    <SignedLinkPage
      id="confirm-account-deletion"
      link={params}
      question={{
        title: t("accounts.deletion.title"),
        body: (
          <T
            k="accounts.deletion.body"
            values={{ email }}
            components={{ strong: (text) => <strong translate="no">{text}</strong> }}
          />
        ),
        button: t("accounts.deletion.submit"),
        final: true,
        note: t("accounts.deletion.note"),
      }}
      answer={null}
    />
  );
}
