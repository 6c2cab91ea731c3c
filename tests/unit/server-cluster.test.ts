import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseEnv, type RunningServer, startServer } from "../support/server";
import { type SpareDatabase, spareDatabaseTarget } from "../support/test-db";

// The production server with two workers (WEB_CONCURRENCY=2) on one database: both answer, the
// sign-in throttle counts across them, a crashed worker is replaced, and SIGTERM stops them all.
let dir: string;
let server: RunningServer;
let site: SpareDatabase | undefined;
const clusterEnv = (folder: string, database: SpareDatabase) => ({
  ...databaseEnv(database.target),
  UPLOADS_DIR: join(folder, "uploads"),
  WEB_CONCURRENCY: "2",
  RATE_LIMIT_LOGIN: "3/600",
  SESSION_SECRET: "cluster-test-secret-0123456789",
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bwp-cluster-"));
  site = await spareDatabaseTarget(dir, "site");
  server = await startServer({ env: clusterEnv(dir, site) });
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
  await site?.drop();
  rmSync(dir, { recursive: true, force: true });
});

function workerPids(of: RunningServer = server): number[] {
  try {
    return readFileSync(`/proc/${of.child.pid}/task/${of.child.pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** A GET on a fresh connection (so the primary hands each to the next worker). */
function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(`${server.base}${path}`, { agent: false, headers: { Connection: "close" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    })
      .on("error", reject)
      .end();
  });
}

/** One request on a fresh connection (so the primary hands each to the next worker). */
function post(path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      `${server.base}${path}`,
      {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(data), Connection: "close" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

const loginLines = () =>
  server.logLines().filter((l) => l.msg === "request" && (l.req as { path?: string }).path === "/api/admin/login");

describe("the production server with two workers", () => {
  it("runs two workers and counts sign-in attempts across them (the fourth of a 3-attempt limit is refused)", async () => {
    expect(workerPids()).toHaveLength(2);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(await post("/api/admin/login", { email: "nobody@cluster.test", password: `wrong-${i}` }));
    expect(statuses).toEqual([401, 401, 401, 429]);
    await expect.poll(() => loginLines().length).toBe(4);
    const pids = new Set(loginLines().map((l) => l.pid));
    expect(pids.size).toBe(2);
    expect([...pids].every((pid) => workerPids().includes(pid))).toBe(true);
  });

  it("replaces a crashed worker, and the new one serves", async () => {
    const before = workerPids();
    const [victim] = before;
    process.kill(victim!, "SIGKILL");
    await expect
      .poll(() => workerPids().length === 2 && !workerPids().includes(victim!), { timeout: 20_000, interval: 100 })
      .toBe(true);
    // The primary logs the loss and then forks, but its log line reaches this process through a pipe and
    // may arrive after the new worker shows in /proc: wait for the line itself, naming the killed worker.
    await expect
      .poll(
        () =>
          server
            .logLines()
            .some((l) => l.msg === "a worker stopped unexpectedly; starting a new one" && l.pid === victim),
        { timeout: 5_000, interval: 50 },
      )
      .toBe(true);
    const replacement = workerPids().find((pid) => !before.includes(pid));
    expect(replacement).toBeDefined();
    // Requests on fresh connections reach it once it listens (the primary hands them round).
    const servedBy = () =>
      server
        .logLines()
        .filter((l) => l.msg === "request")
        .map((l) => l.pid);
    await expect
      .poll(
        async () => {
          await get("/robots.txt");
          return servedBy().includes(replacement!);
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
  }, 30_000);

  it("stops every worker and exits 0 on SIGTERM", async () => {
    // A cluster of its own, so the other tests keep theirs whatever the order.
    const folder = mkdtempSync(join(tmpdir(), "bwp-cluster-stop-"));
    const ownSite = await spareDatabaseTarget(folder, "site");
    const own = await startServer({ env: clusterEnv(folder, ownSite) });
    try {
      const workers = workerPids(own);
      expect(workers).toHaveLength(2);
      expect(await own.stop("SIGTERM")).toBe(0);
      expect(own.output()).toContain("stopped cleanly");
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await own.stop("SIGKILL");
      await ownSite.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
