import { useForm } from "~/lib/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { emailInputProps, Field, FormErrors, FormSuccess, Honeypot } from "~/components/forms";
import { ShieldIcon } from "~/components/icons";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { privatePageMeta } from "~/lib/seo";
import { forgotPasswordSchema } from "~/lib/validation/account-settings";
import { formConstraints } from "~/services/form-constraints.server";
import { useClientValidation } from "~/lib/use-client-validation";
import { getDb } from "~db/client";
import { readForm, HONEYPOT_MESSAGE } from "~/services/forms.server";
import { requestPasswordReset } from "~/services/password-reset.server";
import { forwardRetryAfter, retryAfterHeaders } from "~/services/rate-limit.server";
import { T, useLocalePath, useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { accountNotice } from "~/lib/account-notices";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/forgot-password";

// /forgot-password (?for=admin from the staff sign-in): one address in, one answer out, whether or not
// it has an account. A plain form post; the mail (through the outbox) carries the signed link.

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(translatorFromMatches(matches)("accounts.forgot.metaTitle"));

export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args);

// The form's native attributes come from the schema here, so the page needs no zod.
export function loader(args: Route.LoaderArgs) {
  return { constraint: formConstraints(forgotPasswordSchema), messages: messagesFor(pageLocale(args), ["accounts"]) };
}

const portalOf = (request: Request) => (new URL(request.url).searchParams.get("for") === "admin" ? "admin" : "seller");

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const t = translatorFor(pageLocale(args));
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: null }, { status: 400 });
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim())
    return data({ result: submission.reply({ formErrors: [HONEYPOT_MESSAGE] }), sent: null }, { status: 400 });
  const outcome = await requestPasswordReset(getDb(), submission.value.email, {
    clientAddress: context.clientAddress,
    portal: portalOf(request),
  });
  if (!outcome.ok)
    return data(
      { result: submission.reply({ formErrors: [accountNotice(t, outcome.message)] }), sent: null },
      { status: outcome.status, headers: retryAfterHeaders(outcome) },
    );
  return { result: submission.reply({ resetForm: true }), sent: accountNotice(t, outcome.message) };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const admin = params.get("for") === "admin";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const validation = useClientValidation("forgot-password", { shouldValidate: "onBlur" });
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: loaderData.constraint,
    ...validation.options,
  });
  const t = useT();
  const to = useLocalePath();
  const signIn = admin ? "/admin/login" : to("/seller-login");
  return (
    <AuthCard
      admin={admin}
      icon={admin ? <ShieldIcon /> : "🔑"}
      title={t("accounts.forgot.title")}
      lead={t("accounts.forgot.lead")}
    >
      <FormSuccess message={actionData?.sent} />
      <Form method="post" {...form.props} className="stack">
        <FormErrors errors={form.errors} id={form.errorId} />
        <Honeypot />
        <Field
          label={t("accounts.forgot.email")}
          errors={fields.email.errors}
          inputProps={emailInputProps(fields.email, { autoComplete: admin ? "username" : "email" })}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("accounts.forgot.sending") : t("accounts.forgot.submit")}
        </button>
      </Form>
      <p className="auth-foot">
        <T k="accounts.forgot.remembered" components={{ link: (text) => <Link to={signIn}>{text}</Link> }} />
      </p>
    </AuthCard>
  );
}
