import { data } from "react-router";
import type { z } from "zod";
import { isBlank } from "~/lib/validation/params";
import { crossOriginRefusal, isCrossOrigin } from "./csrf.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { checkPublicForm } from "./public-form.server";

// Helpers of the /api resource routes: JSON errors as {error} with a fitting status.

export function jsonError(message: string, status: number, headers?: HeadersInit) {
  return Response.json({ error: message }, { status, headers });
}

export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? "Invalid request";
}

const MAX_JSON_BYTES = 64 * 1024;

export type JsonBody = { ok: true; body: unknown } | { ok: false; response: Response };

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

/** The body as text, or null as soon as it grows past maxBytes. */
export async function readTextWithin(request: Request, maxBytes: number): Promise<string | null> {
  const bytes = await readBytesWithin(request, maxBytes);
  return bytes === null ? null : bytes.toString("utf8");
}

/** The largest page form without files (the contact message, an admin's bulk selection, …). */
export const FORM_MAX_BYTES = 128 * 1024;
export const FORM_TOO_LARGE_MESSAGE = "This form is too large to send. Please shorten what you typed and try again.";

/**
 * A page action's form, read within FORM_MAX_BYTES (answered 413 beyond it, before parsing): what
 * `request.formData()` does, bounded. Forms with files use parseFormData with their own limits.
 */
export async function readForm(request: Request, maxBytes = FORM_MAX_BYTES): Promise<FormData> {
  return (await boundedBody(request, maxBytes)).formData().catch(unreadableForm);
}

const unreadableForm = (): never => {
  throw data("This form could not be read. Please try again.", { status: 400 });
};

/**
 * The request with its form body read within maxBytes (413 beyond), for code that reads the form itself
 * (remix-auth): a body that is no readable form (a multipart post without its boundary) is a 400 here,
 * before any reader can fail on it with a 500 (found by scripts/fuzz.ts).
 */
export async function boundedFormRequest(request: Request, maxBytes = FORM_MAX_BYTES): Promise<Request> {
  const bounded = await boundedBody(request, maxBytes);
  await bounded.clone().formData().catch(unreadableForm);
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
  if (bytes === null) throw data(FORM_TOO_LARGE_MESSAGE, { status: 413 });
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

export type JsonBodyLimits = { maxBytes?: number; tooLargeMessage?: string };

/**
 * Reads a JSON request body. Requiring the JSON content type keeps cross-site HTML forms out
 * (they cannot send it without a CORS preflight), which is the CSRF guard of /api writes.
 */
export async function readJsonBody(request: Request, limits: JsonBodyLimits = {}): Promise<JsonBody> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: jsonError("Send the request body as JSON (Content-Type: application/json).", 415) };
  }
  const text = await readTextWithin(request, limits.maxBytes ?? MAX_JSON_BYTES);
  if (text === null)
    return { ok: false, response: jsonError(limits.tooLargeMessage ?? "Request body is too large.", 413) };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, response: jsonError("Request body is not valid JSON.", 400) };
  }
}

export function methodNotAllowed(allowed: string) {
  return jsonError(`Method not allowed. Use ${allowed}.`, 405, { Allow: allowed });
}

export type JsonForm<T> = { ok: true; data: T; body: Record<string, unknown> } | { ok: false; response: Response };

/**
 * The shared preamble of the JSON write endpoints: POST only, optionally same-origin only, a JSON object
 * body, an optional "required fields" message (the spec's one message when any is blank), then the zod schema.
 */
export async function readJsonForm<S extends z.ZodType>(
  request: Request,
  options: {
    schema: S;
    sameOrigin?: boolean;
    required?: { fields: string[]; message: string };
    limits?: JsonBodyLimits;
  },
): Promise<JsonForm<z.output<S>>> {
  if (request.method !== "POST") return { ok: false, response: methodNotAllowed("POST") };
  if (options.sameOrigin && isCrossOrigin(request)) return { ok: false, response: crossOriginRefusal() };
  const read = await readJsonBody(request, options.limits);
  if (!read.ok) return read;
  const body = (read.body && typeof read.body === "object" && !Array.isArray(read.body) ? read.body : {}) as Record<
    string,
    unknown
  >;
  if (options.required) {
    if (options.required.fields.some((key) => isBlank(body[key])))
      return { ok: false, response: jsonError(options.required.message, 400) };
  }
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) return { ok: false, response: jsonError(firstIssueMessage(parsed.error), 400) };
  return { ok: true, data: parsed.data, body };
}

/** A public form's JSON twin: readJsonForm, then the honeypot and per-client rate limit of the form's scope. */
export async function readPublicJsonForm<S extends z.ZodType>(
  request: Request,
  clientAddress: string,
  options: { scope: string; schema: S; required?: { fields: string[]; message: string }; limits?: JsonBodyLimits },
): Promise<JsonForm<z.output<S>>> {
  const form = await readJsonForm(request, options);
  if (!form.ok) return form;
  const guard = await checkPublicForm(options.scope, clientAddress, form.body[HONEYPOT_FIELD]);
  if (!guard.ok) return { ok: false, response: jsonError(guard.message, guard.status, guard.headers) };
  return form;
}

/**
 * The admin API's write preamble (after the permission guard): the allowed methods, a same-origin
 * check (resource routes are outside React Router's own), and, with a schema, a JSON object body.
 */
export async function readAdminWrite<S extends z.ZodType>(
  request: Request,
  options: { methods: string[]; schema?: S },
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  if (!options.methods.includes(request.method))
    return { ok: false, response: methodNotAllowed(options.methods.join(", ")) };
  if (isCrossOrigin(request)) return { ok: false, response: crossOriginRefusal() };
  if (!options.schema) return { ok: true, data: undefined as z.output<S> };
  const read = await readJsonBody(request);
  if (!read.ok) return read;
  const body = read.body && typeof read.body === "object" && !Array.isArray(read.body) ? read.body : {};
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) return { ok: false, response: jsonError(firstIssueMessage(parsed.error), 400) };
  return { ok: true, data: parsed.data };
}
