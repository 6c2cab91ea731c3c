import { getSelectProps, type SubmissionResult } from "@conform-to/react";
import { PageHero } from "~/components/page-hero";
import { useForm } from "~/lib/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { Suspense, useEffect, useRef, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import {
  ChoiceOptions,
  ErrorList,
  Field,
  FormErrors,
  Honeypot,
  ImageFileField as FileField,
  InputFocusedWhenFirstInvalid,
  numericCodeProps,
  RequiredMark,
  SelectField,
} from "~/components/forms";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { T, useLocale, useT } from "~/components/i18n";
import { PAY_ONLINE } from "~/lib/payments";
import { ShieldIcon } from "~/components/icons";
import { SellerCategoryFields } from "~/components/seller-category-fields";
import { SellerContactFields, SellerProfileFields } from "~/components/seller-profile-fields";
import { getDb } from "~db/client";
import { categoryEmoji, ID_PROOF_TYPES, MAX_PRODUCT_IMAGES, PLANS, planById, type PlanId } from "~/lib/constants";
import { formatCount } from "~/lib/format";
import { translatorFromMatches } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { APPLICATION_FILE_FIELDS, type ApplicationFileField } from "~/lib/validation/constants";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import { formMessage } from "~/lib/form-messages";
import { useClientValidation } from "~/lib/use-client-validation";
import { useHydrated } from "~/lib/use-hydrated";
import { listActiveCategories, listActiveSubcategories } from "~/models/categories.server";
import { submitApplicationWithFiles, upiId, upiPayeeName } from "~/services/applications.server";
import { formConstraints } from "~/services/form-constraints.server";
import { categoryName, messagesFor, pageLocale } from "~/services/i18n.server";
import { checkDailyUploads, checkPublicForm } from "~/services/forms.server";
import applicationForm from "~/lib/forms/application";
import { ApplicationSubmitted } from "#lazy/application-submitted";
import { paymentGateway, payOffer, payQuery, readPayParams } from "~/services/payments/index.server";
import { getSessionUser } from "~/services/session.server";
import { forwardRetryAfter } from "~/services/rate-limit.server";
import { readMultipartForm, unreadFormMessage } from "~/services/multipart.server";
import { orUploadsDown, uploadsDownHeaders } from "~/services/upload-store.server";
import type { Route } from "./+types/register";
import { pageMeta, privatePageMeta } from "~/lib/seo";
import { httpStatusOf } from "~/lib/refusal";

// /register — the paid listing application (docs/decisions/002-register-is-paid-application.md): one multipart form
// that works without
// JavaScript. With JavaScript the same zod schema checks it before it is sent.

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translatorFromMatches(matches);
  if (new URLSearchParams(location.search).has("submitted")) return privatePageMeta(t("register.meta.submittedTitle"));
  return pageMeta(matches, {
    title: t("register.meta.title"),
    description: t("register.meta.description"),
    path: "/register",
  });
}

/** Hard cap of one part; the 200 KB rule itself is checked after parsing, so typed values survive. */
const PART_MAX_BYTES = 1024 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const url = new URL(request.url);
  const locale = pageLocale({ context });
  const [categories, subcategories, user] = await Promise.all([
    listActiveCategories(db),
    listActiveSubcategories(db),
    getSessionUser(request),
  ]);
  const seller = user?.role === "seller" ? user : null;
  const requestedPlan = planById(url.searchParams.get("plan"))?.id ?? null;
  // With online payments on, the screenshot is optional and the page after submitting offers "Pay ₹X now".
  const online = paymentGateway() !== null;
  const submitted = url.searchParams.get("submitted") === "1";
  const toPay = online && submitted ? readPayParams(url.searchParams) : null;
  return {
    submitted,
    online,
    payOffer: toPay ? await payOffer(db, toPay.purpose, toPay.sellerId) : null,
    categories: categories.map((c) => ({ id: c.id, name: categoryName(c, locale), emoji: categoryEmoji(c.name) })),
    subcategories: subcategories.map((s) => ({ id: s.id, name: categoryName(s, locale), category_id: s.category_id })),
    upi: { id: upiId(), payee: upiPayeeName() },
    defaults: {
      plan: requestedPlan ?? undefined,
      ...(seller
        ? {
            name: seller.name,
            email: seller.email,
            mobile: seller.mobile ?? undefined,
            city: seller.city ?? undefined,
            area: seller.locality ?? undefined,
          }
        : {}),
    },
    signedInAs: seller ? seller.email : null,
    constraint: applicationConstraint(online),
    messages: messagesFor(locale, ["register", "payments"]),
  };
}

