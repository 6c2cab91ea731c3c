import { IntentButton } from "~/components/admin/intent-button";
import { getSelectProps, type SubmissionResult } from "@conform-to/react";
import { type FormFields, useForm } from "~/lib/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { getDb } from "~db/client";
import { Badge } from "~/components/admin/badge";
import { DataTable } from "~/components/admin/data-table";
import { Field, FormErrors, oneTimeCodeProps, SelectField, SubmitButton } from "~/components/forms";
import { PasskeyAdd, PasskeyProofButton } from "~/components/passkey-buttons";
import { formatDate, formatDateTime } from "~/lib/dates";
import { deviceLabel } from "~/lib/device-label";
import { privatePageMeta } from "~/lib/seo";
import { SECOND_FACTOR_MESSAGES } from "~/lib/validation/messages";
import { accountSecurityIntentSchema } from "~/lib/validation/staff";
import { accountSecurityOverview, signOutSessions } from "~/services/account-security.server";
import { readForm } from "~/services/forms.server";
import {
  type ChangeRefused,
  makeNewRecoveryCodes,
  type Proof,
  removeAuthenticatorApp,
  removePasskey,
  turnOnAuthenticatorApp,
} from "~/services/second-factor-changes.server";
import { destroySession, redirectWithFlash, requirePermission } from "~/services/session.server";
import type { Route } from "./+types/security";
import { CardSection } from "~/components/card-section";

// /admin/security (every staff member, her own account): two-step sign-in (an authenticator app set up
// with a QR code, recovery codes, passkeys) and the sessions signed in as her, with "sign out everywhere".
// Once the grace period is over without a second factor, this is the one back-office page she can open.
// Once she has a second factor, every change of it asks for a code (or a passkey) again.

export const meta: Route.MetaFunction = () => privatePageMeta("Account security | Admin");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, "account.security", context);
  return accountSecurityOverview(getDb(), request, user);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

type FormName = "enable_totp" | "disable_totp" | "new_recovery_codes" | "remove_passkey" | "other";

type Reply =
  { form: FormName; result: SubmissionResult<string[]> } | { form: "recovery_codes"; codes: string[]; message: string };

