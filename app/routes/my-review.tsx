import { data, Link, redirect, useLocation, useNavigation } from "react-router";
import { FormErrors, Honeypot } from "~/components/forms";
import { T, useLocalePath, useT } from "~/components/i18n";
import { IconCard } from "~/components/icon-card";
import { ReviewFields } from "~/components/review-form";
import { SignedLinkDone, SignedLinkForm, signedLinkRoute } from "~/components/signed-link";
import { getDb } from "~db/client";
import { useForm } from "~/lib/form";
import myReviewForm from "~/lib/forms/my-review";
import type { MessageKey } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { ownReviewSchema } from "~/lib/validation/reviews";
import { useClientValidation } from "~/lib/use-client-validation";
import { deleteOwnReview, editOwnReview } from "~/models/reviews.server";
import { formConstraints } from "~/services/form-constraints.server";
import { parsePublicForm, readForm } from "~/services/forms.server";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import { forwardRetryAfter } from "~/services/rate-limit.server";
import {
  checkReviewManageLink,
  REVIEW_MANAGE_PATH,
  reviewLinkPath,
  reviewLinkRefusal,
} from "~/services/reviewer-email.server";
import type { Route } from "./+types/my-review";

// /my-review?id&expires&token — a reviewer's own review, by the signed link mailed once her address was
// confirmed (docs/decisions/222-reviews-people-can-trust.md): her review with an edit form (back to moderation,
// "edited") and a delete button with a step to confirm it (a plain post, without JavaScript too). Only for a
// confirmed address (403); a deleted review's link is a 404; a forged or expired one a 400.
// Its forms post the link back with a prefix (`link_id`…): an input named "id" would hide the form's own id.

const LINK_PREFIX = "link_";
const signedLink = signedLinkRoute("seller.myReview.metaTitle", {
  title: "forms.review.emailLinkTitle",
  fallback: "forms.review.emailLinkInvalid",
  next: ["/directory", "forms.review.emailLinkNext"],
});
export const meta = signedLink.meta;
export const ErrorBoundary = signedLink.ErrorBoundary;
export const headers: Route.HeadersFunction = (args) => forwardRetryAfter(args);

export async function loader(args: Route.LoaderArgs) {
  const locale = pageLocale(args);
  const search = new URL(args.request.url).searchParams;
  const messages = messagesFor(locale, ["seller"]);
  // After a delete: the answer alone (nothing of the review is left to show).
  if (search.get("deleted") === "1" && !search.has("id")) return { deleted: true as const, messages };
  const link = await checkReviewManageLink(getDb(), search);
  if (!link.ok) throw reviewLinkRefusal(locale, link);
  const { review } = link;
  return {
    deleted: false as const,
    params: link.params,
    saved: search.get("saved") === "1",
    review: {
      sellerId: review.seller_id,
      business: review.seller_name,
      status: review.status,
      reviewer_name: review.reviewer_name,
      rating: String(review.rating),
      review_text: review.review_text,
    },
    constraint: formConstraints(ownReviewSchema),
    messages,
  };
}

export async function action(args: Route.ActionArgs) {
  const locale = pageLocale(args);
  const db = getDb();
  const formData = await readForm(args.request);
  const link = await checkReviewManageLink(db, formData, LINK_PREFIX);
  if (!link.ok) throw reviewLinkRefusal(locale, link);
  const { review } = link;
  const ip = args.context.clientAddress;
  const intent = formData.get("intent");
  if (intent === "delete") return { confirmDelete: true as const };
  if (intent === "delete-confirmed") {
    if (!(await deleteOwnReview(db, review.id, review.reviewer_email, ip)))
      throw reviewLinkRefusal(locale, { status: 404, why: "gone" });
    return redirect(localePath(locale, `${REVIEW_MANAGE_PATH}?deleted=1`));
  }
  const post = await parsePublicForm(formData, ip, myReviewForm);
  if (!post.ok) return data({ result: post.reply }, { status: post.status, headers: post.headers });
  if (!(await editOwnReview(db, review.id, review.reviewer_email, post.value, ip)))
    throw reviewLinkRefusal(locale, { status: 404, why: "gone" });
  return redirect(`${reviewLinkPath(REVIEW_MANAGE_PATH, link.params, locale)}&saved=1`);
}

