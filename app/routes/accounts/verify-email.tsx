import { SignedLinkPage, signedLinkRoute } from "~/components/signed-link";
import { getDb } from "~db/client";
import { readForm } from "~/services/forms.server";
import { acceptedLink } from "~/services/signed-token.server";
import { checkVerificationLink, verifyEmailFromLink } from "~/services/email-verification.server";
import { getSessionUser } from "~/services/session.server";
import { T, useLocalePath, useT } from "~/components/i18n";
import { localePath } from "~/lib/locales";
import { accountNotice, accountRefusal } from "~/lib/account-notices";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/verify-email";

// /verify-email?id&expires&token — the signed link of the verification mail. GET only shows a confirm
// button (mail scanners open links and must not verify anything); the POST form verifies, without
// JavaScript too. A tampered or expired link is a 400 page with the reason.

const signedLink = signedLinkRoute("accounts.verify.metaTitle", {
  title: "common.accounts.badLink.verifyTitle",
  fallback: "common.accounts.badLink.verifyFallback",
  next: ["/seller-login", "common.accounts.badLink.signIn"],
});
export const meta = signedLink.meta;
export const headers = signedLink.headers;
export const ErrorBoundary = signedLink.ErrorBoundary;

export async function loader(args: Route.LoaderArgs) {
  const link = await acceptedLink(args, checkVerificationLink);
  return {
    email: link.email,
    alreadyVerified: link.alreadyVerified,
    params: link.params,
    messages: messagesFor(pageLocale(args), ["accounts"]),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const locale = pageLocale(args);
  const t = translatorFor(locale);
  const result = await verifyEmailFromLink(getDb(), await readForm(request), context.clientAddress);
  if (!result.ok) throw accountRefusal(t, result);
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
    <SignedLinkPage
      id="verify-email"
      icon="✉️"
      link={params}
      question={{
        title: t("accounts.verify.title"),
        body: (
          <T
            k="accounts.verify.body"
            values={{ email }}
            components={{ strong: (text) => <strong translate="no">{text}</strong> }}
          />
        ),
        button: t("accounts.verify.submit"),
        note: t("accounts.verify.notYou"),
      }}
      answer={
        actionData?.done || alreadyVerified
          ? {
              title: t("accounts.verify.doneTitle"),
              message: actionData?.message ?? t("accounts.notice.alreadyVerified"),
              next: [actionData?.next ?? to("/seller-dashboard"), t("accounts.verify.goDashboard")],
            }
          : null
      }
    />
  );
}
