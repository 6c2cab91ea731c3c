// The HTTP server: Express in front of the React Router request handler. A custom server (instead of
// react-router-serve) gives loaders the client address for rate limits and the audit log.
//
// This module is the server entry of the build, as in React Router's node-custom-server template:
// vite.config.ts makes it the SSR input, so `npm run build` compiles it together with the app into
// build/server/index.js, and scripts/start.js (plain JavaScript) starts it. Nothing runs TypeScript at
// run time and nothing from devDependencies is imported here.
import * as serverBuild from "virtual:react-router/server-build";
import cluster, { type Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { reloadConfig, SettingsError, sessionSecrets, type Settings } from "~/services/config.server";
import { loggablePath, logger } from "~/services/logger.server";
import { precompressedAssets } from "./precompressed-assets";

type EntryHooks = {
  startup?: () => Promise<void>;
  readiness?: () => Promise<{ ready: boolean; checks: Record<string, unknown> }>;
  shutdown?: () => Promise<void>;
  /** The response cache of anonymous public answers (production), or undefined when it is off. */
  responseCache?: () => express.RequestHandler | undefined;
};
type StartableBuild = ServerBuild & { entry: { module: EntryHooks } };

// No request body beyond BODY_MAX_BYTES is read at all (the application with its images is the largest
// form, about 8 MB); each route then applies its own, smaller limit while it reads the stream.
const BODY_MAX_BYTES = 12 * 1024 * 1024;
// Page actions read form posts only: any other body type is answered 415 here instead of making
// `request.formData()` throw (a 500). /api routes check their own content types.
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
// In-flight requests get this long after SIGTERM/SIGINT before their connections are closed.
const SHUTDOWN_GRACE_MS = 10_000;
// An incoming X-Request-Id (from a proxy) is reused when it looks like an id; otherwise a new UUID.
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

const badHost = (res: express.Response) => res.status(400).type("text/plain").send("Bad Request: the Host header is not a valid host name.");

type AppOptions = {
  settings: Settings;
  hooks: EntryHooks;
  isStopping: () => boolean;
  /** The React Router build, or (development) a function loading the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** Middleware before the router: the built client files, or Vite's dev middleware. */
  assets: (app: express.Express) => void;
};

/** The Express application: request log, headers, limits, health, uploads, assets, then React Router. */
export function createApp({ settings, hooks, isStopping, build, mode, assets }: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy set TRUST_PROXY (e.g. "loopback" or a hop count) so req.ip is the visitor's address.
  app.set("trust proxy", settings.trustProxy);

  // One JSON line per request (method, path with secret query values redacted, status, duration, id);
  // no headers, so cookies and tokens never reach the log. Health probes log at debug level.
  app.use(
    pinoHttp({
      logger,
      genReqId(req, res) {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, path: loggablePath(req.url) }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      customAttributeKeys: { responseTime: "durationMs" },
      customLogLevel: (req, res, err) => (err || res.statusCode >= 500 ? "error" : /^\/(healthz|readyz)(\?|$)/.test(req.url ?? "") ? "debug" : "info"),
      customSuccessMessage: () => "request",
      customErrorMessage: () => "request failed",
      quietReqLogger: true,
    }),
  );
  app.use(compression());

  app.use(
    "/uploads",
    express.static(join(settings.uploadsDir, "public"), {
      index: false,
      dotfiles: "deny",
      maxAge: "30d",
      immutable: true,
      setHeaders(res) {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      },
    }),
    (_req, res) => res.status(404).type("text/plain").send("Not found"),
  );

  // Headers every response carries (JSON, files, redirects); the document renderer adds its nonce CSP.
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });

  app.use((req, res, next) => {
    if (Number(req.headers["content-length"] ?? 0) > BODY_MAX_BYTES) {
      res.status(413).set("Connection", "close").type("text/plain").send("This request is too large.");
      req.resume();
      return;
    }
    next();
  });

  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || req.path.startsWith("/api/")) return next();
    const type = req.headers["content-type"];
    const empty = !type && (req.headers["content-length"] === undefined || req.headers["content-length"] === "0") && !req.headers["transfer-encoding"];
    if (empty || (type && FORM_TYPES.test(type))) return next();
    res.status(415).type("text/plain").send("Please send this form as a normal web form (application/x-www-form-urlencoded or multipart/form-data).");
  });

  // Health: /healthz answers while the process runs; /readyz when the site can serve (for a load balancer).
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", uptime_seconds: Math.round(process.uptime()) });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      const state = (await hooks.readiness?.()) ?? { ready: false, checks: {} };
      const ready = state.ready && !isStopping();
      res.status(ready ? 200 : 503).set("Cache-Control", "no-store").json({ status: ready ? "ready" : "not ready", ...state, stopping: isStopping() });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "not ready" });
    }
  });

  // An empty host name (e.g. `X-Forwarded-Host: ,x` from a trusted proxy) would make the request handler
  // throw. Checked after the health routes, which need no host name.
  app.use((req, res, next) => (req.hostname ? next() : badHost(res)));

  // The cache answers before the static files are looked up (a stat per request showed in the profile);
  // it only answers what it stored, anything else passes on.
  const responseCache = mode === "production" ? hooks.responseCache?.() : undefined;
  if (responseCache) app.use(responseCache);
  assets(app);
  app.use(
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req) => ({ clientAddress: req.ip || req.socket.remoteAddress || "unknown", requestId: String(req.id) }),
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

