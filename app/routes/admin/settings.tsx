import { IntentButton } from "~/components/admin/intent-button";
import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation, useSearchParams } from "react-router";
import { getDb } from "~db/client";
import { Badge } from "~/components/admin/badge";
import { ActionError, ConfirmPanel, RemoveButton } from "~/components/admin/confirm";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { passwordChangeSchema, staffIntentSchema } from "~/lib/validation/staff";
import { SETTINGS_MESSAGES } from "~/lib/validation/messages";
import { PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from "~/lib/validation/constants";
import { formatDate } from "~/lib/dates";
import { can } from "~/lib/permissions";
import { listStaff } from "~/models/staff.server";
import { readForm } from "~/services/forms.server";
import { redirectWithFlash, requirePermission } from "~/services/session.server";
import { changeOwnPassword, changeStaff } from "~/services/settings.server";
import { config } from "~/services/config.server";
import { mustSetUpSecondFactor, secondFactorDueAt } from "~/services/second-factor.server";
import { forwardRetryAfter, retryAfterHeaders } from "~/services/rate-limit.server";
import type { Route } from "./+types/settings";
import { privatePageMeta } from "~/lib/seo";
import { httpStatusOf } from "~/lib/refusal";
import { DataTable } from "~/components/admin/data-table";
import { CardSection } from "~/components/card-section";
import { BackupSettings } from "~/components/admin/backup-status";
import { backupView } from "~/services/backup.server";
import { messagesFor } from "~/services/i18n.server";
import { DEFAULT_LOCALE } from "~/lib/locales";

// /admin/settings (admins): one's own password, and the staff accounts (add a moderator, disable,
// enable, remove). Plain forms; a removal has its confirm step (a page without JavaScript, a dialog with it).

export const meta: Route.MetaFunction = () => privatePageMeta("Settings | Admin");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, "settings.manage", context);
  const rows = can(user.role, "users.manage") ? await listStaff(getDb()) : [];
  const staff = rows.map((row) => {
    const facts = {
      totpEnabledAt: row.totp_enabled_at,
      passkeys: Number(row.passkeys ?? 0),
      graceFrom: row.second_factor_grace_from ?? row.created_at,
    };
    return {
      ...row,
      secondFactor: {
        app: facts.totpEnabledAt !== null,
        passkeys: facts.passkeys,
        dueAt: secondFactorDueAt(facts).toISOString(),
        overdue: mustSetUpSecondFactor(facts),
      },
    };
  });
  const params = new URL(request.url).searchParams;
  const confirmId = params.get("confirm") === "remove" ? Number(params.get("id")) || null : null;
  return {
    me: user.id,
    staff,
    confirm: staff.find((s) => s.id === confirmId) ?? null,
    canManageUsers: can(user.role, "users.manage"),
    graceDays: config().staffSecondFactorGraceDays,
    // The backups (admins: settings.manage, checked above); the back-office's words are English.
    backup: await backupView(getDb()),
    messages: messagesFor(DEFAULT_LOCALE, ["admin"]),
  };
}

export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args);

