import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

// The production server itself (the build made by `npm test` before the unit tests), started as
// `npm start` does, with its default number of workers: health answers, and on SIGTERM it finishes
// the request in flight, closes SQLite cleanly and exits 0.
const PORT = 3370 + Math.floor(Math.random() * 20);
let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bwp-life-"));
  server = await startServer({
    port: PORT,
    env: { DATABASE_PATH: join(dir, "site.db"), UPLOADS_DIR: join(dir, "uploads"), SEED_DEMO: "0", SESSION_SECRET: "lifecycle-test-secret-0123456789" },
  });
}, 60_000);

afterAll(() => {
  if (server.child.exitCode === null) server.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("the production server", () => {
  it("answers /healthz and /readyz with the state of the database, migrations and uploads", async () => {
    const health = await fetch(`${server.base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: { database: { ok: true }, migrations: { ok: true }, uploads: { ok: true } } });
  });

  it("on SIGTERM finishes what is in flight, closes SQLite and exits 0", async () => {
    const inFlight = fetch(`${server.base}/directory`);
    await new Promise((r) => setTimeout(r, 30));
    const code = server.stop("SIGTERM");
    expect((await inFlight).status).toBe(200);
    expect(await code).toBe(0);
    expect(server.output()).toContain("stopped cleanly");
    // A clean close checkpoints the write-ahead log into the database file.
    const wal = join(dir, "site.db-wal");
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    await expect(fetch(`${server.base}/healthz`)).rejects.toThrow();
  }, 30_000);
});
