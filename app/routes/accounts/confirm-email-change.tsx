import { data, redirect } from "react-router";
import { SignedLinkDone, SignedLinkPage, signedLinkRoute } from "~/components/signed-link";
import { getDb } from "~db/client";
import { checkEmailChangeLink, confirmEmailChange } from "~/services/account-settings.server";
import { readForm } from "~/services/forms.server";
import { T, useLocalePath, useT } from "~/components/i18n";
import { localePath } from "~/lib/locales";
import { accountNotice } from "~/lib/account-notices";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/confirm-email-change";

// /confirm-email-change?id&email&expires&token — the link mailed to a new address. GET shows a confirm
// button (mail scanners open links); the POST makes the change and tells the old address. The link is
// signed over the account's email as it was, so once used (or after another change) it is refused: 400.

const signedLink = signedLinkRoute(
  {
    title: "common.accounts.badLink.emailTitle",
    fallback: "common.accounts.badLink.emailFallback",
    next: ["/seller-account", "common.accounts.badLink.yourAccount"],
  },
  "accounts.emailChange.metaTitle",
);
export const meta = signedLink.meta;
export const ErrorBoundary = signedLink.ErrorBoundary;

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