const STATUS: Record<string, MessageKey> = {
  pending: "seller.myReview.status.pending",
  published: "seller.myReview.status.published",
  rejected: "seller.myReview.status.rejected",
  flagged: "seller.myReview.status.flagged",
};

export default function MyReview({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const { pathname } = useLocation();
  if (loaderData.deleted)
    return (
      <SignedLinkDone
        icon="🗑️"
        answer={{
          title: t("seller.myReview.deletedTitle"),
          message: t("seller.myReview.deleted"),
          next: [to("/directory"), t("seller.myReview.next")],
        }}
      />
    );
  const { params, review } = loaderData;
  const business = (text: React.ReactNode) => <span translate="no">{text}</span>;
  if (actionData && "confirmDelete" in actionData)
    return (
      <IconCard icon="🗑️">
        <h1>{t("seller.myReview.confirmTitle")}</h1>
        <p>
          <T k="seller.myReview.confirmBody" values={{ business: review.business }} components={{ name: business }} />
        </p>
        <DeleteForm id="my-review-delete-confirmed" link={params} intent="delete-confirmed" final>
          {t("seller.myReview.confirmButton")}
        </DeleteForm>
        <Link to={`${pathname}?${new URLSearchParams(params).toString()}`} className="small">
          {t("seller.myReview.keep")}
        </Link>
      </IconCard>
    );
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <section className="container section narrow">
      <div className="card card-pad stack">
        <h1>
          <T k="seller.myReview.title" values={{ business: review.business }} components={{ name: business }} />
        </h1>
        {loaderData.saved ? (
          <p className="form-success" role="status">
            {t("seller.myReview.saved")}
          </p>
        ) : null}
        <p>
          {t(STATUS[review.status] ?? "seller.myReview.status.pending")}{" "}
          <Link to={to(`/seller/${review.sellerId}?tab=reviews`)}>{t("seller.myReview.profile")}</Link>
        </p>
        <EditForm link={params} review={review} result={result} constraint={loaderData.constraint} />
        <h2>{t("seller.myReview.deleteTitle")}</h2>
        <DeleteForm id="my-review-delete" link={params} intent="delete">
          {t("seller.myReview.delete")}
        </DeleteForm>
      </div>
    </section>
  );
}

type LinkFields = Readonly<Record<string, string>>;

function EditForm({
  link,
  review,
  result,
  constraint,
}: {
  link: LinkFields;
  review: { reviewer_name: string; rating: string; review_text: string };
  result: Parameters<typeof useForm>[0]["lastResult"];
  constraint: Parameters<typeof useForm>[0]["constraint"];
}) {
  const t = useT();
  const navigation = useNavigation();
  const validation = useClientValidation("my-review", { shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "my-review-edit",
    lastResult: navigation.state === "idle" ? result : null,
    defaultValue: review,
    constraint,
    ...validation.options,
  });
  return (
    <SignedLinkForm form={form} link={link} prefix={LINK_PREFIX} className="stack">
      <h2>{t("seller.myReview.editTitle")}</h2>
      <Honeypot />
      <FormErrors errors={form.errors} />
      <ReviewFields formKey={form.key} fields={fields} />
      <p className="small muted">{t("seller.myReview.editNote")}</p>
      <button type="submit" name="intent" value="edit" className="btn btn-primary">
        {t("seller.myReview.save")}
      </button>
    </SignedLinkForm>
  );
}

function DeleteForm({
  id,
  link,
  intent,
  final = false,
  children,
}: {
  id: string;
  link: LinkFields;
  intent: "delete" | "delete-confirmed";
  final?: boolean;
  children: React.ReactNode;
}) {
  const [form] = useForm({ id });
  return (
    <SignedLinkForm form={form} link={link} prefix={LINK_PREFIX}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={final ? "btn btn-danger btn-block" : "btn btn-danger"}>
        {children}
      </button>
    </SignedLinkForm>
  );
}
