import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "~/lib/form";
import { AuthCard } from "~/components/auth-card";
import { Suspense } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Step2 } from "#lazy/signup-step2";
import { getDb } from "~db/client";
import { Field, FormErrors, emailInputProps } from "~/components/forms";
import { CheckIcon } from "~/components/icons";
import { PasswordField } from "~/components/password-field";
import { signupStep2Schema } from "~/lib/validation/accounts";
import { categoryEmoji } from "~/lib/constants";
import { useClientValidation } from "~/lib/use-client-validation";
import { listActiveCategories, listActiveSubcategories } from "~/models/categories.server";
import { homeForRole } from "~/lib/permissions";
import { formConstraints } from "~/services/form-constraints.server";
import { forwardRetryAfter } from "~/services/rate-limit.server";
import { signUpFromPage, type SignUpStep1Values, type SignUpStep2Values } from "~/services/seller-signup.server";
import { getSessionUser } from "~/services/session.server";
import type { Route } from "./+types/seller-signup";
import { readForm } from "~/services/forms.server";
import { privatePageMeta } from "~/lib/seo";
import { T, useLocalePath, useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { categoryName, messagesFor, pageLocale } from "~/services/i18n.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(translatorFromMatches(matches)("accounts.signup.metaTitle"));

export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args, {});

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const locale = pageLocale(args);
  const user = await getSessionUser(request);
  if (user)
    throw redirect(user.role === "seller" ? localePath(locale, homeForRole(user.role)) : homeForRole(user.role));
  const db = getDb();
  const [categories, subcategories] = await Promise.all([listActiveCategories(db), listActiveSubcategories(db)]);
  return {
    categories: categories.map((c) => ({ id: c.id, name: categoryName(c, locale), emoji: categoryEmoji(c.name) })),
    subcategories: subcategories.map((s) => ({ id: s.id, name: categoryName(s, locale), category_id: s.category_id })),
    step2Constraint: formConstraints(signupStep2Schema),
    messages: messagesFor(locale, ["accounts"]),
  };
}

// The wizard runs on the server, so it works without JavaScript: the service checks step 1 and the page
// answers with step 2 (step-1 values kept in hidden fields, the password only as an encrypted token).
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const answer = await signUpFromPage(request, context.clientAddress, await readForm(request), pageLocale(args));
  if (answer.ok)
    return redirect(localePath(pageLocale(args), "/seller-dashboard"), { headers: { "Set-Cookie": answer.cookie } });
  return data(answer.page, { status: answer.status, headers: answer.headers });
}

export default function SellerSignup({ loaderData, actionData }: Route.ComponentProps) {
  const step = actionData?.step ?? 1;
  const values = actionData?.values ?? { name: "", email: "", mobile: "" };
  const step2 = actionData?.step2 ?? { city: "", locality: "", category_ids: [], subcategory_ids: [] };
  const pending = actionData?.pending ?? null;
  const result = actionData?.result as SubmissionResult<string[]> | undefined;
  const t = useT();
  const to = useLocalePath();
  return (
    <AuthCard wide icon="🌸" title={t("accounts.signup.title")} lead={t("accounts.signup.lead")}>
      <ol className="wizard-steps" aria-label={t("accounts.signup.steps")}>
        <li aria-current={step === 1 ? "step" : undefined} className={step > 1 ? "done" : undefined}>
          <span className="wizard-dot">{step > 1 ? <CheckIcon /> : "1"}</span> {t("accounts.signup.step1")}
        </li>
        <li aria-current={step === 2 ? "step" : undefined}>
          <span className="wizard-dot">2</span> {t("accounts.signup.step2")}
        </li>
      </ol>
      {step === 1 ? (
        <Step1 key={`s1-${pending ?? ""}`} values={values} step2={step2} pending={pending} lastResult={result} />
      ) : (
        <Suspense fallback={null}>
          <Step2
            key="s2"
            values={values}
            step2={step2}
            pending={pending!}
            lastResult={result}
            categories={loaderData.categories}
            subcategories={loaderData.subcategories}
            constraint={loaderData.step2Constraint}
          />
        </Suspense>
      )}
      <p className="auth-foot">
        <T
          k="accounts.signup.haveAccount"
          components={{ link: (text) => <Link to={to("/seller-login")}>{text}</Link> }}
        />
      </p>
    </AuthCard>
  );
}

function HiddenStep2({ step2 }: { step2: SignUpStep2Values }) {
  return (
    <>
      <input type="hidden" name="city" value={step2.city} />
      <input type="hidden" name="locality" value={step2.locality} />
      {step2.category_ids.map((id) => (
        <input key={`c${id}`} type="hidden" name="category_ids" value={id} />
      ))}
      {step2.subcategory_ids.map((id) => (
        <input key={`s${id}`} type="hidden" name="subcategory_ids" value={id} />
      ))}
    </>
  );
}

function Step1({
  values,
  step2,
  pending,
  lastResult,
}: {
  values: SignUpStep1Values;
  step2: SignUpStep2Values;
  pending: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const validation = useClientValidation("signup-step1", { shouldValidate: "onBlur", shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "signup-step1",
    lastResult: navigation.state === "idle" ? lastResult : null,
    ...validation.options,
  });
  const t = useT();
  const keptHint = pending ? t("accounts.signup.keptHint") : undefined;
  return (
    <Form method="post" {...form.props} className="stack">
      <h2 className="wizard-title">{t("accounts.signup.step1")}</h2>
      {pending ? <input type="hidden" name="pending" value={pending} /> : null}
      <HiddenStep2 step2={step2} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <Field
        label={t("accounts.signup.name")}
        errors={fields.name.errors}
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          defaultValue: values.name,
          required: true,
          autoComplete: "name",
        }}
      />
      <Field
        label={t("accounts.signup.mobile")}
        errors={fields.mobile.errors}
        hint={t("accounts.signup.mobileHint")}
        inputProps={{
          ...getInputProps(fields.mobile, { type: "tel" }),
          defaultValue: values.mobile,
          required: true,
          autoComplete: "tel",
          inputMode: "tel",
        }}
      />
      <Field
        label={t("accounts.signup.email")}
        errors={fields.email.errors}
        inputProps={emailInputProps(fields.email, { defaultValue: values.email, required: true })}
      />
      <div className="form-grid-2">
        <PasswordField
          label={t("accounts.signup.password")}
          field={fields.password}
          hint={keptHint ?? t("accounts.signup.passwordHint", { min: 8 })}
          inputProps={{
            required: !pending,
            minLength: 8,
            autoComplete: "new-password",
          }}
        />
        <PasswordField
          label={t("accounts.signup.confirmPassword")}
          field={fields.confirm_password}
          inputProps={{
            required: !pending,
            autoComplete: "new-password",
          }}
        />
      </div>
      <button type="submit" name="intent" value="continue" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("accounts.signup.checking") : t("accounts.signup.continue")}
      </button>
    </Form>
  );
}
