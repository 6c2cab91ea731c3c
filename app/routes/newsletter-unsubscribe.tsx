import { data } from "react-router";
import { SignedLinkPage, signedLinkRoute } from "~/components/signed-link";
import { getDb } from "~db/client";
import { unsubscribeWithToken, verifyUnsubscribeToken } from "~/services/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";
import { readForm } from "~/services/forms.server";
import { T, useLocalePath, useT } from "~/components/i18n";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";

// /newsletter/unsubscribe?email&token — the signed link of every newsletter mail. GET only shows the
// question (mail scanners that open links change nothing); the POST form does it, without JavaScript too.

const signedLink = signedLinkRoute("newsletter.unsubscribe.meta.title", {
  title: "common.marketing.unsubscribeBadLinkTitle",
  fallback: "common.marketing.unsubscribeBadLink",
  next: ["/contact", "common.marketing.contactUs"],
});
export const meta = signedLink.meta;
export const headers = signedLink.headers;
export const ErrorBoundary = signedLink.ErrorBoundary;

function linkFrom(params: URLSearchParams | FormData) {
  const email = String(params.get("email") ?? "")
    .trim()
    .toLowerCase()
    .slice(0, 254);
  const token = String(params.get("token") ?? "").slice(0, 128);
  return { email, token };
}

export function loader(args: Route.LoaderArgs) {
  const locale = pageLocale(args);
  const { email, token } = linkFrom(new URL(args.request.url).searchParams);
  if (!email || !token || !verifyUnsubscribeToken(email, token))
    throw data(translatorFor(locale)("common.marketing.unsubscribeBadLink"), { status: 400 });
  return { email, token, messages: messagesFor(locale, ["newsletter"]) };
}

export async function action(args: Route.ActionArgs) {
  const t = translatorFor(pageLocale(args));
  const { email, token } = linkFrom(await readForm(args.request));
  const result = await unsubscribeWithToken(getDb(), email, token, args.context.clientAddress);
  if (!result.ok) throw data(t("common.marketing.unsubscribeBadLink"), { status: result.status });
  return { done: true as const, message: t("newsletter.unsubscribe.done") };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { email, token } = loaderData;
  const t = useT();
  const to = useLocalePath();
  return (
    <SignedLinkPage
      id="newsletter-unsubscribe"
      icon="💌"
      link={{ email, token }}
      question={{
        title: t("newsletter.unsubscribe.question"),
        body: (
          <T
            k="newsletter.unsubscribe.body"
            values={{ email }}
            components={{ strong: (text) => <strong translate="no">{text}</strong> }}
          />
        ),
        button: t("newsletter.unsubscribe.button"),
        keep: [to("/"), t("newsletter.unsubscribe.keep")],
      }}
      answer={
        actionData?.done
          ? {
              title: t("newsletter.unsubscribe.doneTitle"),
              message: actionData.message,
              note: t("newsletter.unsubscribe.note", { email }),
              next: [to("/"), t("newsletter.backHome")],
            }
          : null
      }
    />
  );
}
