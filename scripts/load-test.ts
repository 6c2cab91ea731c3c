// npm run reliability:load — the production server under concurrent reads and writes (issue 12, item 18):
// by default 64 readers and 8 writers for 60 s (autocannon, one instance per route so each route has its
// own latency figures). Reports errors (connection errors, timeouts and non-2xx answers: must be 0),
// SQLITE_BUSY (5xx answers and "SQLITE_BUSY"/"database is locked" lines in the server's log: must be 0)
// and p50/p99 per route. Rate limits of the public writes are off for the run.
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import {
  clientAddress,
  isMain,
  processMemoryMb,
  signIn,
  siteIds,
  startProductionServer,
  WRITE_RATE_LIMITS_OFF,
} from "./reliability/production-server";
import { ADMIN_WRITES, applicationImages, type WriteContext, type WriteKind, writeRequest } from "./reliability/writes";

export type LoadOptions = {
  readers: number;
  writers: number;
  durationSeconds: number;
  sellers: number;
  port?: number;
  /** Serving processes (WEB_CONCURRENCY); 1 serves from one process. With more, the RSS reported is the primary's. */
  workers?: number;
  log?: (line: string) => void;
};

export type RouteFigures = {
  route: string;
  kind: "read" | "write";
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  status5xx: number;
};
export type LoadReport = {
  readers: number;
  writers: number;
  durationSeconds: number;
  sellers: number;
  requests: number;
  errors: number;
  sqliteBusy: number;
  status5xx: number;
  routes: RouteFigures[];
  serverMemoryMb: number | null;
};

// Shares of the readers and writers per route (weights; each route gets at least one connection).
const READ_ROUTES = (sellerId: number) => [
  { route: "/", weight: 1 },
  { route: "/directory", weight: 2 },
  { route: "/directory?search=kitchen&city=Bangalore", weight: 1 },
  { route: `/seller/${sellerId}`, weight: 2 },
  { route: "/api/sellers?page=2", weight: 1 },
  { route: `/api/sellers/${sellerId}`, weight: 1 },
  { route: "/api/categories", weight: 1 },
];
const WRITE_ROUTES: { kind: WriteKind; weight: number }[] = [
  { kind: "review", weight: 2 },
  { kind: "contact", weight: 2 },
  { kind: "newsletter", weight: 1 },
  { kind: "application", weight: 1 },
  { kind: "signup", weight: 1 },
  { kind: "category", weight: 1 },
];

/** Splits `total` connections over weighted items (largest remainder), at least one each while there are enough. */
function split<T extends { weight: number }>(items: T[], total: number): (T & { connections: number })[] {
  const sum = items.reduce((a, i) => a + i.weight, 0);
  const shares = items.map((i) => ({
    ...i,
    connections: Math.max(total >= items.length ? 1 : 0, Math.floor((i.weight / sum) * total)),
  }));
  let left = total - shares.reduce((a, s) => a + s.connections, 0);
  for (let i = 0; left > 0; i = (i + 1) % shares.length, left--) shares[i].connections++;
  for (let i = shares.length - 1; left < 0; i = (i - 1 + shares.length) % shares.length) {
    if (shares[i].connections > 1) {
      shares[i].connections--;
      left++;
    }
  }
  return shares.filter((s) => s.connections > 0);
}

