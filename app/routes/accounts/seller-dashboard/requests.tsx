import { getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "~/lib/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Field, FormErrors, FormSuccess, TextareaField } from "~/components/forms";
import { ErrorText } from "~/components/error-list";
import { T, useLocale, useT } from "~/components/i18n";
import { formatDate } from "~/lib/dates";
import { formatCount } from "~/lib/format";
import { QUOTE_LIMITS } from "~/lib/quotes";
import { quoteAnswerSchema } from "~/lib/validation/quotes";
import type { SellerQuoteRow } from "~/models/quotes.server";
import { CardSection } from "~/components/card-section";

// The dashboard's "Requests" section: the requests for quotes sent to her, her answer or "not for me", and
// the switch that pauses new ones. The requester's contact shows only once she answered.

export type QuoteActionState = { requestId: number; result?: SubmissionResult<string[]>; error?: string } | undefined;

export function QuoteRequests({
  quotes,
  paused,
  notice,
  state,
}: {
  quotes: SellerQuoteRow[];
  paused: boolean;
  notice: string | null;
  state: QuoteActionState;
}) {
  const t = useT();
  return (
    <CardSection id="requests" title={t("quotes.dash.title")} className="stack" anchor>
      <p className="muted" style={{ margin: 0 }}>
        {t("quotes.dash.intro")}
      </p>
      <FormSuccess message={notice} />
      <Form method="post" className="row" preventScrollReset>
        <input type="hidden" name="intent" value="quotes_pause" />
        <input type="hidden" name="paused" value={paused ? "0" : "1"} />
        <p style={{ margin: 0 }}>{paused ? t("quotes.dash.paused") : t("quotes.dash.taking")}</p>
        <button type="submit" className="btn btn-sm">
          {paused ? t("quotes.dash.resume") : t("quotes.dash.pause")}
        </button>
      </Form>
      {quotes.length ? (
        quotes.map((q) => (
          <QuoteItem key={q.requestId} quote={q} state={state?.requestId === q.requestId ? state : undefined} />
        ))
      ) : (
        <p className="muted">{t("quotes.dash.none")}</p>
      )}
    </CardSection>
  );
}

function QuoteItem({ quote, state }: { quote: SellerQuoteRow; state: QuoteActionState }) {
  const t = useT();
  const locale = useLocale();
  const rupees = (n: number) => `₹${formatCount(n, locale)}`;
  const budget =
    quote.budgetMin !== null && quote.budgetMax !== null
      ? t("quotes.link.budgetRange", { min: rupees(quote.budgetMin), max: rupees(quote.budgetMax) })
      : quote.budgetMin !== null
        ? t("quotes.link.budgetFrom", { min: rupees(quote.budgetMin) })
        : quote.budgetMax !== null
          ? t("quotes.link.budgetUpTo", { max: rupees(quote.budgetMax) })
          : t("quotes.link.budgetNone");
  const [form, fields] = useForm({
    id: `quote-${quote.requestId}`,
    lastResult: state?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteAnswerSchema }),
  });
  return (
    <article
      className="review stack"
      id={`request-${quote.requestId}`}
      aria-labelledby={`request-${quote.requestId}-need`}
    >
      <p className="small muted" style={{ margin: 0 }}>
        {t("quotes.dash.received", { date: formatDate(quote.matchedAt, locale) })}
      </p>
      <p id={`request-${quote.requestId}-need`} className="quote-need" translate="no">
        {quote.need}
      </p>
      <dl className="small quote-facts">
        <dt>{t("quotes.link.where")}</dt>
        <dd>
          <span translate="no">{quote.locality}</span>, <span translate="no">{quote.city}</span>
        </dd>
        <dt>{t("quotes.link.when")}</dt>
        <dd>
          <time dateTime={quote.neededBy}>{formatDate(quote.neededBy, locale)}</time>
        </dd>
        <dt>{t("quotes.link.budget")}</dt>
        <dd>{budget}</dd>
      </dl>
      {state?.error ? (
        <p className="form-error" role="alert">
          <ErrorText message={state.error} />
        </p>
      ) : null}
      {quote.status === "answered" ? (
        <>
          <p style={{ whiteSpace: "pre-line" }}>
            <T
              k="quotes.dash.answered"
              values={{ answer: quote.answer ?? "" }}
              components={{ a: (text) => <span translate="no">{text}</span> }}
            />
          </p>
          {quote.price !== null ? <p>{t("quotes.link.price", { price: rupees(quote.price) })}</p> : null}
          {quote.contact ? (
            <p>
              <T
                k={quote.contact.mobile ? "quotes.dash.contact" : "quotes.dash.contactNoMobile"}
                values={{ name: quote.contact.name, email: quote.contact.email, mobile: quote.contact.mobile ?? "" }}
                components={{
                  n: (text) => <span translate="no">{text}</span>,
                  e: (text) => (
                    <a href={`mailto:${quote.contact?.email ?? ""}`} translate="no">
                      {text}
                    </a>
                  ),
                  m: (text) => (
                    <a href={`tel:${quote.contact?.mobile ?? ""}`} translate="no">
                      {text}
                    </a>
                  ),
                }}
              />
            </p>
          ) : null}
        </>
      ) : quote.status === "declined" ? (
        <p className="muted">{t("quotes.dash.declined")}</p>
      ) : quote.requestStatus !== "open" ? (
        <p className="muted">{t("quotes.dash.closed")}</p>
      ) : (
        <>
          <Form method="post" {...form.props} className="stack quote-answer" preventScrollReset>
            <input type="hidden" name="intent" value="quote_answer" />
            <input type="hidden" name="request_id" value={quote.requestId} />
            <FormErrors errors={form.errors} />
            <TextareaField
              label={t("quotes.dash.answerLabel")}
              errors={fields.answer.errors}
              textareaProps={{ ...getTextareaProps(fields.answer), rows: 3, maxLength: QUOTE_LIMITS.answer }}
            />
            <Field
              label={t("quotes.dash.price")}
              errors={fields.price.errors}
              inputProps={{ ...getInputProps(fields.price, { type: "text" }), inputMode: "numeric" }}
            />
            <div className="row">
              <button type="submit" className="btn btn-sm btn-primary">
                {t("quotes.dash.send")}
              </button>
              {/* Beside "Send", but the decline form's own button: it needs no answer. */}
              <button type="submit" className="btn btn-sm" form={`decline-${quote.requestId}`}>
                {t("quotes.dash.decline")}
              </button>
            </div>
          </Form>
          <Form method="post" id={`decline-${quote.requestId}`} preventScrollReset>
            <input type="hidden" name="intent" value="quote_decline" />
            <input type="hidden" name="request_id" value={quote.requestId} />
          </Form>
        </>
      )}
    </article>
  );
}
