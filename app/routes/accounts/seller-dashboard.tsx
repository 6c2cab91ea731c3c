import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "~/lib/form";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { getDb } from "~db/client";
import { storedPositionOf } from "~db/pincodes";
import { mapTilesSource } from "~/services/config.server";
import { FormErrors, FormSuccess, TextareaField } from "~/components/forms";
import { ErrorText } from "~/components/error-list";
import {
  SellerHoursFields,
  SellerMapPositionField,
  SellerProfileFields,
  SellerTranslationFields,
} from "~/components/seller-profile-fields";
import { EyeIcon, StarIcon } from "~/components/icons";
import { REVIEW_REPLY_MAX_LENGTH } from "~/lib/validation/constants";
import { reviewReplySchema } from "~/lib/validation/reviews";
import { ownProfileSchema } from "~/lib/validation/application";
import { formatDate } from "~/lib/dates";
import { formatCount, formatRating } from "~/lib/format";
import { type Expiry, subscriptionExpiry } from "~/lib/subscription";
import { LeadReport } from "~/components/lead-report";
import { todayIso } from "~/lib/dates";
import { leadWindow } from "~/lib/leads";
import { sellerLeadReport } from "~/models/leads.server";
import { hoursFormValues, profileFormValues, translationFormValues } from "~/lib/seller-fields";
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
import { T, useLocale, useLocalePath, useT } from "~/components/i18n";
import { translatorFromMatches, type MessageKey } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { accountNotice } from "~/lib/account-notices";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/seller-dashboard";
import { quoteAnswerSchema } from "~/lib/validation/quotes";
import { quotesPaused, sellerQuotes, setQuotesPaused } from "~/models/quotes.server";
import { replyAsSeller } from "~/services/quotes.server";
import { QuoteRequests } from "./seller-dashboard/requests";
import { readForm } from "~/services/forms.server";
import { privatePageMeta } from "~/lib/seo";
import { PayOnlineForm } from "~/components/pay-online-form";
import { formatPaise } from "~/lib/payments";
import { receiptsOf } from "~/models/payments.server";
import { paymentGateway, payOffer, receiptPath } from "~/services/payments/index.server";
import { CardSection } from "~/components/card-section";
import { reviewInvitationSchema } from "~/lib/validation/review-invitations";
import { dashboardInvitations, makeInvitation } from "~/services/review-invitations.server";
import { ReviewInvitations } from "./seller-dashboard/invitations";

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(translatorFromMatches(matches)("dashboard.metaTitle"));

export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args);

// docs/decisions/003-seller-dashboard.md: the seller's own listing only. Every query below is scoped by the session's
// user id.
export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
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
  const quotes = listing
    ? { list: await sellerQuotes(db, listing.id), paused: await quotesPaused(db, listing.id) }
    : null;
  const invitations = listing ? await dashboardInvitations(db, listing.id, pageLocale(args)) : null;
  // Her point on a small map of her PIN code's area (MAP_TILES_URL set, her PIN code known).
  const mapTiles = mapTilesSource();
  const pinCentre = listing ? storedPositionOf(listing.pincode) : null;
  return {
    user: { name: user.name, email: user.email },
    listing,
    map:
      mapTiles && listing && pinCentre
        ? { source: mapTiles, centre: pinCentre, point: listing.map_point ?? pinCentre }
        : null,
    reviews,
    account,
    leads,
    renewalOffer,
    receipts,
    quotes,
    invitations,
    messages: messagesFor(pageLocale(args), ["dashboard", "payments", "quotes"]),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const locale = pageLocale(args);
  const user = await requireUser(request, { roles: ["seller"], loginPath: "/seller-login" });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "resend_verification") {
    const sent = await resendVerification(getDb(), user, { clientAddress: context.clientAddress });
    if (!sent.ok)
      return data(
        { intent: "resend_verification" as const, message: accountNotice(translatorFor(locale), sent.message) },
        { status: sent.status, headers: retryAfterHeaders(sent) },
      );
    return redirect(localePath(locale, "/seller-dashboard?verification=sent#verify-email"));
  }
  if (intent === "reply") {
    const submission = parseWithZod(form, { schema: reviewReplySchema });
    const reviewId = Number(form.get("review_id")) || 0;
    if (submission.status !== "success")
      return data({ intent: "reply" as const, reviewId, result: submission.reply() }, { status: 400 });
    const ok = await replyToOwnReview(getDb(), user.id, submission.value.review_id, submission.value.reply);
    if (!ok) throw data("Review not found", { status: 404 });
    return redirect(
      localePath(
        locale,
        `/seller-dashboard?replied=${submission.value.review_id}#review-${submission.value.review_id}`,
      ),
    );
  }
  if (intent === "profile") {
    const submission = parseWithZod(form, { schema: ownProfileSchema });
    if (submission.status !== "success")
      return data({ intent: "profile" as const, result: submission.reply() }, { status: 400 });
    const saved = await updateOwnProfile(getDb(), user.id, submission.value);
    if (saved === "no_listing") throw data("You have no listing yet", { status: 404 });
    if (saved !== "saved")
      return data(
        { intent: "profile" as const, result: submission.reply({ fieldErrors: saved.fieldErrors }) },
        { status: 400 },
      );
    return redirect(localePath(locale, "/seller-dashboard?saved=profile#profile"));
  }
  if (intent === "quote_answer" || intent === "quote_decline" || intent === "quotes_pause")
    return quoteAction(locale, user.id, form, intent);
  if (intent === "invite") return inviteAction(locale, user.id, form);
  throw data("Unknown action", { status: 400 });
}

