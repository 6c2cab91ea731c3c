import type { SubmissionResult } from "@conform-to/react";
import { Suspense } from "react";
import { Form } from "react-router";
import { ReviewForm } from "#lazy/review-form";
import { ErrorList } from "~/components/error-list";
import { T, useLocale, useT } from "~/components/i18n";
import { Honeypot } from "~/components/honeypot-field";
import { REPORT_REASON_MAX_LENGTH } from "~/lib/constants";
import { formatDate } from "~/lib/dates";
import type { Route } from "../+types/seller";
import type { Seller } from "./overview";
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

export type ReportReply = { reviewId: number | null; result: SubmissionResult<string[]> } | undefined;

export function Reviews({
  seller,
  submitted,
  reported,
  report,
  lastResult,
  constraint,
}: {
  seller: Seller;
  submitted: boolean;
  reported: boolean;
  report: ReportReply;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Route.ComponentProps["loaderData"]["reviewConstraint"];
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="profile-layout cols-60" id="reviews">
      <CardSection id="reviews" title={t("seller.reviews.title")}>
        {reported ? (
          <p className="notice" role="status">
            {t("seller.reviews.reported")}
          </p>
        ) : null}
        {seller.reviews.length ? (
          seller.reviews.map((r) => (
            <article key={r.id} className="review">
              <div className="row" style={{ justifyContent: "space-between" }}>
                <strong translate="no">{r.reviewer_name}</strong>
                <time className="small muted" dateTime={r.created_at}>
                  {formatDate(r.created_at, locale)}
                </time>
              </div>
              <Stars rating={r.rating} />
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
      </CardSection>
      <aside>
        <CardSection id="write-review" title={t("seller.write.title")}>
          {submitted ? (
            <p className="form-success" role="status">
              {t("seller.write.submitted")}
            </p>
          ) : null}
          <Suspense fallback={null}>
            <ReviewForm lastResult={lastResult} constraint={constraint} />
          </Suspense>
        </CardSection>
      </aside>
    </div>
  );
}
