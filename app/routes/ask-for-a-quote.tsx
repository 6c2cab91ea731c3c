import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "~/lib/form";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import {
  ConfirmCheckField,
  emailInputProps,
  Field,
  FormErrors,
  Honeypot,
  mobileInputProps,
  nameInputProps,
  Required,
  SelectField,
  TextareaField,
} from "~/components/forms";
import { FormSent } from "~/components/success-screen";
import { PageHero } from "~/components/page-hero";
import { T, useT } from "~/components/i18n";
import { getDb } from "~db/client";
import { CITIES, TEXT_LIMITS } from "~/lib/constants";
import { todayIso } from "~/lib/dates";
import quoteForm from "~/lib/forms/quote";
import { translatorFromMatches } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { pageMeta, privatePageMeta } from "~/lib/seo";
import { useClientValidation } from "~/lib/use-client-validation";
import { QUOTE_LIMITS } from "~/lib/quotes";
import { listActiveCategories } from "~/models/categories.server";
import { quoteProfileSeller } from "~/models/quotes.server";
import { formConstraints } from "~/services/form-constraints.server";
import { readPublicForm } from "~/services/forms.server";
import { categoryName, messagesFor, pageLocale } from "~/services/i18n.server";
import { submitQuoteRequest } from "~/services/quotes.server";
import { forwardRetryAfter, retryAfterHeaders } from "~/services/rate-limit.server";
import type { Route } from "./+types/ask-for-a-quote";

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translatorFromMatches(matches);
  if (new URLSearchParams(location.search).has("sent")) return privatePageMeta(t("quotes.sent.title"));
  return pageMeta(matches, {
    title: t("quotes.meta.title"),
    description: t("quotes.meta.description"),
    path: "/ask-for-a-quote",
  });
}

export async function loader(args: Route.LoaderArgs) {
  const locale = pageLocale(args);
  const url = new URL(args.request.url);
  const db = getDb();
  const sellerParam = url.searchParams.get("seller") ?? "";
  const seller = /^\d{1,12}$/.test(sellerParam) ? await quoteProfileSeller(db, Number(sellerParam)) : undefined;
  const categories = await listActiveCategories(db);
  const city = url.searchParams.get("city") ?? seller?.city ?? "";
  return {
    constraint: formConstraints(quoteForm.schema),
    categories: categories.map((c) => ({ slug: c.slug, name: categoryName(c, locale) })),
    defaults: {
      category: url.searchParams.get("category") ?? seller?.categorySlug ?? "",
      city: (CITIES as readonly string[]).includes(city) ? city : "",
      seller: seller ? String(seller.id) : "",
    },
    seller: seller ? { id: seller.id, name: seller.businessName || seller.ownerName } : null,
    today: todayIso(),
    messages: messagesFor(locale, ["quotes"]),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const post = await readPublicForm(request, context.clientAddress, quoteForm);
  if (!post.ok) return data({ result: post.reply }, { status: post.status, headers: post.headers });
  const locale = pageLocale(args);
  const outcome = await submitQuoteRequest(getDb(), post.value, locale);
  if (!outcome.ok)
    return data(
      {
        result: post.submission.reply({
          fieldErrors: outcome.fieldErrors,
          formErrors: outcome.formError ? [outcome.formError] : undefined,
        }),
      },
      { status: outcome.status, headers: retryAfterHeaders(outcome) },
    );
  return redirect(localePath(locale, "/ask-for-a-quote?sent=1"));
}

// Every 429 carries Retry-After: the form's own limit (RATE_LIMIT_QUOTE) and the acknowledgement limit.
export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args);

