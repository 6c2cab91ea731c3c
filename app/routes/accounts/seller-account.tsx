import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "~/lib/form";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { z } from "zod";
import { ConfirmCheckField, emailInputProps, Field, FormErrors, FormSuccess, SelectField } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { privatePageMeta } from "~/lib/seo";
import {
  accountLanguageSchema,
  accountLanguageSchemaFor,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
} from "~/lib/validation/account-settings";
import { LOCALE_INFO, type Locale } from "~/lib/locales";
import { PASSWORD_MIN_LENGTH } from "~/lib/validation/constants";
import { getAccountSecurity, sellerLanguage, setAccountLanguage } from "~/models/users.server";
import { getDb } from "~db/client";
import { changeOwnPassword, deleteOwnAccount, requestEmailChange } from "~/services/account-settings.server";
import { readForm } from "~/services/forms.server";
import { getSession, requireUser, sessionCookie } from "~/services/session.server";
import { forwardRetryAfter, retryAfterHeaders } from "~/services/rate-limit.server";
import { T, useLocalePath, useLocales, useT } from "~/components/i18n";
import { translatorFromMatches, type MessageKey } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { accountNotice } from "~/lib/account-notices";
import { messagesFor, pageLocale, siteLocales, translatorFor } from "~/services/i18n.server";
import type { Route } from "./+types/seller-account";
import { CardSection } from "~/components/card-section";

// /seller-account — the seller's own account (docs/decisions/158-account-email-change-link-new-address.md): change her
// email (confirmed by a link to the new address) and her password (the current one required), download her data, delete
// her account, choose her language. Plain form posts, each with an intent; every change is scoped by the session's
// account.

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(translatorFromMatches(matches)("accounts.account.metaTitle"));

export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args);

const SELLER_ONLY = { roles: ["seller" as const], loginPath: "/seller-login" };

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const user = await requireUser(request, SELLER_ONLY);
  const db = getDb();
  const [security, language] = await Promise.all([getAccountSecurity(db, user.id), sellerLanguage(db, user.id)]);
  return {
    email: user.email,
    hasPassword: security?.hasPassword ?? false,
    language,
    messages: messagesFor(pageLocale(args), ["accounts"]),
  };
}

