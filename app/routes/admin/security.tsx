import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { getDb } from "~db/client";
import { Badge } from "~/components/admin/badge";
import { DataTable } from "~/components/admin/data-table";
import { Field, FormErrors, oneTimeCodeProps, SubmitButton } from "~/components/forms";
import { PasskeyAdd } from "~/components/passkey-buttons";
import { formatDate, formatDateTime } from "~/lib/dates";
import { deviceLabel } from "~/lib/device-label";
import { privatePageMeta } from "~/lib/seo";
import { SECOND_FACTOR_MESSAGES } from "~/lib/validation/messages";
import { accountSecurityIntentSchema } from "~/lib/validation/staff";
import { deletePasskey } from "~/models/second-factor.server";
import { accountSecurityOverview, signOutSessions } from "~/services/account-security.server";
import { readForm } from "~/services/api.server";
import { confirmTotpEnrolment, regenerateRecoveryCodes, turnOffTotp } from "~/services/second-factor.server";
import { destroySession, redirectWithFlash, requirePermission } from "~/services/session.server";
import type { Route } from "./+types/security";

// /admin/security (every staff member, her own account): two-step sign-in (an authenticator app set up
// with a QR code, recovery codes, passkeys) and the sessions signed in as her, with "sign out everywhere".
// Once the grace period is over without a second factor, this is the one back-office page she can open.

export const meta: Route.MetaFunction = () => privatePageMeta("Account security | Admin");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "account.security");
  return accountSecurityOverview(getDb(), request, user);
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

