import { getDb } from "~db/client";
import { registerApiSchema } from "~/lib/auth-schemas";
import { registerSeller } from "~/models/users.server";
import { firstIssueMessage, jsonError, methodNotAllowed, readJsonBody } from "~/services/api.server";
import { startSession, userJson } from "~/services/auth.server";
import { crossOriginRefusal, isCrossOrigin } from "~/services/csrf.server";
import { hashPassword } from "~/services/password.server";
import { consume, tooManyMessage } from "~/services/rate-limit.server";
import type { Route } from "./+types/auth-register";

export const loader = () => methodNotAllowed("POST");

// POST /api/auth/register {name, email, password, mobile, city, locality, category_ids, subcategory_ids}
// → 201 {success, user, redirectTo: "/seller-dashboard"} and the session cookie; 409 when the email is taken.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (isCrossOrigin(request)) return crossOriginRefusal();
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const parsed = registerApiSchema.safeParse(read.body ?? {});
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const rate = consume("signup", context.clientAddress);
  if (!rate.allowed) return jsonError(tooManyMessage(rate.retryAfterSeconds), 429, { "Retry-After": String(rate.retryAfterSeconds) });
  const result = await registerSeller(getDb(), { ...parsed.data, passwordHash: await hashPassword(parsed.data.password) });
  if (!result.ok) return Response.json({ error: result.message, field: result.field }, { status: result.field === "email" ? 409 : 400 });
  const cookie = await startSession(request, result.user.id, context.clientAddress);
  return Response.json(
    { success: true, user: userJson(result.user), redirectTo: "/seller-dashboard" },
    { status: 201, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } },
  );
}
