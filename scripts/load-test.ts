// npm run reliability:load — the production server under concurrent reads and writes (docs/reliability.md):
// by default 64 readers and 8 writers for 60 s (autocannon, one instance per route so each route has its
// own latency figures). Reports errors (connection errors, timeouts and non-2xx answers: must be 0),
// SQLITE_BUSY (5xx answers and "SQLITE_BUSY"/"database is locked" lines in the server's log: must be 0)
// and p50/p99 per route. Rate limits of the public writes are off for the run.
// Every server process logs its memory every 10 s (MEMORY_LOG_SECONDS): the report lists the samples
// (RSS, JavaScript heap, external), each process's RSS after the run, and a verdict against 250 MB.
// `--soak`: 10 minutes of mixed reads, writes and image uploads at a bounded rate (docs/reliability.md): each route
// has a request rate and a request count it never exceeds, so the run ends at the time or the count.
// The report is printed and written as JSON (`--report`, default tmp/reliability-load.json or -soak.json).
import autocannon from "autocannon";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import {
  clientAddress,
  isMain,
  type MemoryLogSample,
  processMemoryMb,
  signIn,
  siteIds,
  startProductionServer,
  WRITE_RATE_LIMITS_OFF,
} from "./reliability/production-server";
import {
  ADMIN_WRITES,
  applicationImages,
  signInRequest,
  type WriteContext,
  type WriteKind,
  writeRequest,
} from "./reliability/writes";

export type LoadOptions = {
  readers: number;
  writers: number;
  durationSeconds: number;
  sellers: number;
  port?: number;
  /** Serving processes (WEB_CONCURRENCY); 1 serves from one process. */
  workers?: number;
  /** Bounded rates and counts per route, image uploads among the writes (the soak). */
  soak?: boolean;
  /** Seconds between two memory samples of each server process (0: none). */
  memorySampleSeconds?: number;
  /** Extra environment of the server (e.g. RESPONSE_CACHE_MB). */
  env?: Record<string, string>;
  log?: (line: string) => void;
};

/** The RSS each server process must stay under after a run (docs/reliability.md). */
export const RSS_LIMIT_MB = 250;

export type ProcessMemory = {
  pid: number;
  role: string;
  samples: number;
  rssFirstMb: number;
  rssPeakMb: number;
  rssLastMb: number;
  heapUsedPeakMb: number;
  heapUsedLastMb: number;
  externalPeakMb: number;
  /** From /proc after the run (null when the process is gone). */
  rssAfterMb: number | null;
};
export type MemoryReport = {
  intervalSeconds: number;
  limitMb: number;
  processes: ProcessMemory[];
  /** Every sample, `t` seconds after the first one. */
  samples: (Omit<MemoryLogSample, "at"> & { t: number })[];
  /** The largest RSS of a serving process after the run (the primary of a cluster only supervises, and counts too). */
  maxRssAfterMb: number | null;
  maxRssPeakMb: number | null;
  pass: boolean;
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
  /** RSS of the process that was started (the primary of a cluster) after the run. */
  serverMemoryMb: number | null;
  memory: MemoryReport;
  mode: "load" | "soak";
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
const WRITE_ROUTES: { kind: WriteKind | "upload"; weight: number }[] = [
  { kind: "review", weight: 2 },
  { kind: "contact", weight: 2 },
  { kind: "newsletter", weight: 1 },
  { kind: "application", weight: 1 },
  { kind: "signup", weight: 1 },
  { kind: "category", weight: 1 },
];
// The soak: requests per second of each route (at most), and the same writes plus single image uploads.
const SOAK_READ_RATE = 4;
const SOAK_WRITE_RATES: Record<WriteKind | "upload", number> = {
  review: 4,
  contact: 4,
  newsletter: 2,
  application: 1, // one connection: an application (four images) takes longer than a second, so fewer
  upload: 2,
  signup: 1,
  category: 1,
  "review-publish": 0,
};
const SOAK_WRITE_ROUTES: { kind: WriteKind | "upload"; weight: number }[] = [
  ...WRITE_ROUTES,
  { kind: "upload", weight: 2 },
];

/** A photo-sized JPEG (noise over a gradient, just under the upload limit) for POST /api/upload. */
async function uploadImage(): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = ((i % (width * 3)) / 12 + (seed % 48)) & 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 40 })
    .toBuffer();
}

