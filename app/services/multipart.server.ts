import { MaxFileSizeExceededError, MaxTotalSizeExceededError, parseFormData } from "@remix-run/form-data-parser";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import { FORM_TYPE_MESSAGE } from "./forms.server";

// The one reader of forms with files (the application, the seller editor, POST /api/upload): bounded per
// file, in number and in total while the stream is read, and every way it can fail named, so each caller
// answers with its own words and the right status — never a 500.

export type MultipartLimits = { maxFileSize: number; maxFiles: number; maxTotalSize: number };

export type MultipartRead =
  | { ok: true; formData: FormData }
  | { ok: false; status: 413; problem: "too_large" }
  | { ok: false; status: 400; problem: "unreadable" }
  | { ok: false; status: 415; problem: "not_a_form" };

/** What a form page says when its post cannot be read; `unreadable` is the page's own words for a broken post. */
export function unreadFormMessage(problem: Extract<MultipartRead, { ok: false }>["problem"], unreadable: string) {
  if (problem === "too_large") return APPLICATION_MESSAGES.imagesTooLarge;
  return problem === "not_a_form" ? FORM_TYPE_MESSAGE : unreadable;
}

const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

export async function readMultipartForm(
  request: Request,
  limits: MultipartLimits,
  options: { multipartOnly?: boolean } = {},
): Promise<MultipartRead> {
  const type = request.headers.get("Content-Type") ?? "";
  const accepted = options.multipartOnly ? /^multipart\/form-data\b/i : FORM_TYPES;
  if (!accepted.test(type)) return { ok: false, status: 415, problem: "not_a_form" };
  try {
    return { ok: true, formData: await parseFormData(request, limits) };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)
      return { ok: false, status: 413, problem: "too_large" };
    // FormDataParseError, MaxFilesExceededError, a body cut short: the client's post cannot be read.
    return { ok: false, status: 400, problem: "unreadable" };
  }
}
