import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { formMessage } from "~/lib/form-messages";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import type { PublicForm } from "~/lib/public-form";
import { isBlank } from "~/lib/validation/params";
import { getDb } from "~db/client";
import { currentPageLocale, translatorFor } from "./i18n.server";
import { consume, retryAfterHeaders, throttled } from "./rate-limit.server";

// The public forms' refusals are `forms` catalogue keys (lib/form-messages.ts): the page shows them in its
// language, the /api in English.
export const HONEYPOT_MESSAGE = formMessage("forms.honeypot");

export type AbuseCheck = { ok: true } | { ok: false; status: 400 | 429; message: string; headers?: HeadersInit };

/** The shared guard of public forms: the honeypot must be empty and the client within its rate limit. */
export async function checkPublicForm(
  scope: string,
  clientAddress: string,
  honeypotValue: unknown,
): Promise<AbuseCheck> {
  if (typeof honeypotValue === "string" && honeypotValue.trim() !== "") {
    return { ok: false, status: 400, message: HONEYPOT_MESSAGE };
  }
  const rate = await consume(getDb(), scope, clientAddress);
  if (!rate.allowed) {
    const refusal = throttled(rate.retryAfterSeconds);
    return { ...refusal, headers: retryAfterHeaders(refusal) };
  }
  return { ok: true };
}

export type PublicFormPost<S extends z.ZodType> =
  | { ok: true; formData: FormData; value: z.output<S>; submission: Submission<z.input<S>, string[], z.output<S>> }
  | {
      ok: false;
      formData: FormData;
      submission: Submission<z.input<S>, string[], z.output<S>>;
      /** The form's reply: the schema's errors (with the form's "required" message when a required field is blank), or the guard's refusal. */
      reply: SubmissionResult<string[]>;
      status: 400 | 429;
      headers?: HeadersInit;
      /** Set when the honeypot or the rate limit refused a valid form (its message is the reply's form error). */
      refused?: { message: string };
    };

/**
 * A public form's post to its page: the form read within FORM_MAX_BYTES, parsed with its schema, then the
 * honeypot and the rate limit of its scope (`checkPublicForm`). A refusal carries the reply to show.
 */
export async function readPublicForm<S extends z.ZodType>(
  request: Request,
  clientAddress: string,
  form: PublicForm<S>,
): Promise<PublicFormPost<S>> {
  return parsePublicForm(await readForm(request), clientAddress, form);
}

/** `readPublicForm` for an action that has read the form already (to pick one of its forms by `intent`). */
export async function parsePublicForm<S extends z.ZodType>(
  formData: FormData,
  clientAddress: string,
  form: PublicForm<S>,
): Promise<PublicFormPost<S>> {
  const submission = parseWithZod(formData, { schema: form.schema }) as Submission<z.input<S>, string[], z.output<S>>;
  if (submission.status !== "success") {
    const missing = form.required?.fields.some((name) => isBlank(formData.get(name)));
    const reply = submission.reply(missing ? { formErrors: [form.required!.message] } : undefined);
    return { ok: false, formData, submission, reply, status: 400 };
  }
  const guard = await checkPublicForm(form.scope, clientAddress, formData.get(HONEYPOT_FIELD));
  if (!guard.ok) {
    const reply = submission.reply({ formErrors: [guard.message] });
    return { ok: false, formData, submission, reply, status: guard.status, headers: guard.headers, refused: guard };
  }
  return { ok: true, formData, value: submission.value, submission };
}

/** The daily cap's answer: the window is a day, so the wait is said in hours. */
export function tooManyUploadsMessage(retryAfterSeconds: number): string {
  const hours = Math.max(1, Math.ceil(retryAfterSeconds / 3600));
  return formMessage("forms.tooManyUploads", { hours });
}

/**
 * The per-address daily cap on stored images (UPLOAD_DAILY), across every public way in: each image of
 * a request counts, so one application with nine images uses nine.
 */
export async function checkDailyUploads(clientAddress: string, images: number): Promise<AbuseCheck> {
  for (let i = 0; i < images; i++) {
    const rate = await consume(getDb(), "upload_daily", clientAddress);
    if (!rate.allowed) {
      const refusal = throttled(rate.retryAfterSeconds, tooManyUploadsMessage(rate.retryAfterSeconds));
      return { ...refusal, headers: retryAfterHeaders(refusal) };
    }
  }
  return { ok: true };
}

// Reading a page action's form within a size limit (every form post, public or staff, reads through these).

/** The body's bytes, or null as soon as it grows past maxBytes (a chunked body is never buffered whole). */
export async function readBytesWithin(request: Request, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (!request.body) return declared > maxBytes ? null : Buffer.alloc(0);
  const reader = request.body.getReader();
  if (declared > maxBytes) {
    await discardRest(reader, 0);
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await discardRest(reader, size);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads and drops the rest of a refused body (nothing is kept), so the client gets its 413 instead of a
 * reset connection; a body still going past DRAIN_MAX_BYTES is cut off.
 */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let size = alreadyRead;
  while (size <= DRAIN_MAX_BYTES) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
}

/** The largest page form without files (the contact message, an admin's bulk selection, …). */
export const FORM_MAX_BYTES = 128 * 1024;
export const FORM_TOO_LARGE_MESSAGE = "This form is too large to send. Please shorten what you typed and try again.";

/** A refusal of a page's post, in the page's language (English for /admin). */
function pageText(key: "forms.tooLarge" | "forms.unreadable"): string {
  return translatorFor(currentPageLocale())(key);
}

/**
 * A page action's form, read within FORM_MAX_BYTES (answered 413 beyond it, before parsing): what
 * `request.formData()` does, bounded. Forms with files use parseFormData with their own limits.
 */
export async function readForm(request: Request, maxBytes = FORM_MAX_BYTES): Promise<FormData> {
  return (await boundedBody(request, maxBytes)).formData().catch(() => unreadableForm());
}

const unreadableForm = (): never => {
  throw data(pageText("forms.unreadable"), { status: 400 });
};

/**
 * The request with its form body read within maxBytes (413 beyond), for code that reads the form itself
 * (remix-auth): a body that is no readable form (a multipart post without its boundary) is a 400 here,
 * before any reader can fail on it with a 500 (found by scripts/fuzz.ts).
 */
export async function boundedFormRequest(request: Request, maxBytes = FORM_MAX_BYTES): Promise<Request> {
  const bounded = await boundedBody(request, maxBytes);
  await bounded
    .clone()
    .formData()
    .catch(() => unreadableForm());
  return bounded;
}

// Page actions read form posts only: any other body type is answered 415 before it is read.
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
export const FORM_TYPE_MESSAGE =
  "Please send this form as a normal web form (application/x-www-form-urlencoded or multipart/form-data).";

/** Throws a 415 answer when a post to a page carries a body that is no web form. */
export function requireFormBody(request: Request): void {
  const type = request.headers.get("Content-Type");
  if (type && !FORM_TYPES.test(type)) throw data(FORM_TYPE_MESSAGE, { status: 415 });
}

async function boundedBody(request: Request, maxBytes: number): Promise<Request> {
  requireFormBody(request);
  const bytes = await readBytesWithin(request, maxBytes);
  if (bytes === null) throw data(pageText("forms.tooLarge"), { status: 413 });
  const headers = new Headers(request.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/x-www-form-urlencoded");
  headers.delete("Content-Length");
  return new Request(request.url, {
    method: request.method,
    headers,
    body: new Uint8Array(bytes),
    signal: request.signal,
  });
}