/**
 * A new invitation to review her listing (docs/decisions/222-reviews-people-can-trust.md), within the day's
 * limit: beyond it, the form says so and answers 429.
 */
async function inviteAction(locale: ReturnType<typeof pageLocale>, userId: number, form: FormData) {
  const db = getDb();
  const listing = await getOwnListing(db, userId);
  if (!listing) throw data("You have no listing yet", { status: 404 });
  const submission = parseWithZod(form, { schema: reviewInvitationSchema });
  if (submission.status !== "success")
    return data({ intent: "invite" as const, result: submission.reply() }, { status: 400 });
  const made = await makeInvitation(db, listing.id, submission.value.customer_name ?? null);
  if (!made.ok) {
    const t = translatorFor(locale);
    const message =
      made.why === "limit"
        ? t("dashboard.invitations.limitReached", { max: made.limit })
        : t("dashboard.invitations.notPublic");
    return data(
      { intent: "invite" as const, result: submission.reply({ formErrors: [message] }) },
      { status: made.status, headers: retryAfterHeaders(made) },
    );
  }
  return redirect(
    localePath(locale, `/seller-dashboard?invited=${made.invitation.id}#invitation-${made.invitation.id}`),
  );
}

const QUOTE_ERRORS = {
  not_sent: "quotes.dash.error.notSent",
  replied: "quotes.dash.error.replied",
  closed: "quotes.dash.error.closed",
} as const;

/** Her answer to a request for quotes, her "not for me", or the pause switch (only for requests sent to her listing). */
async function quoteAction(
  locale: ReturnType<typeof pageLocale>,
  userId: number,
  form: FormData,
  intent: "quote_answer" | "quote_decline" | "quotes_pause",
) {
  const db = getDb();
  const listing = await getOwnListing(db, userId);
  if (!listing) throw data("You have no listing yet", { status: 404 });
  if (intent === "quotes_pause") {
    const paused = form.get("paused") === "1";
    await setQuotesPaused(db, listing.id, paused);
    return redirect(localePath(locale, `/seller-dashboard?quotes=${paused ? "paused" : "resumed"}#requests`));
  }
  const requestId = /^\d{1,12}$/.test(String(form.get("request_id") ?? "")) ? Number(form.get("request_id")) : 0;
  let answer: { message: string; price: number | null } | null = null;
  if (intent === "quote_answer") {
    const submission = parseWithZod(form, { schema: quoteAnswerSchema });
    if (submission.status !== "success")
      return data({ intent: "quote" as const, requestId, result: submission.reply() }, { status: 400 });
    answer = { message: submission.value.answer, price: submission.value.price ?? null };
  }
  const result = await replyAsSeller(db, listing.id, requestId, answer);
  if (!result.ok)
    return data(
      { intent: "quote" as const, requestId, error: translatorFor(locale)(QUOTE_ERRORS[result.why]) },
      { status: result.status },
    );
  return redirect(localePath(locale, `/seller-dashboard?quotes=${answer ? "sent" : "declined"}#request-${requestId}`));
}

const QUOTE_NOTICES: Record<string, MessageKey> = {
  sent: "quotes.dash.sent",
  declined: "quotes.dash.declinedDone",
  paused: "quotes.dash.pausedDone",
  resumed: "quotes.dash.resumedDone",
};