const UPLOAD_BOUNDARY = "----reliability-soak-boundary";
function uploadBody(image: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nproduct_image\r\n` +
        `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`),
  ]);
}

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
  const soak = options.soak ?? false;
  const sampleSeconds = options.memorySampleSeconds ?? 10;
  const server = await startProductionServer({
    port: options.port,
    sellers: options.sellers,
    processes: options.workers,
    env: {
      ...WRITE_RATE_LIMITS_OFF,
      // The soak stores thousands of images from its simulated addresses.
      ...(soak ? { RATE_LIMIT_UPLOAD_DAILY: "0" } : {}),
      MEMORY_LOG_SECONDS: String(sampleSeconds),
      ...options.env,
    },
  });
  try {
    const ctx: WriteContext = { ...(await siteIds(server.base)), images: await applicationImages() };
    const upload = soak ? uploadBody(await uploadImage()) : null;
    const adminCookie = await signIn(server.base);
    const sellerId = ctx.sellerIds[Math.floor(ctx.sellerIds.length / 2)];
    let sequence = 0;
    const timeout = 20; // seconds; an answer slower than this counts as an error
    const runs: { route: string; kind: "read" | "write"; connections: number; run: Promise<autocannon.Result> }[] = [];
    // The soak's bounds: a rate per route and the count that rate reaches in the run's time.
    const bounded = (rate: number) =>
      soak ? { overallRate: rate, maxOverallRequests: Math.ceil(rate * options.durationSeconds) } : {};

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
          ...bounded(SOAK_READ_RATE * r.weight),
        }),
      });
    }
    /**
     * One autocannon run of a write: a body of its own for each request (`bodyOf` its sequence number), each
     * from another client address.
     */
    const writeRun = (
      request: { method: "POST" | "PUT"; path: string; headers: Record<string, string> },
      connections: number,
      bodyOf: (n: number) => string | Buffer | null,
      bounds: { overallRate?: number; maxOverallRequests?: number } = {},
    ) =>
      runs.push({
        route: `${request.method} ${request.path}`,
        kind: "write",
        connections,
        run: autocannon({
          url: server.base,
          connections,
          duration: options.durationSeconds,
          timeout,
          ...bounds,
          requests: [
            {
              method: request.method,
              path: request.path,
              headers: request.headers,
              setupRequest: (req) => {
                const n = sequence++;
                const headers = { ...request.headers, "X-Forwarded-For": clientAddress(n) };
                return { ...req, body: bodyOf(n), headers } as typeof req;
              },
            },
          ],
        }),
      });

    for (const w of split(soak ? SOAK_WRITE_ROUTES : WRITE_ROUTES, options.writers)) {
      const adminHeaders: Record<string, string> =
        w.kind !== "upload" && ADMIN_WRITES.has(w.kind) ? { Cookie: adminCookie } : {};
      const first =
        w.kind === "upload"
          ? { method: "POST" as const, path: "/api/upload" }
          : writeRequest(w.kind, "load-probe", ctx, 0);
      const headers: Record<string, string> = {
        "Content-Type": w.kind === "upload" ? `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` : "application/json",
        Origin: server.base,
        ...adminHeaders,
      };
      const kind = w.kind;
      // A unique body per request (unique emails and names, as real sign-ups and messages have).
      writeRun(
        { method: first.method, path: first.path, headers },
        w.connections,
        (n) =>
          kind === "upload"
            ? upload
            : writeRequest(kind, `load-${kind}-${n}-${Math.random().toString(36).slice(2, 8)}`, ctx, n).body,
        bounded(SOAK_WRITE_RATES[kind]),
      );
    }
    if (!soak) {
      // Sign-ins beside the sign-ups (one password check each, the same hash's cost): one connection of
      // its own, to an account made for it, each request from another address (a sign-in's attempt is
      // given back when it succeeds, so the limits never answer 429 here).
      const marker = `load-signin-${Date.now()}`;
      const signUp = writeRequest("signup", marker, ctx, 0);
      const made = await fetch(`${server.base}${signUp.path}`, {
        method: signUp.method,
        headers: { "Content-Type": "application/json", Origin: server.base, "X-Forwarded-For": "10.250.0.1" },
        body: signUp.body,
      });
      if (!made.ok) throw new Error(`the sign-in run's account: sign-up answered ${made.status}`);
      const attempt = signInRequest(marker);
      const headers = { "Content-Type": "application/json", Origin: server.base };
      writeRun({ method: attempt.method, path: attempt.path, headers }, 1, () => attempt.body);
    }
    log(
      `${runs.length} autocannon runs, ${options.readers} readers + ${options.writers} writers for ${options.durationSeconds} s${soak ? " (soak: bounded rates)" : ""} …`,
    );
    const progress = sampleSeconds > 0 ? setInterval(() => log(memoryLine(server.memorySamples())), 60_000) : null;

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
    if (progress) clearInterval(progress);
    // The server must still be healthy after the run.
    const ready = await fetch(`${server.base}/readyz`);
    // One more sample of every process once the load has stopped (what "after the run" means).
    if (sampleSeconds > 0) await new Promise((r) => setTimeout(r, Math.min(sampleSeconds, 10) * 1000 + 500));
    const serverMemoryMb = processMemoryMb(server.pid())?.rssMb ?? null;
    const errors = routes.reduce((a, r) => a + r.non2xx + r.errors, 0) + (ready.status === 200 ? 0 : 1);
    return {
      mode: soak ? "soak" : "load",
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
      memory: memoryReport(server.memorySamples(), sampleSeconds),
    };
  } finally {
    await server.close();
  }
}