/** The file fields the visitor had chosen files for (a browser cannot keep them after a failed post). */
function chosenFileFields(formData: FormData): ApplicationFileField[] {
  return APPLICATION_FILE_FIELDS.filter((field) =>
    formData.getAll(field).some((v) => v instanceof File && (v.size > 0 || v.name !== "")),
  );
}

/** The form's constraints: the payment screenshot is required unless the page offers paying online. */
function applicationConstraint(online: boolean) {
  const constraint = formConstraints(applicationForm.schema);
  return { ...constraint, payment_screenshot: { ...constraint.payment_screenshot, required: !online } };
}

type ActionReply = { result: SubmissionResult<string[]>; reselect: ApplicationFileField[] };

// The form is pre-filled with a signed-in seller's email and mobile: never stored by a cache.
export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args, { "Cache-Control": "private, no-store" });

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const read = await readMultipartForm(request, {
    maxFileSize: PART_MAX_BYTES,
    maxFiles: 3 + MAX_PRODUCT_IMAGES + 4,
    maxTotalSize: 8 * PART_MAX_BYTES,
  });
  if (!read.ok) {
    const message = unreadFormMessage(read.problem, APPLICATION_MESSAGES.submitFailed);
    return data<ActionReply>(
      { result: { status: "error", error: { "": [message] } }, reselect: [] },
      { status: read.status },
    );
  }
  const formData = read.formData;
  const reselect = chosenFileFields(formData);
  const hideFields = [...APPLICATION_FILE_FIELDS];
  const form = applicationForm;
  // The offer to pay online holds only while online payments are on.
  if (!paymentGateway() && formData.getAll("payment_screenshot").includes(PAY_ONLINE)) {
    const files = formData.getAll("payment_screenshot").filter((v) => v !== PAY_ONLINE);
    formData.delete("payment_screenshot");
    for (const file of files) formData.append("payment_screenshot", file);
  }
  const submission = parseWithZod(formData, { schema: form.schema });
  if (submission.status !== "success") {
    const tooBig = Object.values(submission.error ?? {}).some((list) => list?.includes(APPLICATION_MESSAGES.tooBig));
    return data<ActionReply>({ result: submission.reply({ hideFields }), reselect }, { status: tooBig ? 413 : 400 });
  }
  const guard = await checkPublicForm(form.scope, context.clientAddress, formData.get(HONEYPOT_FIELD));
  if (!guard.ok) {
    return data<ActionReply>(
      { result: submission.reply({ formErrors: [guard.message], hideFields }), reselect },
      { status: guard.status, headers: guard.headers },
    );
  }
  const daily = await checkDailyUploads(context.clientAddress, 3 + submission.value.product_images.length);
  if (!daily.ok) {
    return data<ActionReply>(
      { result: submission.reply({ formErrors: [daily.message], hideFields }), reselect },
      { status: daily.status, headers: daily.headers },
    );
  }

  // Each image is checked by its content and stored; a refused application keeps none of them.
  const { id_proof_document, payment_screenshot, profile_photo, product_images, ...fields } = submission.value;
  const user = await getSessionUser(request);
  const result = await orUploadsDown(() =>
    submitApplicationWithFiles(
      getDb(),
      fields,
      { id_proof_document, payment_screenshot, profile_photo, product_images },
      user?.role === "seller" ? user.id : null,
      pageLocale(args),
    ),
  );
  if (!result.ok && "retryAfterSeconds" in result) {
    return data<ActionReply>(
      { result: submission.reply({ formErrors: [formMessage("forms.uploadsUnavailable")], hideFields }), reselect },
      { status: result.status, headers: uploadsDownHeaders(result) },
    );
  }
  if (!result.ok) {
    return data<ActionReply>(
      { result: submission.reply({ fieldErrors: result.fieldErrors, hideFields }), reselect },
      { status: httpStatusOf(result.reason) },
    );
  }
  const done = localePath(pageLocale(args), "/register?submitted=1");
  if (!payment_screenshot)
    return redirect(`${done}&${payQuery(result.renewal ? "renewal" : "application", result.sellerId)}`);
  return redirect(done);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.submitted)
    return (
      <Suspense fallback={null}>
        <ApplicationSubmitted payOffer={loaderData.payOffer} />
      </Suspense>
    );
  return <ApplicationForm loaderData={loaderData} actionData={actionData} />;
}

