import { getDb } from "~db/client";
import newsletterForm from "~/lib/forms/newsletter";
import { NEWSLETTER_MESSAGES } from "~/models/enquiries.server";
import { methodNotAllowed, readPublicJsonForm } from "~/services/api.server";
import { subscribeWithWelcome } from "~/services/newsletter.server";
import type { Route } from "./+types/enquiries-newsletter";

export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/enquiries/newsletter {email, source?} → 200 {success, message} (idempotent per email)
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPublicJsonForm(request, context.clientAddress, newsletterForm);
  if (!form.ok) return form.response;
  const outcome = await subscribeWithWelcome(getDb(), form.data);
  return Response.json({ success: true, message: NEWSLETTER_MESSAGES[outcome], status: outcome });
}
