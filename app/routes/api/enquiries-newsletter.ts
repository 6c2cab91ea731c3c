import { getDb } from "~db/client";
import { newsletterSchema } from "~/lib/schemas";
import { NEWSLETTER_MESSAGES, subscribeToNewsletter } from "~/models/enquiries.server";
import { firstIssueMessage, jsonError, methodNotAllowed, readJsonBody } from "~/services/api.server";
import { checkPublicForm, HONEYPOT_FIELD } from "~/services/public-form.server";
import type { Route } from "./+types/enquiries-newsletter";

export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/enquiries/newsletter {email, source?} → 200 {success, message} (idempotent per email)
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = (read.body && typeof read.body === "object" ? read.body : {}) as Record<string, unknown>;
  const parsed = newsletterSchema.safeParse(body);
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const guard = checkPublicForm("newsletter", context.clientAddress, body[HONEYPOT_FIELD]);
  if (!guard.ok) return jsonError(guard.message, guard.status, guard.headers);
  const outcome = await subscribeToNewsletter(getDb(), parsed.data);
  return Response.json({ success: true, message: NEWSLETTER_MESSAGES[outcome], status: outcome });
}
