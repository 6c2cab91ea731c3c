import { registerApiSchema } from "~/lib/validation/accounts";
import { englishMessage, jsonError, methodNotAllowed, readJsonForm } from "~/services/api.server";
import { userJson } from "~/services/auth.server";
import { retryAfterHeaders } from "~/services/rate-limit.server";
import { signUpSeller } from "~/services/seller-signup.server";
import type { Route } from "./+types/auth-register";

export const loader = () => methodNotAllowed("POST");

// POST /api/auth/register {name, email, password, mobile, city, locality, category_ids, subcategory_ids}
// → 201 {success, user, redirectTo: "/seller-dashboard"} and the session cookie; 409 when the email is taken.
// The verification mail goes out through the outbox, as from the sign-up page.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readJsonForm(request, { schema: registerApiSchema, sameOrigin: true });
  if (!form.ok) return form.response;
  // The password goes to the service as typed: it is hashed there, after the rate limit.
  const result = await signUpSeller(request, context.clientAddress, form.data);
  if (!result.ok && (result.status === 429 || result.status === 503))
    return jsonError(result.message, result.status, retryAfterHeaders(result));
  if (!result.ok)
    return Response.json({ error: englishMessage(result.message), field: result.field }, { status: result.status });
  const cookie = result.cookie;
  return Response.json(
    { success: true, user: userJson(result.user), redirectTo: "/seller-dashboard" },
    { status: 201, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } },
  );
}
