import { getDb } from "~db/client";
import { APPLICATION_MESSAGES, apiApplicationSchema } from "~/lib/schemas";
import { jsonError, methodNotAllowed, readPublicJsonForm } from "~/services/api.server";
import { submitApplication } from "~/services/application.server";
import { getSessionUser } from "~/services/session.server";
import { keyFromReference } from "~/services/uploads.server";
import type { Route } from "./+types/sellers-submit";

export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/sellers/submit — the spec's JSON application payload; images are the urls POST /api/upload returned.
// → 201 {success, seller_id, message} or {error}
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPublicJsonForm(request, context.clientAddress, { scope: "application", schema: apiApplicationSchema });
  if (!form.ok) return form.response;

  const { id_proof_document, payment_screenshot, profile_photo, product_images, ...fields } = form.data;
  const refs = { id_proof_document, payment_screenshot, profile_photo };
  const keys: Record<string, string> = {};
  for (const [field, ref] of Object.entries(refs)) {
    const key = keyFromReference(ref);
    if (!key) return jsonError(`${field}: this image was not found. Please upload it again.`, 400);
    keys[field] = key;
  }
  const productKeys: string[] = [];
  for (const ref of product_images) {
    const key = keyFromReference(ref);
    if (!key) return jsonError("product_images: an image was not found. Please upload it again.", 400);
    productKeys.push(key);
  }
  const user = await getSessionUser(request);
  const result = await submitApplication(
    getDb(),
    fields,
    { id_proof_document: keys.id_proof_document, payment_screenshot: keys.payment_screenshot, profile_photo: keys.profile_photo, product_images: productKeys },
    user?.role === "seller" ? user.id : null,
  );
  if (!result.ok) {
    const [field, messages] = Object.entries(result.fieldErrors)[0] ?? ["", [APPLICATION_MESSAGES.submitFailed]];
    const message = messages[0] ?? APPLICATION_MESSAGES.submitFailed;
    return jsonError(message.startsWith("This image") ? `${field}: ${message}` : message, result.status);
  }
  return Response.json(
    { success: true, seller_id: result.sellerId, message: "Application submitted! Our team will review it within 24-48 hours." },
    { status: 201 },
  );
}