type Intent = "email" | "password" | "delete" | "language";
const SCHEMAS = {
  email: changeEmailSchema,
  password: changePasswordSchema,
  delete: deleteAccountSchema,
  language: accountLanguageSchema,
};
const HIDDEN = ["current_password", "password", "confirm_password"];

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const locale = pageLocale(args);
  const user = await requireUser(request, SELLER_ONLY);
  const session = (await getSession(request))!;
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "email" && intent !== "password" && intent !== "delete" && intent !== "language")
    throw data("Unknown action", { status: 400 });
  // The language among the site's (the pseudo-language too where it is on).
  const schema = intent === "language" ? accountLanguageSchemaFor(siteLocales()) : SCHEMAS[intent];
  const submission = parseWithZod(form, { schema: schema as z.ZodType<Record<string, string>> });
  const refuse = (status: number, message: string, field?: string, headers?: HeadersInit) =>
    data(
      {
        intent: intent as Intent,
        result: submission.reply({
          ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
          hideFields: HIDDEN,
        }),
      },
      { status, headers },
    );
  if (submission.status !== "success")
    return data({ intent: intent as Intent, result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  const db = getDb();
  const value = submission.value;
  if (intent === "language") {
    await setAccountLanguage(db, user.id, value.language as Locale);
    return redirect("/seller-account?done=language#language");
  }
  const outcome =
    intent === "email"
      ? await requestEmailChange(db, user.id, { email: value.email!, current_password: value.current_password })
      : intent === "password"
        ? await changeOwnPassword(
            db,
            { id: user.id, sessionId: session.id },
            { current_password: value.current_password!, password: value.password! },
            context.clientAddress,
          )
        : await deleteOwnAccount(db, user.id, { current_password: value.current_password });
  if (!outcome.ok)
    return refuse(
      outcome.status,
      accountNotice(translatorFor(locale), outcome.message),
      outcome.field,
      retryAfterHeaders(outcome),
    );
  if ("erased" in outcome && outcome.erased)
    return redirect(localePath(locale, "/account-deleted"), {
      headers: { "Set-Cookie": await sessionCookie().serialize("", { maxAge: 0 }) },
    });
  const done = "erased" in outcome ? "deletion-mail" : intent;
  return redirect(localePath(locale, `/seller-account?done=${done}#${intent}`));
}

const DONE: Record<string, MessageKey> = {
  email: "accounts.notice.emailChangeSent",
  password: "accounts.notice.passwordChanged",
  "deletion-mail": "accounts.notice.deletionSent",
  "email-changed": "accounts.notice.emailChanged",
};

export default function SellerAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { email, hasPassword, language } = loaderData;
  const [params] = useSearchParams();
  const done = params.get("done") ?? "";
  const t = useT();
  const to = useLocalePath();
  const last = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <div className="container section stack dashboard narrow">
      <header>
        <p className="small muted" style={{ margin: 0 }}>
          <Link to={to("/seller-dashboard")}>{t("accounts.account.dashboard")}</Link>
        </p>
        <h1 style={{ margin: 0 }}>{t("accounts.account.title")}</h1>
      </header>
      <EmailForm
        email={email}
        hasPassword={hasPassword}
        saved={done === "email" || done === "email-changed" ? t(DONE[done]) : null}
        lastResult={last("email")}
      />
      <PasswordForm hasPassword={hasPassword} saved={done === "password"} lastResult={last("password")} />
      <LanguageForm language={language} saved={done === "language"} lastResult={last("language")} />
      <CardSection id="data" title={t("accounts.account.dataTitle")} className="stack" anchor>
        <p className="muted" style={{ margin: 0 }}>
          {t("accounts.account.dataBody")}
        </p>
        <div>
          <a className="btn" href="/seller-account/my-data.zip" download>
            {t("accounts.account.download")}
          </a>
        </div>
      </CardSection>
      <DeleteForm hasPassword={hasPassword} mailed={done === "deletion-mail"} lastResult={last("delete")} />
      <p className="small muted">
        <T k="accounts.account.privacy" components={{ link: (text) => <Link to={to("/privacy")}>{text}</Link> }} />
      </p>
    </div>
  );
}

type FormState = { lastResult?: SubmissionResult<string[]> };

function useIntentBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function useIntentForm(intent: Intent, lastResult: FormState["lastResult"]) {
  const navigation = useNavigation();
  const locales = useLocales();
  const schema = intent === "language" ? accountLanguageSchemaFor(locales) : SCHEMAS[intent];
  return useForm({
    id: `account-${intent}`,
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema as z.ZodType<Record<string, string>> }),
  });
}

/** One of the page's forms: posted with its intent, its own errors first (no-JS too). */
function IntentForm({
  intent,
  form,
  children,
}: {
  intent: Intent;
  form: ReturnType<typeof useIntentForm>[0];
  children: React.ReactNode;
}) {
  return (
    <Form method="post" {...form.props} className="stack" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors errors={form.errors} id={form.errorId} />
      {children}
    </Form>
  );
}

function EmailForm({
  email,
  hasPassword,
  saved,
  lastResult,
}: FormState & { email: string; hasPassword: boolean; saved: string | null }) {
  const busy = useIntentBusy("email");
  const [form, fields] = useIntentForm("email", lastResult);
  const t = useT();
  return (
    <CardSection id="email" title={t("accounts.account.emailTitle")} className="stack" anchor>
      <p className="muted" style={{ margin: 0 }}>
        <T
          k="accounts.account.emailNow"
          values={{ email }}
          components={{ strong: (text) => <strong translate="no">{text}</strong> }}
        />
      </p>
      <FormSuccess message={saved} />
      <IntentForm intent="email" form={form}>
        <Field
          label={t("accounts.account.newEmail")}
          errors={fields.email.errors}
          inputProps={emailInputProps(fields.email)}
        />
        {hasPassword ? (
          <PasswordField
            label={t("accounts.account.currentPassword")}
            field={fields.current_password}
            inputProps={{ required: true, autoComplete: "current-password" }}
          />
        ) : null}
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("accounts.account.sending") : t("accounts.account.sendLink")}
          </button>
        </div>
      </IntentForm>
    </CardSection>
  );
}

