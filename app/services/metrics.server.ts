// The site's metrics in Prometheus' text format, through prom-client (docs/decisions/224-metrics.md).
//
// Two registries. This process's (requests, the response cache, renders, events such as webhooks and
// refusals, the pool, and prom-client's default process metrics: event-loop lag, heap, RSS) is kept in
// every process and merged across the cluster's processes by each metric's aggregator (counters and
// histograms summed, event-loop lag averaged). The site's (gauges read from the database on scrape: the
// mail outbox, background jobs, the SQLite file's size) lives only in the process that answers for the
// site, the cluster's primary (or the one process), so it is read once per scrape and never summed.
//
// Requests are counted in plain numbers on the hot path (no label objects, no strings built): the series
// are found through nested maps by route id, method and status, and turned into prom-client's values
// only when scraped.
import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import { dirname, resolve } from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import client from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { type DB, getDb, instancesMayShare, poolOf, targetOf } from "~db/client";
import { diskSpace, sqliteFileBytes } from "~db/disk-space";
import { boundedMemo } from "~/lib/bounded-memo";
import { imageJobCounts, oldestQueuedMail, outboxCounts } from "~/models/metrics.server";
import { config } from "./config.server";
import { logger } from "./logger.server";

const { AggregatorRegistry, Counter, Gauge, Registry } = client;
type Registry = InstanceType<typeof client.Registry>;
type MetricJson = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>[number];

/** This process's metrics (merged across the cluster by their aggregators). */
export const processRegistry = new Registry();
/** The site's metrics, read from the database on scrape, in the process that answers for the site. */
const siteRegistry = new Registry();

let counting = true;
let defaultsOn = false;

/** Counting on or off (METRICS=off: nothing is counted and /metrics is not served); the process metrics start once. */
export function setUpMetrics(on: boolean): void {
  counting = on;
  if (on && !defaultsOn) {
    defaultsOn = true;
    startProcessMetrics();
  }
}

// ── the process: memory, CPU and the event loop's lag ──
// Not prom-client's collectDefaultMetrics: its collectors (a GC observer, an event-loop delay histogram
// sampled every 10 ms, …) cost about a tenth of the cached rate (docs/performance.md, "What counting for
// /metrics costs"). Memory and CPU are read on scrape; the lag is a timer's lateness, sampled twice a second.

const LAG_SAMPLE_MS = 500;
const lag = { last: 0, max: 0 };

/**
 * One read shared by the gauges of one scrape: each gauge collects on its own, so a value several of them are
 * made from (the process's memory, the backups' state) is read once. A registry starts every gauge's collect
 * in the same turn of the event loop; the read is kept until that turn ends, for calls with the same argument.
 */
export function readOncePerScrape<A extends object | undefined, T>(read: (arg: A) => T): (arg: A) => T {
  let last: { arg: A; value: T } | undefined;
  return (arg) => {
    if (last && last.arg === arg) return last.value;
    const current = { arg, value: read(arg) };
    last = current;
    setImmediate(() => {
      if (last === current) last = undefined;
    });
    return current.value;
  };
}
const memoryOfScrape = readOncePerScrape(() => process.memoryUsage());

function startProcessMetrics(): void {
  let expected = performance.now() + LAG_SAMPLE_MS;
  setInterval(() => {
    const now = performance.now();
    const late = Math.max(0, now - expected) / 1000;
    lag.last = late;
    lag.max = Math.max(lag.max, late);
    expected = now + LAG_SAMPLE_MS;
  }, LAG_SAMPLE_MS).unref();
  const scraped = (
    name: string,
    help: string,
    aggregator: string,
    value: () => number,
    type: "gauge" | "counter" = "gauge",
  ) =>
    registerScraped(processRegistry, { name, help, type, aggregator }, () => [{ labels: {}, value: value() } as never]);
  const memory = [
    ["process_resident_memory_bytes", "Resident memory size in bytes (summed over processes).", "rss"],
    ["nodejs_heap_size_used_bytes", "V8 heap in use, in bytes (summed over processes).", "heapUsed"],
    ["nodejs_heap_size_total_bytes", "V8 heap reserved, in bytes (summed over processes).", "heapTotal"],
    [
      "nodejs_external_memory_bytes",
      "Memory of C++ objects bound to JavaScript (buffers), in bytes (summed).",
      "external",
    ],
  ] as const;
  for (const [name, help, field] of memory) scraped(name, help, "sum", () => memoryOfScrape(undefined)[field]);
  scraped(
    "process_cpu_seconds_total",
    "CPU time (user and system) in seconds (summed over processes).",
    "sum",
    () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1e6;
    },
    "counter",
  );
  scraped(
    "nodejs_eventloop_lag_seconds",
    "How late the event loop ran a timer at its last sample, in seconds (averaged over processes).",
    "average",
    () => lag.last,
  );
  scraped(
    "nodejs_eventloop_lag_max_seconds",
    "The latest timer's lateness since the last scrape, in seconds (the highest of the processes).",
    "max",
    () => {
      const max = lag.max;
      lag.max = lag.last;
      return max;
    },
  );
}

