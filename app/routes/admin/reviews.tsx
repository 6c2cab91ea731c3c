import { parseWithZod } from "@conform-to/zod/v4";
import { SelectAllLink } from "~/components/admin/seller-links";
import { ChoiceFilter, SearchFilter, StatusFilter } from "~/components/filter-fields";
import { data, Form, useSearchParams } from "react-router";
import { EmptyState } from "~/components/admin/empty-state";
import { getDb } from "~db/client";
import { Badge, StatusBadge } from "~/components/admin/badge";
import { ActionError, ConfirmButton, ConfirmPanel, DeleteConfirmSection } from "~/components/admin/confirm";
import { Pagination } from "~/components/admin/pagination";
import { SelectAll } from "~/components/admin/select-all";
import { bulkWord, firstError } from "~/lib/validation/messages";
import { REVIEW_PAGE_SIZES, REVIEW_STATUS_VALUES } from "~/lib/validation/constants";
import { reviewFiltersFrom, reviewIntentSchema } from "~/lib/validation/reviews";
import { formatDate } from "~/lib/dates";
import { REVIEW_DECISION_REASON_MAX_LENGTH, REVIEW_SIGNALS, REVIEW_SIGNAL_WORDS } from "~/lib/review-signals";
import { pageInfo, pagingFrom, returnUrl, withParams } from "~/lib/paging";
import { type AdminReviewRow, listAdminReviews } from "~/models/reviews-admin.server";
import { moderateReviews } from "~/services/reviews-admin.server";
import { redirectWithFlash, requirePermission } from "~/services/session.server";
import { FilterBar } from "~/components/admin/filter-bar";
import type { Route } from "./+types/reviews";
import { readForm } from "~/services/forms.server";
import { privatePageMeta } from "~/lib/seo";
import { httpStatusOf } from "~/lib/refusal";

export const meta: Route.MetaFunction = () => privatePageMeta("Reviews | Admin");

const DELETE_QUESTION = "Are you sure you want to delete this review? This action cannot be undone.";

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "reviews.moderate", context);
  const params = new URL(request.url).searchParams;
  const filters = reviewFiltersFrom(params);
  const paging = pagingFrom(params, REVIEW_PAGE_SIZES);
  const { reviews, total } = await listAdminReviews(getDb(), filters, paging);
  return { filters, info: pageInfo(paging, total), reviews };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "reviews.moderate", context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: reviewIntentSchema });
  if (submission.status !== "success") {
    return data({ error: firstError(submission.error), confirm: null, ...typedReason(formData) }, { status: 400 });
  }
  const intent = submission.value;
  const reason = intent.reason ?? null;
  // A bulk delete without JavaScript asks first: the answer is the confirm step with the same selection.
  if (intent.intent === "bulk" && intent.move === "delete" && !intent.confirmed) {
    return data(
      {
        error: null,
        confirm: { ids: intent.ids, back: String(formData.get("back") ?? ""), reason: reason ?? "" },
        reason: "",
        reasonFor: "",
      },
      { status: 200 },
    );
  }
  const ids = intent.intent === "bulk" ? intent.ids : [intent.id];
  const result = await moderateReviews(getDb(), user.actor, ids, intent.move, intent.intent === "bulk", reason);
  if (!result.ok)
    return data(
      { error: result.message, confirm: null, ...typedReason(formData) },
      { status: httpStatusOf(result.reason) },
    );
  return redirectWithFlash(request, returnUrl("/admin/reviews", formData.get("back")), result.message);
}

/** The reason a refused post carried, to show again in the form it came from ("bulk" or a review's id). */
function typedReason(formData: FormData) {
  const reason = formData.get("reason");
  return {
    reason: typeof reason === "string" ? reason.slice(0, REVIEW_DECISION_REASON_MAX_LENGTH * 2) : "",
    reasonFor: formData.get("intent") === "bulk" ? "bulk" : String(formData.get("id") ?? ""),
  };
}

const SIGNAL_CHOICES = REVIEW_SIGNALS.map((value) => ({ value, label: REVIEW_SIGNAL_WORDS[value].label }));