function PasswordForm({ hasPassword, saved, lastResult }: FormState & { hasPassword: boolean; saved: boolean }) {
  const busy = useIntentBusy("password");
  const [form, fields] = useIntentForm("password", lastResult);
  const t = useT();
  return (
    <CardSection id="password" title={t("accounts.account.passwordTitle")} className="stack" anchor>
      <FormSuccess message={saved && t("accounts.notice.passwordChanged")} />
      {hasPassword ? (
        <IntentForm intent="password" form={form}>
          <PasswordField
            label={t("accounts.account.currentPassword")}
            field={fields.current_password}
            inputProps={{ required: true, autoComplete: "current-password" }}
          />
          <PasswordField
            label={t("accounts.account.newPassword")}
            field={fields.password}
            hint={t("accounts.account.newPasswordHint", { min: PASSWORD_MIN_LENGTH })}
            inputProps={{ required: true, autoComplete: "new-password", minLength: PASSWORD_MIN_LENGTH }}
          />
          <PasswordField
            label={t("accounts.account.confirmPassword")}
            field={fields.confirm_password}
            inputProps={{ required: true, autoComplete: "new-password" }}
          />
          <div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t("accounts.account.saving") : t("accounts.account.changePassword")}
            </button>
          </div>
        </IntentForm>
      ) : (
        <p className="notice small">{t("accounts.notice.noPassword")}</p>
      )}
    </CardSection>
  );
}

const typedOr = (typed: unknown, stored: string) => (typeof typed === "string" && typed ? typed : stored);

function LanguageForm({ language, saved, lastResult }: FormState & { language: Locale; saved: boolean }) {
  const t = useT();
  const locales = useLocales();
  const busy = useIntentBusy("language");
  const [form, fields] = useIntentForm("language", lastResult);
  return (
    <CardSection id="language" title={t("accounts.language.title")} className="stack" anchor>
      <p className="muted" style={{ margin: 0 }}>
        {t("accounts.language.text")}
      </p>
      <FormSuccess message={saved && t("accounts.notice.languageSaved")} />
      <IntentForm intent="language" form={form}>
        <SelectField
          label={t("accounts.language.label")}
          errors={fields.language.errors}
          selectProps={{
            id: fields.language.id,
            name: fields.language.name,
            defaultValue: typedOr(fields.language.initialValue, language),
            required: true,
          }}
        >
          {locales.map((locale) => (
            <option key={locale} value={locale} lang={LOCALE_INFO[locale].htmlLang} translate="no">
              {LOCALE_INFO[locale].nativeName}
            </option>
          ))}
        </SelectField>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("accounts.account.saving") : t("accounts.language.save")}
          </button>
        </div>
      </IntentForm>
    </CardSection>
  );
}

function DeleteForm({ hasPassword, mailed, lastResult }: FormState & { hasPassword: boolean; mailed: boolean }) {
  const busy = useIntentBusy("delete");
  const [form, fields] = useIntentForm("delete", lastResult);
  const t = useT();
  return (
    <CardSection id="delete" title={t("accounts.account.deleteTitle")} className="stack danger-zone" anchor>
      <p style={{ margin: 0 }}>{t("accounts.account.deleteBody")}</p>
      <FormSuccess message={mailed && t("accounts.notice.deletionSent")} />
      <IntentForm intent="delete" form={form}>
        {hasPassword ? (
          <PasswordField
            label={t("accounts.account.yourPassword")}
            field={fields.current_password}
            inputProps={{ required: true, autoComplete: "current-password" }}
          />
        ) : (
          <p className="small muted" style={{ margin: 0 }}>
            {t("accounts.account.deleteByMail")}
          </p>
        )}
        <ConfirmCheckField
          field={fields.confirm}
          inputProps={getInputProps(fields.confirm, { type: "checkbox" })}
          label={t("accounts.account.deleteConfirm")}
        />
        <div>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy
              ? t("accounts.account.deleting")
              : hasPassword
                ? t("accounts.account.deleteSubmit")
                : t("accounts.account.deleteMailSubmit")}
          </button>
        </div>
      </IntentForm>
    </CardSection>
  );
}