type LoaderData = Route.ComponentProps["loaderData"];

function ApplicationForm({ loaderData, actionData }: { loaderData: LoaderData; actionData: ActionReply | undefined }) {
  const { categories, subcategories, upi, defaults, signedInAs } = loaderData;
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy =
    navigation.state === "submitting" && !!navigation.formAction?.startsWith(localePath(locale, "/register"));
  const rupees = (amount: number) => `₹${formatCount(amount, locale)}`;
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const validation = useClientValidation("application", { shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "application-form",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: defaults as Record<string, string | undefined>,
    constraint: loaderData.constraint,
    ...validation.options,
    onSubmit: (event, { submission }) => {
      // No submission: the validator has not loaded yet, and the server checks the post instead.
      if (submission && submission.status !== "success") {
        event.preventDefault();
        setAttempt((n) => n + 1);
      }
    },
  });

  // After a refused submit (client or server), bring the first error into view.
  useEffect(() => {
    if (!attempt && !actionData) return;
    const frame = requestAnimationFrame(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error');
      if (first) {
        first.scrollIntoView({ block: "center", behavior: "smooth" });
        if (first.matches("input, select, textarea")) first.focus({ preventScroll: true });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [attempt, actionData]);

  const initialPlan = typeof fields.plan.initialValue === "string" ? fields.plan.initialValue : undefined;
  const [planId, setPlanId] = useState<string | undefined>(initialPlan);
  const plan = planById(planId);
  const reselect = !hydrated && actionData?.reselect.length ? actionData.reselect : [];
  const hasErrors = !!(form.errors?.length || Object.values(form.allErrors ?? {}).some((e) => e?.length));

  return (
    <>
      <PageHero eyebrow={t("register.hero.eyebrow")} title={t("register.hero.title")} lead={t("register.hero.lead")}>
        {signedInAs ? (
          <p className="small">
            <T
              k="register.hero.signedInAs"
              values={{ email: signedInAs }}
              components={{ email: (text) => <strong translate="no">{text}</strong> }}
            />
          </p>
        ) : null}
      </PageHero>
      <div className="container section">
        <Form
          method="post"
          encType="multipart/form-data"
          {...form.props}

          ref={formRef}
          className="application-form"
          aria-busy={busy || undefined}
        >
          <Honeypot />
          <FormErrors errors={form.errors} fieldsInvalid={hasErrors} />
          {reselect.length ? (
            <div className="notice" role="note">
              <T
                k="register.reselect"
                values={{ files: reselect.map((field) => t(`register.file.${field}`)).join(", ") }}
                components={{ strong: (text) => <strong>{text}</strong> }}
              />
            </div>
          ) : null}
          <p className="small muted">
            <T k="register.requiredNote" components={{ req: (text) => <span className="req">{text}</span> }} />
          </p>

          <SellerContactFields fields={fields} />

          <SellerProfileFields fields={fields} part="business" />

          <SellerCategoryFields categories={categories} subcategories={subcategories} fields={fields} />

          <SellerProfileFields fields={fields} part="online" />

          <fieldset className="form-section">
            <legend className="form-legend">{t("register.documents.title")}</legend>
            <p className="field-hint">
              <ShieldIcon /> {t("register.documents.private")}
            </p>
            <div className="form-grid">
              <SelectField
                label={
                  <>
                    {t("register.documents.type")} {RequiredMark}
                  </>
                }
                errors={fields.id_proof_type.errors}
                selectProps={getSelectProps(fields.id_proof_type)}
              >
                <ChoiceOptions
                  choices={ID_PROOF_TYPES.map(({ value }) => ({ value, label: t(`register.documents.type.${value}`) }))}
                  placeholder={t("register.documents.typePlaceholder")}
                />
              </SelectField>
              <Field
                label={t("register.documents.aadhaar")}
                hint={t("register.documents.aadhaarHint")}
                errors={fields.aadhaar_number.errors}
                inputProps={{ ...numericCodeProps(fields.aadhaar_number, "XXXX XXXX XXXX"), translate: "no" }}
              />
              <FileField
                className="span-2"
                label={
                  <>
                    {t("register.documents.file")} {RequiredMark}
                  </>
                }
                meta={fields.id_proof_document}
              />
            </div>
          </fieldset>

          <fieldset className="form-section" aria-describedby={fields.plan.errors?.length ? "plan-error" : undefined}>
            <legend className="form-legend">{t("register.plan.title")}</legend>
            <div
              className="plan-picker"
              onChange={(e) => {
                const input = e.target as HTMLInputElement;
                if (input.name === "plan") setPlanId(input.value);
              }}
            >
              {PLANS.map((p, i) => (
                <label key={p.id} className={`plan-option${p.popular ? " popular" : ""}`}>
                  <InputFocusedWhenFirstInvalid
                    invalid={i === 0 && Boolean(fields.plan.errors?.length)}
                    type="radio"
                    name="plan"
                    value={p.id}
                    defaultChecked={initialPlan === p.id}
                    aria-invalid={fields.plan.errors?.length ? true : undefined}
                  />
                  <span className="plan-option-body">
                    {p.popular ? <span className="badge badge-featured">{t("register.plan.popular")}</span> : null}
                    {p.featured ? <span className="badge badge-verified">{t("register.plan.featured")}</span> : null}
                    <strong translate="no">{p.name}</strong>
                    <span className="plan-price">{rupees(p.amount)}</span>
                    <span className="small muted">{t("register.plan.duration", { months: p.months })}</span>
                  </span>
                </label>
              ))}
            </div>
            <ErrorList id="plan-error" errors={fields.plan.errors} />
            <div className="upi-box">
              <div>
                <p className="label">{t("register.upi.title")}</p>
                <p style={{ margin: 0 }}>
                  <T
                    k="register.upi.send"
                    values={{
                      amount: plan
                        ? t("register.upi.amount", { price: rupees(plan.amount), name: plan.name, months: plan.months })
                        : t("register.upi.amountUnknown"),
                    }}
                    components={{ amount: (text) => <strong data-testid="upi-amount">{text}</strong> }}
                  />
                </p>
                <p className="upi-id" translate="no">
                  <code>{upi.id}</code> <span className="muted small">({upi.payee})</span>
                </p>
                {plan ? (
                  <a
                    className="btn btn-sm"
                    href={`upi://pay?pa=${encodeURIComponent(upi.id)}&pn=${encodeURIComponent(upi.payee)}&am=${plan.amount}&cu=INR&tn=${encodeURIComponent(`BWP listing ${plan.name}`)}`}
                  >
                    {t("register.upi.open")}
                  </a>
                ) : null}
              </div>
              <ol className="small muted upi-steps">
                <li>{t("register.upi.step1")}</li>
                <li>{t("register.upi.step2")}</li>
                <li>{t("register.upi.step3")}</li>
              </ol>
            </div>
            <div className="form-grid">
              {loaderData.online ? (
                <>
                  <input type="hidden" name="payment_screenshot" value={PAY_ONLINE} />
                  <FileField label={t("register.upi.screenshotOnline")} meta={fields.payment_screenshot} />
                </>
              ) : (
                <FileField
                  label={
                    <>
                      {t("register.upi.screenshot")} {RequiredMark}
                    </>
                  }
                  meta={fields.payment_screenshot}
                />
              )}
              <Field
                label={t("register.upi.utr")}
                hint={t("register.upi.utrHint")}
                errors={fields.payment_reference.errors}
                inputProps={numericCodeProps(fields.payment_reference, "123456789012")}
              />
            </div>
          </fieldset>

          <fieldset className="form-section">
            <legend className="form-legend">{t("register.images.title")}</legend>
            <div className="form-grid">
              <FileField
                label={
                  <>
                    {t("register.images.profile")} {RequiredMark}
                  </>
                }
                meta={fields.profile_photo}
              />
              <FileField label={t("register.images.products")} meta={fields.product_images} multiple />
            </div>
          </fieldset>

          <div className="form-actions">
            <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
              {busy ? (
                <>
                  <span className="spinner" aria-hidden="true" /> {t("register.uploading")}
                </>
              ) : (
                t("register.submit")
              )}
            </button>
            {busy ? <div className="progress" role="progressbar" aria-label={t("register.uploadingLabel")} /> : null}
            <p className="small muted">{t("register.confirm")}</p>
          </div>
        </Form>
      </div>
    </>
  );
}

export type { PlanId };