// ── requests ──

/** Upper bounds (seconds) of the request and render time buckets. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Timing = { count: number; sum: number; buckets: number[] };
const newTiming = (): Timing => ({ count: 0, sum: 0, buckets: DURATION_BUCKETS.map(() => 0) });
function observe(timing: Timing, seconds: number): void {
  timing.count++;
  timing.sum += seconds;
  for (let i = 0; i < DURATION_BUCKETS.length; i++)
    if (seconds <= DURATION_BUCKETS[i]) {
      timing.buckets[i]++;
      return;
    }
}

type Series = { route: string; method: string; status: number; count: number; timing: Timing };
/** route → method → status → series; the timing is shared by the statuses of a route and method. */
const requestSeries = new Map<string, Map<string, Map<number, Series>>>();
const timings = new Map<string, Map<string, Timing>>();
const renders = newTiming();

/** The methods a route serves; any other (answered 405) is counted as "other", so made-up methods add no series. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Route labels of the paths React Router does not answer, and of every 404. */
export const FIXED_ROUTES = ["assets", "uploads", "file", "healthz", "readyz", "metrics", "not-found", "unmatched"];
const NOT_ROUTER = new Set(FIXED_ROUTES);

function seriesOf(route: string, method: string, status: number): Series {
  let byMethod = requestSeries.get(route);
  if (!byMethod) requestSeries.set(route, (byMethod = new Map()));
  let byStatus = byMethod.get(method);
  if (!byStatus) byMethod.set(method, (byStatus = new Map()));
  let series = byStatus.get(status);
  if (!series) {
    let timingOf = timings.get(route);
    if (!timingOf) timings.set(route, (timingOf = new Map()));
    let timing = timingOf.get(method);
    if (!timing) timingOf.set(method, (timing = newTiming()));
    byStatus.set(status, (series = { route, method, status, count: 0, timing }));
  }
  return series;
}

/**
 * Counts one answered request: called where its log line is written (Express's request log, and the
 * response cache's hits). `rendered`: Express answered it, so a route's answer was rendered.
 */
export function countRequest(
  req: { method?: string; url?: string; originalUrl?: string },
  status: number,
  durationMs: number,
  rendered: boolean,
): void {
  if (!counting) return;
  // Express's routers strip their prefix from `url` (the assets' `/assets`); `originalUrl` keeps it.
  const route = routeOf(req.originalUrl ?? req.url ?? "/", status);
  const method = METHODS.has(req.method ?? "") ? req.method! : "other";
  const series = seriesOf(route, method, status);
  series.count++;
  observe(series.timing, durationMs / 1000);
  if (rendered && !NOT_ROUTER.has(route)) observe(renders, durationMs / 1000);
}

// ── route ids ──

let routeTree: RouteObject[] | undefined;
/** pathname → route id, for the paths seen lately (cleared when full, so any set of addresses stays bounded). */
const routeIds = boundedMemo(2000, matchRoute);

/** The route tree React Router matches against, from the build's route manifest (once per build). */
export function useRoutesOf(build: ServerBuild): void {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject);
    children.set(route.parentId, list);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const kids = children.get(route.id);
      return (kids ? { ...route, children: attach(kids) } : route) as RouteObject;
    });
  routeTree = attach(children.get(undefined) ?? []);
  routeIds.clear();
}

