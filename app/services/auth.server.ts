import { normaliseEmail } from "~/lib/validation/fields";
import { formMessage } from "~/lib/form-messages";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { DB } from "~db/client";
import { getDb } from "~db/client";
import { type LoginInput, loginSchema } from "~/lib/validation/accounts";
import { writeAudit } from "~/models/audit.server";
import { homeForRole } from "~/lib/permissions";
import { type AccountUser, findUserForLogin, rehashPassword } from "~/models/users.server";
import { firstIssueMessage, jsonError, methodNotAllowed, readJsonBody } from "./api.server";
import { boundedFormRequest } from "./forms.server";
import { crossOriginRefusal, isCrossOrigin } from "./csrf.server";
import { type Busy, hashPassword, needsRehash, orBusy, verifyAgainstDummy, verifyPassword } from "./password.server";
import { consumeAll, refund, retryAfterHeaders, type Throttled, throttled } from "./rate-limit.server";
import { createUserSession, destroySession, pendingSecondStep } from "./session.server";
import { hasSecondFactor, verifySecondStep } from "./second-factor.server";
import { secondFactorFactsOf } from "~/models/second-factor.server";
import { SECOND_FACTOR_MESSAGES } from "~/lib/validation/messages";
import { secondFactorCodeSchema } from "~/lib/validation/staff";
import { isStaffRole } from "~/lib/permissions";
import { type CallbackParams, finishGoogleSignIn, type GoogleError } from "./google-oidc.server";
import { hasSignedInFrom, rememberSignIn } from "~/models/sign-in-addresses.server";
import { countSignInRefusal } from "./metrics.server";

// Password sign-in for both doors (seller login, admin login): throttling, audit, one message for
// every wrong pair. remix-auth runs the strategy; the app owns the session (session.server.ts).

export type Portal = "seller" | "admin";

/** The seller door's answer: a `forms` catalogue key (the page's language; the API's English, lib/form-messages.ts). */
export const INVALID_LOGIN_MESSAGE = formMessage("forms.login.invalid");
export const INVALID_ADMIN_MESSAGE = "Invalid admin credentials. Please check your email and password.";

export type LoginOutcome =
  { ok: true; user: AccountUser } | { ok: false; status: 401; message: string } | Throttled | Busy;

const STAFF = new Set(["admin", "moderator"]);

/**
 * Checks an email and password at a door. Throttled per client address (RATE_LIMIT_LOGIN) and per
 * account (RATE_LIMIT_LOGIN_ACCOUNT, counting failures only); every attempt is audited without the password.
 */
export async function attemptPasswordLogin(
  db: DB,
  input: LoginInput,
  meta: { portal: Portal; clientAddress: string },
): Promise<LoginOutcome> {
  const { portal, clientAddress } = meta;
  const email = normaliseEmail(input.email);
  const invalid = portal === "admin" ? INVALID_ADMIN_MESSAGE : INVALID_LOGIN_MESSAGE;
  const audit = (outcome: string, userId?: number) =>
    writeAudit(db, {
      action: `${portal}.login.${outcome}`,
      actorUserId: userId ?? null,
      actorEmail: email.slice(0, 254),
      ip: clientAddress,
      details: { portal },
    });

  // Each attempt is counted before the password work (parallel attempts cannot all slip under the
  // limit) and given back when it succeeds. An address that has signed in to this account before is
  // not held by the per-account limit, so failures from elsewhere cannot keep the owner out.
  const knownAddress = await hasSignedInFrom(db, email, clientAddress);
  const limit = await consumeAll(
    db,
    knownAddress
      ? [["login", clientAddress]]
      : [
          ["login", clientAddress],
          ["login_account", email],
        ],
  );
  if (!limit.allowed) {
    countSignInRefusal(portal, "throttled");
    await audit("throttled");
    return throttled(limit.retryAfterSeconds);
  }

  const row = await findUserForLogin(db, email);
  const passwordOk = await orBusy(() =>
    row?.password_hash ? verifyPassword(input.password, row.password_hash) : verifyAgainstDummy(input.password),
  );
  if (typeof passwordOk !== "boolean") {
    // Not an attempt at the password: the counts are given back, and the answer says when to come back.
    await refund(db, "login", clientAddress);
    if (!knownAddress) await refund(db, "login_account", email);
    countSignInRefusal(portal, "busy");
    await audit("busy", row?.id);
    return passwordOk;
  }
  const allowedHere = row && row.is_active === 1 && (portal === "seller" || STAFF.has(row.role));
  if (!row || !passwordOk || !allowedHere) {
    countSignInRefusal(portal, "failure");
    await audit("failure", row?.id);
    return { ok: false, status: 401, message: invalid };
  }
  await refund(db, "login", clientAddress);
  if (!knownAddress) await refund(db, "login_account", email);
  await rememberSignIn(db, email, clientAddress);
  if (needsRehash(row.password_hash!)) {
    // A busy moment only puts the new hash off to a later sign-in.
    const rehashed = await orBusy(() => hashPassword(input.password));
    if (typeof rehashed === "string") await rehashPassword(db, row.id, rehashed);
  }
  await audit("success", row.id);
  const { password_hash: _h, is_active: _a, ...user } = row;
  return { ok: true, user };
}

