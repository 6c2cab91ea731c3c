import type { z } from "zod";
import { translateMessage } from "~/lib/form-messages";
import { DEFAULT_LOCALE } from "~/lib/locales";
import { translatorFor } from "./i18n.server";
import { isBlank } from "~/lib/validation/params";
import { crossOriginRefusal, isCrossOrigin } from "./csrf.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import type { PublicForm } from "~/lib/public-form";
import { checkPublicForm, readBytesWithin } from "./forms.server";

// Helpers of the /api resource routes: JSON errors as {error} with a fitting status.

export function jsonError(message: string, status: number, headers?: HeadersInit) {
  return Response.json({ error: englishMessage(message) }, { status, headers });
}

/** The API answers in English: a form message (a `forms` catalogue key, lib/form-messages.ts) in its English words. */
export function englishMessage(message: string): string {
  return translateMessage(translatorFor(DEFAULT_LOCALE), message);
}

export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? "Invalid request";
}

const MAX_JSON_BYTES = 64 * 1024;

export type JsonBody = { ok: true; body: unknown } | { ok: false; response: Response };

/** The body as text, or null as soon as it grows past maxBytes. */
export async function readTextWithin(request: Request, maxBytes: number): Promise<string | null> {
  const bytes = await readBytesWithin(request, maxBytes);
  return bytes === null ? null : bytes.toString("utf8");
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
    required?: { fields: readonly string[]; message: string };
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
  options: PublicForm<S> & { limits?: JsonBodyLimits },
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
