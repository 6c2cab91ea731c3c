import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { useClientValidation } from "~/lib/use-client-validation";
import { Field, FormErrors, emailInputProps } from "./forms";
import { PasswordField } from "./password-field";

const PORTALS = {
  seller: { id: "seller-login", action: "/seller-login", emailAutoComplete: "email", submitLabel: "Sign In" },
  admin: {
    id: "admin-login",
    action: "/admin/login",
    emailAutoComplete: "username",
    submitLabel: "Sign In to Admin Portal",
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
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith(action);
  const validation = useClientValidation("login");
  const [form, fields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint,
    ...validation.options,
  });
  return (
    <Form method="post" {...getFormProps(form)} onFocus={validation.load} className="stack">
      <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <Field
        label="Email"
        errors={fields.email.errors}
        inputProps={emailInputProps(fields.email, { autoComplete: emailAutoComplete })}
      />
      <PasswordField
        label="Password"
        field={fields.password}
        inputProps={{
          required: true,
          autoComplete: "current-password",
        }}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? "Signing In..." : submitLabel}
      </button>
    </Form>
  );
}