/** Per process: first, peak and last RSS and heap of the samples, and RSS from /proc now. */
export function memoryReport(samples: MemoryLogSample[], intervalSeconds: number): MemoryReport {
  const start = samples[0]?.at ?? 0;
  const pids = [...new Set(samples.map((s) => s.pid))];
  const processes = pids.map((pid): ProcessMemory => {
    const own = samples.filter((s) => s.pid === pid);
    const last = own[own.length - 1];
    return {
      pid,
      role: last.role,
      samples: own.length,
      rssFirstMb: own[0].rssMb,
      rssPeakMb: Math.max(...own.map((s) => s.rssMb)),
      rssLastMb: last.rssMb,
      heapUsedPeakMb: Math.max(...own.map((s) => s.heapUsedMb)),
      heapUsedLastMb: last.heapUsedMb,
      externalPeakMb: Math.max(...own.map((s) => s.externalMb)),
      rssAfterMb: processMemoryMb(pid)?.rssMb ?? null,
    };
  });
  const after = processes.map((p) => p.rssAfterMb ?? p.rssLastMb);
  const maxRssAfterMb = after.length ? Math.max(...after) : null;
  const maxRssPeakMb = processes.length ? Math.max(...processes.map((p) => p.rssPeakMb)) : null;
  return {
    intervalSeconds,
    limitMb: RSS_LIMIT_MB,
    processes,
    samples: samples.map(({ at, ...rest }) => ({ t: Math.round((at - start) / 1000), ...rest })),
    maxRssAfterMb,
    maxRssPeakMb,
    pass: maxRssAfterMb !== null && maxRssAfterMb <= RSS_LIMIT_MB,
  };
}

function memoryLine(samples: MemoryLogSample[]): string {
  const latest = new Map<number, MemoryLogSample>();
  for (const s of samples) latest.set(s.pid, s);
  return `memory: ${[...latest.values()].map((s) => `${s.role} ${s.pid} RSS ${s.rssMb} MB, heap ${s.heapUsedMb} MB, external ${s.externalMb} MB`).join("; ")}`;
}

/** The memory samples as a table: one row per sampling interval, RSS and heap of each process. */
export function memoryTable(report: MemoryReport): string {
  const pids = report.processes.map((p) => p.pid);
  const step = Math.max(1, report.intervalSeconds);
  const rows = new Map<number, Map<number, string>>();
  for (const s of report.samples) {
    const slot = Math.round(s.t / step) * step;
    const row = rows.get(slot) ?? new Map<number, string>();
    row.set(s.pid, `${s.rssMb} / ${s.heapUsedMb}`);
    rows.set(slot, row);
  }
  const lines = [
    `| s | ${report.processes.map((p) => `${p.role} ${p.pid} RSS / heap MB`).join(" | ")} |`,
    `|---|${pids.map(() => "---|").join("")}`,
  ];
  for (const [slot, row] of [...rows].sort((a, b) => a[0] - b[0]))
    lines.push(`| ${slot} | ${pids.map((pid) => row.get(pid) ?? "").join(" | ")} |`);
  return lines.join("\n");
}

