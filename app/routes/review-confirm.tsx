import { SignedLinkPage, signedLinkRoute } from "~/components/signed-link";
import { T, useT } from "~/components/i18n";
import { getDb } from "~db/client";
import { readForm } from "~/services/forms.server";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import {
  checkReviewConfirmLink,
  confirmReview,
  REVIEW_MANAGE_PATH,
  reviewLinkPath,
  reviewLinkRefusal,
  reviewManageParams,
} from "~/services/reviewer-email.server";
import type { Route } from "./+types/review-confirm";

// /review-confirm?id&expires&token — the signed link mailed to a reviewer's address
// (docs/decisions/222-reviews-people-can-trust.md). A GET only shows the question and a button (mail scanners
// open links); the POST confirms the address. Then the page gives the link to her own review (/my-review),
// which is mailed too. A forged, altered or expired link is a 400 page; a deleted review's, a 404.

const signedLink = signedLinkRoute("seller.reviewMail.metaTitle", {
  title: "forms.review.emailLinkTitle",
  fallback: "forms.review.emailLinkInvalid",
  next: ["/directory", "forms.review.emailLinkNext"],
});
export const meta = signedLink.meta;
export const headers = signedLink.headers;
export const ErrorBoundary = signedLink.ErrorBoundary;

export async function loader(args: Route.LoaderArgs) {
  const locale = pageLocale(args);
  const link = await checkReviewConfirmLink(getDb(), new URL(args.request.url).searchParams);
  if (!link.ok) throw reviewLinkRefusal(locale, link);
  const { review } = link;
  return {
    params: link.params,
    business: review.seller_name,
    // Once confirmed, the page is the way on to her own review (the same link as the mail's).
    manage: review.email_confirmed_at
      ? reviewLinkPath(REVIEW_MANAGE_PATH, reviewManageParams({ id: review.id, email: review.reviewer_email }), locale)
      : null,
    messages: messagesFor(locale, ["seller"]),
  };
}

export async function action(args: Route.ActionArgs) {
  const locale = pageLocale(args);
  const db = getDb();
  const link = await checkReviewConfirmLink(db, await readForm(args.request));
  if (!link.ok) throw reviewLinkRefusal(locale, link);
  const outcome = await confirmReview(db, link.review, args.context.clientAddress, locale);
  if (!outcome.ok) throw reviewLinkRefusal(locale, { status: 404, why: "gone" });
  return { done: true as const, replaced: outcome.replaced !== null, mailed: !outcome.already };
}

export default function ReviewConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { params, business, manage } = loaderData;
  const t = useT();
  return (
    <SignedLinkPage
      id="review-confirm"
      icon="✉️"
      link={params}
      question={{
        title: t("seller.reviewMail.title"),
        body: (
          <T
            k="seller.reviewMail.body"
            values={{ business }}
            components={{ name: (text) => <strong translate="no">{text}</strong> }}
          />
        ),
        button: t("seller.reviewMail.button"),
        note: t("seller.reviewMail.note"),
      }}
      answer={
        manage
          ? {
              title: t("seller.reviewMail.doneTitle"),
              message: t("seller.reviewMail.done"),
              note:
                actionData?.replaced || actionData?.mailed ? (
                  <>
                    {actionData?.replaced ? (
                      <T
                        k="seller.reviewMail.replaced"
                        values={{ business }}
                        components={{ name: (text) => <span translate="no">{text}</span> }}
                      />
                    ) : null}{" "}
                    {actionData?.mailed ? t("seller.reviewMail.mailed") : null}
                  </>
                ) : undefined,
              next: [manage, t("seller.reviewMail.manage")],
            }
          : null
      }
    />
  );
}
