import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import { getDb } from "~db/client";
import { IconCard } from "~/components/icon-card";
import { T, useLocalePath, useT } from "~/components/i18n";
import { ReviewForm } from "~/components/review-form";
import reviewForm from "~/lib/forms/review";
import { translatorFromMatches } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/seo";
import { reviewWithEmailSchema } from "~/lib/validation/reviews";
import { invitationSellerName, type ReviewInvitation } from "~/models/review-invitations.server";
import { formConstraints } from "~/services/form-constraints.server";
import { parsePublicForm, readForm } from "~/services/forms.server";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import { forwardRetryAfter, retryAfterHeaders, throttled } from "~/services/rate-limit.server";
import { isOwnListing, OWN_LISTING, submitReview } from "~/services/reviewer-email.server";
import { getSessionUser } from "~/services/session.server";
import { checkInvitation, invitationPath } from "~/services/review-invitations.server";
import type { Route } from "./+types/write-a-review";

// /write-a-review/:id/:token — a seller's invitation to review her (docs/decisions/222-reviews-people-can-trust.md).
// An unknown or forged link is a 404; a used or expired one a 410 page that says which. A usable one shows the
// seller's name and the same review form as her profile, whatever the stars: no "rate us first", no
// redirect by rating. The review waits for the moderators like any other and is marked a verified customer's.

type View = "open" | "used" | "expired" | "sent";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFromMatches(matches);
  return privatePageMeta(
    loaderData?.view === "used"
      ? t("seller.invite.usedTitle")
      : loaderData?.view === "expired"
        ? t("seller.invite.expiredTitle")
        : t("seller.invite.metaTitle", { name: loaderData?.sellerName ?? "" }),
  );
};

// A signed link: never cached, never indexed (privatePageMeta).
export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args);

function notFound(): never {
  throw data("Invitation not found", { status: 404 });
}

/** The link's invitation and the seller's name, or the page's 404. */
async function readLink(params: Route.LoaderArgs["params"]) {
  const db = getDb();
  const check = await checkInvitation(db, params.id, params.token);
  if (!check.ok && check.status === 404) notFound();
  const invitation: ReviewInvitation = check.ok ? check.invitation : check.invitation;
  // A seller whose listing is no longer public takes no reviews: her links lead nowhere.
  const sellerName = await invitationSellerName(db, invitation.seller_id);
  if (sellerName === undefined) notFound();
  return { db, check, invitation, sellerName };
}

export async function loader(args: Route.LoaderArgs) {
  const locale = pageLocale(args);
  const { db, check, invitation, sellerName } = await readLink(args.params);
  const sentAs = new URL(args.request.url).searchParams.get("sent");
  const sent = sentAs === "1" || sentAs === "confirm";
  const view: View = check.ok ? "open" : check.why === "used" && sent ? "sent" : check.why;
  const page = {
    view,
    sellerId: invitation.seller_id,
    sellerName,
    customerName: view === "open" ? (invitation.customer_name ?? "") : "",
    own: view === "open" && (await isOwnListing(db, args.request, invitation.seller_id)),
    /** her address was given: its confirmation link was mailed */
    confirmMailed: view === "sent" && sentAs === "confirm",
    constraint: formConstraints(reviewWithEmailSchema),
    messages: messagesFor(locale, ["seller"]),
  };
  return data(page, { status: view === "used" || view === "expired" ? 410 : 200 });
}

export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  const locale = pageLocale(args);
  const { db, check, invitation } = await readLink(params);
  const formData = await readForm(request);
  if (!check.ok) return data({ view: check.why as View, result: undefined }, { status: 410 });
  const post = await parsePublicForm(formData, context.clientAddress, reviewForm);
  if (!post.ok)
    return data({ view: "open" as View, result: post.reply }, { status: post.status, headers: post.headers });
  const created = await submitReview(db, invitation.seller_id, post.value, {
    clientAddress: context.clientAddress,
    invitationId: invitation.id,
    reviewerUserId: (await getSessionUser(request))?.id,
    locale,
  });
  if (!created.ok && created.reason === "own_listing")
    return data(
      { view: "open" as View, result: post.submission.reply({ formErrors: [OWN_LISTING] }) },
      { status: 403 },
    );
  if (!created.ok && created.reason === "too_many") {
    const refusal = throttled(created.retryAfterSeconds);
    return data(
      { view: "open" as View, result: post.submission.reply({ formErrors: [refusal.message] }) },
      { status: 429, headers: retryAfterHeaders(refusal) },
    );
  }
  if (!created.ok) {
    // Another post with this link wrote its review first (or the link expired meanwhile; or the listing left the directory).
    if (created.reason === "seller_not_found") notFound();
    return data({ view: "used" as View, result: undefined }, { status: 410 });
  }
  return redirect(`${invitationPath(invitation.id, locale)}?sent=${post.value.reviewer_email ? "confirm" : "1"}`);
}

export default function WriteAReview({ loaderData, actionData }: Route.ComponentProps) {
  const { sellerName, sellerId, customerName, constraint, own } = loaderData;
  const view = actionData?.view && actionData.view !== "open" ? actionData.view : loaderData.view;
  const t = useT();
  const to = useLocalePath();
  const name = { name: (text: ReactNode) => <span translate="no">{text}</span> };
  if (view === "sent")
    return (
      <IconCard icon="✓">
        <h1>{t("seller.invite.sentTitle")}</h1>
        <p role="status">
          <T k="seller.invite.sentText" values={{ name: sellerName }} components={name} />
          {loaderData.confirmMailed ? ` ${t("seller.reviewMail.sent")}` : null}
        </p>
        <Link to={to(`/seller/${sellerId}`)} className="btn">
          {t("seller.invite.seePage")}
        </Link>
      </IconCard>
    );
  if (view === "used" || view === "expired")
    return (
      <IconCard icon="✉">
        <h1>{view === "used" ? t("seller.invite.usedTitle") : t("seller.invite.expiredTitle")}</h1>
        <p>{view === "used" ? t("seller.invite.usedText") : t("seller.invite.expiredText")}</p>
        <Link to={to(`/seller/${sellerId}`)} className="btn">
          {t("seller.invite.seePage")}
        </Link>
      </IconCard>
    );
  return (
    <section className="container section narrow">
      <div className="card card-pad stack">
        <h1>
          <T k="seller.invite.title" values={{ name: sellerName }} components={name} />
        </h1>
        <p style={{ margin: 0 }}>
          <T k="seller.invite.intro" values={{ name: sellerName }} components={name} />
        </p>
        <p className="small muted" style={{ margin: 0 }}>
          <T
            k="seller.invite.verified"
            components={{ link: (text) => <Link to={to("/review-policy")}>{text}</Link> }}
          />
        </p>
        {own ? (
          <p className="notice" role="note" data-testid="own-invitation">
            {t("seller.invite.ownText")}
          </p>
        ) : (
          <ReviewForm
            lastResult={actionData?.result}
            constraint={constraint}
            defaultValue={customerName ? { reviewer_name: customerName } : undefined}
          />
        )}
      </div>
    </section>
  );
}
