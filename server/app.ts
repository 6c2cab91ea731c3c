// The Express application: request log, headers, limits, health, uploads, the response cache, assets,
// then React Router's request handler (React Router's node-custom-server template's shape).
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import { join } from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { getDb } from "~db/client";
import type { Settings } from "~/services/config.server";
import { readiness } from "~/services/health.server";
import { logger } from "~/services/logger.server";
import { countRequest, serveMetrics, setBuildVersion, setUpMetrics, useRoutesOf } from "~/services/metrics.server";
import { UPLOAD_CSP } from "~/services/security-headers.server";
import { storedPublicUploads, variantNotReady } from "./public-uploads";
import { assignRequestId, requestLogFields, requestLogLevel, setResponseHeaders } from "./request-basics";
import type { ResponseCache } from "./serve-from-cache";

// No request body beyond BODY_MAX_BYTES is read at all (the application with its images is the largest
// form, about 8 MB); each route then applies its own, smaller limit while it reads the stream.
const BODY_MAX_BYTES = 12 * 1024 * 1024;

const badHost = (res: express.Response) =>
  res.status(400).type("text/plain").send("Bad Request: the Host header is not a valid host name.");

type AppOptions = {
  settings: Settings;
  isStopping: () => boolean;
  /** The response cache of anonymous public answers (production), if it is on: Express fills it. */
  responseCache?: ResponseCache;
  /** The React Router build, or (development) a function loading the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** Middleware before the router: the built client files, or Vite's dev middleware. */
  assets: (app: express.Express) => void;
};

