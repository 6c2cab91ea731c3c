import { getFormProps, getSelectProps, usePublicForm } from "~/lib/form";
import type { SubmissionResult } from "@conform-to/react";
import { LinkButtons } from "~/components/link-buttons";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
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
import { CheckIcon, ShieldIcon } from "~/components/icons";
import { SellerCategoryFields } from "~/components/seller-category-fields";
import { SellerContactFields, SellerProfileFields } from "~/components/seller-profile-fields";
import { getDb } from "~db/client";
import {
  formatRupees,
  ID_PROOF_TYPES,
  MAX_PRODUCT_IMAGES,
  PLANS,
  planById,
  planDuration,
  type PlanId,
} from "~/lib/constants";
import { APPLICATION_FILE_FIELDS, APPLICATION_FILE_LABELS } from "~/lib/validation/constants";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import { useClientValidation } from "~/lib/use-client-validation";
import { useHydrated } from "~/lib/use-hydrated";
import { listActiveCategories, listActiveSubcategories } from "~/models/categories.server";
import { submitApplicationWithFiles, upiId, upiPayeeName } from "~/services/applications.server";
import { pageLocale } from "~/services/i18n.server";
import { formConstraints } from "~/services/form-constraints.server";
import { checkDailyUploads, checkPublicForm } from "~/services/forms.server";
import applicationForm from "~/lib/forms/application";
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
  if (new URLSearchParams(location.search).has("submitted")) return privatePageMeta("Application Submitted");
  return pageMeta(matches, {
    title: "Apply for a Listing",
    description:
      "Apply to list your women-led business in the verified BWP Directory. Choose a plan, pay by UPI and go live within 24-48 hours.",
    path: "/register",
  });
}

/** Hard cap of one part; the 200 KB rule itself is checked after parsing, so typed values survive. */
const PART_MAX_BYTES = 1024 * 1024;

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const url = new URL(request.url);
  const [categories, subcategories, user] = await Promise.all([
    listActiveCategories(db),
    listActiveSubcategories(db),
    getSessionUser(request),
  ]);
  const seller = user?.role === "seller" ? user : null;
  const requestedPlan = planById(url.searchParams.get("plan"))?.id ?? null;
  return {
    submitted: url.searchParams.get("submitted") === "1",
    categories: categories.map(({ id, name }) => ({ id, name })),
    subcategories: subcategories.map(({ id, name, category_id }) => ({ id, name, category_id })),
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
    constraint: formConstraints(applicationForm.schema),
  };
}

/** Labels of the file fields the visitor had chosen files for (a browser cannot keep them after a failed post). */
function chosenFileLabels(formData: FormData): string[] {
  return APPLICATION_FILE_FIELDS.filter((field) =>
    formData.getAll(field).some((v) => v instanceof File && (v.size > 0 || v.name !== "")),
  ).map((field) => APPLICATION_FILE_LABELS[field]);
}

type ActionReply = { result: SubmissionResult<string[]>; reselect: string[] };

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
  const reselect = chosenFileLabels(formData);
  const hideFields = [...APPLICATION_FILE_FIELDS];
  const submission = parseWithZod(formData, { schema: applicationForm.schema });
  if (submission.status !== "success") {
    const tooBig = Object.values(submission.error ?? {}).some((list) => list?.includes(APPLICATION_MESSAGES.tooBig));
    return data<ActionReply>({ result: submission.reply({ hideFields }), reselect }, { status: tooBig ? 413 : 400 });
  }
  const guard = await checkPublicForm(applicationForm.scope, context.clientAddress, formData.get(HONEYPOT_FIELD));
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
      { result: submission.reply({ formErrors: [result.message], hideFields }), reselect },
      { status: result.status, headers: uploadsDownHeaders(result) },
    );
  }
  if (!result.ok) {
    return data<ActionReply>(
      { result: submission.reply({ fieldErrors: result.fieldErrors, hideFields }), reselect },
      { status: httpStatusOf(result.reason) },
    );
  }
  return redirect("/register?submitted=1");
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.submitted) return <Submitted />;
  return <ApplicationForm loaderData={loaderData} actionData={actionData} />;
}

