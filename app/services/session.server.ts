import { randomBytes } from "node:crypto";
import {
  createContext,
  createCookie,
  type MiddlewareFunction,
  redirect,
  type RouterContextProvider,
} from "react-router";
import { getDb } from "~db/client";
import { boundedMemo } from "~/lib/bounded-memo";
import type { Role } from "~db/schema";
import { can, isStaffRole, type Permission } from "~/lib/permissions";
import { SECOND_FACTOR_MESSAGES } from "~/lib/validation/messages";
import type { Actor } from "~/models/audit.server";
import {
  deleteSession,
  findSession,
  insertSession,
  type SessionRecord,
  type SessionUserRow,
  setSessionFlash,
  takeSessionFlash,
  touchSession,
} from "~/models/sessions.server";
import { methodNotAllowed } from "./api.server";
import { config, sessionSecrets } from "./config.server";
import { mustSetUpSecondFactor } from "./second-factor.server";

// Server-side sessions: the signed cookie holds only a random session id; the row (with its expiry)
// lives in the database, so logout and password changes revoke it.

const SESSION_DAYS = 30;
const SESSION_COOKIE = "__session";
// A staff sign-in half done (password right, second factor to come) lasts this long.
const SECOND_STEP_MS = 10 * 60_000;
// last_seen_at is written at most this often per session (not on every request).
const TOUCH_EVERY_MS = 60_000;
// The one page a staff member whose grace period is over may use: setting up the second factor.
export const ACCOUNT_SECURITY_PATH = "/admin/security";