/**
 * The route label of a request: React Router's deepest matched route id; a fixed name for the paths it
 * does not answer (assets, uploads, files beside the assets, health, /metrics); "not-found" for every 404.
 * Never the address itself, so the series are bounded by the routes.
 */
export function routeOf(url: string, status: number): string {
  if (status === 404) return "not-found";
  const end = url.indexOf("?");
  const path = end === -1 ? url : url.slice(0, end);
  if (path.startsWith("/assets/")) return "assets";
  if (path.startsWith("/uploads/")) return "uploads";
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return path.slice(1);
  return routeIds(path);
}

function matchRoute(path: string): string {
  if (!routeTree) return "unmatched";
  // Client navigations ask for `<path>.data` (`/_root.data` for the home page).
  const pathname = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -5) : path;
  let matches: ReturnType<typeof matchRoutes>;
  try {
    matches = matchRoutes(routeTree, pathname);
  } catch {
    return "unmatched";
  }
  const leaf = matches?.[matches.length - 1];
  if (!leaf) return "unmatched";
  // A file beside the assets (the favicon) is matched only by a catch-all route, and served before it.
  if (leaf.route.path === "*" && /\.[^/]*$/.test(pathname)) return "file";
  return leaf.route.id ?? "unmatched";
}

// ── the response cache and events counted where they happen ──

const cacheLookups = { hit: 0, miss: 0 };
/** A response cache look-up (server/serve-from-cache.ts). */
export function countCacheLookup(outcome: "hit" | "miss"): void {
  if (counting) cacheLookups[outcome]++;
}
let cacheEntries: (() => number) | undefined;
/** The response cache of this process, whose entries are reported on scrape. */
export function reportCacheEntries(entries: () => number): void {
  cacheEntries = entries;
}

const webhooks = new Counter({
  name: "bwp_payment_webhooks_total",
  help: "Payment gateway webhook deliveries by result: refused (signature), unreadable, conflict, or the event's outcome (applied, duplicate, flagged, …).",
  labelNames: ["result"],
  registers: [processRegistry],
});
/** A webhook delivery's result (app/services/payments/index.server.ts). */
export function countWebhook(result: string): void {
  if (counting) webhooks.inc({ result });
}

const quoteRequests = new Counter({
  name: "bwp_quote_requests_total",
  help: "Requests for quotes received (stored, before their confirmation).",
  registers: [processRegistry],
});
export function countQuoteRequest(): void {
  if (counting) quoteRequests.inc();
}

const signInRefusals = new Counter({
  name: "bwp_sign_in_refusals_total",
  help: "Password sign-ins refused, by portal and reason (failure: wrong pair or account; throttled; busy).",
  labelNames: ["portal", "reason"],
  registers: [processRegistry],
});
export function countSignInRefusal(portal: string, reason: "failure" | "throttled" | "busy"): void {
  if (counting) signInRefusals.inc({ portal, reason });
}

const rateLimitRefusals = new Counter({
  name: "bwp_rate_limit_refusals_total",
  help: "Attempts refused by a rate limit, by scope (RATE_LIMIT_<SCOPE>).",
  labelNames: ["scope"],
  registers: [processRegistry],
});
export function countRateLimitRefusal(scope: string): void {
  if (counting) rateLimitRefusals.inc({ scope });
}

// ── this process's values turned into prom-client's on scrape ──

/** A metric whose values are made on scrape (prom-client accepts any object with these fields and `get`). */
function registerScraped(
  registry: Registry,
  metric: { name: string; help: string; type: "counter" | "gauge" | "histogram"; aggregator: string },
  values: () => MetricJson["values"],
): void {
  registry.registerMetric({
    ...metric,
    get: async () => ({ ...metric, values: values() }),
  } as unknown as Parameters<Registry["registerMetric"]>[0]);
}

function histogramValues(name: string, labels: Record<string, string>, timing: Timing): MetricJson["values"] {
  const values: MetricJson["values"] = [];
  let cumulative = 0;
  DURATION_BUCKETS.forEach((le, i) => {
    cumulative += timing.buckets[i];
    values.push({ metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative } as never);
  });
  values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: "+Inf" }, value: timing.count } as never);
  values.push({ metricName: `${name}_sum`, labels, value: timing.sum } as never);
  values.push({ metricName: `${name}_count`, labels, value: timing.count } as never);
  return values;
}

