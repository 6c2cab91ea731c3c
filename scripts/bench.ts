// npm run bench — load test of the production build on 10,000 seeded sellers, next to a bare node:http
// server answering a fixed body of the same size. Writes bench/results.json; figures go in docs/performance.md.
// All traffic stays on 127.0.0.1; every run is bounded in time.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { migrateToLatest, openDatabase } from "~db/client";
import { seedCategories, seedDemoSellers } from "~db/seed/index";

const { values } = parseArgs({ options: { sellers: { type: "string", default: "10000" }, duration: { type: "string", default: "10" }, connections: { type: "string", default: "32" }, port: { type: "string", default: "3390" } } });
const SELLERS = Number(values.sellers);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const APP_PORT = Number(values.port);
const BENCH_ADMIN = { email: "bench-admin@example.test", password: "bench-admin-password-123" };
/** Issue 7's target: every seller exported as CSV in under 2 s. */
const EXPORT_TARGET_SECONDS = 2;
const BARE_PORT = APP_PORT + 1;

const dir = mkdtempSync(join(tmpdir(), "bwp-bench-"));
const dbPath = join(dir, "bench.db");
process.env.UPLOADS_DIR = join(dir, "uploads");

console.log(`seeding ${SELLERS} sellers into ${dbPath} …`);
const db = openDatabase(dbPath);
await migrateToLatest(db);
await seedCategories(db);
const seedStart = Date.now();
await seedDemoSellers(db, SELLERS, 2026);
const seedSeconds = (Date.now() - seedStart) / 1000;
const sample = await db.selectFrom("sellers").select("id").where("status", "=", "active").where("subscription_end_date", ">=", new Date().toISOString().slice(0, 10)).orderBy("id").limit(1).offset(100).executeTakeFirstOrThrow();
await db.destroy();
console.log(`seeded in ${seedSeconds.toFixed(1)} s`);

// The compiled server as `npm start` runs it; one worker by default, so the figures compare with
// earlier runs and the memory read below is the serving process's (WEB_CONCURRENCY=N to try more).
const server = spawn(process.execPath, ["scripts/start.js"], {
  env: { ...process.env, NODE_ENV: "production", WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", PORT: String(APP_PORT), HOST: "127.0.0.1", DATABASE_PATH: dbPath, UPLOADS_DIR: process.env.UPLOADS_DIR, SEED_DEMO: "0", RATE_LIMIT_REVIEW: "0", ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, COOKIE_SECURE: "0" },
  stdio: ["ignore", "inherit", "inherit"],
});

async function waitForServer(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start: ${url}`);
}

const bodies = new Map<number, Buffer>();
const bare = createServer((req, res) => {
  const size = Number(new URL(req.url ?? "/", "http://x").searchParams.get("size") ?? 1000);
  let body = bodies.get(size);
  if (!body) bodies.set(size, (body = Buffer.alloc(size, "a")));
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
  res.end(body);
});
await new Promise<void>((r) => bare.listen(BARE_PORT, "127.0.0.1", r));

function rssOf(pid: number): { rssMb: number; peakMb: number } {
  // Read the server's memory from /proc (Linux).
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { "Accept-Encoding": "identity" } });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Signs in as the bench's admin and times GET /api/admin/sellers/export read to its end. */
async function timeSellersExport() {
  const base = `http://127.0.0.1:${APP_PORT}`;
  const login = await fetch(`${base}/api/admin/login`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base }, body: JSON.stringify(BENCH_ADMIN) });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  if (!login.ok || !cookie) throw new Error(`admin sign-in for the export answered ${login.status}`);
  const start = performance.now();
  const res = await fetch(`${base}/api/admin/sellers/export`, { headers: { Cookie: cookie, Accept: "text/csv", "Accept-Encoding": "identity" } });
  if (!res.ok) throw new Error(`export answered ${res.status}`);
  const text = await res.text();
  const seconds = (performance.now() - start) / 1000;
  return { seconds: Number(seconds.toFixed(3)), bytes: Buffer.byteLength(text), rows: text.split("\n").filter(Boolean).length - 1, withinTarget: seconds < EXPORT_TARGET_SECONDS };
}

type Row = { route: string; bytes: number; rps: number; p50: number; p99: number; bareRps: number; bareP50: number; bareP99: number; ratio: number; non2xx: number; errors: number };
const rows: Row[] = [];
try {
  await waitForServer(`http://127.0.0.1:${APP_PORT}/api/categories`);
  const routes = ["/directory", "/directory?search=kitchen&city=Bangalore", `/seller/${sample.id}`, "/api/sellers?search=sakhi"];
  for (const route of routes) {
    const url = `http://127.0.0.1:${APP_PORT}${route}`;
    const probe = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
    if (!probe.ok) throw new Error(`${route} answered ${probe.status}`);
    const bytes = (await probe.arrayBuffer()).byteLength;
    console.log(`\n${route} (${bytes} bytes) …`);
    const app = await load(url);
    const base = await load(`http://127.0.0.1:${BARE_PORT}/?size=${bytes}`);
    const row = { route, bytes, rps: app.rps, p50: app.p50, p99: app.p99, bareRps: base.rps, bareP50: base.p50, bareP99: base.p99, ratio: Number((app.rps / base.rps).toFixed(3)), non2xx: app.non2xx, errors: app.errors };
    rows.push(row);
    console.log(`  app  ${row.rps} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (non-2xx ${row.non2xx}, errors ${row.errors})`);
    console.log(`  bare ${row.bareRps} req/s  p50 ${row.bareP50} ms  p99 ${row.bareP99} ms  → ratio ${row.ratio}`);
  }
  const exportRun = await timeSellersExport();
  console.log(`\nsellers CSV export: ${exportRun.rows} rows, ${exportRun.bytes} bytes in ${exportRun.seconds.toFixed(2)} s (target under ${EXPORT_TARGET_SECONDS} s)`);
  const memory = server.pid ? rssOf(server.pid) : null;
  const results = { date: new Date().toISOString(), node: process.version, sellers: SELLERS, seedSeconds, connections: CONNECTIONS, durationSeconds: DURATION, memory, routes: rows, export: exportRun };
  mkdirSync("bench", { recursive: true });
  writeFileSync("bench/results.json", `${JSON.stringify(results, null, 2)}\n`);
  console.log("\n| route | bytes | req/s | p50 ms | p99 ms | bare req/s | ratio |\n|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(`| \`${r.route}\` | ${r.bytes} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bareRps} | ${r.ratio} |`);
  if (memory) console.log(`\nserver memory after the run: RSS ${memory.rssMb} MB, peak ${memory.peakMb} MB`);
  console.log("\nwritten to bench/results.json");
} finally {
  server.kill("SIGTERM");
  bare.close();
  rmSync(dir, { recursive: true, force: true });
}