const STATUS_TEXT: Record<string, { label: MessageKey; text: MessageKey; tone: string }> = {
  pending: { label: "dashboard.status.pending", text: "dashboard.status.pendingText", tone: "warning" },
  active: { label: "dashboard.status.active", text: "dashboard.status.activeText", tone: "success" },
  inactive: { label: "dashboard.status.inactive", text: "dashboard.status.inactiveText", tone: "muted" },
  rejected: { label: "dashboard.status.rejected", text: "dashboard.status.rejectedText", tone: "danger" },
};

/** The subscription badge's words (lib/subscription.ts names them in English). */
const EXPIRY_LABELS: Record<Expiry["label"], MessageKey> = {
  "No Subscription": "dashboard.expiry.none",
  Expired: "dashboard.expiry.expired",
  "Expiring Soon": "dashboard.expiry.expiringSoon",
  Active: "dashboard.expiry.active",
};

function expiryDetail(t: ReturnType<typeof useT>, daysLeft: number | null): string | null {
  if (daysLeft === null) return null;
  return daysLeft < 0 ? t("dashboard.expiry.ago", { days: -daysLeft }) : t("dashboard.expiry.left", { days: daysLeft });
}

function renewalCountdownText(t: ReturnType<typeof useT>, daysLeft: number): string {
  return daysLeft < 0
    ? t("dashboard.countdownEnded", { days: -daysLeft })
    : t("dashboard.countdown", { days: daysLeft });
}

