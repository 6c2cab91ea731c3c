import type { SubmissionResult } from "@conform-to/react";
import { Suspense } from "react";
import { Form, Link } from "react-router";
import { ReviewForm } from "#lazy/review-form";
import { ErrorList } from "~/components/error-list";
import { T, useLocale, useLocalePath, useT } from "~/components/i18n";
import { ShieldIcon } from "~/components/icons";
import { Honeypot } from "~/components/honeypot-field";
import { REPORT_REASON_MAX_LENGTH } from "~/lib/constants";
import { formatDate } from "~/lib/dates";
import { formatCount } from "~/lib/format";
import type { MessageKey } from "~/lib/i18n";
import { REVIEW_SORTS, type ReviewSort } from "~/lib/validation/constants";
import type { Route } from "../routes/+types/seller";
import type { Seller } from "./seller-overview";
import { CardSection } from "~/components/card-section";

// The Reviews tab of a seller's profile, with its report form (routes/seller.tsx holds the actions).

/** 'Report this review': a disclosure holding a plain form (works without JavaScript). */
function ReportReview({
  reviewId,
  reviewer,
  reply,
}: {
  reviewId: number;
  reviewer: string;
  reply: SubmissionResult<string[]> | undefined;
}) {
  const errors = [...(reply?.error?.reason ?? []), ...(reply?.error?.[""] ?? [])].filter(Boolean) as string[];
  const id = `report-${reviewId}`;
  const t = useT();
  return (
    <details className="report-review" open={!!reply}>
      <summary className="small">{t("seller.report.summary")}</summary>
      <Form method="post" preventScrollReset className="stack">
        <Honeypot />
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="review_id" value={reviewId} />
        <label htmlFor={id} className="small">
          <T
            k="seller.report.label"
            values={{ reviewer }}
            components={{ name: (name) => <span translate="no">{name}</span> }}
          />
        </label>
        <textarea
          id={id}
          name="reason"
          className="textarea"
          rows={2}
          required
          maxLength={REPORT_REASON_MAX_LENGTH}
          defaultValue={typeof reply?.initialValue?.reason === "string" ? reply.initialValue.reason : ""}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? `${id}-error` : undefined}
        />
        <ErrorList id={`${id}-error`} errors={errors} />
        <button type="submit" className="btn btn-sm">
          {t("seller.report.send")}
        </button>
      </Form>
    </details>
  );
}

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  const t = useT();
  return (
    <span className="stars" aria-label={t("seller.reviews.stars", { rating })}>
      {"★".repeat(full)}
      <span style={{ color: "var(--c-border)" }}>{"★".repeat(5 - full)}</span>
    </span>
  );
}

const STARS = ["5", "4", "3", "2", "1"] as const;

const SORT_LABELS = {
  newest: "seller.trust.sort.newest",
  highest: "seller.trust.sort.highest",
  lowest: "seller.trust.sort.lowest",
  verified: "seller.trust.sort.verified",
} as const satisfies Record<ReviewSort, MessageKey>;

/**
 * The published reviews counted by stars (bars and counts), the verified customers' count, and the links
 * that reorder the list (plain links: no JavaScript needed; docs/decisions/222-reviews-people-can-trust.md).
 */
