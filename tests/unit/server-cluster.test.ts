import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

// The production server with two workers (WEB_CONCURRENCY=2) on one SQLite file: both answer, the
// sign-in throttle counts across them, a crashed worker is replaced, and SIGTERM stops them all.
const PORT = 3405;
let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bwp-cluster-"));
  server = await startServer({
    port: PORT,
    env: { DATABASE_PATH: join(dir, "site.db"), UPLOADS_DIR: join(dir, "uploads"), SEED_DEMO: "0", WEB_CONCURRENCY: "2", PASSWORD_HASH_COST: "14", RATE_LIMIT_LOGIN: "3/600", SESSION_SECRET: "cluster-test-secret-0123456789" },
  });
}, 60_000);

afterAll(async () => {
  for (const pid of workerPids()) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  }
  await server.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function workerPids(): number[] {
  try {
    return readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** One request on a fresh connection (so the primary hands each to the next worker). */
function post(path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(`${server.base}${path}`, { method: "POST", agent: false, headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(data), Connection: "close" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(data);
  });
}

const loginLines = () => server.logLines().filter((l) => l.msg === "request" && (l.req as { path?: string }).path === "/api/admin/login");

describe("the production server with two workers", () => {
  it("runs two workers and counts sign-in attempts across them (the fourth of a 3-attempt limit is refused)", async () => {
    expect(workerPids()).toHaveLength(2);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push(await post("/api/admin/login", { email: "nobody@cluster.test", password: `wrong-${i}` }));
    expect(statuses).toEqual([401, 401, 401, 429]);
    await new Promise((r) => setTimeout(r, 200));
    const pids = new Set(loginLines().map((l) => l.pid));
    expect(pids.size).toBe(2);
    expect([...pids].every((pid) => workerPids().includes(pid))).toBe(true);
  });

  it("replaces a crashed worker", async () => {
    const [victim] = workerPids();
    process.kill(victim!, "SIGKILL");
    const until = Date.now() + 20_000;
    while (!(workerPids().length === 2 && !workerPids().includes(victim!))) {
      if (Date.now() > until) throw new Error(`no new worker:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(server.output()).toContain("a worker stopped unexpectedly; starting a new one");
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
  }, 30_000);

  it("stops every worker and exits 0 on SIGTERM", async () => {
    const workers = workerPids();
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output()).toContain("stopped cleanly");
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});