type Reply = { form: "password" | "moderator" | "staff"; result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "settings.manage", context);
  const actor = user.actor;
  const formData = await readForm(request);
  if (formData.get("intent") === "password") {
    const submission = parseWithZod(formData, { schema: passwordChangeSchema });
    const hide = ["current_password", "new_password", "confirm_password"];
    if (submission.status !== "success")
      return data<Reply>({ form: "password", result: submission.reply({ hideFields: hide }) }, { status: 400 });
    const result = await changeOwnPassword(getDb(), actor, request, submission.value);
    if (!result.ok)
      return data<Reply>(
        {
          form: "password",
          result: submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields: hide }),
        },
        { status: result.status, headers: retryAfterHeaders(result) },
      );
    return redirectWithFlash(request, "/admin/settings", SETTINGS_MESSAGES.passwordChanged);
  }
  requirePermission(request, "users.manage", context);
  const submission = parseWithZod(formData, { schema: staffIntentSchema });
  const form = formData.get("intent") === "add_moderator" ? "moderator" : "staff";
  if (submission.status !== "success")
    return data<Reply>({ form, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const result = await changeStaff(getDb(), actor, submission.value);
  if (!result.ok && "status" in result)
    return data<Reply>(
      { form, result: submission.reply({ formErrors: [result.message], hideFields: ["password"] }) },
      { status: result.status, headers: retryAfterHeaders(result) },
    );
  if (!result.ok) {
    const errors = result.field
      ? { fieldErrors: { [result.field]: [result.message] } }
      : { formErrors: [result.message] };
    return data<Reply>(
      { form, result: submission.reply({ ...errors, hideFields: ["password"] }) },
      { status: httpStatusOf(result.reason) },
    );
  }
  return redirectWithFlash(request, "/admin/settings", result.message ?? "Saved.");
}

function SecondFactorStatus({
  app,
  passkeys,
  dueAt,
  overdue,
}: {
  app: boolean;
  passkeys: number;
  dueAt: string;
  overdue: boolean;
}) {
  if (app || passkeys) {
    const ways = [app ? "App" : null, passkeys ? `${passkeys} passkey${passkeys === 1 ? "" : "s"}` : null];
    return <Badge tone="success">{ways.filter(Boolean).join(" + ")}</Badge>;
  }
  return overdue ? (
    <Badge tone="danger">Not set up (required)</Badge>
  ) : (
    <Badge tone="warning">{`Not set up · due ${formatDate(dueAt)}`}</Badge>
  );
}

function errorsOf(reply: Reply | undefined, form: Reply["form"]) {
  if (!reply || reply.form !== form)
    return { form: undefined, fields: {} as Record<string, string[] | null | undefined> };
  const { "": formErrors, ...fields } = reply.result.error ?? {};
  return { form: formErrors ?? undefined, fields };
}

function value(reply: Reply | undefined, form: Reply["form"], name: string): string | undefined {
  if (reply?.form !== form) return undefined;
  const v = (reply.result.initialValue as Record<string, unknown> | undefined)?.[name];
  return typeof v === "string" ? v : undefined;
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { me, staff, confirm, canManageUsers, graceDays, backup } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const password = errorsOf(actionData, "password");
  const moderator = errorsOf(actionData, "moderator");
  const staffErrors = errorsOf(actionData, "staff");
  const removeQuestion = (name: string) =>
    `Remove the account of ${name}? They can no longer sign in. This action cannot be undone.`;

  return (
    <div className="stack">
      <h1 className="admin-title">Settings</h1>

      <CardSection id="password" title="Change your password" className="stack" small>
        <p className="muted small">
          Your other sessions (other browsers and devices) are signed out when the password changes.
        </p>
        <Form method="post" className="form-grid settings-form" noValidate={false}>
          <input type="hidden" name="intent" value="password" />
          <FormErrors errors={password.form} className="span-2" />
          <PasswordField
            label="Current password"
            errors={password.fields.current_password ?? undefined}
            inputProps={{ name: "current_password", id: "current-password", autoComplete: "current-password" }}
          />
          <PasswordField
            label="New password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            errors={password.fields.new_password ?? undefined}
            inputProps={{ name: "new_password", id: "new-password", autoComplete: "new-password" }}
          />
          <PasswordField
            label="Confirm new password"
            errors={password.fields.confirm_password ?? undefined}
            inputProps={{ name: "confirm_password", id: "confirm-password", autoComplete: "new-password" }}
          />
          <SubmitButton busy={busy} rowClassName="span-2">
            Change Password
          </SubmitButton>
        </Form>
      </CardSection>

      <BackupSettings backup={backup} />

      {canManageUsers ? (
        <CardSection id="staff" title="Staff accounts" className="stack" small>
          <ActionError message={staffErrors.form?.[0]} />
          {confirm ? (
            <div className="card card-pad">
              <ConfirmPanel
                question={removeQuestion(confirm.name)}
                action="/admin/settings"
                fields={{ intent: "remove", id: confirm.id, confirmed: "1" }}
                confirmLabel="Remove"
                danger
                cancelHref="/admin/settings"
              />
            </div>
          ) : null}
          <p className="small muted">
            Two-step sign-in is required of every staff account {graceDays} days after it is created; after that, an
            account without it can open only its Account security page until it sets one up.
          </p>
          <DataTable
            label="Staff accounts table"
            columns={["Name", "Email", "Role", "Status", "Two-step sign-in", "Since", "Actions"]}
          >
            {staff.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.name}
                  {s.id === me ? <span className="muted small"> (you)</span> : null}
                </td>
                <td>{s.email}</td>
                <td>
                  <Badge tone={s.role === "admin" ? "info" : "neutral"}>
                    {s.role === "admin" ? "Admin" : "Moderator"}
                  </Badge>
                </td>
                <td>{s.is_active ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Disabled</Badge>}</td>
                <td className="small">
                  <SecondFactorStatus {...s.secondFactor} />
                </td>
                <td className="small">{formatDate(s.created_at)}</td>
                <td>
                  {s.id === me ? (
                    <span className="muted small">—</span>
                  ) : (
                    <div className="row-actions">
                      <IntentButton
                        intent={s.is_active ? "disable" : "enable"}
                        fields={{ id: s.id }}
                        label={`${s.is_active ? "Disable" : "Enable"} ${s.name}`}
                      >
                        {s.is_active ? "Disable" : "Enable"}
                      </IntentButton>
                      <RemoveButton
                        href={`?confirm=remove&id=${s.id}`}
                        question={removeQuestion(s.name)}
                        action="/admin/settings"
                        fields={{ intent: "remove", id: s.id, confirmed: "1" }}
                      />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>

          <h3 id="add-heading" className="h4">
            Add a moderator
          </h3>
          <p className="muted small">
            Moderators handle reviews, enquiries and newsletter subscriptions; they cannot change sellers, categories,
            settings or export data.
          </p>
          <Form method="post" className="form-grid settings-form" aria-labelledby="add-heading" key={params.toString()}>
            <input type="hidden" name="intent" value="add_moderator" />
            <FormErrors errors={moderator.form} className="span-2" />
            <Field
              label="Name"
              errors={moderator.fields.name ?? undefined}
              inputProps={{
                id: "mod-name",
                name: "name",
                required: true,
                autoComplete: "off",
                defaultValue: value(actionData, "moderator", "name"),
              }}
            />
            <Field
              label="Email"
              errors={moderator.fields.email ?? undefined}
              inputProps={{
                id: "mod-email",
                name: "email",
                type: "email",
                required: true,
                autoComplete: "off",
                defaultValue: value(actionData, "moderator", "email"),
              }}
            />
            <PasswordField
              label="First password"
              hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters. Share it with them privately.`}
              errors={moderator.fields.password ?? undefined}
              inputProps={{ name: "password", id: "mod-password", autoComplete: "new-password" }}
            />
            <SubmitButton busy={busy} rowClassName="span-2">
              Add Moderator
            </SubmitButton>
          </Form>
        </CardSection>
      ) : null}
    </div>
  );
}