function Submitted() {
  return (
    <section className="container section narrow">
      <div className="card card-pad success-screen" role="status">
        <div className="success-icon" aria-hidden="true">
          <CheckIcon />
        </div>
        <h1>Application submitted!</h1>
        <p>
          Thank you for applying. Our team reviews your documents and UPI payment within 24-48 hours and emails you as
          soon as your listing is live.
        </p>
        <p className="muted small">A confirmation is on its way to your inbox.</p>
        <LinkButtons
          centered
          links={[
            ["/register", "Submit Another Application"],
            ["/list-your-business", "Back to List Your Business"],
          ]}
        />
      </div>
    </section>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function ApplicationForm({ loaderData, actionData }: { loaderData: LoaderData; actionData: ActionReply | undefined }) {
  const { categories, subcategories, upi, defaults, signedInAs } = loaderData;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/register") === true;
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const validation = useClientValidation("application", { shouldRevalidate: "onInput" });
  const [form, fields] = usePublicForm({
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
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">Seller application</p>
          <h1>List your business</h1>
          <p>
            Tell us about you and your business, choose a plan and pay by UPI. Our team reviews every application within
            24-48 hours.
          </p>
          {signedInAs ? (
            <p className="small">
              Signed in as <strong>{signedInAs}</strong> — this application will be linked to your seller account.
            </p>
          ) : null}
        </div>
      </section>
      <div className="container section">
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}

          ref={formRef}
          className="application-form"
          aria-busy={busy || undefined}
        >
          <Honeypot />
          <FormErrors errors={form.errors} fieldsInvalid={hasErrors} />
          {reselect.length ? (
            <div className="notice" role="note">
              <strong>Please choose your files again:</strong> {reselect.join(", ")}. For your security, files are not
              kept after a failed submission.
            </div>
          ) : null}
          <p className="small muted">
            Fields marked <span className="req">*</span> are required.
          </p>

          <SellerContactFields fields={fields} />

          <SellerProfileFields fields={fields} part="business" />

          <SellerCategoryFields categories={categories} subcategories={subcategories} fields={fields} />

          <SellerProfileFields fields={fields} part="online" />

          <fieldset className="form-section">
            <legend className="form-legend">Verification Documents</legend>
            <p className="field-hint">
              <ShieldIcon /> Your document is kept private: only our verification team can see it.
            </p>
            <div className="form-grid">
              <SelectField
                label={<>Document type {RequiredMark}</>}
                errors={fields.id_proof_type.errors}
                selectProps={getSelectProps(fields.id_proof_type)}
              >
                <ChoiceOptions choices={ID_PROOF_TYPES} placeholder="Select document type" />
              </SelectField>
              <Field
                label="Aadhaar number (optional)"
                hint="Only for Aadhaar; we store the last 4 digits only."
                errors={fields.aadhaar_number.errors}
                inputProps={numericCodeProps(fields.aadhaar_number, "XXXX XXXX XXXX")}
              />
              <FileField
                className="span-2"
                label={<>Verification document {RequiredMark}</>}
                meta={fields.id_proof_document}
              />
            </div>
          </fieldset>

          <fieldset className="form-section" aria-describedby={fields.plan.errors?.length ? "plan-error" : undefined}>
            <legend className="form-legend">Subscription Plan &amp; Payment</legend>
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
                    {p.popular ? <span className="badge badge-featured">MOST POPULAR</span> : null}
                    {p.featured ? <span className="badge badge-verified">FEATURED ON HOME</span> : null}
                    <strong>{p.name}</strong>
                    <span className="plan-price">{formatRupees(p.amount)}</span>
                    <span className="small muted">{planDuration(p)}</span>
                  </span>
                </label>
              ))}
            </div>
            <ErrorList id="plan-error" errors={fields.plan.errors} />
            <div className="upi-box">
              <div>
                <p className="label">Pay by UPI</p>
                <p style={{ margin: 0 }}>
                  Send{" "}
                  <strong data-testid="upi-amount">
                    {plan
                      ? `${formatRupees(plan.amount)} (${plan.name}, ${planDuration(plan)})`
                      : "the amount of your chosen plan"}
                  </strong>{" "}
                  to
                </p>
                <p className="upi-id">
                  <code>{upi.id}</code> <span className="muted small">({upi.payee})</span>
                </p>
                {plan ? (
                  <a
                    className="btn btn-sm"
                    href={`upi://pay?pa=${encodeURIComponent(upi.id)}&pn=${encodeURIComponent(upi.payee)}&am=${plan.amount}&cu=INR&tn=${encodeURIComponent(`BWP listing ${plan.name}`)}`}
                  >
                    Open in a UPI app
                  </a>
                ) : null}
              </div>
              <ol className="small muted upi-steps">
                <li>Pay the amount with any UPI app (GPay, PhonePe, Paytm, BHIM).</li>
                <li>Take a screenshot of the successful payment.</li>
                <li>Upload it below; add the 12-digit UTR if you have it.</li>
              </ol>
            </div>
            <div className="form-grid">
              <FileField label={<>Payment screenshot {RequiredMark}</>} meta={fields.payment_screenshot} />
              <Field
                label="UPI transaction reference (UTR, optional)"
                hint="The 12-digit number in your payment app's receipt."
                errors={fields.payment_reference.errors}
                inputProps={numericCodeProps(fields.payment_reference, "123456789012")}
              />
            </div>
          </fieldset>

          <fieldset className="form-section">
            <legend className="form-legend">Profile Picture &amp; Product Images</legend>
            <div className="form-grid">
              <FileField label={<>Profile picture {RequiredMark}</>} meta={fields.profile_photo} />
              <FileField label="Product images (up to 3)" meta={fields.product_images} multiple />
            </div>
          </fieldset>

          <div className="form-actions">
            <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
              {busy ? (
                <>
                  <span className="spinner" aria-hidden="true" /> Uploading your application…
                </>
              ) : (
                "Submit Application"
              )}
            </button>
            {busy ? <div className="progress" role="progressbar" aria-label="Uploading your application" /> : null}
            <p className="small muted">
              By submitting you confirm the details are true. We review applications within 24-48 hours.
            </p>
          </div>
        </Form>
      </div>
    </>
  );
}

export type { PlanId };