/** The Express application: request log, headers, limits, health, uploads, assets, then React Router. */
/** The methods some route answers; any other gets 405 before routing. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function createApp({ settings, isStopping, responseCache, build, mode, assets }: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy set TRUST_PROXY (e.g. "loopback" or a hop count) so req.ip is the visitor's address.
  app.set("trust proxy", settings.trustProxy);
  // Metrics (docs/decisions/224-metrics.md): each request counted where its log line is written, by route id.
  setUpMetrics(settings.metrics.on);
  Promise.resolve(typeof build === "function" ? build() : build).then(
    (served) => (useRoutesOf(served), setBuildVersion(served.assets.version)),
    () => {},
  );

  // One JSON line per request (method, path with secret query values redacted, status, duration, id);
  // no headers, so cookies and tokens never reach the log. Health probes log at debug level.
  app.use(
    pinoHttp({
      logger,
      genReqId: assignRequestId,
      serializers: requestLogFields,
      customAttributeKeys: { responseTime: "durationMs" },
      customLogLevel: (req, res, err) => requestLogLevel(req.url, res.statusCode, !!err),
      customSuccessMessage: (req, res, ms) => (countRequest(req, res.statusCode, ms, true), "request"),
      // pino-http passes the time as a fourth argument its types leave out.
      customErrorMessage: ((req: IncomingMessage, res: ServerResponse, _err: Error, ms: number) => (
        countRequest(req, res.statusCode, ms, true),
        "request failed"
      )) as () => string,
      quietReqLogger: true,
    }),
  );
  app.use(compression());

  // Headers every answer carries (pages, JSON, files, uploads, redirects, errors), from their one
  // definition; the document renderer adds its nonce CSP, uploads their sandbox CSP.
  app.use((_req, res, next) => {
    setResponseHeaders(res);
    next();
  });

  // A method no route serves (TRACE, PROPFIND, anything made up) is answered here, as the client's error.
  app.use((req, res, next) => {
    if (SERVED_METHODS.has(req.method)) return next();
    res
      .status(405)
      .set("Allow", [...SERVED_METHODS].join(", "))
      .type("text/plain")
      .send("Method not allowed.");
  });

  // Private uploads (ID documents, payment screenshots) carry the same headers on every path that reaches
  // them, `.data` included: never stored by a cache, inert when opened.
  app.use("/admin/uploads", (_req, res, next) => {
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Content-Security-Policy", UPLOAD_CSP);
    next();
  });

  app.use(
    "/uploads",
    settings.s3 || settings.uploadsPublicUrl
      ? storedPublicUploads(settings)
      : express.static(join(settings.uploadsDir, "public"), {
          index: false,
          dotfiles: "deny",
          maxAge: "30d",
          immutable: true,
          setHeaders: (res) => res.setHeader("Content-Security-Policy", UPLOAD_CSP),
        }),
    variantNotReady,
    (_req: express.Request, res: express.Response) => res.status(404).type("text/plain").send("Not found"),
    // The static serving's refusals of a found file (a range past its end: 416 with its size; a failed
    // If-Match: 412) are the client's, answered as such rather than by the last handler's 500.
    (err: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
      const { status, headers } = (err ?? {}) as { status?: number; headers?: Record<string, string> };
      if (res.headersSent || !status || status < 400 || status >= 500) return next(err);
      res
        .status(status)
        .set(headers ?? {})
        .type("text/plain")
        .send(STATUS_CODES[status] ?? "Bad Request");
    },
  );

  app.use((req, res, next) => {
    if (Number(req.headers["content-length"] ?? 0) > BODY_MAX_BYTES) {
      res.status(413).set("Connection", "close").type("text/plain").send("This request is too large.");
      req.resume();
      return;
    }
    next();
  });

  app.get("/metrics", serveMetrics(settings.metrics));

  // Health: /healthz answers while the process runs; /readyz when the site can serve (for a load balancer).
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", uptime_seconds: Math.round(process.uptime()) });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      const state = await readiness(getDb());
      const ready = state.ready && !isStopping();
      res
        .status(ready ? 200 : 503)
        .set("Cache-Control", "no-store")
        .json({ status: ready ? "ready" : "not ready", ...state, stopping: isStopping() });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "not ready" });
    }
  });

  // An empty host name (e.g. `X-Forwarded-Host: ,x` from a trusted proxy) would make the request handler
  // throw, and one an http URL cannot carry (`%`) passes it under a non-web scheme (`X-Forwarded-Proto:
  // gopher`) and fails later, in a loader building the site's origin (found by scripts/fuzz.ts). Checked
  // after the health routes, which need no host name.
  app.use((req, res, next) => (req.hostname && URL.canParse(`http://${req.hostname}`) ? next() : badHost(res)));

  // A cache hit never gets here (`createHttpServer` answers it at the socket); a miss the cache may keep
  // is captured before the static files are looked up (a stat per request showed in the profile).
  if (responseCache) app.use(responseCache.fill);
  assets(app);
  app.use(
    createRequestHandler({
      build,
      mode,
      // Middleware (react-router.config.ts) wants a RouterContextProvider; it carries the two values as
      // plain properties too (typed in app/env.d.ts), so loaders and actions read `context.clientAddress`.
      getLoadContext: (req) =>
        Object.assign(new RouterContextProvider(), {
          clientAddress: req.ip || req.socket.remoteAddress || "unknown",
          requestId: String(req.id),
        }),
    }),
  );

  // A Host (or trusted X-Forwarded-Host) header that makes no valid URL fails the request's URL before any
  // route runs: that is the client's error (400), not the server's (both found by scripts/fuzz.ts).
  app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if ((error as { code?: unknown } | null)?.code !== "ERR_INVALID_URL" || res.headersSent) return next(error);
    badHost(res);
  });

  // Anything that escaped the router: logged once (with the request id) by the request log, answered plainly.
  app.use((err: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(err);
    res.err = err instanceof Error ? err : new Error(String(err));
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
  });
  return app;
}

/**
 * The HTTP server: with a response cache, a hit is answered in the plain `node:http` handler, before
 * Express and React Router (the cache's `answer`); everything else goes to the Express application.
 */
export function createHttpServer(app: express.Express, responseCache?: ResponseCache): Server {
  const server = !responseCache
    ? createServer(app)
    : createServer((req, res) => {
        const answered = responseCache.answer(req, res, app);
        if (answered === false) return void app(req, res);
        answered.then(
          (hit) => hit || app(req, res),
          () => app(req, res),
        );
      });
  // An idle kept-alive connection outlives the clients' and proxies' own idle limits (undici's 4 s, a load
  // balancer's 60 s): with Node's 5 s, a client reusing a connection just as the server closed it gets
  // "other side closed" on a post it cannot safely repeat (seen in the suite under load). A stopping
  // server closes each connection as soon as it is idle (`stop` in server/index.ts), so this does not
  // delay a stop.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}

/** How long the server keeps an idle connection open for the client's next request. */
export const KEEP_ALIVE_MS = 65_000;