/** The proof a post carries: a typed code, or a passkey's answer put in by the page's script. */
function proofOf(input: { code?: string; passkey?: string }): Proof {
  let passkey: unknown = undefined;
  if (input.passkey) {
    try {
      passkey = JSON.parse(input.passkey);
    } catch {
      passkey = input.passkey;
    }
  }
  return { code: input.code, passkey };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "account.security", context);
  const db = getDb();
  const submission = parseWithZod(await readForm(request), { schema: accountSecurityIntentSchema });
  const hidden = { hideFields: ["code", "proof", "passkey"] };
  if (submission.status !== "success")
    return data<Reply>({ form: "other", result: submission.reply(hidden) }, { status: 400 });
  const input = submission.value;
  // Recovery codes are shown once, in this answer: they are kept only as hashes.
  const showCodes = (codes: string[], message: string) => data<Reply>({ form: "recovery_codes", codes, message });
  const refuse = (form: FormName, refusal: Pick<ChangeRefused, "message" | "status" | "retryAfterSeconds">) =>
    data<Reply>(
      { form, result: submission.reply({ formErrors: [refusal.message], ...hidden }) },
      {
        status: refusal.status,
        headers: refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined,
      },
    );
  switch (input.intent) {
    case "enable_totp": {
      const result = await turnOnAuthenticatorApp(
        db,
        request,
        user,
        input.code,
        proofOf({ code: input.proof, passkey: input.passkey }),
      );
      if (!result.ok) return refuse("enable_totp", result);
      return showCodes(result.recoveryCodes, SECOND_FACTOR_MESSAGES.enabled);
    }
    case "disable_totp": {
      const result = await removeAuthenticatorApp(db, request, user, proofOf(input));
      if (!result.ok) return refuse("disable_totp", result);
      return redirectWithFlash(request, "/admin/security", SECOND_FACTOR_MESSAGES.disabled);
    }
    case "new_recovery_codes": {
      const result = await makeNewRecoveryCodes(db, request, user, proofOf(input));
      if (!result.ok) return refuse("new_recovery_codes", result);
      return showCodes(result.codes, SECOND_FACTOR_MESSAGES.codesReplaced);
    }
    case "remove_passkey": {
      const result = await removePasskey(db, request, user, input.id, proofOf(input));
      if (!result.ok) return refuse("remove_passkey", result);
      return redirectWithFlash(request, "/admin/security", SECOND_FACTOR_MESSAGES.passkeyRemoved);
    }
    case "sign_out_session":
      if (!(await signOutSessions(db, user, { kind: "one", handle: input.id })))
        return refuse("other", { message: SECOND_FACTOR_MESSAGES.sessionGone, status: 404 });
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

const PROOF_LABEL = "Current code from the app, or a recovery code";

/**
 * A change of the second factor: its fields, and a code of the factor the account has (or, with
 * JavaScript and a passkey, "Confirm with a Passkey" instead).
 */
function ChangeForm({
  intent,
  submit,
  lastResult,
  busy,
  passkeys,
  labelledBy,
  children,
}: {
  intent: "disable_totp" | "new_recovery_codes" | "remove_passkey";
  submit: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  passkeys: boolean;
  /** the id of a heading that names the form */
  labelledBy?: string;
  children?: (fields: FormFields) => React.ReactNode;
}) {
  const [form, fields] = useForm({ id: intent, lastResult });
  return (
    <Form method="post" {...form.props} className="stack security-code-form" aria-labelledby={labelledBy}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors errors={form.errors} id={form.errorId} />
      {children?.(fields)}
      <Field label={PROOF_LABEL} errors={fields.code.errors} inputProps={oneTimeCodeProps(fields.code)} />
      <div className="row-actions">
        <SubmitButton busy={busy}>{submit}</SubmitButton>
        {passkeys ? <PasskeyProofButton /> : null}
      </div>
    </Form>
  );
}

function EnrolForm({
  lastResult,
  busy,
  proof,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  /** the account has a second factor already (passkeys): it must confirm the new app too */
  proof: { passkeys: boolean } | null;
}) {
  const [form, fields] = useForm({ id: "enable_totp", lastResult });
  return (
    <Form method="post" {...form.props} className="stack security-code-form">
      <input type="hidden" name="intent" value="enable_totp" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <Field label="Code from the app" errors={fields.code.errors} inputProps={oneTimeCodeProps(fields.code)} />
      {proof ? (
        <Field
          label="A recovery code you already have (or confirm with a passkey)"
          errors={fields.proof.errors}
          inputProps={{ ...oneTimeCodeProps(fields.proof), required: false }}
        />
      ) : null}
      <div className="row-actions">
        <SubmitButton busy={busy}>Turn On Two-Step Sign-In</SubmitButton>
        {proof?.passkeys ? <PasskeyProofButton /> : null}
      </div>
    </Form>
  );
}

export default function AccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const replyOf = (form: FormName) => (actionData && actionData.form === form ? actionData.result : undefined);
  const other = replyOf("other");
  const codes = actionData?.form === "recovery_codes" ? actionData : null;
  const hasPasskeys = s.passkeys.length > 0;
  // What every change form shares: its last answer, the busy state, and whether a passkey may confirm it.
  const changeProps = (intent: "disable_totp" | "new_recovery_codes" | "remove_passkey") => ({
    intent,
    lastResult: replyOf(intent),
    busy,
    passkeys: hasPasskeys,
  });
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
      ) : (
        <p className="small muted">
          Every change below asks for a current code from your authenticator app, an unused recovery code or a passkey,
          and is mailed to {s.email}.
        </p>
      )}
      <FormErrors errors={other?.error?.[""] ?? Object.values(other?.error ?? {}).flat()} />

      {codes ? (
        <CardSection id="codes" title="Your recovery codes" className="stack" small>
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
        </CardSection>
      ) : null}

      <CardSection
        id="totp"
        title={
          <>
            Authenticator app{" "}
            {s.totpEnabledAt ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Not set up</Badge>}
          </>
        }
        className="stack"
        small
      >
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
            <EnrolForm
              lastResult={replyOf("enable_totp")}
              busy={busy}
              proof={s.hasSecondFactor ? { passkeys: hasPasskeys } : null}
            />
          </div>
        ) : (
          <>
            <p className="small muted">
              On since {formatDate(s.totpEnabledAt)}. To remove the app from your account (for example to move to a new
              phone), enter one of its codes, or a recovery code if the phone is lost.
            </p>
            <ChangeForm {...changeProps("disable_totp")} submit="Remove Authenticator App" />
          </>
        )}
      </CardSection>

      <CardSection id="recovery" title="Recovery codes" className="stack" small>
        {s.hasSecondFactor ? (
          <>
            <p className="small">{s.recoveryLeft} of 10 unused. Making new ones turns every old one off.</p>
            {s.legacyRecoveryCodes ? (
              <p className="small" role="note">
                Your recovery codes are of an older kind: make new ones when you can.
              </p>
            ) : null}
            <ChangeForm {...changeProps("new_recovery_codes")} submit="Make New Recovery Codes" />
          </>
        ) : (
          <p className="small muted">Ten single-use codes are made when you set up the authenticator app.</p>
        )}
        <p className="small muted">
          Lost your phone and your codes? An admin can reset your second factor from the server with{" "}
          <code>npm run user:create -- --update --reset-second-factor</code>.
        </p>
      </CardSection>

      <CardSection id="passkeys" title="Passkeys" className="stack" small>
        <p className="small muted">
          A passkey signs you in with your phone&apos;s or laptop&apos;s screen lock, and cannot be given away to a
          look-alike site.
        </p>
        {hasPasskeys ? (
          <>
            <DataTable label="Your passkeys" columns={["Name", "Added", "Last used"]}>
              {s.passkeys.map((p) => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td className="small">{formatDate(p.createdAt)}</td>
                  <td className="small">{p.lastUsedAt ? formatDate(p.lastUsedAt) : "Never"}</td>
                </tr>
              ))}
            </DataTable>
            <h3 className="h4" id="remove-passkey-heading">
              Remove a passkey
            </h3>
            <ChangeForm {...changeProps("remove_passkey")} labelledBy="remove-passkey-heading" submit="Remove Passkey">
              {(fields) => (
                <SelectField label="Passkey" errors={fields.id.errors} selectProps={getSelectProps(fields.id)}>
                  {s.passkeys.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </SelectField>
              )}
            </ChangeForm>
          </>
        ) : null}
        {s.passkeysAvailable ? (
          <PasskeyAdd needsProof={s.hasSecondFactor} canUsePasskey={hasPasskeys} />
        ) : (
          <p className="small muted">{SECOND_FACTOR_MESSAGES.passkeysNeedDomain}</p>
        )}
      </CardSection>

      <CardSection id="sessions" title="Where you are signed in" className="stack" small>
        <p className="small muted">Staff sessions end by themselves after a while without activity.</p>
        <DataTable label="Your active sessions" columns={["Device", "Address", "Signed in", "Last active", "Actions"]}>
          {s.sessions.map((session) => (
            <tr key={session.handle}>
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
                  <IntentButton
                    intent="sign_out_session"
                    fields={{ id: session.handle }}
                    label={`Sign out ${deviceLabel(session.userAgent)} (signed in ${formatDateTime(session.createdAt)})`}
                  >
                    Sign out
                  </IntentButton>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
        <div className="row-actions">
          <IntentButton intent="sign_out_others" disabled={busy}>
            Sign Out Everywhere Else
          </IntentButton>
          <IntentButton intent="sign_out_everywhere" danger disabled={busy}>
            Sign Out Everywhere
          </IntentButton>
        </div>
      </CardSection>
    </div>
  );
}