export function sessionCookie() {
  return createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config().cookieSecure,
    // The first secret signs; the others still verify (SESSION_SECRET="new,old" rotates).
    secrets: sessionSecrets(),
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export type SessionUser = SessionUserRow;

/** The id of the request's session cookie, if it has a well-formed one. */
export async function sessionIdFrom(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  return header.length <= MAX_REMEMBERED_HEADER ? sessionIdsOf(sessionSecrets())(header) : readSessionId(header);
}

async function readSessionId(header: string): Promise<string | null> {
  const value = await sessionCookie().parse(header);
  return typeof value === "string" && /^[A-Za-z0-9_-]{32,}$/.test(value) ? value : null;
}

// A Cookie header's session id is read once, not on every request: its signature is checked with WebCrypto (a key
// imported, then verified: ~0.2 ms of a signed-in render in a profile, docs/performance.md). What it says depends on
// the header and the secrets only; the session row itself is read every time (revoked, expired, idle).
const MAX_REMEMBERED_HEADER = 4096;
const sessionIdReaders = new WeakMap<readonly string[], (header: string) => Promise<string | null>>();
function sessionIdsOf(secrets: readonly string[]): (header: string) => Promise<string | null> {
  let read = sessionIdReaders.get(secrets);
  if (!read) sessionIdReaders.set(secrets, (read = boundedMemo(1_000, readSessionId)));
  return read;
}

export type ActiveSessionRecord = SessionRecord & { id: string };

/**
 * The request's signed-in session, or null: expired, revoked, half-done (second step still to come)
 * and, for staff, idle sessions (STAFF_IDLE_MINUTES without a request) count as signed out; an idle
 * one is deleted. Notes the request as the session's last activity.
 */
export async function getSession(request: Request): Promise<ActiveSessionRecord | null> {
  const id = await sessionIdFrom(request);
  if (!id) return null;
  const db = getDb();
  const record = await findSession(db, id);
  if (!record || record.awaitingSecondFactor) return null;
  const now = Date.now();
  const idleMs = now - new Date(record.lastSeenAt).getTime();
  if (isStaffRole(record.user.role) && idleMs > config().staffIdleMs) {
    await deleteSession(db, id);
    return null;
  }
  if (idleMs > TOUCH_EVERY_MS) await touchSession(db, id, new Date(now).toISOString());
  return { ...record, id };
}

/** The signed-in user, or null (expired, revoked and idle staff sessions count as signed out). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request))?.user ?? null;
}

/** A staff sign-in waiting for its second step: the session id and its user, or null. */
export async function pendingSecondStep(request: Request): Promise<{ id: string; user: SessionUser } | null> {
  const id = await sessionIdFrom(request);
  if (!id) return null;
  const record = await findSession(getDb(), id);
  return record?.awaitingSecondFactor ? { id, user: record.user } : null;
}

/**
 * Starts a new session (a fresh id at every sign-in) and returns the Set-Cookie header value. One that
 * awaits the second factor signs nobody in and lasts ten minutes.
 */
export async function createUserSession(
  userId: number,
  meta: { ip?: string; userAgent?: string | null; awaitingSecondFactor?: boolean } = {},
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await insertSession(getDb(), {
    id,
    userId,
    createdAt: new Date(),
    lifetimeMs: meta.awaitingSecondFactor ? SECOND_STEP_MS : SESSION_DAYS * 86_400_000,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    awaitingSecondFactor: meta.awaitingSecondFactor,
  });
  return sessionCookie().serialize(id);
}

/** Ends the request's session server-side and returns the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await sessionIdFrom(request);
  if (id) await deleteSession(getDb(), id);
  return sessionCookie().serialize("", { maxAge: 0 });
}

function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

function refuse(request: Request, status: 401 | 403, apiMessage: string, pageMessage: string): never {
  if (isApiRequest(request)) throw Response.json({ error: apiMessage }, { status });
  throw new Response(pageMessage, { status });
}

/**
 * Guard for pages and API routes: throws a redirect to the sign-in page (pages) or 401 JSON (API)
 * when signed out, and 403 when signed in without one of the roles.
 */
export async function requireUser(
  request: Request,
  options: { roles?: Role[]; loginPath?: string } = {},
): Promise<SessionUser> {
  return (await requireSession(request, options)).user;
}

async function requireSession(
  request: Request,
  options: { roles?: Role[]; loginPath?: string } = {},
): Promise<ActiveSessionRecord> {
  const session = await getSession(request);
  if (!session) {
    if (isApiRequest(request)) throw Response.json({ error: "Authentication required" }, { status: 401 });
    const url = new URL(request.url);
    const loginPath = options.loginPath ?? (url.pathname.startsWith("/admin") ? "/admin/login" : "/seller-login");
    throw redirect(`${loginPath}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (options.roles && !options.roles.includes(session.user.role))
    refuse(request, 403, "You do not have permission to do this", "You do not have permission to view this page.");
  return session;
}

/** The signed-in user's session, set by `staffOnly` for every back-office route below it. */
const staffSessionContext = createContext<ActiveSessionRecord>();

/**
 * The back-office guard, once for every page, action and API under `/admin` and `/api/admin` (the
 * middleware of `routes/admin/layout.tsx` and `routes/api/admin/guard.ts` in `app/routes.ts`): signed
 * out → the admin sign-in page (coming back afterwards) or 401 JSON for /api. Middleware runs before
 * child actions and resource routes too, which a parent loader does not. Someone signed in who is not
 * staff holds no permission, so `requirePermission` answers her 403: from a loader, the portal's error
 * page shows it (an error thrown here would show in the root's).
 */
export const staffOnly: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(staffSessionContext, await requireSession(request, { loginPath: "/admin/login" }));
  return next();
};

/**
 * The permission check of an admin loader or action, behind `staffOnly`: without the permission → 403;
 * a staff member past her grace period without a second factor → only the Account security page, to
 * set one up. A route outside the guard has no staff session here and fails loudly (500).
 */
export function requirePermission(
  request: Request,
  permission: Permission,
  context: Readonly<RouterContextProvider>,
): StaffUser {
  const session = context.get(staffSessionContext);
  const user = session.user;
  if (!can(user.role, permission))
    refuse(request, 403, "You do not have permission to do this", "You do not have permission to view this page.");
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (path !== ACCOUNT_SECURITY_PATH && mustSetUpSecondFactor(session.secondFactor)) {
    if (isApiRequest(request)) throw Response.json({ error: SECOND_FACTOR_MESSAGES.setUpFirst }, { status: 403 });
    throw redirect(ACCOUNT_SECURITY_PATH);
  }
  return {
    ...user,
    actor: { id: user.id, email: user.email, ip: context.clientAddress ?? null },
    sessionId: session.id,
    secondFactor: session.secondFactor,
  };
}

/** A staff member who passed the guard, with the actor that her changes are audited as. */
export type StaffUser = SessionUser & {
  actor: Actor;
  sessionId: string;
  secondFactor: SessionRecord["secondFactor"];
};

export type Flash = { kind: "success" | "error"; message: string };

/** Keeps a one-time message in the request's session, shown by the next page (with or without JavaScript). */
export async function setFlash(request: Request, flash: Flash): Promise<void> {
  const id = await sessionIdFrom(request);
  if (id) await setSessionFlash(getDb(), id, JSON.stringify(flash));
}

/** Reads and clears the session's one-time message. */
export async function takeFlash(request: Request): Promise<Flash | null> {
  const id = await sessionIdFrom(request);
  if (!id) return null;
  const stored = await takeSessionFlash(getDb(), id);
  if (!stored) return null;
  try {
    const flash = JSON.parse(stored) as Flash;
    return typeof flash.message === "string"
      ? { kind: flash.kind === "error" ? "error" : "success", message: flash.message }
      : null;
  } catch {
    return null;
  }
}

/** Post/redirect/get with a flash message: the admin actions' success answer. */
export async function redirectWithFlash(request: Request, to: string, flash: Flash | string): Promise<Response> {
  await setFlash(request, typeof flash === "string" ? { kind: "success", message: flash } : flash);
  return redirect(to);
}

/** The loader of an admin API route that takes only POST: her permission first (a stranger learns nothing), then 405. */
export function postOnlyLoader(permission: Permission) {
  return ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) => {
    requirePermission(request, permission, context);
    return methodNotAllowed("POST");
  };
}
