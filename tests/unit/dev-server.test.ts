import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

// `npm run dev` (README): the server loads the sources through Vite and serves every page as `npm start`
// does. Its modules and @react-router/express must share one copy of React Router (vite.config.ts's alias
// is for the browser's build only): with two, every page answered 500.
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bwp-dev-"));
  server = await startServer({
    mode: "development",
    env: {
      DATABASE_PATH: join(dir, "site.db"),
      UPLOADS_DIR: join(dir, "uploads"),
      SESSION_SECRET: "development-test-secret-0123456789",
      SEED_DEMO: "0",
    },
    timeoutMs: 90_000,
  });
}, 100_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("serves the pages in every language, with their data and their scripts", async () => {
    for (const [path, lang] of [
      ["/", "en-IN"],
      ["/hi/directory", "hi-IN"],
      ["/kn/contact", "kn-IN"],
    ] as const) {
      const res = await fetch(`${server.base}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html.startsWith(`<!DOCTYPE html><html lang="${lang}"`), path).toBe(true);
      // The page's modules are the sources, served by Vite, not build/client's compiled files.
      expect(html.includes('href="/app/entry.client.tsx"'), path).toBe(true);
    }
    expect(server.logLines().filter((line) => line.level === "error")).toEqual([]);
  }, 60_000);
});
