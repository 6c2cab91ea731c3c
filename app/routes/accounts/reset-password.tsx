import { useForm } from "~/lib/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { SignedLinkForm, signedLinkRoute } from "~/components/signed-link";
import { FormErrors } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { resetPasswordSchema } from "~/lib/validation/account-settings";
import { formConstraints } from "~/services/form-constraints.server";
import { PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from "~/lib/validation/constants";
import { isStaffRole } from "~/lib/permissions";
import { getDb } from "~db/client";
import { readForm } from "~/services/forms.server";
import { acceptedLink } from "~/services/signed-token.server";
import { checkResetLink, resetPasswordWithLink } from "~/services/password-reset.server";
import { destroySession } from "~/services/session.server";
import { forwardRetryAfter, retryAfterHeaders } from "~/services/rate-limit.server";
import { useT } from "~/components/i18n";
import { localePath } from "~/lib/locales";
import { accountNotice, accountRefusal } from "~/lib/account-notices";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/reset-password";
import type { Role } from "~db/schema";

// /reset-password?id&expires&token — the signed link of the "Forgot password?" mail. GET shows the form
// (mail scanners that open links change nothing); its POST sets the password, ends every session of the
// account (this browser's too) and leads to the sign-in page. A forged, used or expired link: 400.

const signedLink = signedLinkRoute("accounts.reset.metaTitle", {
  title: "common.accounts.badLink.resetTitle",
  fallback: "common.accounts.badLink.resetFallback",
  next: ["/forgot-password", "common.accounts.badLink.askNew"],
  primary: true,
});
export const meta = signedLink.meta;
export const ErrorBoundary = signedLink.ErrorBoundary;

export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args);

export async function loader(args: Route.LoaderArgs) {
  const link = await acceptedLink(args, checkResetLink);
  return {
    email: link.account.email,
    params: link.params,
    minLength: minimumFor(link.account.role),
    constraint: formConstraints(resetPasswordSchema),
    messages: messagesFor(pageLocale(args), ["accounts"]),
  };
}

/** Staff passwords are longer (the staff schema's rule). */
function minimumFor(role: Role): number {
  return isStaffRole(role) ? STAFF_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH;
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const t = translatorFor(pageLocale(args));
  const form = await readForm(request);
  const db = getDb();
  const link = await acceptedLink(
    args,
    (database, source) => checkResetLink(database, source, { prefix: "link_" }),
    form,
  );
  const submission = parseWithZod(form, { schema: resetPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password", "confirm_password"] }) }, { status: 400 });
  const minLength = minimumFor(link.account.role);
  if (submission.value.password.length < minLength)
    return data(
      {
        result: submission.reply({
          fieldErrors: { password: [t("accounts.reset.staffMinimum", { min: minLength })] },
          hideFields: ["password", "confirm_password"],
        }),
      },
      { status: 400 },
    );
  const done = await resetPasswordWithLink(db, link, submission.value.password, context.clientAddress);
  if (!done.ok && done.status !== 400)
    return data(
      {
        result: submission.reply({
          formErrors: [accountNotice(t, done.message)],
          hideFields: ["password", "confirm_password"],
        }),
      },
      { status: done.status, headers: retryAfterHeaders(done) },
    );
  if (!done.ok) throw accountRefusal(t, done);
  // Every session of the account ended; this browser's cookie is cleared too.
  const signIn = done.signIn === "/seller-login" ? localePath(pageLocale(args), done.signIn) : done.signIn;
  return redirect(`${signIn}?reset=done`, { headers: { "Set-Cookie": await destroySession(request) } });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { email, params, minLength, constraint } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    // Checked on the server only (the staff minimum is the account's), with the browser's own constraints.
    constraint,
  });
  return (
    <AuthCard icon="🔑" title={t("accounts.reset.title")} lead={t("accounts.reset.lead", { email })}>
      {/* Not "id": a field of that name would hide the form's own id from the form library. */}
      <SignedLinkForm form={form} link={params} prefix="link_" className="stack">
        {/* For the browser's password manager: the account this password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <PasswordField
          label={t("accounts.reset.password")}
          field={fields.password}
          hint={t("accounts.reset.passwordHint", { min: minLength })}
          inputProps={{ required: true, autoComplete: "new-password", minLength }}
        />
        <PasswordField
          label={t("accounts.reset.confirm")}
          field={fields.confirm_password}
          inputProps={{ required: true, autoComplete: "new-password" }}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("accounts.reset.saving") : t("accounts.reset.submit")}
        </button>
      </SignedLinkForm>
      <p className="small muted">{t("accounts.reset.note")}</p>
    </AuthCard>
  );
}