registerScraped(
  processRegistry,
  {
    name: "bwp_http_requests_total",
    help: "Requests answered, by route id (React Router's, or a fixed name), method and status.",
    type: "counter",
    aggregator: "sum",
  },
  () => {
    const values: MetricJson["values"] = [];
    for (const byMethod of requestSeries.values())
      for (const byStatus of byMethod.values())
        for (const s of byStatus.values())
          values.push({ labels: { route: s.route, method: s.method, status: s.status }, value: s.count } as never);
    return values;
  },
);
registerScraped(
  processRegistry,
  {
    name: "bwp_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's end, by route id and method.",
    type: "histogram",
    aggregator: "sum",
  },
  () => {
    const values: MetricJson["values"] = [];
    for (const [route, byMethod] of timings)
      for (const [method, timing] of byMethod)
        values.push(...histogramValues("bwp_http_request_duration_seconds", { route, method }, timing));
    return values;
  },
);
registerScraped(
  processRegistry,
  {
    name: "bwp_renders_seconds",
    help: "Answers rendered by React Router (not the response cache's hits), and their time.",
    type: "histogram",
    aggregator: "sum",
  },
  () => histogramValues("bwp_renders_seconds", {}, renders),
);
registerScraped(
  processRegistry,
  {
    name: "bwp_response_cache_lookups_total",
    help: "Response cache look-ups of anonymous GET and HEAD requests, by outcome (hit, miss).",
    type: "counter",
    aggregator: "sum",
  },
  () => [
    { labels: { outcome: "hit" }, value: cacheLookups.hit } as never,
    { labels: { outcome: "miss" }, value: cacheLookups.miss } as never,
  ],
);
registerScraped(
  processRegistry,
  {
    name: "bwp_response_cache_entries",
    help: "Answers kept in the response caches (one per process, summed).",
    type: "gauge",
    aggregator: "sum",
  },
  () => [{ labels: {}, value: cacheEntries?.() ?? 0 } as never],
);

let buildVersion: string | undefined;
/** The build being served (React Router's manifest version). */
export function setBuildVersion(version: string): void {
  buildVersion = version;
}
registerScraped(
  processRegistry,
  {
    name: "bwp_build_info",
    help: "The build served (1, with its version as a label: React Router's manifest version).",
    type: "gauge",
    aggregator: "max",
  },
  () => (buildVersion ? [{ labels: { version: buildVersion, node: process.version }, value: 1 } as never] : []),
);

new Gauge({
  name: "bwp_database_pool_connections",
  help: "PostgreSQL pool connections of this process (summed over processes), by state: total, idle, waiting (clients waiting for one).",
  labelNames: ["state"],
  registers: [processRegistry],
  collect() {
    this.reset();
    const db = openedDb();
    if (!db || !instancesMayShare(db)) return;
    const pool = poolOf(db);
    this.set({ state: "total" }, pool.totalCount);
    this.set({ state: "idle" }, pool.idleCount);
    this.set({ state: "waiting" }, pool.waitingCount);
  },
});

/** The process's database, if it can be opened (a scrape never fails for want of it). */
function openedDb(): DB | undefined {
  try {
    return getDb();
  } catch {
    return undefined;
  }
}

// ── the site's gauges, read from the database on scrape ──

/**
 * A gauge read from the database when /metrics is scraped, once for the whole site (never per request,
 * never summed over the cluster's processes). `read` returns its values; a failing read leaves the gauge
 * without values for that scrape (logged). For example the failed backups:
 * `registerDatabaseGauge({ name: "bwp_backup_failures", help: "…", read: async (db) => [{ value: … }] })`.
 */
