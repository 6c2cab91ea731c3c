import { randomBytes } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { getDb } from "~db/client";
import type { Role } from "~db/schema";
import { can, type Permission } from "~/lib/permissions";
import type { Actor } from "~/models/audit.server";
import {
  deleteSession,
  findSessionUser,
  insertSession,
  type SessionUserRow,
  setSessionFlash,
  takeSessionFlash,
} from "~/models/sessions.server";
import { config, sessionSecrets } from "./config.server";

// Server-side sessions: the signed cookie holds only a random session id; the row (with its expiry)
// lives in the database, so logout and password changes revoke it.

const SESSION_DAYS = 30;
const SESSION_COOKIE = "__session";

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
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{32,}$/.test(value) ? value : null;
}

/** The signed-in user, or null (expired and revoked sessions count as signed out). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const id = await sessionIdFrom(request);
  if (!id) return null;
  return (await findSessionUser(getDb(), id)) ?? null;
}

/** Starts a new session (a fresh id at every sign-in) and returns the Set-Cookie header value. */
export async function createUserSession(
  userId: number,
  meta: { ip?: string; userAgent?: string | null } = {},
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await insertSession(getDb(), {
    id,
    userId,
    createdAt: new Date(),
    lifetimeMs: SESSION_DAYS * 86_400_000,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
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

/**
 * Guard for pages and API routes: throws a redirect to the sign-in page (pages) or 401 JSON (API)
 * when signed out, and 403 when signed in without one of the roles.
 */
export async function requireUser(
  request: Request,
  options: { roles?: Role[]; loginPath?: string } = {},
): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    if (isApiRequest(request)) throw Response.json({ error: "Authentication required" }, { status: 401 });
    const url = new URL(request.url);
    const loginPath = options.loginPath ?? (url.pathname.startsWith("/admin") ? "/admin/login" : "/seller-login");
    throw redirect(`${loginPath}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (options.roles && !options.roles.includes(user.role)) {
    if (isApiRequest(request)) throw Response.json({ error: "You do not have permission to do this" }, { status: 403 });
    throw new Response("You do not have permission to view this page.", { status: 403 });
  }
  return user;
}

/**
 * The back-office guard, first line of every admin loader and action: signed out → the admin sign-in
 * page (coming back afterwards) or 401 JSON for /api; signed in without the permission → 403.
 */
export async function requirePermission(
  request: Request,
  permission: Permission,
  context?: { clientAddress: string },
): Promise<StaffUser> {
  const user = await requireUser(request, { loginPath: "/admin/login" });
  if (!can(user.role, permission)) {
    if (isApiRequest(request)) throw Response.json({ error: "You do not have permission to do this" }, { status: 403 });
    throw new Response("You do not have permission to view this page.", { status: 403 });
  }
  return { ...user, actor: { id: user.id, email: user.email, ip: context?.clientAddress ?? null } };
}

/** A staff member who passed the guard, with the actor that her changes are audited as. */
export type StaffUser = SessionUser & { actor: Actor };

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
