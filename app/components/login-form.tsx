import type { SubmissionResult } from "@conform-to/react";
import { useForm } from "~/lib/form";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { useClientValidation } from "~/lib/use-client-validation";
import { Field, FormErrors, emailInputProps, oneTimeCodeProps } from "./forms";
import { useLocalePath, useT } from "./i18n";
import { PasswordField } from "./password-field";

const PORTALS = {
  seller: {
    id: "seller-login",
    action: "/seller-login",
    emailAutoComplete: "email",
    submitLabel: "common.accounts.login.submit",
  },
  admin: {
    id: "admin-login",
    action: "/admin/login",
    emailAutoComplete: "username",
    submitLabel: "common.accounts.login.submitAdmin",
  },
} as const;

/**
 * The email-and-password form of both sign-in pages (/seller-login, /admin/login). It posts to its own
 * page, carries the page's `redirectTo` along, and validates with the shared login schema once focused.
 */
export function LoginForm({
  portal,
  lastResult,
  constraint,
}: {
  portal: keyof typeof PORTALS;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Parameters<typeof useForm>[0]["constraint"];
}) {
  // `action` is the page's path: the busy state follows only this form's post.
  const { id, action, emailAutoComplete, submitLabel } = PORTALS[portal];
  const t = useT();
  const to = useLocalePath();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.startsWith(portal === "admin" ? action : to(action));
  const validation = useClientValidation("login");
  const [form, fields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint,
    ...validation.options,
  });
  return (
    <Form method="post" {...form.props} className="stack">
      <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
      {searchParams.get("reset") === "done" && !form.errors?.length ? (
        <p className="form-success" role="status">
          {t("common.accounts.login.resetDone")}
        </p>
      ) : null}
      <FormErrors errors={form.errors} id={form.errorId} />
      <Field
        label={t("common.accounts.login.email")}
        errors={fields.email.errors}
        inputProps={emailInputProps(fields.email, { autoComplete: emailAutoComplete })}
      />
      <PasswordField
        label={t("common.accounts.login.password")}
        field={fields.password}
        inputProps={{
          required: true,
          autoComplete: "current-password",
        }}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("common.accounts.login.signingIn") : t(submitLabel)}
      </button>
      <p className="small center login-forgot">
        <Link to={portal === "admin" ? "/forgot-password?for=admin" : to("/forgot-password")}>
          {t("common.accounts.login.forgot")}
        </Link>
      </p>
    </Form>
  );
}

/**
 * The second step of a staff sign-in on /admin/login: a code from the authenticator app or a recovery
 * code, posted without JavaScript like the first step; "Start over" ends the half-done sign-in.
 */
export function SecondStepForm({
  lastResult,
  passkey,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  /** The passkey button (it needs JavaScript), when the account has a passkey. */
  passkey?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "second-step",
    lastResult: navigation.state === "idle" ? lastResult : null,
  });
  return (
    <div className="stack">
      {passkey}
      <Form method="post" {...form.props} className="stack">
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field
          label="Authentication code"
          errors={fields.code.errors}
          hint="The 6-digit code your authenticator app shows now. Lost your phone? Type one of your recovery codes here instead."
          inputProps={{ ...oneTimeCodeProps(fields.code), autoFocus: true }}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? "Checking..." : "Verify and Sign In"}
        </button>
      </Form>
      <Form method="post" className="auth-foot">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="btn btn-ghost btn-sm">
          Start over with another account
        </button>
      </Form>
    </div>
  );
}