export class LoginFailure extends Error {
  constructor(public outcome: Extract<LoginOutcome, { ok: false }>) {
    super(outcome.message);
  }
}

/** remix-auth with one FormStrategy per door; made per request because the client address comes from the load context. */
export function passwordAuthenticator(clientAddress: string) {
  const authenticator = new Authenticator<AccountUser>();
  for (const portal of ["seller", "admin"] as const) {
    authenticator.use(
      new FormStrategy(async ({ form }) => {
        const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
        if (!parsed.success)
          throw new LoginFailure({
            ok: false,
            status: 401,
            message: portal === "admin" ? INVALID_ADMIN_MESSAGE : INVALID_LOGIN_MESSAGE,
          });
        const outcome = await attemptPasswordLogin(getDb(), parsed.data, { portal, clientAddress });
        if (!outcome.ok) throw new LoginFailure(outcome);
        return outcome.user;
      }),
      portal,
    );
  }
  return authenticator;
}

/** Ends any session the request carried and starts a new one (a fresh id at every sign-in). Returns Set-Cookie. */
export async function startSession(
  request: Request,
  userId: number,
  clientAddress: string,
  options: { awaitingSecondFactor?: boolean } = {},
): Promise<string> {
  await destroySession(request);
  return createUserSession(userId, {
    ip: clientAddress,
    userAgent: request.headers.get("User-Agent"),
    awaitingSecondFactor: options.awaitingSecondFactor,
  });
}

/** Whether a sign-in with the right password still needs its second step (staff with a second factor, at either door). */
async function needsSecondStep(user: AccountUser): Promise<boolean> {
  return isStaffRole(user.role) && hasSecondFactor(await secondFactorFactsOf(getDb(), user.id));
}

/** The staff sign-in page, on its second step, coming back to `to` afterwards. */
export function secondStepPath(to: string): string {
  return `/admin/login?${new URLSearchParams({ redirectTo: to })}`;
}

/**
 * The sign-in pages' post (the seller door and the admin door): the form checked, then the password
 * (throttled, audited), then a new session and the way on — or the form again with one message, the
 * password never sent back. A staff member with a second factor gets a half-done session instead and
 * the second step of /admin/login (handleSecondStep). The API twin is handleApiLogin.
 */