/** Listens, and on SIGTERM/SIGINT stops cleanly: no new connections, in-flight requests finish, then `hooks.shutdown`. */
function listen(app: express.Express, settings: Settings, state: { stopping: boolean }, hooks: EntryHooks, announce: boolean): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(settings.port, settings.host, () => {
      if (announce) logger.info(`listening on http://${settings.host === "0.0.0.0" ? "localhost" : settings.host}:${settings.port}`);
      resolve(server);
    });
    server.once("error", reject);
    const stop = async (signal: string) => {
      if (state.stopping) return;
      state.stopping = true;
      logger.info({ signal }, "finishing in-flight requests");
      const force = setTimeout(() => {
        logger.warn("shutdown took too long; closing the remaining connections");
        server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS).unref();
      server.closeIdleConnections();
      await new Promise<void>((done) => server.close(() => done()));
      clearTimeout(force);
      try {
        await hooks.shutdown?.();
      } catch (err) {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      }
      if (announce) logger.info("stopped cleanly");
      process.exit(0);
    };
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(signal));
  });
}

/** Reads and validates the settings once; a bad one stops the start with a message naming it. */
function bootSettings(): Settings {
  try {
    const settings = reloadConfig();
    logger.level = settings.logLevel;
    return settings;
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`The server cannot start. ${error.message}\n(See the Configuration table in README.md.)\n`);
      process.exit(1);
    }
    throw error;
  }
}

function fail(err: unknown, message: string): never {
  logger.fatal({ err }, message);
  process.exit(1);
}

const clientDir = () => fileURLToPath(new URL("../client", import.meta.url));

function productionApp(settings: Settings, hooks: EntryHooks, state: { stopping: boolean }) {
  return createApp({
    settings,
    hooks,
    isStopping: () => state.stopping,
    build: serverBuild as unknown as ServerBuild,
    mode: "production",
    assets(app) {
      // Brotli/gzip copies written at build time (scripts/precompressed-assets.ts), then the plain files.
      app.use("/assets", precompressedAssets(join(clientDir(), "assets"), { immutable: true, maxAge: "1y" }));
      app.use("/assets", express.static(join(clientDir(), "assets"), { immutable: true, maxAge: "1y", index: false }));
      app.use(express.static(clientDir(), { maxAge: "1h", index: false }));
    },
  });
}

/**
 * `npm start`: the production server. The primary process validates the settings, makes the session
 * secret file if needed, runs migrations, the first-run seed and the periodic tasks (once for the
 * site), then starts WEB_CONCURRENCY workers (default: one per core) that share the port and the
 * SQLite file. With one worker it serves in the same process. This is the one place the server starts.
 */
export async function startProductionServer(): Promise<void> {
  const settings = bootSettings();
  const hooks = (serverBuild as unknown as StartableBuild).entry.module;
  const state = { stopping: false };
  if (cluster.isWorker) {
    await listen(productionApp(settings, hooks, state), settings, state, hooks, false).catch((err) => fail(err, "the worker could not listen"));
    return;
  }
  try {
    sessionSecrets();
    await hooks.startup?.();
  } catch (err) {
    fail(err, "start-up failed");
  }
  if (settings.webConcurrency === 1) {
    await listen(productionApp(settings, hooks, state), settings, state, hooks, true).catch((err) => fail(err, "the server could not listen"));
    return;
  }
  runPrimary(settings, hooks);
}

/** The cluster's primary: keeps WEB_CONCURRENCY workers serving, replaces a crashed one, stops them all on a signal. */
function runPrimary(settings: Settings, hooks: EntryHooks): void {
  const workers = settings.webConcurrency;
  const served = new Set<number>();
  let stopping = false;
  let announced = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      served.add(worker.id);
      if (!announced && served.size >= workers) {
        announced = true;
        logger.info({ workers }, `listening on http://${settings.host === "0.0.0.0" ? "localhost" : settings.host}:${settings.port}`);
      }
    });
  };

  const finish = async (code: number) => {
    try {
      await hooks.shutdown?.();
    } catch (err) {
      logger.error({ err }, "shutdown failed");
      process.exit(1);
    }
    if (code === 0) logger.info("stopped cleanly");
    process.exit(code);
  };

  const stopAll = (code: number, signal: NodeJS.Signals = "SIGTERM") => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    if (!alive.length) return void finish(code);
    logger.info({ signal, workers: alive.length }, "stopping the workers");
    let left = alive.length;
    for (const worker of alive) {
      worker.once("exit", () => {
        if (--left === 0) void finish(code);
      });
      worker.process.kill("SIGTERM");
    }
    setTimeout(() => {
      for (const worker of alive) if (!worker.isDead()) worker.process.kill("SIGKILL");
    }, SHUTDOWN_GRACE_MS + 5_000).unref();
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!served.has(worker.id)) {
      logger.fatal({ pid: worker.process.pid, code, signal }, "a worker failed to start; stopping");
      return stopAll(1);
    }
    served.delete(worker.id);
    logger.error({ pid: worker.process.pid, code, signal }, "a worker stopped unexpectedly; starting a new one");
    fork();
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stopAll(0, signal));
  for (let i = 0; i < workers; i++) fork();
}

/** `npm run dev`: one process, Vite's middleware and a fresh server build per request (hot reload). */
export async function startDevelopmentServer(vite: ViteDevServer): Promise<void> {
  const settings = bootSettings();
  const hooks = (serverBuild as unknown as StartableBuild).entry.module;
  const state = { stopping: false };
  await hooks.startup?.();
  const app = createApp({
    settings,
    hooks,
    isStopping: () => state.stopping,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: "development",
    assets: (app) => app.use(vite.middlewares),
  });
  await listen(app, settings, state, hooks, true);
}