export function registerDatabaseGauge<L extends string = never>(gauge: {
  name: string;
  help: string;
  labelNames?: L[];
  read: (db: DB) => Promise<{ labels?: Partial<Record<L, string>>; value: number }[]>;
}): void {
  new Gauge({
    name: gauge.name,
    help: gauge.help,
    labelNames: gauge.labelNames ?? [],
    registers: [siteRegistry],
    aggregator: "first",
    async collect() {
      this.reset();
      const db = openedDb();
      if (!db) return;
      try {
        const values = await gauge.read(db);
        for (const { labels, value } of values) this.set((labels ?? {}) as never, value);
        // Nothing to report (the file's size on PostgreSQL): no sample, rather than a 0 that says something.
        if (!values.length && !gauge.labelNames?.length) this.remove();
      } catch (err) {
        logger.warn({ err, metric: gauge.name }, "a metric could not be read from the database");
      }
    },
  });
}

const secondsSince = (iso: string | null | undefined) =>
  iso ? Math.max(0, (Date.now() - Date.parse(iso.includes("T") || iso.endsWith("Z") ? iso : `${iso}Z`)) / 1000) : 0;

registerDatabaseGauge({
  name: "bwp_mail_outbox_messages",
  help: "Mail in the outbox waiting to be sent (queued, with its retries) or given up (failed).",
  labelNames: ["status"],
  read: async (db) => {
    const { queued, failed } = await outboxCounts(db);
    return [
      { labels: { status: "queued" }, value: queued },
      { labels: { status: "failed" }, value: failed },
    ];
  },
});

registerDatabaseGauge({
  name: "bwp_mail_outbox_oldest_queued_seconds",
  help: "Age of the oldest mail still queued (0 when none waits).",
  read: async (db) => [{ value: secondsSince(await oldestQueuedMail(db)) }],
});

registerDatabaseGauge({
  name: "bwp_background_jobs",
  help: "Background jobs by kind and status: image copies (image_variant_jobs) waiting (queued) or given up (failed). Reminders are mail, counted in the outbox.",
  labelNames: ["kind", "status"],
  read: async (db) => {
    const { queued, failed } = await imageJobCounts(db);
    return [
      { labels: { kind: "image_copies", status: "queued" }, value: queued },
      { labels: { kind: "image_copies", status: "failed" }, value: failed },
    ];
  },
});

registerDatabaseGauge({
  name: "bwp_database_file_bytes",
  help: "The SQLite database's size on disk (the file and its write-ahead log); absent on PostgreSQL.",
  read: async (db) => {
    if (instancesMayShare(db)) return [];
    return [{ value: sqliteFileBytes(targetOf(db)) }];
  },
});

registerDatabaseGauge({
  name: "bwp_disk_available_bytes",
  help: "Free space (for this user) on the disk of each place the site writes: database (SQLite), uploads (a folder), backups.",
  labelNames: ["place"],
  read: async (db) => diskPlaces(db).flatMap(([place, dir]) => disk(dir, "available", place)),
});
registerDatabaseGauge({
  name: "bwp_disk_size_bytes",
  help: "Size of the disk of each place the site writes (as bwp_disk_available_bytes).",
  labelNames: ["place"],
  read: async (db) => diskPlaces(db).flatMap(([place, dir]) => disk(dir, "size", place)),
});

function diskPlaces(db: DB): [string, string][] {
  const settings = config();
  return [
    ...(!instancesMayShare(db) ? [["database", dirname(targetOf(db))] as [string, string]] : []),
    ...(settings.s3 ? [] : [["uploads", settings.uploadsDir] as [string, string]]),
    ["backups", resolve(settings.backup.dir)],
  ];
}
function disk(dir: string, which: "available" | "size", place: string) {
  const space = diskSpace(dir); // null: not made yet (the backups' folder before the first backup)
  return space ? [{ labels: { place }, value: space[which] }] : [];
}

// ── the answer ──

/** The whole site's metrics as text: this process's with the site's, and in a cluster every worker's merged. */
export async function metricsText(): Promise<string> {
  if (cluster.isWorker) return askPrimary();
  const own = [...(await processRegistry.getMetricsAsJSON()), ...(await siteRegistry.getMetricsAsJSON())];
  const workers = cluster.isPrimary ? await workersMetrics() : [];
  return AggregatorRegistry.aggregate([own, ...workers]).metrics();
}

export const METRICS_CONTENT_TYPE = processRegistry.contentType;