export default function AskForAQuote({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const sent = searchParams.get("sent") === "1";
  return (
    <>
      <PageHero eyebrow={t("quotes.hero.eyebrow")} title={t("quotes.hero.title")} lead={t("quotes.hero.lead")} />
      <div className="container section">
        <section className="card card-pad" aria-labelledby="form-heading">
          {sent ? (
            <FormSent
              title="quotes.sent.title"
              message="quotes.sent.message"
              link={["/directory", "quotes.sent.directory"]}
            />
          ) : (
            <QuoteForm loaderData={loaderData} lastResult={actionData?.result} />
          )}
        </section>
      </div>
    </>
  );
}

function QuoteForm({
  loaderData,
  lastResult,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && /ask-for-a-quote/.test(navigation.formAction ?? "");
  const validation = useClientValidation("quote", { shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "quote-form",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: loaderData.constraint,
    defaultValue: loaderData.defaults,
    ...validation.options,
  });
  const required = (key: Parameters<typeof t>[0]) => <Required>{t(key)}</Required>;
  return (
    <>
      <h2 id="form-heading">{t("quotes.form.title")}</h2>
      {loaderData.seller ? (
        <p>
          <T
            k="quotes.form.fromSeller"
            values={{ business: loaderData.seller.name }}
            components={{ b: (text) => <strong translate="no">{text}</strong> }}
          />
        </p>
      ) : null}
      <p className="small muted">
        <T k="quotes.form.requiredNote" components={{ req: (text) => <span className="req">{text}</span> }} />
      </p>
      <Form method="post" {...form.props} className="stack" preventScrollReset>
        <Honeypot />
        <FormErrors errors={form.errors} />
        <input {...getInputProps(fields.seller, { type: "hidden" })} />
        <div className="form-grid">
          <SelectField
            label={required("quotes.form.category")}
            errors={fields.category.errors}
            selectProps={getSelectProps(fields.category)}
          >
            <option value="">{t("quotes.form.chooseCategory")}</option>
            {loaderData.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={required("quotes.form.city")}
            errors={fields.city.errors}
            selectProps={getSelectProps(fields.city)}
          >
            <option value="">{t("quotes.form.chooseCity")}</option>
            {CITIES.map((c) => (
              <option key={c} value={c} translate="no">
                {c}
              </option>
            ))}
          </SelectField>
          <Field
            label={required("quotes.form.locality")}
            errors={fields.locality.errors}
            inputProps={{ ...getInputProps(fields.locality, { type: "text" }), maxLength: TEXT_LIMITS.area }}
          />
          <Field
            label={required("quotes.form.neededBy")}
            errors={fields.needed_by.errors}
            inputProps={{ ...getInputProps(fields.needed_by, { type: "date" }), min: loaderData.today }}
          />
          <TextareaField
            className="span-2"
            label={required("quotes.form.need")}
            hint={t("quotes.form.needHint")}
            errors={fields.need.errors}
            textareaProps={{ ...getTextareaProps(fields.need), rows: 5, maxLength: QUOTE_LIMITS.need }}
          />
          <Field
            label={t("quotes.form.budgetMin")}
            hint={t("quotes.form.budgetHint")}
            errors={fields.budget_min.errors}
            inputProps={{ ...getInputProps(fields.budget_min, { type: "text" }), inputMode: "numeric" }}
          />
          <Field
            label={t("quotes.form.budgetMax")}
            hint={t("quotes.form.budgetHint")}
            errors={fields.budget_max.errors}
            inputProps={{ ...getInputProps(fields.budget_max, { type: "text" }), inputMode: "numeric" }}
          />
          <Field
            label={required("quotes.form.name")}
            errors={fields.name.errors}
            inputProps={nameInputProps(fields.name)}
          />
          <Field
            label={required("quotes.form.email")}
            errors={fields.email.errors}
            inputProps={emailInputProps(fields.email)}
          />
          <Field
            label={t("quotes.form.mobile")}
            errors={fields.mobile.errors}
            inputProps={mobileInputProps(fields.mobile)}
          />
        </div>
        <ConfirmCheckField
          field={fields.consent}
          inputProps={getInputProps(fields.consent, { type: "checkbox" })}
          label={t("quotes.form.consent")}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("quotes.form.sending") : t("quotes.form.send")}
        </button>
      </Form>
    </>
  );
}
