// The HTTP server: Express in front of the React Router request handler (Vite middleware in development).
// A custom server (instead of react-router-serve) gives loaders the client address for rate limits and the audit log.
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { join, resolve } from "node:path";
import type { ServerBuild } from "react-router";

const isProduction = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";
const uploadsPublic = join(resolve(process.env.UPLOADS_DIR || "./data/uploads"), "public");

const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy set TRUST_PROXY (e.g. "loopback" or a hop count) so req.ip is the visitor's address.
app.set("trust proxy", process.env.TRUST_PROXY ? (/^\d+$/.test(process.env.TRUST_PROXY) ? Number(process.env.TRUST_PROXY) : process.env.TRUST_PROXY) : false);
app.use(compression());

app.use(
  "/uploads",
  express.static(uploadsPublic, {
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

// No request body beyond BODY_MAX_BYTES is read at all (the application with its images is the largest
// form, about 8 MB); each route then applies its own, smaller limit while it reads the stream.
const BODY_MAX_BYTES = 12 * 1024 * 1024;
app.use((req, res, next) => {
  if (Number(req.headers["content-length"] ?? 0) > BODY_MAX_BYTES) {
    res.status(413).set("Connection", "close").type("text/plain").send("This request is too large.");
    req.resume();
    return;
  }
  next();
});

// Page actions read form posts only: any other body type is answered 415 here instead of making
// `request.formData()` throw (a 500). /api routes check their own content types.
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || req.path.startsWith("/api/")) return next();
  const type = req.headers["content-type"];
  const empty = !type && (req.headers["content-length"] === undefined || req.headers["content-length"] === "0") && !req.headers["transfer-encoding"];
  if (empty || (type && FORM_TYPES.test(type))) return next();
  res.status(415).type("text/plain").send("Please send this form as a normal web form (application/x-www-form-urlencoded or multipart/form-data).");
});

type EntryHooks = {
  startup?: () => Promise<void>;
  readiness?: () => Promise<{ ready: boolean; checks: Record<string, unknown> }>;
  shutdown?: () => Promise<void>;
};
type StartableBuild = ServerBuild & { entry: { module: EntryHooks } };
let hooks: EntryHooks = {};
let stopping = false;

// Health: /healthz answers while the process runs; /readyz when the site can serve (for a load balancer).
app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok", uptime_seconds: Math.round(process.uptime()) });
});
app.get("/readyz", async (_req, res) => {
  try {
    const state = (await hooks.readiness?.()) ?? { ready: false, checks: {} };
    res.status(state.ready && !stopping ? 200 : 503).set("Cache-Control", "no-store").json({ status: state.ready && !stopping ? "ready" : "not ready", ...state, stopping });
  } catch {
    res.status(503).set("Cache-Control", "no-store").json({ status: "not ready" });
  }
});

const badHost = (res: express.Response) => res.status(400).type("text/plain").send("Bad Request: the Host header is not a valid host name.");
// An empty host name (e.g. `X-Forwarded-Host: ,x` from a trusted proxy) would make the request handler
// throw. Checked after the health routes, which need no host name.
app.use((req, res, next) => (req.hostname ? next() : badHost(res)));

function loadContext(req: express.Request) {
  return { clientAddress: req.ip || req.socket.remoteAddress || "unknown" };
}

if (isProduction) {
  const buildPath = resolve("build/server/index.js");
  const build = (await import(buildPath)) as StartableBuild;
  hooks = build.entry.module;
  await hooks.startup?.();
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static("build/client", { maxAge: "1h", index: false }));
  app.use(createRequestHandler({ build, mode: "production", getLoadContext: loadContext }));
} else {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  const firstBuild = (await viteServer.ssrLoadModule("virtual:react-router/server-build")) as StartableBuild;
  hooks = firstBuild.entry.module;
  await hooks.startup?.();
  app.use(async (req, res, next) => {
    try {
      const build = (await viteServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return createRequestHandler({ build, mode: "development", getLoadContext: loadContext })(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
}

// A Host (or trusted X-Forwarded-Host) header that makes no valid URL fails the request's URL before any
// route runs: that is the client's error (400), not the server's (both found by scripts/fuzz.ts).
app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  if ((error as { code?: unknown } | null)?.code !== "ERR_INVALID_URL" || res.headersSent) return next(error);
  badHost(res);
});

const server = app.listen(port, host, () => {
  console.log(`listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

// A clean stop: take no new connections, let in-flight requests finish (at most SHUTDOWN_GRACE_MS),
// then stop the timers and close SQLite (its WAL is checkpointed) before exiting.
const SHUTDOWN_GRACE_MS = 10_000;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing in-flight requests…`);
  const force = setTimeout(() => {
    console.error("shutdown took too long; closing the remaining connections");
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS).unref();
  server.closeIdleConnections();
  await new Promise<void>((done) => server.close(() => done()));
  clearTimeout(force);
  try {
    await hooks.shutdown?.();
  } catch (error) {
    console.error("shutdown failed:", error);
    process.exit(1);
  }
  console.log("stopped cleanly");
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(signal));
