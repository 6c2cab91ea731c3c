import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { getDb } from "~db/client";
import { FormErrors, FormSuccess, TextareaField } from "~/components/forms";
import { SellerProfileFields } from "~/components/seller-profile-fields";
import { EyeIcon, StarIcon } from "~/components/icons";
import { REVIEW_REPLY_MAX_LENGTH } from "~/lib/validation/constants";
import { reviewReplySchema } from "~/lib/validation/reviews";
import { VERIFY_EMAIL_MESSAGES } from "~/lib/validation/messages";
import { sellerProfileSchema } from "~/lib/validation/application";
import { formatDate } from "~/lib/dates";
import { formatCount, formatRating } from "~/lib/format";
import { renewalCountdown, subscriptionExpiry } from "~/lib/subscription";
import { LeadReport } from "~/components/lead-report";
import { todayIso } from "~/lib/dates";
import { leadWindow } from "~/lib/leads";
import { sellerLeadReport } from "~/models/leads.server";
import { profileFormValues } from "~/lib/seller-fields";
import {
  getOwnListing,
  listOwnPublishedReviews,
  replyToOwnReview,
  updateOwnProfile,
} from "~/models/seller-account.server";
import type { OwnListing } from "~/models/seller-account.server";
import { getAccountSecurity, type AccountSecurity } from "~/models/users.server";
import { resendVerification } from "~/services/email-verification.server";
import { requireUser } from "~/services/session.server";
import { forwardRetryAfter, retryAfterHeaders } from "~/services/rate-limit.server";
import type { Route } from "./+types/seller-dashboard";
import { readForm } from "~/services/forms.server";
import { privatePageMeta } from "~/lib/seo";
import { PayOnlineForm, RECEIPTS_HEADING } from "~/components/pay-online";
import { formatPaise } from "~/lib/payments";
import { receiptsOf } from "~/models/payments.server";
import { paymentGateway, payOffer, receiptPath } from "~/services/payments/index.server";

export const meta: Route.MetaFunction = () => privatePageMeta("My Dashboard");

export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args);

// docs/decisions/003-seller-dashboard.md: the seller's own listing only. Every query below is scoped by the session's
// user id.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { roles: ["seller"], loginPath: "/seller-login" });
  const db = getDb();
  const [listing, reviews, account] = await Promise.all([
    getOwnListing(db, user.id),
    listOwnPublishedReviews(db, user.id),
    getAccountSecurity(db, user.id),
  ]);
  const leads = listing ? await sellerLeadReport(db, listing.id, leadWindow(todayIso())) : null;
  // Online payments: "Renew now" pays the renewal on the gateway's page; receipts of paid payments.
  const renewalOffer =
    listing?.application_complete && paymentGateway() ? await payOffer(db, "renewal", listing.id) : null;
  const receipts = listing
    ? (await receiptsOf(db, listing.id)).map((r) => ({ ...r, path: receiptPath(r.reference) }))
    : [];
  return { user: { name: user.name, email: user.email }, listing, reviews, account, leads, renewalOffer, receipts };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, { roles: ["seller"], loginPath: "/seller-login" });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "resend_verification") {
    const sent = await resendVerification(getDb(), user, { clientAddress: context.clientAddress });
    if (!sent.ok)
      return data(
        { intent: "resend_verification" as const, message: sent.message },
        { status: sent.status, headers: retryAfterHeaders(sent) },
      );
    return redirect("/seller-dashboard?verification=sent#verify-email");
  }
  if (intent === "reply") {
    const submission = parseWithZod(form, { schema: reviewReplySchema });
    const reviewId = Number(form.get("review_id")) || 0;
    if (submission.status !== "success")
      return data({ intent: "reply" as const, reviewId, result: submission.reply() }, { status: 400 });
    const ok = await replyToOwnReview(getDb(), user.id, submission.value.review_id, submission.value.reply);
    if (!ok) throw data("Review not found", { status: 404 });
    return redirect(`/seller-dashboard?replied=${submission.value.review_id}#review-${submission.value.review_id}`);
  }
  if (intent === "profile") {
    const submission = parseWithZod(form, { schema: sellerProfileSchema });
    if (submission.status !== "success")
      return data({ intent: "profile" as const, result: submission.reply() }, { status: 400 });
    if (!(await updateOwnProfile(getDb(), user.id, submission.value)))
      throw data("You have no listing yet", { status: 404 });
    return redirect("/seller-dashboard?saved=profile#profile");
  }
  throw data("Unknown action", { status: 400 });
}