export async function handlePageLogin(
  request: Request,
  clientAddress: string,
  portal: Portal,
  destination: (user: AccountUser, redirectTo: FormDataEntryValue | null) => string,
) {
  const bounded = await boundedFormRequest(request);
  const formData = await bounded.clone().formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success")
    return data({ step: "password" as const, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  try {
    const user = await passwordAuthenticator(clientAddress).authenticate(portal, bounded);
    const to = destination(user, formData.get("redirectTo"));
    if (await needsSecondStep(user)) {
      const cookie = await startSession(request, user.id, clientAddress, { awaitingSecondFactor: true });
      return redirect(secondStepPath(to), { headers: { "Set-Cookie": cookie } });
    }
    const cookie = await startSession(request, user.id, clientAddress);
    return redirect(to, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (!(error instanceof LoginFailure)) throw error;
    return data(
      {
        step: "password" as const,
        result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }),
      },
      { status: error.outcome.status, headers: retryAfterHeaders(error.outcome) },
    );
  }
}

/**
 * The second step's post on /admin/login: a code from the authenticator app or a recovery code for the
 * half-done session (throttled, audited), then the real session (a fresh id) and the way on. "Start
 * over" ends the half-done session.
 */
export async function handleSecondStep(request: Request, clientAddress: string, destination: string) {
  const formData = await (await boundedFormRequest(request)).formData();
  const pending = await pendingSecondStep(request);
  if (formData.get("intent") === "cancel" || !pending) {
    const cookie = await destroySession(request);
    if (!pending && formData.get("intent") !== "cancel") {
      const result = parseWithZod(new FormData(), { schema: loginSchema }).reply({
        formErrors: [SECOND_FACTOR_MESSAGES.expired],
        resetForm: true,
      });
      return data({ step: "password" as const, result }, { status: 401, headers: { "Set-Cookie": cookie } });
    }
    return redirect("/admin/login", { headers: { "Set-Cookie": cookie } });
  }
  const submission = parseWithZod(formData, { schema: secondFactorCodeSchema });
  if (submission.status !== "success")
    return data({ step: "code" as const, result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  const outcome = await verifySecondStep(getDb(), pending.user, submission.value.code, {
    portal: "admin",
    clientAddress,
  });
  if (!outcome.ok)
    return data(
      { step: "code" as const, result: submission.reply({ formErrors: [outcome.message], hideFields: ["code"] }) },
      { status: outcome.status, headers: retryAfterHeaders(outcome) },
    );
  const cookie = await startSession(request, pending.user.id, clientAddress);
  return redirect(destination, { headers: { "Set-Cookie": cookie } });
}

/**
 * The way back from Google, once for the callback page's post (without JavaScript) and POST /api/sessions
 * (the page's script): the code exchanged once, the attempt audited, and on success the new session's
 * cookies (the session and the cleared state cookie).
 */
export async function completeGoogleSignIn(
  db: DB,
  request: Request,
  params: CallbackParams,
  clientAddress: string,
): Promise<{ ok: true; user: AccountUser; headers: Headers } | GoogleError> {
  const result = await finishGoogleSignIn(db, request, params, clientAddress);
  await writeAudit(db, {
    action: result.ok ? "google.login.success" : "google.login.failure",
    actorUserId: result.ok ? result.user.id : null,
    actorEmail: result.ok ? result.user.email : null,
    ip: clientAddress,
    details: result.ok ? { portal: "google" } : { portal: "google", status: result.status },
  });
  if (!result.ok) return result;
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await startSession(request, result.user.id, clientAddress));
  headers.append("Set-Cookie", result.clearCookie);
  return { ok: true, user: result.user, headers };
}

/** The JSON shape of the signed-in user in API answers (the spec's fields only). */
export function userJson(user: Omit<AccountUser, "language">) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    mobile: user.mobile,
    city: user.city,
    locality: user.locality,
  };
}

/**
 * POST /api/auth/login and POST /api/admin/login: JSON {email, password} → {success, user, redirectTo} +
 * the session cookie. A staff account with a second factor also sends `code` (the app's or a recovery
 * code); without it the answer is 401 {error, secondFactorRequired: true}.
 */
export async function handleApiLogin(request: Request, clientAddress: string, portal: Portal): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (isCrossOrigin(request)) return crossOriginRefusal();
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const parsed = loginSchema.safeParse(read.body ?? {});
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const outcome = await attemptPasswordLogin(getDb(), parsed.data, { portal, clientAddress });
  if (!outcome.ok) {
    return jsonError(outcome.message, outcome.status, retryAfterHeaders(outcome));
  }
  if (await needsSecondStep(outcome.user)) {
    const body = (read.body ?? {}) as { code?: unknown };
    if (typeof body.code !== "string" || !body.code.trim())
      return Response.json(
        { error: SECOND_FACTOR_MESSAGES.apiCodeNeeded, secondFactorRequired: true },
        { status: 401, headers: { "Cache-Control": "no-store" } },
      );
    const second = await verifySecondStep(getDb(), outcome.user, body.code.slice(0, 40), { portal, clientAddress });
    if (!second.ok) return jsonError(second.message, second.status, retryAfterHeaders(second));
  }
  const cookie = await startSession(request, outcome.user.id, clientAddress);
  return Response.json(
    { success: true, user: userJson(outcome.user), redirectTo: homeForRole(outcome.user.role, outcome.user.language) },
    { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } },
  );
}
