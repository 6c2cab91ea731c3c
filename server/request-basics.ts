// What every answer of the server gets, whether Express gives it or the response cache answers at the
// socket (server/serve-from-cache.ts): a request id, the common security headers, one log line.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { loggablePath, requestLineLogger } from "~/services/logger.server";
import { countRequest } from "~/services/metrics.server";
import { RESPONSE_HEADERS } from "~/services/security-headers.server";

// An incoming X-Request-Id (from a proxy) is reused when it looks like an id; otherwise a new UUID.
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id (the proxy's, when it sent one that looks like an id), also sent as X-Request-Id. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", id);
  return id;
}

/** The headers every answer carries (pages, JSON, files, uploads, redirects, errors), from their one definition. */
export function setResponseHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(RESPONSE_HEADERS)) res.setHeader(name, value);
}

/** Health probes log at debug level, failures as errors, the rest as info. */
export function requestLogLevel(url: string | undefined, status: number, failed: boolean): "error" | "debug" | "info" {
  return failed || status >= 500 ? "error" : /^\/(healthz|readyz)(\?|$)/.test(url ?? "") ? "debug" : "info";
}

/** The serialised request and answer of a request log line: no headers, a redacted query. */
export const requestLogFields = {
  req: (req: { method?: string; url?: string }) => ({ method: req.method, path: loggablePath(req.url ?? "") }),
  res: (res: { statusCode: number }) => ({ status: res.statusCode }),
};

/**
 * The request log line of an answer given without Express (the same fields as pino-http's line in
 * server/app.ts: reqId, req, res, durationMs, "request").
 */
export function logAnswered(req: IncomingMessage, res: ServerResponse, reqId: string, startedAt: number): void {
  countRequest(req, res.statusCode, Date.now() - startedAt, false); // docs/decisions/224-metrics.md
  const level = requestLogLevel(req.url, res.statusCode, false);
  if (!requestLineLogger.isLevelEnabled(level)) return;
  requestLineLogger[level](
    {
      reqId,
      req: requestLogFields.req(req),
      res: requestLogFields.res(res),
      durationMs: Date.now() - startedAt,
    },
    "request",
  );
}