export function memoryVerdict(report: MemoryReport): string {
  const each = report.processes
    .map(
      (p) =>
        `${p.role} ${p.pid}: ${p.rssAfterMb ?? p.rssLastMb} MB after (peak ${p.rssPeakMb} MB, heap peak ${p.heapUsedPeakMb} MB)`,
    )
    .join("; ");
  return `memory ${report.pass ? "PASS" : "FAIL"}: RSS after the run ${report.maxRssAfterMb ?? "?"} MB, limit ${report.limitMb} MB per process — ${each}`;
}

/**
 * Latency targets of the load run (docs/performance.md): a listing application is answered with p99 ≤ 2 s
 * and none over 5 s (its images' smaller copies are made afterwards, in the background); a sign-up and a
 * sign-in (one password hash or check each, off the event loop) with p99 ≤ 1 s.
 */
export const LATENCY_TARGETS: Record<string, { p99: number; max?: number }> = {
  "POST /api/sellers/submit": { p99: 2000, max: 5000 },
  "POST /api/auth/register": { p99: 1000 },
  "POST /api/auth/login": { p99: 1000 },
};

/** "met", "MISSED" (with what), or "" for a route without a target; a route that answered nothing misses it. */
export function targetVerdict(r: RouteFigures): string {
  const target = LATENCY_TARGETS[r.route];
  if (!target) return "";
  const missed = [
    ...(r.requests === 0 ? ["no answer"] : []),
    ...(r.p99 > target.p99 ? [`p99 > ${target.p99}`] : []),
    ...(target.max !== undefined && r.max > target.max ? [`max > ${target.max}`] : []),
  ];
  const goal = `p99 ≤ ${target.p99}${target.max !== undefined ? `, max ≤ ${target.max}` : ""}`;
  return missed.length ? `${goal}: MISSED (${missed.join(", ")})` : `${goal}: met`;
}

export function loadTable(report: LoadReport): string {
  const lines = [
    "| route | connections | requests | req/s | p50 ms | p99 ms | max ms | errors | target (ms) |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of report.routes)
    lines.push(
      `| \`${r.route}\` | ${r.connections} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx + r.errors} | ${targetVerdict(r)} |`,
    );
  return lines.join("\n");
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      soak: { type: "boolean", default: false },
      readers: { type: "string" },
      writers: { type: "string" },
      duration: { type: "string" },
      sellers: { type: "string", default: "1000" },
      port: { type: "string" },
      workers: { type: "string" },
      "sample-seconds": { type: "string", default: "10" },
      report: { type: "string" },
    },
  });
  const soak = values.soak ?? false;
  const report = await runLoadTest({
    soak,
    readers: Number(values.readers ?? (soak ? 16 : 64)),
    writers: Number(values.writers ?? (soak ? 9 : 8)),
    durationSeconds: Number(values.duration ?? (soak ? 600 : 60)),
    sellers: Number(values.sellers),
    port: values.port ? Number(values.port) : undefined,
    // The soak runs as production does by default: one worker per core (here 2), started by the primary.
    workers: Number(values.workers ?? (soak ? 2 : 1)),
    memorySampleSeconds: Number(values["sample-seconds"]),
    log: (line) => console.log(line),
  });
  const file = resolve(values.report ?? `tmp/reliability-${soak ? "soak" : "load"}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  const { samples, ...memory } = report.memory;
  console.log(JSON.stringify({ ...report, memory: { ...memory, samples: samples.length } }, null, 2));
  console.log(
    `\n${loadTable(report)}\n\n${memoryTable(report.memory)}\n\nrequests ${report.requests}, errors ${report.errors}, SQLITE_BUSY ${report.sqliteBusy}, 5xx ${report.status5xx}, server RSS ${report.serverMemoryMb ?? "?"} MB\n${memoryVerdict(report.memory)}\nreport: ${file}`,
  );
  process.exitCode =
    report.errors === 0 && report.sqliteBusy === 0 && report.status5xx === 0 && report.memory.pass ? 0 : 1;
}