// The cluster's processes talk over the IPC channel Node's cluster opens (server/index.ts starts the
// workers; until now they exchanged nothing else). A worker answering /metrics asks the primary, which
// asks every worker (that one included) for its registry and merges them with its own.
const SCRAPE = "bwp:metrics:scrape";
const SCRAPED = "bwp:metrics:scraped";
const COLLECT = "bwp:metrics:collect";
const COLLECTED = "bwp:metrics:collected";
/** A worker that has not answered the primary in this long is left out of that scrape. */
const WORKER_WAIT_MS = 2_000;
type Message = { type?: string; id?: number; text?: string; error?: string; metrics?: MetricJson[] };

let nextId = 0;
const waiting = new Map<number, (message: Message) => void>();

function askPrimary(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("the primary did not answer for the metrics"));
    }, WORKER_WAIT_MS * 2);
    waiting.set(id, (message) => {
      clearTimeout(timer);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? "");
    });
    process.send!({ type: SCRAPE, id });
  });
}

async function workersMetrics(): Promise<MetricJson[][]> {
  const workers = Object.values(cluster.workers ?? {}).filter((w) => !!w && w.isConnected());
  return (
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<MetricJson[] | null>((resolve) => {
            const id = nextId++;
            const timer = setTimeout(() => {
              waiting.delete(id);
              resolve(null);
            }, WORKER_WAIT_MS);
            waiting.set(id, (message) => {
              clearTimeout(timer);
              resolve(message.metrics ?? null);
            });
            worker!.send({ type: COLLECT, id });
          }),
      ),
    )
  ).filter((m): m is MetricJson[] => m !== null);
}

/** The messages of the scrape between the primary and the workers (server/index.ts calls it in each process). */
export function listenForScrapes(): void {
  if (cluster.isPrimary) {
    cluster.on("message", (worker, message: Message) => {
      if (message?.type === COLLECTED && message.id !== undefined) waiting.get(message.id)?.(message);
      if (message?.type !== SCRAPE) return;
      metricsText().then(
        (text) => worker.isConnected() && worker.send({ type: SCRAPED, id: message.id, text }),
        (err: unknown) => worker.isConnected() && worker.send({ type: SCRAPED, id: message.id, error: String(err) }),
      );
    });
    return;
  }
  process.on("message", (message: Message) => {
    if (message?.type === SCRAPED && message.id !== undefined) {
      const done = waiting.get(message.id);
      waiting.delete(message.id);
      done?.(message);
    }
    if (message?.type !== COLLECT) return;
    processRegistry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics }),
      () => process.send?.({ type: COLLECTED, id: message.id, metrics: [] }),
    );
  });
}

// ── who may read it ──

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const PROXY_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];
const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether a request may read /metrics: with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant
 * time), or from this machine itself, that is a loopback connection that carries no proxy header (a
 * proxy on this machine forwarding a visitor's request says so by adding one, whatever TRUST_PROXY says).
 */
export function mayReadMetrics(req: IncomingMessage, token: string | null): boolean {
  const authorization = req.headers.authorization;
  if (token && authorization?.startsWith("Bearer ")) {
    return timingSafeEqual(digest(authorization.slice(7).trim()), digest(token));
  }
  if (authorization) return false;
  return LOOPBACK.test(req.socket.remoteAddress ?? "") && PROXY_HEADERS.every((name) => !req.headers[name]);
}

/**
 * GET /metrics (server/app.ts): 404 when METRICS=off; 401 to a request that may not read it; else the
 * text, never stored by any cache (the response cache never keeps it either: it answers before the cache's fill).
 */
export function serveMetrics(settings: { on: boolean; token: string | null }) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader("Cache-Control", "no-store");
    const plain = (status: number, text: string) => {
      res.statusCode = status;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(text);
    };
    if (!settings.on) return plain(404, "Not found");
    if (!mayReadMetrics(req, settings.token)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return plain(401, "The metrics need a bearer token (METRICS_TOKEN) or a request from this machine.");
    }
    metricsText().then(
      (text) => {
        res.statusCode = 200;
        res.setHeader("Content-Type", METRICS_CONTENT_TYPE);
        res.end(text);
      },
      (err: unknown) => {
        logger.error({ err }, "the metrics could not be collected");
        plain(503, "The metrics could not be collected; try again.");
      },
    );
  };
}
