import { redirect } from "react-router";
import { SignedLinkPage, signedLinkRoute } from "~/components/signed-link";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { getDb } from "~db/client";
import { checkDeletionLink, eraseAccountAndFiles } from "~/services/account-settings.server";
import { readForm } from "~/services/forms.server";
import { acceptedLink } from "~/services/signed-token.server";
import { sessionCookie } from "~/services/session.server";
import { T, useT } from "~/components/i18n";
import { localePath } from "~/lib/locales";
import { accountRefusal } from "~/lib/account-notices";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/confirm-account-deletion";

// /confirm-account-deletion?id&expires&token — the link mailed to an account without a password (Google
// only) that asked to be deleted. GET shows what goes and a confirm button; the POST erases the account.

const signedLink = signedLinkRoute("accounts.deletion.metaTitle", {
  title: "common.accounts.badLink.deletionTitle",
  fallback: "common.accounts.badLink.deletionFallback",
  next: ["/seller-login", "common.accounts.badLink.signIn"],
});
export const meta = signedLink.meta;
export const headers = signedLink.headers;
export const ErrorBoundary = signedLink.ErrorBoundary;

export async function loader(args: Route.LoaderArgs) {
  const link = await acceptedLink(args, checkDeletionLink);
  return { email: link.account.email, params: link.params, messages: messagesFor(pageLocale(args), ["accounts"]) };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const locale = pageLocale(args);
  const t = translatorFor(locale);
  const link = await acceptedLink(args, checkDeletionLink, await readForm(request));
  if (!(await eraseAccountAndFiles(getDb(), link.account.id, null)))
    throw accountRefusal(t, { message: ACCOUNT_MESSAGES.deletionBadLink, status: 400 });
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
