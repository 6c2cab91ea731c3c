import { getDb } from "~db/client";
import { registerApiSchema } from "~/lib/auth-schemas";
import { registerSeller } from "~/models/users.server";
import { jsonError, methodNotAllowed, readJsonForm } from "~/services/api.server";
import { startSession, userJson } from "~/services/auth.server";
import { sendVerificationMail } from "~/services/email-verification.server";
import { hashPassword } from "~/services/password.server";
import { publicOrigin } from "~/services/public-url.server";
import { consume, tooManyMessage } from "~/services/rate-limit.server";
import type { Route } from "./+types/auth-register";

export const loader = () => methodNotAllowed("POST");

// POST /api/auth/register {name, email, password, mobile, city, locality, category_ids, subcategory_ids}
// → 201 {success, user, redirectTo: "/seller-dashboard"} and the session cookie; 409 when the email is taken.
// The verification mail goes out through the outbox, as from the sign-up page.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readJsonForm(request, { schema: registerApiSchema, sameOrigin: true });
  if (!form.ok) return form.response;
  const rate = consume(getDb(), "signup", context.clientAddress);
  if (!rate.allowed) return jsonError(tooManyMessage(rate.retryAfterSeconds), 429, { "Retry-After": String(rate.retryAfterSeconds) });
  const db = getDb();
  const result = await registerSeller(db, { ...form.data, passwordHash: await hashPassword(form.data.password) });
  if (!result.ok) return Response.json({ error: result.message, field: result.field }, { status: result.field === "email" ? 409 : 400 });
  await sendVerificationMail(db, result.user, publicOrigin(request));
  const cookie = await startSession(request, result.user.id, context.clientAddress);
  return Response.json(
    { success: true, user: userJson(result.user), redirectTo: "/seller-dashboard" },
    { status: 201, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } },
  );
}
