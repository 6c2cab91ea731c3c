// Throwaway investigation (not committed): CPU profile of first search renders on each engine.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { databaseUrl, startThrowawayPostgres } from "./postgres-server";
import { freePort } from "../tests/support/server";

const engine = process.argv[2] as "sqlite" | "postgres";
const dir = mkdtempSync(join(tmpdir(), "prof-"));
let env: Record<string, string>;
let stop = () => {};
if (engine === "postgres") {
  const server = await startThrowawayPostgres();
  stop = server.stop;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query("create database prof");
  await admin.end();
  env = { DATABASE_URL: databaseUrl(server.url, "prof") };
} else env = { DATABASE_PATH: join(dir, "site.db") };
env = { ...env, UPLOADS_DIR: join(dir, "uploads"), SESSION_SECRET: "prof-secret-0123456789-0123456789-0123456789" };
execFileSync(process.execPath, ["--import", "tsx", "scripts/db-seed.ts", "--demo", "10000"], { env: { ...process.env, ...env }, stdio: "inherit" });
const port = await freePort();
const profDir = join(dir, "prof");
mkdirSync(profDir);
const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profDir}`, "server/start.js"], {
  env: { ...process.env, ...env, NODE_ENV: "production", PORT: String(port), WEB_CONCURRENCY: "1", RESPONSE_CACHE_MB: "0", LOG_LEVEL: "warn" },
  stdio: "inherit",
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 200; i++) {
  try { if ((await fetch(`${base}/health`)).ok) break; } catch {}
  await new Promise((r) => setTimeout(r, 250));
}
const times: number[] = [];
const terms = ["sakhi", "kitchen", "boutique", "henna", "tiffin"];
for (let i = 0; i < 300; i++) {
  const t = performance.now();
  const res = await fetch(`${base}/directory?search=${terms[i % 5]}&page=${i + 2}`);
  await res.arrayBuffer();
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(engine, "p50", times[150].toFixed(2), "p90", times[270].toFixed(2));
child.kill("SIGTERM");
await new Promise((r) => child.on("exit", r));
console.log("profiles", readdirSync(profDir).map((f) => join(profDir, f)).join(" "));
stop();