function ReviewSummary({ seller, sort }: { seller: Seller; sort: ReviewSort }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalePath();
  const total = STARS.reduce((sum, stars) => sum + seller.rating_breakdown[stars], 0);
  return (
    <div className="review-summary">
      <h3 className="visually-hidden">{t("seller.trust.breakdown")}</h3>
      <ul className="rating-breakdown" data-testid="rating-breakdown">
        {STARS.map((stars) => {
          const count = seller.rating_breakdown[stars];
          return (
            <li key={stars}>
              <span aria-hidden="true">{t("seller.trust.starsShort", { stars: Number(stars) })}</span>
              <span className="rating-bar" aria-hidden="true">
                <span style={{ width: `${total ? Math.round((count / total) * 100) : 0}%` }} />
              </span>
              <span aria-hidden="true" className="rating-count">
                {formatCount(count, locale)}
              </span>
              <span className="visually-hidden">{t("seller.trust.breakdownRow", { stars: Number(stars), count })}</span>
            </li>
          );
        })}
      </ul>
      <p className="small muted" style={{ margin: 0 }}>
        <ShieldIcon /> {t("seller.trust.verifiedCount", { count: seller.verified_review_count })}
      </p>
      {total > 1 ? (
        <nav className="review-sort row small" aria-label={t("seller.trust.sort.label")}>
          <span className="muted" aria-hidden="true">
            {t("seller.trust.sort.prompt")}
          </span>
          {REVIEW_SORTS.map((option) => (
            <Link
              key={option}
              to={to(`/seller/${seller.id}?tab=reviews&sort=${option}#reviews`)}
              aria-current={option === sort ? "true" : undefined}
              preventScrollReset
            >
              {t(SORT_LABELS[option])}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

/** "Email confirmed", "Verified customer · invited by the seller", "edited": what the site knows of a review. */
function ReviewMarks({ review }: { review: Seller["reviews"][number] }) {
  const t = useT();
  const locale = useLocale();
  if (!review.email_confirmed_at && !review.verified_by && !review.edited_at) return null;
  return (
    <p className="review-marks row small">
      {review.verified_by ? (
        <span>
          <span className="badge badge-verified">
            <ShieldIcon /> {t("seller.trust.verified")}
          </span>{" "}
          <span className="muted">
            {review.verified_by === "quote"
              ? t("seller.trust.verifiedBy.quote", { date: formatDate(review.verified_on, locale) })
              : t("seller.trust.verifiedBy.invitation")}
          </span>
        </span>
      ) : null}
      {review.email_confirmed_at ? <span className="chip">{t("seller.trust.emailConfirmed")}</span> : null}
      {review.edited_at ? <span className="muted">{t("seller.trust.edited")}</span> : null}
    </p>
  );
}

export type ReportReply = { reviewId: number | null; result: SubmissionResult<string[]> } | undefined;

export function Reviews({
  seller,
  sort,
  submitted,
  reported,
  report,
  lastResult,
  constraint,
  ownListing,
}: {
  seller: Seller;
  sort: ReviewSort;
  /** "confirm": with an address, whose link was mailed */
  submitted: "submitted" | "confirm" | null;
  reported: boolean;
  report: ReportReply;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Route.ComponentProps["loaderData"]["reviewConstraint"];
  /** signed in as the seller herself: where her reviews come from, in place of the form (kept after a refused post, with her words) */
  ownListing: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalePath();
  const policy = (text: React.ReactNode) => <Link to={to("/review-policy")}>{text}</Link>;
  return (
    <div className="profile-layout cols-60" id="reviews" data-tab="reviews">
      <CardSection id="reviews" title={t("seller.reviews.title")}>
        {reported ? (
          <p className="notice" role="status">
            {t("seller.reviews.reported")}
          </p>
        ) : null}
        {seller.reviews.length ? <ReviewSummary seller={seller} sort={sort} /> : null}
        {seller.reviews.length ? (
          seller.reviews.map((r) => (
            <article key={r.id} className="review" data-review-id={r.id}>
              <div className="row" style={{ justifyContent: "space-between" }}>
                <strong translate="no">{r.reviewer_name}</strong>
                <time className="small muted" dateTime={r.created_at}>
                  {formatDate(r.created_at, locale)}
                </time>
              </div>
              <Stars rating={r.rating} />
              <ReviewMarks review={r} />
              <p style={{ marginTop: "var(--s-2)", whiteSpace: "pre-line" }} translate="no">
                {r.review_text}
              </p>
              {r.seller_reply ? (
                <div className="reply">
                  <strong>{t("seller.reviews.reply")}</strong>
                  {r.seller_reply_date ? (
                    <span className="muted">
                      {" · "}
                      <time dateTime={r.seller_reply_date ?? undefined}>{formatDate(r.seller_reply_date, locale)}</time>
                    </span>
                  ) : null}
                  <p style={{ margin: "var(--s-1) 0 0", whiteSpace: "pre-line" }} translate="no">
                    {r.seller_reply}
                  </p>
                </div>
              ) : null}
              <ReportReview
                reviewId={r.id}
                reviewer={r.reviewer_name}
                reply={report?.reviewId === r.id ? report.result : undefined}
              />
            </article>
          ))
        ) : (
          <div className="empty-state" style={{ padding: "var(--s-6) 0" }}>
            <div className="icon" aria-hidden="true">
              💬
            </div>
            <h3>{t("seller.reviews.emptyTitle")}</h3>
            <p className="muted">{t("seller.reviews.emptyText")}</p>
          </div>
        )}
        <p className="small muted review-policy-link">
          <T k="seller.trust.policy" components={{ link: policy }} />
        </p>
      </CardSection>
      <aside>
        <CardSection id="write-review" title={t("seller.write.title")}>
          {submitted ? (
            <p className="form-success" role="status">
              {t("seller.write.submitted")}
              {submitted === "confirm" ? ` ${t("seller.reviewMail.sent")}` : null}
            </p>
          ) : null}
          {ownListing && !lastResult ? (
            <p className="notice" role="note" data-testid="own-listing">
              <T
                k="seller.write.ownText"
                components={{ link: (text) => <Link to={to("/seller-dashboard#invitations")}>{text}</Link> }}
              />
            </p>
          ) : (
            <>
              <p className="small muted">
                <T k="seller.trust.policyWrite" components={{ link: policy }} />
              </p>
              <Suspense fallback={null}>
                <ReviewForm lastResult={lastResult} constraint={constraint} />
              </Suspense>
            </>
          )}
        </CardSection>
      </aside>
    </div>
  );
}
