// The server's entry: `npm run build` compiles it with the app into build/server/index.js (vite.config.ts
// makes it the SSR input, as in React Router's node-custom-server template) and server/start.js starts it.
// It starts the site (migrations, first-run seed, periodic tasks) once, runs the cluster, and stops
// everything through one path. Nothing runs TypeScript at run time, nothing from devDependencies is imported.
import * as serverBuild from "virtual:react-router/server-build";
import cluster, { type Worker } from "node:cluster";
import type { Server } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { getDb } from "~db/client";
import { contentVersionSource } from "~/models/content-version.server";
import { reloadConfig, SettingsError, sessionSecrets, type Settings } from "~/services/config.server";
import { shutdown } from "~/services/health.server";
import { logger } from "~/services/logger.server";
import { logMemoryEvery } from "~/services/memory.server";
import { listenForScrapes, setUpMetrics } from "~/services/metrics.server";
import { prepareDatabase, runStartupTasks } from "~/services/startup.server";
import { loadPincodes } from "~db/pincodes";
import { createApp, createHttpServer } from "./app";
import { NODE_FLAGS } from "./node-flags";
import { precompressedAssets } from "./precompressed-assets";
import { createResponseCache, type ResponseCache } from "./serve-from-cache";

// In-flight requests get this long after SIGTERM/SIGINT before their connections are closed.
const SHUTDOWN_GRACE_MS = 10_000;
/** How often a stopping server closes the connections that have become idle. */
const IDLE_SWEEP_MS = 50;

/** Once per site, before it serves: migrations, the first-run seed, the periodic tasks. */
async function startSite(): Promise<void> {
  const db = getDb();
  await prepareDatabase(db);
  await runStartupTasks(db);
}

/** The one way out: close what the process holds (after its requests finished), then exit. */
async function closeAndExit(code: number, announce: boolean): Promise<never> {
  try {
    await shutdown();
  } catch (err) {
    logger.error({ err }, "shutdown failed");
    process.exit(1);
  }
  if (announce && code === 0) logger.info("stopped cleanly");
  process.exit(code);
}

/** The response cache of anonymous public answers, per process; none when RESPONSE_CACHE_MB is 0. */
function responseCache(settings: Settings): ResponseCache | undefined {
  if (settings.responseCacheBytes <= 0) return undefined;
  return createResponseCache({ maxBytes: settings.responseCacheBytes, contentVersion: contentVersionSource(getDb()) });
}

/** Listens, and on SIGTERM/SIGINT stops cleanly: no new connections, in-flight requests finish, then the one shutdown path. */
function listen(
  { app, cache }: { app: express.Express; cache?: ResponseCache },
  settings: Settings,
  state: { stopping: boolean },
  announce: boolean,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createHttpServer(app, cache);
    server.listen(settings.port, settings.host, () => {
      if (announce)
        logger.info(
          `listening on http://${settings.host === "0.0.0.0" ? "localhost" : settings.host}:${settings.port}`,
        );
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
      // close() closes the connections idle now; one serving a request becomes idle when its answer is sent
      // and would then wait out the keep-alive limit (server/app.ts), so idle ones are closed as they appear.
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      await new Promise<void>((done) => server.close(() => done()));
      clearInterval(sweep);
      clearTimeout(force);
      await closeAndExit(0, announce);
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

function productionApp(settings: Settings, state: { stopping: boolean }) {
  // The PIN codes' centres (db/pincodes.ts), read before a request needs them (~10 ms, ~230 KB kept).
  loadPincodes();
  const cache = responseCache(settings);
  const app = createApp({
    settings,
    isStopping: () => state.stopping,
    responseCache: cache,
    build: serverBuild as unknown as ServerBuild,
    mode: "production",
    assets(app) {
      // Brotli/gzip copies written at build time (server/precompressed-assets.ts), then the plain files.
      app.use("/assets", precompressedAssets(join(clientDir(), "assets"), { immutable: true, maxAge: "1y" }));
      app.use("/assets", express.static(join(clientDir(), "assets"), { immutable: true, maxAge: "1y", index: false }));
      // The files beside the assets (public/: the favicon) all have an extension; a page's path has none, and
      // would otherwise cost a file-system look-up on every render.
      const rootFiles = express.static(clientDir(), { maxAge: "1h", index: false });
      app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? rootFiles(req, res, next) : next()));
    },
  });
  return { app, cache };
}

/**
 * `npm start`: the production server. The primary process validates the settings, makes the session
 * secret file if needed, runs migrations, the first-run seed and the periodic tasks (once for the
 * site), then starts WEB_CONCURRENCY workers (default: one per core) that share the port and the
 * SQLite file. With one worker it serves in the same process. This is the one place the server starts.
 */
export async function startProductionServer(): Promise<void> {
  const settings = bootSettings();
  const state = { stopping: false };
  if (cluster.isWorker) {
    logMemoryEvery(settings.memoryLogMs, "worker");
    listenForScrapes();
    await listen(productionApp(settings, state), settings, state, false).catch((err) =>
      fail(err, "the worker could not listen"),
    );
    return;
  }
  try {
    sessionSecrets();
    await startSite();
  } catch (err) {
    process.stderr.write(`The server cannot start. ${err instanceof Error ? err.message : String(err)}\n`);
    fail(err, "start-up failed");
  }
  logMemoryEvery(settings.memoryLogMs, settings.webConcurrency === 1 ? "server" : "primary");
  if (settings.webConcurrency === 1) {
    await listen(productionApp(settings, state), settings, state, true).catch((err) =>
      fail(err, "the server could not listen"),
    );
    return;
  }
  runPrimary(settings);
}

/** The cluster's primary: keeps WEB_CONCURRENCY workers serving, replaces a crashed one, stops them all on a signal. */
function runPrimary(settings: Settings): void {
  const workers = settings.webConcurrency;
  // The workers get the production V8 options even when the primary was started without them.
  const given = new Set(process.execArgv.map((flag) => flag.split("=")[0]));
  cluster.setupPrimary({
    execArgv: [...process.execArgv, ...NODE_FLAGS.filter((flag) => !given.has(flag.split("=")[0]))],
  });
  // /metrics: a worker asks the primary, which merges every worker's metrics with the site's (docs/decisions/224-metrics.md).
  setUpMetrics(settings.metrics.on);
  listenForScrapes();
  const served = new Set<number>();
  let stopping = false;
  let announced = false;

  const fork = () => {
    // glibc gives each thread that allocates its own malloc arena (up to 8 per core) and keeps their
    // freed memory: libvips' and libuv's threads held ~100 MB of a worker's RSS after the write-heavy
    // load (docs/reliability.md). Two arenas, unless the environment says otherwise; the primary itself starts with
    // the environment it was given (set MALLOC_ARENA_MAX=2 there too when WEB_CONCURRENCY=1).
    const worker = cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" });
    worker.once("listening", () => {
      served.add(worker.id);
      if (!announced && served.size >= workers) {
        announced = true;
        logger.info(
          { workers },
          `listening on http://${settings.host === "0.0.0.0" ? "localhost" : settings.host}:${settings.port}`,
        );
      }
    });
  };

  const finish = (code: number) => closeAndExit(code, true);

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
  const state = { stopping: false };
  await startSite();
  const app = createApp({
    settings,
    isStopping: () => state.stopping,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: "development",
    assets: (app) => app.use(vite.middlewares),
  });
  await listen({ app }, settings, state, true);
}
