import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import {
  ChoiceOptions,
  ErrorList,
  Field,
  FormErrors,
  InputFocusedWhenFirstInvalid,
  SelectField,
} from "~/components/forms";
import { T, useLocalePath, useT } from "~/components/i18n";
import { SubcategoryChecks, useTickedCategories } from "~/components/seller-category-fields";
import { CITIES } from "~/lib/constants";
import { type FieldConstraint, useForm } from "~/lib/form";
import { useClientValidation } from "~/lib/use-client-validation";
import { useHydrated } from "~/lib/use-hydrated";
import type { SignUpStep1Values, SignUpStep2Values } from "~/services/seller-signup.server";

// The second step of /seller-signup (the route: app/routes/accounts/seller-signup.tsx): where she works and
// what she offers. The browser's `#lazy/signup-step2` (signup-step2.browser.tsx) fetches it when the step
// shows, so the first visit downloads only the first step.

type Category = { id: number; name: string; emoji: string };
type Subcategory = { id: number; name: string; category_id: number };

export function Step2({
  values,
  step2,
  pending,
  lastResult,
  categories,
  subcategories,
  constraint,
}: {
  values: SignUpStep1Values;
  step2: SignUpStep2Values;
  pending: string;
  lastResult?: SubmissionResult<string[]>;
  categories: Category[];
  subcategories: Subcategory[];
  constraint: Record<string, FieldConstraint>;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === "create";
  const validation = useClientValidation("signup-step2", { shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "signup-step2",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint,
    ...validation.options,
  });
  const t = useT();
  const to = useLocalePath();
  // With JavaScript the sub-category list follows the ticked categories; without it every group is listed.
  const hydrated = useHydrated();
  const { grid, ticked, onChange } = useTickedCategories(step2.category_ids);
  const groups = categories
    .map((c) => ({ category: c, items: subcategories.filter((s) => s.category_id === c.id) }))
    .filter((g) => g.items.length && (!hydrated || ticked.includes(String(g.category.id))));
  const catErrorId = fields.category_ids.errors?.length ? "category-ids-error" : undefined;
  const termsErrorId = fields.terms.errors?.length ? "terms-error" : undefined;
  const formProps = form.props;
  // Previous skips the step-2 checks (conform validates on every submit; formNoValidate covers only the browser's).
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "previous") return;
    formProps.onSubmit(event);
  };
  return (
    <Form method="post" {...formProps} onSubmit={onSubmit} className="stack">
      <h2 className="wizard-title">{t("accounts.signup.step2")}</h2>
      <input type="hidden" name="name" value={values.name} />
      <input type="hidden" name="email" value={values.email} />
      <input type="hidden" name="mobile" value={values.mobile} />
      <input type="hidden" name="pending" value={pending} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-grid-2">
        <SelectField
          label={t("accounts.signup.city")}
          errors={fields.city.errors}
          selectProps={{ ...getSelectProps(fields.city), defaultValue: step2.city, autoComplete: "address-level2" }}
        >
          <ChoiceOptions choices={CITIES} placeholder={t("accounts.signup.cityPlaceholder")} names />
        </SelectField>
        <Field
          label={
            <T k="accounts.signup.locality" components={{ muted: (text) => <span className="muted">{text}</span> }} />
          }
          errors={fields.locality.errors}
          inputProps={{
            ...getInputProps(fields.locality, { type: "text" }),
            defaultValue: step2.locality,
            placeholder: t("accounts.signup.localityPlaceholder"),
          }}
        />
      </div>
      <fieldset className="field" aria-describedby={catErrorId}>
        <legend className="label">
          <T k="accounts.signup.categories" components={{ muted: (text) => <span className="muted">{text}</span> }} />
        </legend>
        <div
          ref={grid}
          className="check-grid scroll-10"
          aria-invalid={catErrorId ? true : undefined}
          onChange={onChange}
        >
          {categories.map((c, i) => (
            <label key={c.id} className="check-tile">
              <InputFocusedWhenFirstInvalid
                invalid={i === 0 && Boolean(catErrorId)}
                type="checkbox"
                name="category_ids"
                value={c.id}
                defaultChecked={step2.category_ids.includes(String(c.id))}
              />
              <span aria-hidden="true">{c.emoji}</span> <span>{c.name}</span>
            </label>
          ))}
        </div>
        <ErrorList id={catErrorId} errors={fields.category_ids.errors} />
      </fieldset>
      <fieldset className="field">
        <legend className="label">
          <T
            k="accounts.signup.subcategories"
            components={{ muted: (text) => <span className="muted">{text}</span> }}
          />
        </legend>
        {!hydrated ? <p className="field-hint">{t("accounts.signup.subcategoriesNoJs")}</p> : null}
        {groups.length ? (
          <div className="subcat-groups scroll-16">
            {groups.map(({ category, items }) => (
              <div key={category.id} className="subcat-group">
                <p className="subcat-title">{category.name}</p>
                <div className="check-grid check-grid-sm">
                  <SubcategoryChecks
                    items={items}
                    checked={step2.subcategory_ids}
                    labelClassName="check-tile check-tile-sm"
                  />
                </div>
              </div>
            ))}
          </div>
        ) : (
          <p className="field-hint">{t("accounts.signup.subcategoriesEmpty")}</p>
        )}
        <ErrorList errors={fields.subcategory_ids.errors} />
      </fieldset>
      <div className="field">
        <label className="check-line">
          <InputFocusedWhenFirstInvalid
            invalid={Boolean(termsErrorId)}
            type="checkbox"
            name="terms"
            value="on"
            aria-describedby={termsErrorId}
            aria-invalid={termsErrorId ? true : undefined}
          />
          <span>
            <T
              k="accounts.signup.terms"
              components={{
                terms: (text) => (
                  <Link to={to("/terms")} target="_blank">
                    {text}
                  </Link>
                ),
                privacy: (text) => (
                  <Link to={to("/privacy")} target="_blank">
                    {text}
                  </Link>
                ),
              }}
            />
          </span>
        </label>
        <ErrorList id={termsErrorId} errors={fields.terms.errors} />
      </div>
      <div className="wizard-actions">
        <button type="submit" name="intent" value="previous" formNoValidate className="btn" disabled={busy}>
          {t("accounts.signup.previous")}
        </button>
        <button type="submit" name="intent" value="create" className="btn btn-primary" disabled={busy}>
          {busy ? t("accounts.signup.creating") : t("accounts.signup.create")}
        </button>
      </div>
    </Form>
  );
}
