import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

// The production server itself (the build made by `npm test` before the unit tests), started as
// `npm start` does, with its default number of workers: health answers, and on SIGTERM it finishes
// the request in flight, closes SQLite cleanly and exits 0.
// Each test has a server (and a folder) of its own, so they pass in any order.
const started: { server: RunningServer; dir: string }[] = [];
async function start() {
  const dir = mkdtempSync(join(tmpdir(), "bwp-life-"));
  const server = await startServer({
    env: {
      DATABASE_PATH: join(dir, "site.db"),
      UPLOADS_DIR: join(dir, "uploads"),
      SESSION_SECRET: "lifecycle-test-secret-0123456789",
    },
  });
  started.push({ server, dir });
  return { server, dir };
}

afterAll(async () => {
  for (const { server, dir } of started) {
    await server.stop("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("the production server", () => {
  it("answers /healthz and /readyz with the state of the database, migrations and uploads", async () => {
    const { server } = await start();
    const health = await fetch(`${server.base}/healthz`);
    expect(health.status).toBe(200);
    // Clients keep an idle connection for as long as the server says (undici: a second less), so a
    // connection is never reused just as the server closes it (KEEP_ALIVE_MS in server/app.ts).
    expect(health.headers.get("keep-alive")).toBe("timeout=65");
    expect(await health.json()).toMatchObject({ status: "ok" });
    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "ready",
      checks: { database: { ok: true }, migrations: { ok: true }, uploads: { ok: true } },
    });
  });

  it("on SIGTERM finishes what is in flight, closes its kept-alive connection at once, closes SQLite and exits 0", async () => {
    const { server, dir } = await start();
    // In flight for certain: the server has read the headers (it answered 100 Continue) and the body
    // is sent only once every worker has logged that it is stopping.
    const workers = Number(server.logLines().find((l) => l.msg.startsWith("listening on"))?.workers ?? 1);
    const stopping = () => server.logLines().filter((l) => l.msg === "finishing in-flight requests").length;
    let code: Promise<number | null> | undefined;
    const body = "theme=dark&redirectTo=%2Fdirectory";
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.base}/theme`, {
        // The connection stays open after the answer, as a browser's would: the stop must not wait for it.
        agent: new Agent({ keepAlive: true }),
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(body.length),
          Origin: server.base,
          Expect: "100-continue",
        },
      });
      req.on("error", reject);
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      });
      req.on("continue", () => {
        code = server.stop("SIGTERM");
        const send = () => (stopping() >= workers ? req.end(body) : setTimeout(send, 10));
        send();
      });
      req.flushHeaders();
    });
    expect(status).toBe(302);
    expect(await code).toBe(0);
    expect(server.output()).toContain("stopped cleanly");
    expect(server.output()).not.toContain("shutdown took too long");
    // A clean close checkpoints the write-ahead log into the database file.
    const wal = join(dir, "site.db-wal");
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    await expect(fetch(`${server.base}/healthz`)).rejects.toThrow();
  }, 30_000);
});
