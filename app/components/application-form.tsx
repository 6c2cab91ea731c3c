import { getSelectProps, type SubmissionResult } from "@conform-to/react";
import { type ComponentProps, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
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
import { T, useLocale, useT } from "~/components/i18n";
import { ShieldIcon } from "~/components/icons";
import { SellerCategoryFields } from "~/components/seller-category-fields";
import { SellerContactFields, SellerProfileFields } from "~/components/seller-profile-fields";
import { ID_PROOF_TYPES, PLANS, planById } from "~/lib/constants";
import { formatCount } from "~/lib/format";
import { type FieldConstraint, useForm } from "~/lib/form";
import { localePath } from "~/lib/locales";
import { PAY_ONLINE } from "~/lib/payments";
import { useClientValidation } from "~/lib/use-client-validation";
import { useCheckedOnHydration, useHydrated } from "~/lib/use-hydrated";
import type { ApplicationFileField } from "~/lib/validation/constants";

// /register's form (the route: app/routes/register.tsx). The browser's `#lazy/application-form`
// (application-form.browser.tsx) fetches this code when the visitor first reaches for the form: the page's
// first download is the hero and the server's form, which posts as it is until then.

export type RegisterActionReply = { result: SubmissionResult<string[]>; reselect: ApplicationFileField[] };

type CategoryFieldsProps = ComponentProps<typeof SellerCategoryFields>;

/** What /register's loader gives the form. */
export type ApplicationFormData = {
  categories: CategoryFieldsProps["categories"];
  subcategories: CategoryFieldsProps["subcategories"];
  upi: { id: string; payee: string };
  defaults: Record<string, string | undefined>;
  constraint: Record<string, FieldConstraint>;
  /** online payments are on: the screenshot is optional */
  online: boolean;
};

export function ApplicationForm({
  loaderData,
  actionData,
}: {
  loaderData: ApplicationFormData;
  actionData: RegisterActionReply | undefined;
}) {
  const { categories, subcategories, upi, defaults } = loaderData;
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
    defaultValue: defaults,
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
  // A plan chosen before this code arrived (it comes on the form's first use) is the one the amount follows.
  useCheckedOnHydration(formRef, "plan", ([chosen]) => {
    if (chosen) setPlanId(chosen);
  });
  const plan = planById(planId);
  const reselect = !hydrated && actionData?.reselect.length ? actionData.reselect : [];
  const hasErrors = !!(form.errors?.length || Object.values(form.allErrors ?? {}).some((e) => e?.length));

  return (
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
  );
}