const STATUS_TEXT: Record<string, { label: string; text: string; tone: string }> = {
  pending: {
    label: "Pending",
    text: "Your listing is waiting for review. Our team checks applications within 24-48 hours after payment.",
    tone: "warning",
  },
  active: { label: "Active", text: "Your listing is live in the directory.", tone: "success" },
  inactive: {
    label: "Inactive",
    text: "Your listing is hidden from the directory. Renew your subscription or contact us to reactivate it.",
    tone: "muted",
  },
  rejected: {
    label: "Rejected",
    text: "Your application was not approved. Please contact us for details.",
    tone: "danger",
  },
};

export default function SellerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user, listing, reviews, account, leads, renewalOffer, receipts } = loaderData;
  const [params] = useSearchParams();
  const replied = Number(params.get("replied")) || null;
  const resendError = actionData && actionData.intent === "resend_verification" ? actionData.message : null;
  return (
    <div className="container section stack dashboard">
      <header className="dashboard-head">
        <div>
          <p className="small muted" style={{ margin: 0 }}>
            Seller dashboard
          </p>
          <h1 style={{ margin: 0 }}>Welcome, {user.name.split(" ")[0]}</h1>
        </div>
        {listing?.status === "active" ? (
          <Link to={`/seller/${listing.id}`} className="btn btn-sm">
            <EyeIcon /> View public profile
          </Link>
        ) : null}
      </header>
      {account ? (
        <AccountNotices
          account={account}
          email={user.email}
          sent={params.get("verification") === "sent"}
          error={resendError}
        />
      ) : null}
      {listing ? (
        <ListingOverview listing={listing} renewalOffer={renewalOffer} receipts={receipts} />
      ) : (
        <section className="card card-pad empty-state">
          <div className="icon" aria-hidden="true">
            🏪
          </div>
          <h2>You have no listing yet</h2>
          <p className="muted">Apply for a listing to appear in the directory.</p>
          <Link to="/register" className="btn btn-primary">
            Apply for a listing
          </Link>
        </section>
      )}
      {leads ? (
        <LeadReport
          report={leads}
          headingId="leads-heading"
          intro="What visitors did on your listing: views of your profile, and taps on your WhatsApp, phone, website, social links and Share."
        />
      ) : null}
      {listing ? (
        <ProfileEditor
          listing={listing}
          saved={params.get("saved") === "profile"}
          lastResult={actionData && actionData.intent === "profile" ? actionData.result : undefined}
        />
      ) : null}
      {listing ? (
        <section className="card card-pad" aria-labelledby="reviews-heading" id="reviews">
          <h2 id="reviews-heading">Customer Reviews</h2>
          {reviews.length ? (
            reviews.map((r) => (
              <ReviewWithReply
                key={r.id}
                review={r}
                saved={replied === r.id}
                lastResult={
                  actionData && "reviewId" in actionData && actionData.reviewId === r.id ? actionData.result : undefined
                }
              />
            ))
          ) : (
            <p className="muted">No published reviews yet. Reviews appear here once our team approves them.</p>
          )}
        </section>
      ) : null}
      <AccountAndData />
    </div>
  );
}

/**
 * Her account and her data (docs/decisions/160-account-export-yazl-streamed.md): the download here, email, password and
 * deletion on /seller-account.
 */
function AccountAndData() {
  return (
    <section className="card card-pad stack" aria-labelledby="account-data-heading" id="account-data">
      <h2 id="account-data-heading">Your account and data</h2>
      <p className="muted" style={{ margin: 0 }}>
        Change your email or password, take a copy of everything we store about you, or delete your account.
      </p>
      <div className="row">
        <a className="btn btn-sm" href="/seller-account/my-data.zip" download>
          Download my data
        </a>
        <Link to="/seller-account" className="btn btn-sm">
          Email, password and account deletion
        </Link>
      </div>
    </section>
  );
}

