import { getDb } from "~db/client";
import { IMAGE_MAX_BYTES } from "~/lib/constants";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import { uploadPurposeSchema } from "~/lib/validation/application";
import { firstIssueMessage, jsonError, methodNotAllowed } from "~/services/api.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { checkDailyUploads, checkPublicForm } from "~/services/forms.server";
import { storeImage } from "~/services/uploads.server";
import { orUploadsDown, uploadsDownHeaders } from "~/services/upload-store.server";
import { readMultipartForm } from "~/services/multipart.server";
import type { Route } from "./+types/upload";
import { httpStatusOf } from "~/lib/refusal";

export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/upload (multipart: file, optional purpose) → 201 {url} or {error}. Public purposes answer the
// public address; private ones (ID document, payment screenshot) and uploads without a purpose an
// address only staff can read.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const read = await readMultipartForm(
    request,
    { maxFileSize: IMAGE_MAX_BYTES, maxFiles: 1, maxTotalSize: IMAGE_MAX_BYTES + 64 * 1024 },
    { multipartOnly: true },
  );
  if (!read.ok) {
    const messages = {
      not_a_form: "Send the image as multipart/form-data with a field named file.",
      too_large: APPLICATION_MESSAGES.tooBig,
      unreadable: "Upload failed. Please compress your image and try again.",
    };
    return jsonError(messages[read.problem], read.status);
  }
  const formData = read.formData;
  const file = formData.get("file");
  if (!(file instanceof File) || (file.size === 0 && file.name === ""))
    return jsonError("Please choose an image to upload (field name: file).", 400);
  // Without a purpose (the spec's client sends none) the image stays private until an application claims it.
  const purpose = uploadPurposeSchema.nullable().safeParse(formData.get("purpose") || null);
  if (!purpose.success) return jsonError(firstIssueMessage(purpose.error), 400);
  const guard = await checkPublicForm("upload", context.clientAddress, formData.get(HONEYPOT_FIELD));
  if (!guard.ok) return jsonError(guard.message, guard.status, guard.headers);
  const daily = await checkDailyUploads(context.clientAddress, 1);
  if (!daily.ok) return jsonError(daily.message, daily.status, daily.headers);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const stored = await orUploadsDown(() => storeImage(getDb(), bytes, purpose.data));
  if (!stored.ok)
    return "retryAfterSeconds" in stored
      ? jsonError(stored.message, stored.status, uploadsDownHeaders(stored))
      : jsonError(stored.message, httpStatusOf(stored.reason));
  return Response.json({ url: stored.url, key: stored.key, visibility: stored.visibility }, { status: 201 });
}
