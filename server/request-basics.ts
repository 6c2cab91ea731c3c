// What every answer of the server gets, whether Express gives it or the response cache answers at the
// socket (server/serve-from-cache.ts): a request id, the common security headers, one log line.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import pino from "pino";
import { loggablePath, requestLineLogger } from "~/services/logger.server";
import { countRequest } from "~/services/metrics.server";
import { RESPONSE_HEADERS } from "~/services/security-headers.server";

// An incoming X-Request-Id (from a proxy) is reused when it looks like an id; otherwise a new UUID.
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id (the proxy's, when it sent one that looks like an id), also sent as X-Request-Id. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOf(req);
  res.setHeader("X-Request-Id", id);
  return id;
}

/** The request's id without setting the header (a cache hit sends its headers in one list). */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
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
 * server/app.ts: reqId, req, res, durationMs, "request"). An info line is written in its fixed shape
 * (`fixedRequestLine`); any other level through pino.
 */
export function logAnswered(req: IncomingMessage, res: ServerResponse, reqId: string, startedAt: number): void {
  countRequest(req, res.statusCode, Date.now() - startedAt, false); // docs/decisions/224-metrics.md
  writeRequestLine(req, res.statusCode, reqId, Date.now() - startedAt);
}

/** The request log line alone (`logAnswered` without the counting): also the bench's floor's (scripts/bare-server.ts). */
export function writeRequestLine(
  req: Pick<IncomingMessage, "method" | "url">,
  status: number,
  reqId: string,
  durationMs: number,
): void {
  const level = requestLogLevel(req.url, status, false);
  if (!requestLineLogger.isLevelEnabled(level)) return;
  if (level === "info") {
    const line = fixedRequestLine(reqId, req.method ?? "", loggablePath(req.url ?? ""), status, durationMs);
    if (line !== undefined) return void lineStream().write(line);
  }
  requestLineLogger[level](
    { reqId, req: requestLogFields.req(req), res: requestLogFields.res({ statusCode: status }), durationMs },
    "request",
  );
}

// The request line in its fixed shape: the bytes pino writes for these fields, built from the logger's own
// level label, time function and bindings (`{"level":"info","time":…,"pid":…`), without its general
// serialiser, which walks the object and calls the serialisers per line (~5 µs of a cache hit's ~60 µs:
// docs/performance.md, "What a cached hit costs"). Strings are quoted by JSON.stringify, as pino does.
type PinoInternals = Record<symbol, unknown>;
const internals = requestLineLogger as unknown as PinoInternals;
const lineStream = () => internals[pino.symbols.streamSym] as { write(line: string): unknown };

function fixedRequestLine(reqId: string, method: string, path: string, status: number, durationMs: number) {
  const levelStart = (internals[pino.symbols.lsCacheSym] as Record<number, string> | undefined)?.[30];
  const time = internals[pino.symbols.timeSym] as (() => string) | undefined;
  const bindings = internals[pino.symbols.chindingsSym];
  // Anything pino would add to a line (a mixin, a hook, metadata for a multistream) is left to pino.
  if (
    levelStart === undefined ||
    !time ||
    typeof bindings !== "string" ||
    internals[pino.symbols.mixinSym] ||
    (internals[pino.symbols.hooksSym] as { streamWrite?: unknown } | undefined)?.streamWrite ||
    internals[(pino.symbols as unknown as Record<string, symbol>).msgPrefixSym!] ||
    (lineStream() as PinoInternals)[pino.symbols.needsMetadataGsym]
  )
    return undefined;
  return `${levelStart}${time()}${bindings},"reqId":${JSON.stringify(reqId)},"req":{"method":${JSON.stringify(method)},"path":${JSON.stringify(path)}},"res":{"status":${status}},"durationMs":${durationMs},"msg":"request"}\n`;
}