/** Email verification (with "send a new link") and, for a Google-only account, how she signs in. */
function AccountNotices({
  account,
  email,
  sent,
  error,
}: {
  account: AccountSecurity;
  email: string;
  sent: boolean;
  error: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend_verification";
  return (
    <>
      {!account.emailVerifiedAt ? (
        <section className="notice dashboard-cta" id="verify-email" aria-labelledby="verify-email-heading">
          <div>
            <h2 id="verify-email-heading" className="h3" style={{ margin: 0 }}>
              Verify your email
            </h2>
            <p className="small" style={{ margin: 0 }}>
              We sent a link to <strong>{email}</strong>. Open it and confirm, so we know this address is yours.
            </p>
            {sent ? (
              <p className="form-success small" role="status">
                {VERIFY_EMAIL_MESSAGES.sent}
              </p>
            ) : null}
            {error ? (
              <p className="form-error small" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="resend_verification" />
            <button type="submit" className="btn btn-sm" disabled={busy}>
              {busy ? "Sending..." : "Send a new link"}
            </button>
          </Form>
        </section>
      ) : null}
      {!account.hasPassword && account.googleLinked ? (
        <p className="notice small" id="google-only">
          You sign in with <strong>Continue with Google</strong>: this account has no password. If you had set one
          before you first signed in with Google, it was switched off, because this email address had not been verified
          yet (so nobody else who knew it can still sign in). Keep using Continue with Google on the sign-in page.
        </p>
      ) : null}
    </>
  );
}

type DashboardData = Route.ComponentProps["loaderData"];

function ListingOverview({
  listing,
  renewalOffer,
  receipts,
}: {
  listing: OwnListing;
  renewalOffer: DashboardData["renewalOffer"];
  receipts: DashboardData["receipts"];
}) {
  const status = STATUS_TEXT[listing.status] ?? STATUS_TEXT.pending;
  const expiry = subscriptionExpiry(listing.subscription_end_date);
  const needsApplication = !listing.application_complete;
  const renewalSent = !!listing.renewal_requested_at;
  const needsRenewal =
    listing.application_complete && !renewalSent && (expiry.label === "Expired" || expiry.label === "Expiring Soon");
  return (
    <>
      {renewalSent ? (
        <p className="notice" id="renew" data-testid="renewal-pending">
          <strong>Renewal received.</strong> Our team is checking your payment; your new period starts from your current
          end date{listing.subscription_end_date ? ` (${formatDate(listing.subscription_end_date)})` : ""}.
        </p>
      ) : null}
      {needsApplication || needsRenewal ? (
        <div className="notice dashboard-cta" id="renew">
          <div>
            <strong>{needsApplication ? "Complete your application" : "Renew your subscription"}</strong>
            <p className="small" style={{ margin: 0 }}>
              {needsApplication
                ? "Add your business details, ID document, payment and photos to go live in the directory."
                : `${renewalCountdown(expiry.daysLeft ?? 0)} Choose a plan and send your payment to keep your listing live; the new period starts from your current end date.`}
            </p>
          </div>
          <Link to="/register" className={renewalOffer && !needsApplication ? "btn btn-sm" : "btn btn-primary btn-sm"}>
            {needsApplication ? "Complete application" : renewalOffer ? "Renew with a screenshot" : "Renew now"}
          </Link>
          {renewalOffer && !needsApplication ? <PayOnlineForm offer={renewalOffer} /> : null}
        </div>
      ) : null}
      {receipts.length ? (
        <section className="card card-pad" aria-labelledby="receipts-heading">
          <h2 id="receipts-heading" className="h3">
            {RECEIPTS_HEADING}
          </h2>
          <ul>
            {receipts.map((r) => (
              <li key={r.reference}>
                <a href={r.path}>
                  {formatPaise(r.amount_paise)} · {formatDate(r.paid_at)} · {r.reference}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ul className="stat-grid" aria-label="Your listing">
        <li className="card stat-card">
          <span className="stat-label">Listing status</span>
          <strong className={`status-pill tone-${status.tone}`}>{status.label}</strong>
          <span className="small muted">{status.text}</span>
        </li>
        <li className="card stat-card">
          <span className="stat-label">Payment</span>
          <strong className={`status-pill tone-${listing.is_paid ? "success" : "warning"}`}>
            {listing.is_paid ? "Paid" : listing.payment_status === "pending" ? "Pending" : listing.payment_status}
          </strong>
          <span className="small muted">
            {listing.amount_paid
              ? `₹${listing.amount_paid.toLocaleString("en-IN")}${listing.subscription_months ? ` · ${listing.subscription_months} month${listing.subscription_months === 1 ? "" : "s"}` : ""}`
              : "No payment recorded yet"}
          </span>
        </li>
        <li className="card stat-card">
          <span className="stat-label">Subscription</span>
          <strong className={`status-pill tone-${expiry.tone}`}>{expiry.label}</strong>
          <span className="small muted">
            {listing.subscription_start_date
              ? `${formatDate(listing.subscription_start_date)} – ${formatDate(listing.subscription_end_date) || "open"}`
              : "Starts when your listing goes live"}
            {expiry.detail ? (
              <>
                <br />
                <span data-testid="days-left">{expiry.detail}</span>
              </>
            ) : null}
          </span>
        </li>
        <li className="card stat-card">
          <span className="stat-label">Profile views</span>
          <strong className="stat-value" data-testid="views-count">
            {formatCount(listing.views_count)}
          </strong>
          <span className="small muted">
            <StarIcon className="star" />{" "}
            {listing.review_count
              ? `${formatRating(listing.avg_rating)} from ${listing.review_count} review${listing.review_count === 1 ? "" : "s"}`
              : "No reviews yet"}
          </span>
        </li>
      </ul>
    </>
  );
}

type Review = Route.ComponentProps["loaderData"]["reviews"][number];

/** A form of the dashboard: whether its last post saved, and conform's reply to it. */
type FormState = { saved: boolean; lastResult?: SubmissionResult<string[]> };

function ReviewWithReply({ review, saved: justSaved, lastResult }: FormState & { review: Review }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("review_id") === String(review.id);
  const [form, fields] = useForm({
    id: `reply-${review.id}`,
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: { reply: review.seller_reply ?? "" },
    constraint: getZodConstraint(reviewReplySchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewReplySchema }),
  });
  return (
    <article className="review" id={`review-${review.id}`}>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <strong>{review.reviewer_name}</strong>
        <span className="small muted">{formatDate(review.created_at)}</span>
      </div>
      <span className="stars" aria-label={`${review.rating} out of 5 stars`}>
        {"★".repeat(review.rating)}
        <span style={{ color: "var(--c-border)" }}>{"★".repeat(5 - review.rating)}</span>
      </span>
      <p style={{ marginTop: "var(--s-2)", whiteSpace: "pre-line" }}>{review.review_text}</p>
      <FormSuccess message={justSaved && "Your reply has been saved."} className="small" />
      <Form method="post" {...getFormProps(form)} className="stack reply-form" preventScrollReset>
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="review_id" value={review.id} />
        <FormErrors errors={form.errors} />
        <TextareaField
          label={
            review.seller_reply ? (
              <>
                Your reply <span className="muted small">· {formatDate(review.seller_reply_date)}</span>
              </>
            ) : (
              "Reply publicly"
            )
          }
          errors={fields.reply.errors}
          hint={`Shown under the review on your profile. Up to ${REVIEW_REPLY_MAX_LENGTH.toLocaleString("en-IN")} characters.`}
          textareaProps={{ ...getTextareaProps(fields.reply), rows: 3 }}
        />
        <div>
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            {busy ? "Saving..." : review.seller_reply ? "Update Reply" : "Post Reply"}
          </button>
        </div>
      </Form>
    </article>
  );
}

function ProfileEditor({ listing, saved, lastResult }: FormState & { listing: OwnListing }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  const [form, fields] = useForm({
    id: "profile",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: profileFormValues(listing),
    constraint: getZodConstraint(sellerProfileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sellerProfileSchema }),
  });
  return (
    <section className="stack" aria-labelledby="profile-heading" id="profile">
      <div>
        <h2 id="profile-heading" style={{ marginBottom: "var(--s-1)" }}>
          Public profile
        </h2>
        <p className="small muted" style={{ margin: 0 }}>
          What visitors see on your page in the directory. Changes show at once.
        </p>
      </div>
      <FormSuccess message={saved && "Your profile has been saved."} />
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="profile" />
        <FormErrors errors={form.errors} />
        <SellerProfileFields fields={fields} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Saving..." : "Save Profile"}
          </button>
        </div>
      </Form>
    </section>
  );
}
