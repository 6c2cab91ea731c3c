import { getDb } from "~db/client";
import { CONTACT_REQUIRED_MESSAGE, contactSchema } from "~/lib/schemas";
import { firstIssueMessage, jsonError, methodNotAllowed, readJsonBody } from "~/services/api.server";
import { CONTACT_SUCCESS_MESSAGE, submitContactMessage } from "~/services/contact.server";
import { checkPublicForm, HONEYPOT_FIELD } from "~/services/public-form.server";
import type { Route } from "./+types/enquiries-contact";

export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/enquiries/contact {name, email, mobile?, query_type, subject?, message} → 201 {success, message, id}
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = (read.body && typeof read.body === "object" ? read.body : {}) as Record<string, unknown>;
  const blank = (k: string) => typeof body[k] !== "string" || (body[k] as string).trim() === "";
  if (["name", "email", "query_type", "message"].some(blank)) return jsonError(CONTACT_REQUIRED_MESSAGE, 400);
  const parsed = contactSchema.safeParse(body);
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const guard = checkPublicForm("contact", context.clientAddress, body[HONEYPOT_FIELD]);
  if (!guard.ok) return jsonError(guard.message, guard.status, guard.headers);
  const id = await submitContactMessage(getDb(), parsed.data);
  return Response.json({ success: true, message: CONTACT_SUCCESS_MESSAGE, id }, { status: 201 });
}