/** The optional reason a decision keeps in the audit log, in a review's form or the bulk bar. */
function ReasonField({ id, form, defaultValue }: { id: string; form?: string; defaultValue?: string }) {
  return (
    <span className="field review-reason">
      <label htmlFor={id}>Reason (optional)</label>
      <input
        id={id}
        name="reason"
        form={form}
        className="input"
        maxLength={REVIEW_DECISION_REASON_MAX_LENGTH}
        defaultValue={defaultValue}
        autoComplete="off"
      />
    </span>
  );
}

/** The signals beside a review: words, never a colour alone; each chip's title explains it, as the legend does. */
function SignalChips({ signals }: { signals: readonly (typeof REVIEW_SIGNALS)[number][] }) {
  if (!signals.length) return null;
  return (
    <ul className="review-signals" aria-label="Signals">
      {signals.map((signal) => (
        <li key={signal} title={REVIEW_SIGNAL_WORDS[signal].explanation}>
          <Badge tone="warning">
            <span aria-hidden="true">⚑ </span>
            {REVIEW_SIGNAL_WORDS[signal].label}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * What staff know of the reviewer beyond her name: the address she gave and whether she confirmed it, and
 * what verified her. Staff only: the seller never sees the address (docs/decisions/222-reviews-people-can-trust.md).
 */
function ReviewerFacts({ review }: { review: AdminReviewRow }) {
  const facts = [
    review.reviewer_email
      ? `Email: ${review.reviewer_email} (${review.email_confirmed_at ? "confirmed" : "not confirmed"})`
      : null,
    review.verified_by ? `Verified customer (${review.verified_by === "invitation" ? "invitation" : "quote"})` : null,
    review.edited_at ? `Edited ${formatDate(review.edited_at)}` : null,
  ].filter(Boolean);
  return facts.length ? <p className="small muted">{facts.join(" · ")}</p> : null;
}

function SignalLegend() {
  return (
    <details className="card card-pad review-signals-legend">
      <summary>What the signals mean</summary>
      <p className="small muted">Signals only inform your decision: no review is rejected or deleted because of one.</p>
      <dl className="small">
        {REVIEW_SIGNALS.map((signal) => (
          <div key={signal}>
            <dt>{REVIEW_SIGNAL_WORDS[signal].label}</dt>
            <dd>{REVIEW_SIGNAL_WORDS[signal].explanation}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {"★".repeat(rating)}
      <span className="stars-empty">{"★".repeat(5 - rating)}</span> <span className="small muted">{rating}/5</span>
    </span>
  );
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { filters, info, reviews } = loaderData;
  const back = `?${params.toString()}`;
  const allSelected = params.get("selected") === "all";
  return (
    <div className="stack">
      <h1 className="admin-title">Reviews Management</h1>
      <ActionError message={actionData?.error} />
      {actionData?.confirm ? (
        <DeleteConfirmSection
          title={`Delete ${actionData.confirm.ids.length} reviews?`}
          question={`Are you sure you want to delete ${actionData.confirm.ids.length} selected reviews?`}
          action="/admin/reviews"
          fields={{
            intent: "bulk",
            move: "delete",
            confirmed: "1",
            back: actionData.confirm.back,
            reason: actionData.confirm.reason,
            ...Object.fromEntries(actionData.confirm.ids.map((id, i) => [`ids[${i}]`, id])),
          }}
          cancelHref={`/admin/reviews${back === "?" ? "" : back}`}
        />
      ) : null}

      <FilterBar
        label="Filter reviews"
        clearTo="/admin/reviews"
        values={{ ...filters, limit: String(info.limit) }}
        idPrefix="r"
        className="filters cols-48 filters-reviews"
      >
        <SearchFilter placeholder="Reviewer, review text or seller" />
        <StatusFilter statuses={REVIEW_STATUS_VALUES} />
        <ChoiceFilter label="Signal" name="signal" choices={SIGNAL_CHOICES} anyLabel="Any or none" />
        <ChoiceFilter label="Per page" name="limit" choices={REVIEW_PAGE_SIZES.map(String)} />
      </FilterBar>

      <SignalLegend />

      {reviews.length === 0 ? (
        <EmptyState title="No Reviews Found">No reviews match your current filters.</EmptyState>
      ) : (
        <>
          <Form
            id="bulk-reviews"
            method="post"
            className="bulk-bar row"
            aria-label="Bulk actions"
            onSubmit={(event) => {
              const form = event.currentTarget;
              const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
              const count = document.querySelectorAll('input[name="ids"][form="bulk-reviews"]:checked').length;
              if (!count) return; // the server answers with the spec's message
              const word = bulkWord((submitter?.value ?? "published") as "published");
              if (!window.confirm(`Are you sure you want to ${word} ${count} selected reviews?`))
                event.preventDefault();
              else form.querySelector<HTMLInputElement>('input[name="confirmed"]')!.value = "1";
            }}
          >
            <input type="hidden" name="intent" value="bulk" />
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="confirmed" value="" />
            <SelectAll form="bulk-reviews" label="Select all reviews on this page" />
            <ReasonField
              id="bulk-reason"
              defaultValue={actionData?.reasonFor === "bulk" ? actionData.reason : undefined}
            />
            <button type="submit" name="move" value="published" className="btn btn-sm">
              Approve Selected
            </button>
            <button type="submit" name="move" value="rejected" className="btn btn-sm">
              Reject Selected
            </button>
            <button type="submit" name="move" value="delete" className="btn btn-sm btn-danger">
              Delete Selected
            </button>
            <SelectAllLink params={params} allSelected={allSelected} />
          </Form>
          <ul className="review-admin-list">
            {reviews.map((r) => (
              <li key={r.id} className="card card-pad review-admin">
                <div className="row review-admin-head">
                  <input
                    type="checkbox"
                    name="ids"
                    value={r.id}
                    form="bulk-reviews"
                    defaultChecked={allSelected}
                    aria-label={`Select the review by ${r.reviewer_name}`}
                  />
                  <strong>{r.reviewer_name}</strong>
                  <StatusBadge status={r.status} />
                  <Stars rating={r.rating} />
                  <span className="small muted">{formatDate(r.created_at)}</span>
                </div>
                <SignalChips signals={r.signals} />
                <p className="small">
                  For: <strong>{r.seller_name || r.owner_name || "Unknown Seller"}</strong>
                </p>
                <ReviewerFacts review={r} />
                <p className="review-admin-text">{r.review_text}</p>
                {r.seller_reply ? (
                  <p className="review-admin-reply small">
                    <strong>Seller's reply</strong>
                    {r.seller_reply_date ? ` (${formatDate(r.seller_reply_date)})` : ""}: {r.seller_reply}
                  </p>
                ) : null}
                <div className="row">
                  <Form method="post" className="row">
                    <input type="hidden" name="intent" value="one" />
                    <input type="hidden" name="id" value={r.id} />
                    <input type="hidden" name="back" value={back} />
                    <ReasonField
                      id={`reason-${r.id}`}
                      defaultValue={actionData?.reasonFor === String(r.id) ? actionData.reason : undefined}
                    />
                    {r.status === "pending" || r.status === "flagged" ? (
                      <button type="submit" name="move" value="published" className="btn btn-sm btn-primary">
                        Approve &amp; Publish
                      </button>
                    ) : null}
                    {r.status === "pending" || r.status === "flagged" ? (
                      <button type="submit" name="move" value="rejected" className="btn btn-sm">
                        Reject
                      </button>
                    ) : null}
                    {r.status === "published" ? (
                      <button type="submit" name="move" value="rejected" className="btn btn-sm">
                        Unpublish
                      </button>
                    ) : null}
                    {r.status === "rejected" ? (
                      <button type="submit" name="move" value="published" className="btn btn-sm">
                        Publish
                      </button>
                    ) : null}
                  </Form>
                  <ConfirmButton
                    label="Delete"
                    href={withParams(params, { confirm: "delete", id: r.id })}
                    question={DELETE_QUESTION}
                    action="/admin/reviews"
                    fields={{ intent: "one", move: "delete", id: r.id, back }}
                    confirmLabel="Delete"
                    danger
                  />
                </div>
                {params.get("confirm") === "delete" && params.get("id") === String(r.id) ? (
                  <ConfirmPanel
                    question={DELETE_QUESTION}
                    action="/admin/reviews"
                    fields={{
                      intent: "one",
                      move: "delete",
                      id: r.id,
                      back: withParams(params, { confirm: null, id: null }),
                    }}
                    confirmLabel="Delete"
                    danger
                    cancelHref={withParams(params, { confirm: null, id: null })}
                  />
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination info={info} params={params} />
        </>
      )}
    </div>
  );
}
