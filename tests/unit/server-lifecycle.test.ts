import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The production server itself (the build made by `npm test` before the unit tests): health answers,
// and on SIGTERM it finishes the request in flight, closes SQLite cleanly and exits 0.
const PORT = 3370 + Math.floor(Math.random() * 20);
const base = `http://127.0.0.1:${PORT}`;
let dir: string;
let server: ChildProcess;
let output = "";

async function waitFor(url: string, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`no answer from ${url}:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bwp-life-"));
  server = spawn(process.execPath, ["--import", "tsx", "scripts/server.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), HOST: "127.0.0.1", DATABASE_PATH: join(dir, "site.db"), UPLOADS_DIR: join(dir, "uploads"), SEED_DEMO: "0", SESSION_SECRET: "lifecycle-test-secret-0123456789" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => (output += d));
  server.stderr?.on("data", (d) => (output += d));
  await waitFor(`${base}/healthz`);
}, 60_000);

afterAll(() => {
  if (server.exitCode === null) server.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("the production server", () => {
  it("answers /healthz and /readyz with the state of the database, migrations and uploads", async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: { database: { ok: true }, migrations: { ok: true }, uploads: { ok: true } } });
  });

  it("on SIGTERM finishes what is in flight, closes SQLite and exits 0", async () => {
    const inFlight = fetch(`${base}/directory`);
    await new Promise((r) => setTimeout(r, 30));
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect((await inFlight).status).toBe(200);
    expect(await exited).toBe(0);
    expect(output).toContain("stopped cleanly");
    // A clean close checkpoints the write-ahead log into the database file.
    const wal = join(dir, "site.db-wal");
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 30_000);
});
