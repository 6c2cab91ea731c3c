import { redirect } from "react-router";
import { SignedLinkDone, SignedLinkPage, signedLinkRoute } from "~/components/signed-link";
import { getDb } from "~db/client";
import { checkEmailChangeLink, confirmEmailChange } from "~/services/account-settings.server";
import { readForm } from "~/services/forms.server";
import { acceptedLink } from "~/services/signed-token.server";
import { T, useLocalePath, useT } from "~/components/i18n";
import { localePath } from "~/lib/locales";
import { accountRefusal } from "~/lib/account-notices";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/confirm-email-change";

// /confirm-email-change?id&email&expires&token — the link mailed to a new address. GET shows a confirm
// button (mail scanners open links); the POST makes the change and tells the old address. The link is
// signed over the account's email as it was, so once used (or after another change) it is refused: 400.

const signedLink = signedLinkRoute("accounts.emailChange.metaTitle", {
  title: "common.accounts.badLink.emailTitle",
  fallback: "common.accounts.badLink.emailFallback",
  next: ["/seller-account", "common.accounts.badLink.yourAccount"],
});
export const meta = signedLink.meta;
export const headers = signedLink.headers;
export const ErrorBoundary = signedLink.ErrorBoundary;

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const locale = pageLocale(args);
  const messages = messagesFor(locale, ["accounts"]);
  const query = new URL(request.url).searchParams;
  // Where the confirmation lands (the link is spent by then, so it cannot be shown again).
  if (query.get("changed") === "1") return { changed: true as const, messages };
  const link = await acceptedLink(args, checkEmailChangeLink, query);
  return { changed: false as const, from: link.account.email, to: link.to, params: link.params, messages };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const locale = pageLocale(args);
  const t = translatorFor(locale);
  const link = await acceptedLink(args, checkEmailChangeLink, await readForm(request));
  const done = await confirmEmailChange(getDb(), link, context.clientAddress);
  if (!done.ok) throw accountRefusal(t, done);
  return redirect(localePath(locale, "/confirm-email-change?changed=1"));
}

export default function ConfirmEmailChange({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  if (loaderData.changed)
    return (
      <SignedLinkDone
        icon="✉️"
        answer={{
          title: t("accounts.emailChange.doneTitle"),
          message: `${t("accounts.notice.emailChanged")} ${t("accounts.emailChange.signInNew")}`,
          next: [to("/seller-account"), t("accounts.emailChange.goAccount")],
        }}
      />
    );
  return (
    <SignedLinkPage
      id="confirm-email-change"
      icon="✉️"
      link={loaderData.params}
      question={{
        title: t("accounts.emailChange.title"),
        body: (
          <T
            k="accounts.emailChange.body"
            values={{ to: loaderData.to, from: loaderData.from }}
            components={{ strong: (text) => <strong translate="no">{text}</strong> }}
          />
        ),
        button: t("accounts.emailChange.submit"),
      }}
      answer={null}
    />
  );
}
