import type { z } from "zod";

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

/**
 * Reads a JSON request body. Requiring the JSON content type keeps cross-site HTML forms out
 * (they cannot send it without a CORS preflight), which is the CSRF guard of /api writes.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BYTES): Promise<JsonBody> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: jsonError("Send the request body as JSON (Content-Type: application/json).", 415) };
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) return { ok: false, response: jsonError("Request body is too large.", 413) };
  const text = await request.text();
  if (text.length > maxBytes) return { ok: false, response: jsonError("Request body is too large.", 413) };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, response: jsonError("Request body is not valid JSON.", 400) };
  }
}

export function methodNotAllowed(allowed: string) {
  return jsonError(`Method not allowed. Use ${allowed}.`, 405, { Allow: allowed });
}

