import { getDb } from "~db/client";
import contactForm from "~/lib/forms/contact";
import { methodNotAllowed, readPublicJsonForm } from "~/services/api.server";
import { CONTACT_SUCCESS_MESSAGE, submitContactMessage } from "~/services/contact.server";
import type { Route } from "./+types/enquiries-contact";

export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/enquiries/contact {name, email, mobile?, query_type, subject?, message} → 201 {success, message, id}
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPublicJsonForm(request, context.clientAddress, contactForm);
  if (!form.ok) return form.response;
  const id = await submitContactMessage(getDb(), form.data);
  return Response.json({ success: true, message: CONTACT_SUCCESS_MESSAGE, id }, { status: 201 });
}
