import { getDb } from "~db/client";
import { APPLICATION_JSON_MAX_BYTES } from "~/lib/validation/constants";
import { APPLICATION_MESSAGES, PINCODE_MESSAGES } from "~/lib/validation/messages";
import { apiApplicationSchema, apiOnlineApplicationSchema } from "~/lib/validation/application";
import { paymentGateway, payPath } from "~/services/payments/index.server";
import { publicOrigin } from "~/services/public-url.server";
import { englishMessage, jsonError, methodNotAllowed, readPublicJsonForm } from "~/services/api.server";
import { countDataUrlImages, submitApplicationWithReferences } from "~/services/applications.server";
import { checkDailyUploads } from "~/services/forms.server";
import { getSessionUser } from "~/services/session.server";
import { orUploadsDown, uploadsDownHeaders } from "~/services/upload-store.server";
import type { Route } from "./+types/sellers-submit";
import { httpStatusOf } from "~/lib/refusal";

export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/sellers/submit — the spec's JSON application payload; each image is the url POST /api/upload
// returned, or a data URL. → 201 {success, seller_id, message} or {error}
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPublicJsonForm(request, context.clientAddress, {
    scope: "application",
    // With online payments on, the screenshot may be left out: the answer then carries the pay link.
    schema: paymentGateway() ? apiOnlineApplicationSchema : apiApplicationSchema,
    limits: { maxBytes: APPLICATION_JSON_MAX_BYTES, tooLargeMessage: APPLICATION_MESSAGES.tooBig },
  });
  if (!form.ok) return form.response;

  const { id_proof_document, payment_screenshot, profile_photo, product_images, ...fields } = form.data;
  // Data-URL images are stored here: they count against the daily upload cap like POST /api/upload.
  const daily = await checkDailyUploads(
    context.clientAddress,
    countDataUrlImages({ id_proof_document, payment_screenshot, profile_photo, product_images }),
  );
  if (!daily.ok) return jsonError(daily.message, daily.status, daily.headers);
  const user = await getSessionUser(request);
  const result = await orUploadsDown(() =>
    submitApplicationWithReferences(
      getDb(),
      fields,
      { id_proof_document, payment_screenshot, profile_photo, product_images },
      user?.role === "seller" ? user.id : null,
    ),
  );
  if (!result.ok && "retryAfterSeconds" in result)
    return jsonError(result.message, result.status, uploadsDownHeaders(result));
  if (!result.ok) {
    const [field, messages] = Object.entries(result.fieldErrors)[0] ?? ["", [APPLICATION_MESSAGES.submitFailed]];
    const message = messages[0] ?? APPLICATION_MESSAGES.submitFailed;
    return jsonError(
      message === APPLICATION_MESSAGES.imageNotFound || message === PINCODE_MESSAGES.unknown
        ? `${field}: ${englishMessage(message)}`
        : message,
      httpStatusOf(result.reason),
    );
  }
  return Response.json(
    {
      success: true,
      seller_id: result.sellerId,
      message: "Application submitted! Our team will review it within 24-48 hours.",
      ...(paymentGateway() && !payment_screenshot
        ? {
            payment: {
              amount: result.amount,
              pay_url: `${publicOrigin(request)}${payPath(result.renewal ? "renewal" : "application", result.sellerId)}`,
            },
          }
        : {}),
    },
    { status: 201 },
  );
}
