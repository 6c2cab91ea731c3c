import { getFormProps, usePublicForm } from "~/lib/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { BadLinkPage } from "~/components/bad-link";
import { FormErrors } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { privatePageMeta } from "~/lib/seo";
import { resetPasswordSchema } from "~/lib/validation/account-settings";
import { formConstraints } from "~/services/form-constraints.server";
import { PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from "~/lib/validation/constants";
import { isStaffRole } from "~/lib/permissions";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { getDb } from "~db/client";
import { readForm } from "~/services/forms.server";
import { checkResetLink, resetPasswordWithLink } from "~/services/password-reset.server";
import { destroySession } from "~/services/session.server";
import { forwardRetryAfter, retryAfterHeaders } from "~/services/rate-limit.server";
import type { Route } from "./+types/reset-password";
import type { Role } from "~db/schema";

// /reset-password?id&expires&token — the signed link of the "Forgot password?" mail. GET shows the form
// (mail scanners that open links change nothing); its POST sets the password, ends every session of the
// account (this browser's too) and leads to the sign-in page. A forged, used or expired link: 400.

export const meta: Route.MetaFunction = () => privatePageMeta("Choose a new password");

export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args);

export async function loader({ request }: Route.LoaderArgs) {
  const link = await checkResetLink(getDb(), new URL(request.url).searchParams);
  if (!link.ok) throw data(link.message, { status: link.status });
  return {
    email: link.account.email,
    params: link.params,
    minLength: minimumFor(link.account.role),
    constraint: formConstraints(resetPasswordSchema),
  };
}

/** Staff passwords are longer (the staff schema's rule). */
function minimumFor(role: Role): number {
  return isStaffRole(role) ? STAFF_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const db = getDb();
  const link = await checkResetLink(db, form, { prefix: "link_" });

  if (!link.ok) throw data(link.message, { status: link.status });
  const submission = parseWithZod(form, { schema: resetPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password", "confirm_password"] }) }, { status: 400 });
  const minLength = minimumFor(link.account.role);
  if (submission.value.password.length < minLength)
    return data(
      {
        result: submission.reply({
          fieldErrors: { password: [`A staff password must be at least ${minLength} characters`] },
          hideFields: ["password", "confirm_password"],
        }),
      },
      { status: 400 },
    );
  const done = await resetPasswordWithLink(db, link, submission.value.password, context.clientAddress);
  if (!done.ok && done.status !== 400)
    return data(
      { result: submission.reply({ formErrors: [done.message], hideFields: ["password", "confirm_password"] }) },
      { status: done.status, headers: retryAfterHeaders(done) },
    );
  if (!done.ok) throw data(done.message, { status: done.status });
  // Every session of the account ended; this browser's cookie is cleared too.
  return redirect(`${done.signIn}?reset=done`, { headers: { "Set-Cookie": await destroySession(request) } });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { email, params, minLength, constraint } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = usePublicForm({
    id: "reset-password",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    // Checked on the server only (the staff minimum is the account's), with the browser's own constraints.
    constraint,
  });
  return (
    <AuthCard icon="🔑" title="Choose a new password" lead={`For the account of ${email}.`}>
      <Form method="post" {...getFormProps(form)} className="stack">
        {/* Not "id": a field of that name would hide the form's own id from the form library. */}
        <input type="hidden" name="link_id" value={params.id} />
        <input type="hidden" name="link_expires" value={params.expires} />
        <input type="hidden" name="link_token" value={params.token} />
        {/* For the browser's password manager: the account this password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <PasswordField
          label="New password"
          field={fields.password}
          hint={`At least ${minLength} characters.`}
          inputProps={{ required: true, autoComplete: "new-password", minLength }}
        />
        <PasswordField
          label="Confirm new password"
          field={fields.confirm_password}
          inputProps={{ required: true, autoComplete: "new-password" }}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? "Saving..." : "Set New Password"}
        </button>
      </Form>
      <p className="small muted">Setting a new password signs out every device where your account is signed in.</p>
    </AuthCard>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BadLinkPage error={error} title="Password reset link not valid" fallback={ACCOUNT_MESSAGES.resetBadLink}>
      <Link to="/forgot-password" className="btn btn-primary">
        Ask for a new link
      </Link>
    </BadLinkPage>
  );
}