export async function runLoadTest(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => {});
  const server = await startProductionServer({
    port: options.port,
    sellers: options.sellers,
    env: { ...WRITE_RATE_LIMITS_OFF, WEB_CONCURRENCY: String(options.workers ?? 1) },
  });
  try {
    const ctx: WriteContext = { ...(await siteIds(server.base)), images: await applicationImages() };
    const adminCookie = await signIn(server.base);
    const sellerId = ctx.sellerIds[Math.floor(ctx.sellerIds.length / 2)];
    let sequence = 0;
    const timeout = 20; // seconds; an answer slower than this counts as an error
    const runs: { route: string; kind: "read" | "write"; connections: number; run: Promise<autocannon.Result> }[] = [];

    for (const r of split(READ_ROUTES(sellerId), options.readers)) {
      runs.push({
        route: r.route,
        kind: "read",
        connections: r.connections,
        run: autocannon({
          url: `${server.base}${r.route}`,
          connections: r.connections,
          duration: options.durationSeconds,
          timeout,
        }),
      });
    }
    for (const w of split(WRITE_ROUTES, options.writers)) {
      const first = writeRequest(w.kind, "load-probe", ctx, 0);
      const headers: Record<string, string> = { "Content-Type": "application/json", Origin: server.base };
      if (ADMIN_WRITES.has(w.kind)) headers.Cookie = adminCookie;
      runs.push({
        route: `${first.method} ${first.path}`,
        kind: "write",
        connections: w.connections,
        run: autocannon({
          url: server.base,
          connections: w.connections,
          duration: options.durationSeconds,
          timeout,
          requests: [
            {
              method: first.method,
              path: first.path,
              headers,
              // A unique body per request (unique emails and names, as real sign-ups and messages have).
              setupRequest: (req) => {
                const n = sequence++;
                const write = writeRequest(
                  w.kind,
                  `load-${w.kind}-${n}-${Math.random().toString(36).slice(2, 8)}`,
                  ctx,
                  n,
                );
                return { ...req, body: write.body, headers: { ...headers, "X-Forwarded-For": clientAddress(n) } };
              },
            },
          ],
        }),
      });
    }
    log(
      `${runs.length} autocannon runs, ${options.readers} readers + ${options.writers} writers for ${options.durationSeconds} s …`,
    );

    const routes: RouteFigures[] = [];
    for (const r of runs) {
      const result = await r.run;
      routes.push({
        route: r.route,
        kind: r.kind,
        connections: r.connections,
        requests: result.requests.total,
        rps: Math.round(result.requests.average * 10) / 10,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        status5xx: result["5xx"],
      });
    }
    const serverMemoryMb = processMemoryMb(server.pid())?.rssMb ?? null;
    // The server must still be healthy after the run.
    const ready = await fetch(`${server.base}/readyz`);
    const errors = routes.reduce((a, r) => a + r.non2xx + r.errors, 0) + (ready.status === 200 ? 0 : 1);
    return {
      readers: options.readers,
      writers: options.writers,
      durationSeconds: options.durationSeconds,
      sellers: options.sellers,
      requests: routes.reduce((a, r) => a + r.requests, 0),
      errors,
      sqliteBusy: server.busyCount(),
      status5xx: routes.reduce((a, r) => a + r.status5xx, 0),
      routes,
      serverMemoryMb,
    };
  } finally {
    await server.close();
  }
}

export function loadTable(report: LoadReport): string {
  const lines = [
    "| route | connections | requests | req/s | p50 ms | p99 ms | max ms | errors |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const r of report.routes)
    lines.push(
      `| \`${r.route}\` | ${r.connections} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx + r.errors} |`,
    );
  return lines.join("\n");
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      readers: { type: "string", default: "64" },
      writers: { type: "string", default: "8" },
      duration: { type: "string", default: "60" },
      sellers: { type: "string", default: "1000" },
      port: { type: "string" },
      workers: { type: "string", default: "1" },
    },
  });
  const report = await runLoadTest({
    readers: Number(values.readers),
    writers: Number(values.writers),
    durationSeconds: Number(values.duration),
    sellers: Number(values.sellers),
    port: values.port ? Number(values.port) : undefined,
    workers: Number(values.workers),
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(report, null, 2));
  console.log(
    `\n${loadTable(report)}\n\nrequests ${report.requests}, errors ${report.errors}, SQLITE_BUSY ${report.sqliteBusy}, 5xx ${report.status5xx}, server RSS ${report.serverMemoryMb ?? "?"} MB`,
  );
  process.exitCode = report.errors === 0 && report.sqliteBusy === 0 && report.status5xx === 0 ? 0 : 1;
}
