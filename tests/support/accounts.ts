import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import type { DB } from "~db/client";
// Accounts made the way a visitor makes them: over HTTP, against a running site.

type SignUp = {
  email: string;
  categoryId: number;
  /** Any other field of the sign-up (all valid by default). */
  fields?: Record<string, unknown>;
  /** More request headers (X-Forwarded-For: each test its own client). */
  headers?: Record<string, string>;
};

/** A seller's sign-up through POST /api/auth/register: every field valid but those given. */
export function signUpOverApi(base: string, { email, categoryId, fields = {}, headers = {} }: SignUp) {
  return fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, ...headers },
    body: JSON.stringify({
      name: "Asha Rao",
      email,
      password: "pass-word-1",
      mobile: "+919876543210",
      city: "Pune",
      locality: "",
      category_ids: [categoryId],
      subcategory_ids: [],
      ...fields,
    }),
  });
}

/** The session a response set (a sign-up's, a sign-in's), as a Cookie header's value. */
export function sessionCookieOf(res: Response): string {
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

/** A session cookie for a user of the site's database, signed with the site's SESSION_SECRET (a sign-in's shortcut). */
export async function sessionCookieFor(db: DB, userId: number, secret: string): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id,
      user_id: userId,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .execute();
  return (await createCookie("__session", { secrets: [secret] }).serialize(id)).split(";")[0]!;
}

/** A form posted to the site as a browser without JavaScript sends it (same origin), from `client` (X-Forwarded-For). */
export function postForm(
  base: string,
  path: string,
  fields: Record<string, string>,
  { cookie, client }: { cookie?: string; client?: string } = {},
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      ...(client ? { "X-Forwarded-For": client } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}