export default function SellerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user, listing, reviews, account, leads, renewalOffer, receipts, quotes, invitations } = loaderData;
  const [params] = useSearchParams();
  const replied = Number(params.get("replied")) || null;
  const resendError = actionData && actionData.intent === "resend_verification" ? actionData.message : null;
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="container section stack dashboard">
      <header className="dashboard-head">
        <div>
          <p className="small muted" style={{ margin: 0 }}>
            {t("dashboard.kicker")}
          </p>
          <h1 style={{ margin: 0 }}>
            <T
              k="dashboard.welcome"
              values={{ name: user.name.split(" ")[0] }}
              components={{ name: (text) => <span translate="no">{text}</span> }}
            />
          </h1>
        </div>
        {listing?.status === "active" ? (
          <Link to={to(`/seller/${listing.id}`)} className="btn btn-sm">
            <EyeIcon /> {t("dashboard.viewProfile")}
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
          <h2>{t("dashboard.noListingTitle")}</h2>
          <p className="muted">{t("dashboard.noListingText")}</p>
          <Link to={to("/register")} className="btn btn-primary">
            {t("dashboard.apply")}
          </Link>
        </section>
      )}
      {quotes ? (
        <QuoteRequests
          quotes={quotes.list}
          paused={quotes.paused}
          notice={QUOTE_NOTICES[params.get("quotes") ?? ""] ? t(QUOTE_NOTICES[params.get("quotes")!]!) : null}
          state={actionData && actionData.intent === "quote" ? actionData : undefined}
        />
      ) : null}
      {listing && invitations ? (
        <ReviewInvitations
          invitations={invitations}
          business={listing.business_name || listing.owner_name}
          madeId={Number(params.get("invited")) || null}
          state={actionData && actionData.intent === "invite" ? actionData : undefined}
        />
      ) : null}
      {leads ? <LeadReport report={leads} headingId="leads-heading" intro={t("dashboard.leadsIntro")} /> : null}
      {listing ? (
        <ProfileEditor
          listing={listing}
          map={loaderData.map}
          saved={params.get("saved") === "profile"}
          lastResult={actionData && actionData.intent === "profile" ? actionData.result : undefined}
        />
      ) : null}
      {listing ? (
        <CardSection id="reviews" title={t("dashboard.reviewsTitle")} anchor>
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
            <p className="muted">{t("dashboard.noReviews")}</p>
          )}
        </CardSection>
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
  const t = useT();
  const to = useLocalePath();
  return (
    <CardSection id="account-data" title={t("dashboard.dataTitle")} className="stack" anchor>
      <p className="muted" style={{ margin: 0 }}>
        {t("dashboard.dataText")}
      </p>
      <div className="row">
        <a className="btn btn-sm" href="/seller-account/my-data.zip" download>
          {t("dashboard.download")}
        </a>
        <Link to={to("/seller-account")} className="btn btn-sm">
          {t("dashboard.accountLink")}
        </Link>
      </div>
    </CardSection>
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
  const t = useT();
  return (
    <>
      {!account.emailVerifiedAt ? (
        <section className="notice dashboard-cta" id="verify-email" aria-labelledby="verify-email-heading">
          <div>
            <h2 id="verify-email-heading" className="h3" style={{ margin: 0 }}>
              {t("dashboard.verifyTitle")}
            </h2>
            <p className="small" style={{ margin: 0 }}>
              <T
                k="dashboard.verifyText"
                values={{ email }}
                components={{ strong: (text) => <strong translate="no">{text}</strong> }}
              />
            </p>
            {sent ? (
              <p className="form-success small" role="status">
                {t("dashboard.verificationSent")}
              </p>
            ) : null}
            {error ? (
              <p className="form-error small" role="alert">
                <ErrorText message={error} />
              </p>
            ) : null}
          </div>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="resend_verification" />
            <button type="submit" className="btn btn-sm" disabled={busy}>
              {busy ? t("dashboard.sending") : t("dashboard.sendLink")}
            </button>
          </Form>
        </section>
      ) : null}
      {!account.hasPassword && account.googleLinked ? (
        <p className="notice small" id="google-only">
          <T k="dashboard.googleOnly" components={{ strong: (text) => <strong>{text}</strong> }} />
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
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
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
          {listing.subscription_end_date ? (
            <T
              k="dashboard.renewalReceivedOn"
              values={{ end: formatDate(listing.subscription_end_date, locale) }}
              components={{ strong: (text) => <strong>{text}</strong> }}
            />
          ) : (
            <T k="dashboard.renewalReceived" components={{ strong: (text) => <strong>{text}</strong> }} />
          )}
        </p>
      ) : null}
      {needsApplication || needsRenewal ? (
        <div className="notice dashboard-cta" id="renew">
          <div>
            <strong>{needsApplication ? t("dashboard.completeTitle") : t("dashboard.renewTitle")}</strong>
            <p className="small" style={{ margin: 0 }}>
              {needsApplication
                ? t("dashboard.completeText")
                : t("dashboard.renewText", { countdown: renewalCountdownText(t, expiry.daysLeft ?? 0) })}
            </p>
          </div>
          <Link
            to={to("/register")}
            className={renewalOffer && !needsApplication ? "btn btn-sm" : "btn btn-primary btn-sm"}
          >
            {needsApplication
              ? t("dashboard.completeButton")
              : renewalOffer
                ? t("dashboard.renewWithScreenshot")
                : t("dashboard.renewButton")}
          </Link>
          {renewalOffer && !needsApplication ? <PayOnlineForm offer={renewalOffer} /> : null}
        </div>
      ) : null}
      {listing.pincode ? null : (
        // A listing made before the PIN code was asked (docs/decisions/211-near-me-pin-code-centres-in-memory.md).
        <div className="notice dashboard-cta" id="pincode-missing">
          <div>
            <strong>{t("dashboard.pincodeMissingTitle")}</strong>
            <p className="small" style={{ margin: 0 }}>
              {t("dashboard.pincodeMissingText")}
            </p>
          </div>
          <a href="#profile" className="btn btn-primary btn-sm">
            {t("dashboard.pincodeMissingButton")}
          </a>
        </div>
      )}
      {receipts.length ? (
        <CardSection id="receipts" title={t("dashboard.receipts")} small>
          <ul>
            {receipts.map((r) => (
              <li key={r.reference}>
                <a href={to(r.path)}>
                  {formatPaise(r.amount_paise, locale)} · {formatDate(r.paid_at, locale)} ·{" "}
                  <span translate="no">{r.reference}</span>
                  {r.status === "refunded" ? ` · ${t("payments.receipts.refunded")}` : ""}
                </a>
              </li>
            ))}
          </ul>
        </CardSection>
      ) : null}
      <ul className="stat-grid" aria-label={t("dashboard.yourListing")}>
        <li className="card stat-card">
          <span className="stat-label">{t("dashboard.listingStatus")}</span>
          <strong className={`status-pill tone-${status.tone}`}>{t(status.label)}</strong>
          <span className="small muted">{t(status.text)}</span>
        </li>
        <li className="card stat-card">
          <span className="stat-label">{t("dashboard.payment")}</span>
          <strong className={`status-pill tone-${listing.is_paid ? "success" : "warning"}`}>
            {listing.is_paid
              ? t("dashboard.paid")
              : listing.payment_status === "pending"
                ? t("dashboard.paymentPending")
                : t("dashboard.paymentOther", { status: listing.payment_status })}
          </strong>
          <span className="small muted">
            {listing.amount_paid
              ? listing.subscription_months
                ? t("dashboard.amountMonths", {
                    amount: formatCount(listing.amount_paid, locale),
                    months: listing.subscription_months,
                  })
                : t("dashboard.amount", { amount: formatCount(listing.amount_paid, locale) })
              : t("dashboard.noPayment")}
          </span>
        </li>
        <li className="card stat-card">
          <span className="stat-label">{t("dashboard.subscription")}</span>
          <strong className={`status-pill tone-${expiry.tone}`}>{t(EXPIRY_LABELS[expiry.label])}</strong>
          <span className="small muted">
            {listing.subscription_start_date
              ? t("dashboard.period", {
                  start: formatDate(listing.subscription_start_date, locale),
                  end: formatDate(listing.subscription_end_date, locale) || t("dashboard.periodOpen"),
                })
              : t("dashboard.startsLive")}
            {expiry.detail ? (
              <>
                <br />
                <span data-testid="days-left">{expiryDetail(t, expiry.daysLeft)}</span>
              </>
            ) : null}
          </span>
        </li>
        <li className="card stat-card">
          <span className="stat-label">{t("dashboard.profileViews")}</span>
          <strong className="stat-value" data-testid="views-count">
            {formatCount(listing.views_count, locale)}
          </strong>
          <span className="small muted">
            <StarIcon className="star" />{" "}
            {listing.review_count
              ? t("dashboard.rating", { rating: formatRating(listing.avg_rating), count: listing.review_count })
              : t("dashboard.noReviewsYet")}
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
  const t = useT();
  const locale = useLocale();
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
        <strong translate="no">{review.reviewer_name}</strong>
        <time className="small muted" dateTime={review.created_at}>
          {formatDate(review.created_at, locale)}
        </time>
      </div>
      <span className="stars" aria-label={t("dashboard.stars", { rating: review.rating })}>
        {"★".repeat(review.rating)}
        <span style={{ color: "var(--c-border)" }}>{"★".repeat(5 - review.rating)}</span>
      </span>
      <p style={{ marginTop: "var(--s-2)", whiteSpace: "pre-line" }} translate="no">
        {review.review_text}
      </p>
      <FormSuccess message={justSaved && t("dashboard.replySaved")} className="small" />
      <Form method="post" {...form.props} className="stack reply-form" preventScrollReset>
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="review_id" value={review.id} />
        <FormErrors errors={form.errors} />
        <TextareaField
          label={
            review.seller_reply ? (
              <T
                k="dashboard.yourReply"
                values={{ date: formatDate(review.seller_reply_date, locale) }}
                components={{ muted: (text) => <span className="muted small">{text}</span> }}
              />
            ) : (
              t("dashboard.replyPublicly")
            )
          }
          errors={fields.reply.errors}
          hint={t("dashboard.replyHint", { max: REVIEW_REPLY_MAX_LENGTH })}
          textareaProps={{ ...getTextareaProps(fields.reply), rows: 3 }}
        />
        <div>
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            {busy ? t("dashboard.saving") : review.seller_reply ? t("dashboard.updateReply") : t("dashboard.postReply")}
          </button>
        </div>
      </Form>
    </article>
  );
}

function ProfileEditor({
  listing,
  map,
  saved,
  lastResult,
}: FormState & { listing: OwnListing; map: DashboardData["map"] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  const t = useT();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: {
      ...profileFormValues(listing),
      map_position: listing.map_position,
      ...translationFormValues(listing),
      ...hoursFormValues(listing),
    },
    constraint: getZodConstraint(ownProfileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ownProfileSchema }),
  });
  return (
    <section className="stack" aria-labelledby="profile-heading" id="profile">
      <div>
        <h2 id="profile-heading" style={{ marginBottom: "var(--s-1)" }}>
          {t("dashboard.profileTitle")}
        </h2>
        <p className="small muted" style={{ margin: 0 }}>
          {t("dashboard.profileText")}
        </p>
      </div>
      <FormSuccess message={saved && t("dashboard.profileSaved")} />
      <Form method="post" {...form.props} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="profile" />
        <FormErrors errors={form.errors} />
        <SellerProfileFields fields={fields} />
        <SellerMapPositionField field={fields.map_position} map={map} />
        <SellerTranslationFields fields={fields} />
        <SellerHoursFields fields={fields} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("dashboard.saving") : t("dashboard.saveProfile")}
          </button>
        </div>
      </Form>
    </section>
  );
}