type Reply =
  | { form: "enable_totp" | "disable_totp" | "other"; result: SubmissionResult<string[]> }
  | { form: "recovery_codes"; codes: string[]; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "account.security", context);
  const db = getDb();
  const submission = parseWithZod(await readForm(request), { schema: accountSecurityIntentSchema });
  if (submission.status !== "success")
    return data<Reply>({ form: "other", result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  const input = submission.value;
  const refuse = (form: "enable_totp" | "disable_totp" | "other", message: string, status = 400) =>
    data<Reply>({ form, result: submission.reply({ formErrors: [message], hideFields: ["code"] }) }, { status });
  switch (input.intent) {
    case "enable_totp": {
      const result = await confirmTotpEnrolment(db, user.actor, input.code);
      if (!result.ok) return refuse("enable_totp", result.message);
      // Shown once, in this answer: they are kept only as hashes.
      return data<Reply>({
        form: "recovery_codes",
        codes: result.recoveryCodes,
        message: SECOND_FACTOR_MESSAGES.enabled,
      });
    }
    case "disable_totp": {
      const result = await turnOffTotp(db, user.actor, input.code);
      if (!result.ok) return refuse("disable_totp", result.message);
      return redirectWithFlash(request, "/admin/security", SECOND_FACTOR_MESSAGES.disabled);
    }
    case "new_recovery_codes": {
      if (!user.secondFactor.totpEnabledAt && user.secondFactor.passkeys === 0)
        return refuse("other", SECOND_FACTOR_MESSAGES.setUpFirst);
      const codes = await regenerateRecoveryCodes(db, user.actor);
      return data<Reply>({ form: "recovery_codes", codes, message: SECOND_FACTOR_MESSAGES.codesReplaced });
    }
    case "remove_passkey":
      if (!(await deletePasskey(db, user.id, input.id)))
        return refuse("other", SECOND_FACTOR_MESSAGES.sessionGone, 404);
      return redirectWithFlash(request, "/admin/security", SECOND_FACTOR_MESSAGES.passkeyRemoved);
    case "sign_out_session":
      if (input.id === user.sessionId || !(await signOutSessions(db, user, { kind: "one", id: input.id })))
        return refuse("other", SECOND_FACTOR_MESSAGES.sessionGone, 404);
      return redirectWithFlash(request, "/admin/security", SECOND_FACTOR_MESSAGES.signedOutOne);
    case "sign_out_others":
      await signOutSessions(db, user, { kind: "others" });
      return redirectWithFlash(request, "/admin/security", SECOND_FACTOR_MESSAGES.signedOutOthers);
    case "sign_out_everywhere": {
      await signOutSessions(db, user, { kind: "everywhere" });
      return redirect("/admin/login", { headers: { "Set-Cookie": await destroySession(request) } });
    }
  }
}

function CodeForm({
  intent,
  label,
  submit,
  lastResult,
  busy,
}: {
  intent: "enable_totp" | "disable_totp";
  label: string;
  submit: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({ id: intent, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="stack security-code-form">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <Field label={label} errors={fields.code.errors} inputProps={oneTimeCodeProps(fields.code)} />
      <SubmitButton busy={busy}>{submit}</SubmitButton>
    </Form>
  );
}

export default function AccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const replyOf = (form: "enable_totp" | "disable_totp" | "other") =>
    actionData && actionData.form === form ? actionData.result : undefined;
  const other = replyOf("other");
  const codes = actionData?.form === "recovery_codes" ? actionData : null;
  return (
    <div className="stack">
      <h1 className="admin-title">Account security</h1>

      {s.required ? (
        <p className="notice notice-warning" role="alert">
          Two-step sign-in is required for staff accounts. Set up an authenticator app (or a passkey) below to open the
          rest of the back-office.
        </p>
      ) : !s.hasSecondFactor ? (
        <p className="notice" role="note">
          Two-step sign-in will be required for your account from <strong>{formatDate(s.dueAt)}</strong>. Set it up now:
          it takes a minute.
        </p>
      ) : null}
      <FormErrors errors={other?.error?.[""] ?? Object.values(other?.error ?? {}).flat()} />

      {codes ? (
        <section className="card card-pad stack" aria-labelledby="codes-heading">
          <h2 id="codes-heading" className="h3">
            Your recovery codes
          </h2>
          <p className="form-success" role="status">
            {codes.message}
          </p>
          <p className="small">
            Each code signs you in once if you lose your phone. Copy, print or write them down now and keep them
            somewhere safe: they are not shown again.
          </p>
          <ol className="recovery-codes" aria-label="Recovery codes">
            {codes.codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section className="card card-pad stack" aria-labelledby="totp-heading">
        <h2 id="totp-heading" className="h3">
          Authenticator app{" "}
          {s.totpEnabledAt ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Not set up</Badge>}
        </h2>
        {s.enrolment ? (
          <div className="security-enrol">
            <ol className="stack small">
              <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 2FAS…).</li>
              <li>Scan this QR code, or type the key below into the app.</li>
              <li>Enter the 6-digit code the app shows.</li>
            </ol>
            <div
              className="security-qr"
              role="img"
              aria-label="QR code of the authenticator set-up key"
              // The SVG is made by the qrcode library from our own otpauth address: paths only, no text.
              dangerouslySetInnerHTML={{ __html: s.enrolment.qrSvg }}
            />
            <p className="small">
              Key: <code className="security-key">{s.enrolment.secret.match(/.{1,4}/g)?.join(" ")}</code>
            </p>
            <CodeForm
              intent="enable_totp"
              label="Code from the app"
              submit="Turn On Two-Step Sign-In"
              lastResult={replyOf("enable_totp")}
              busy={busy}
            />
          </div>
        ) : (
          <>
            <p className="small muted">
              On since {formatDate(s.totpEnabledAt)}. To remove the app from your account (for example to move to a new
              phone), enter one of its codes, or a recovery code if the phone is lost.
            </p>
            <CodeForm
              intent="disable_totp"
              label="Current code from the app, or a recovery code"
              submit="Remove Authenticator App"
              lastResult={replyOf("disable_totp")}
              busy={busy}
            />
          </>
        )}
      </section>

      <section className="card card-pad stack" aria-labelledby="recovery-heading">
        <h2 id="recovery-heading" className="h3">
          Recovery codes
        </h2>
        {s.hasSecondFactor ? (
          <>
            <p className="small">{s.recoveryLeft} of 10 unused. Making new ones turns every old one off.</p>
            <Form method="post">
              <input type="hidden" name="intent" value="new_recovery_codes" />
              <button type="submit" className="btn btn-sm" disabled={busy}>
                Make New Recovery Codes
              </button>
            </Form>
          </>
        ) : (
          <p className="small muted">Ten single-use codes are made when you set up the authenticator app.</p>
        )}
        <p className="small muted">
          Lost your phone and your codes? An admin can reset your second factor from the server with{" "}
          <code>npm run user:create -- --update --reset-second-factor</code>.
        </p>
      </section>

      <section className="card card-pad stack" aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading" className="h3">
          Passkeys
        </h2>
        <p className="small muted">
          A passkey signs you in with your phone&apos;s or laptop&apos;s screen lock, and cannot be given away to a
          look-alike site.
        </p>
        {s.passkeys.length ? (
          <DataTable label="Your passkeys" columns={["Name", "Added", "Last used", "Actions"]}>
            {s.passkeys.map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td>
                <td className="small">{formatDate(p.createdAt)}</td>
                <td className="small">{p.lastUsedAt ? formatDate(p.lastUsedAt) : "Never"}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove_passkey" />
                    <input type="hidden" name="id" value={p.id} />
                    <button type="submit" className="btn btn-sm" aria-label={`Remove passkey ${p.name}`}>
                      Remove
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
        {s.passkeysAvailable ? (
          <PasskeyAdd />
        ) : (
          <p className="small muted">{SECOND_FACTOR_MESSAGES.passkeysNeedDomain}</p>
        )}
      </section>

      <section className="card card-pad stack" aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="h3">
          Where you are signed in
        </h2>
        <p className="small muted">Staff sessions end by themselves after a while without activity.</p>
        <DataTable label="Your active sessions" columns={["Device", "Address", "Signed in", "Last active", "Actions"]}>
          {s.sessions.map((session) => (
            <tr key={session.id}>
              <td>
                {deviceLabel(session.userAgent)}
                {session.current ? (
                  <>
                    {" "}
                    <Badge tone="info">This device</Badge>
                  </>
                ) : null}
              </td>
              <td className="small">{session.ip ?? "—"}</td>
              <td className="small">{formatDateTime(session.createdAt)}</td>
              <td className="small">{formatDateTime(session.lastSeenAt)}</td>
              <td>
                {session.current ? (
                  <span className="muted small">—</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="sign_out_session" />
                    <input type="hidden" name="id" value={session.id} />
                    <button
                      type="submit"
                      className="btn btn-sm"
                      aria-label={`Sign out ${deviceLabel(session.userAgent)} (signed in ${formatDateTime(session.createdAt)})`}
                    >
                      Sign out
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
        <div className="row-actions">
          <Form method="post">
            <input type="hidden" name="intent" value="sign_out_others" />
            <button type="submit" className="btn btn-sm" disabled={busy}>
              Sign Out Everywhere Else
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="sign_out_everywhere" />
            <button type="submit" className="btn btn-sm btn-danger" disabled={busy}>
              Sign Out Everywhere
            </button>
          </Form>
        </div>
      </section>
    </div>
  );
}
