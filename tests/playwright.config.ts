import { defineConfig, devices } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// One fresh data folder per run; workers re-read this file, so the folder travels in the environment.
process.env.E2E_RUN_DIR ??= mkdtempSync(join(tmpdir(), "bwp-e2e-"));
const runDir = process.env.E2E_RUN_DIR;
process.env.E2E_DATABASE_PATH = join(runDir, "e2e.db");
process.env.E2E_UPLOADS_DIR = join(runDir, "uploads");
// Two ports the system calls free now, for the site and the tests' own OpenID Connect provider (Google
// sign-in). This file is evaluated once in the runner and again in each worker, so the first evaluation
// chooses and the environment carries the choice, as it carries E2E_RUN_DIR. E2E_PORT, when set, is the
// site's port and the provider takes the next one, as before. A chosen port is free only when chosen:
// nothing holds it until the webServer binds it (after the config is loaded and each server's node
// starts, well under a second or two), and another process on the machine binding that very port in that
// window fails the run at start with EADDRINUSE; the kernel hands out ephemeral ports in turn, so a
// just-probed port is rarely handed out again so soon.
if (
  !process.env.E2E_SITE_PORT ||
  !process.env.E2E_OIDC_PORT ||
  !process.env.E2E_PSEUDO_PORT ||
  !process.env.E2E_TILES_PORT
) {
  const fixed = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
  const [site, oidc, pseudo, tiles] = fixed ? [fixed, fixed + 1, fixed + 2, fixed + 3] : freePorts(4);
  process.env.E2E_SITE_PORT = String(site);
  process.env.E2E_OIDC_PORT = String(oidc);
  process.env.E2E_PSEUDO_PORT = String(pseudo);
  process.env.E2E_TILES_PORT = String(tiles);
}
const port = Number(process.env.E2E_SITE_PORT);
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
const oidcPort = Number(process.env.E2E_OIDC_PORT);
// The same site and database in the pseudo-language (I18N_PSEUDO=1), for the walk that finds text left out
// of the catalogues (tests/e2e/pseudo-language.spec.ts).
const pseudoPort = Number(process.env.E2E_PSEUDO_PORT);
process.env.E2E_PSEUDO_URL = `http://127.0.0.1:${pseudoPort}`;
process.env.E2E_OIDC_ISSUER = `http://127.0.0.1:${oidcPort}`;
// The small maps' tiles from a local stand-in (support/tile-server.ts): the maps are on in the browser tests.
const tilesPort = Number(process.env.E2E_TILES_PORT);
process.env.E2E_MAP_TILES_URL = `http://127.0.0.1:${tilesPort}/{z}/{x}/{y}.png`;
const oidcClient = { id: "bwp-e2e", secret: "bwp-e2e-client-secret" };

// Debian's chromium-headless-shell: the same Blink as Debian's chromium without the full browser around it,
// what Playwright itself runs headless tests in; a page opens and renders in a third of the time
// (docs/decisions/207-browser-tests-in-debians-headless-shell.md). CHROMIUM_PATH names another browser.
const browserPath =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: browserPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      // Chromium's compositor (software, with --disable-gpu) as a thread of the browser process rather than
      // a GPU process of its own: a sixth of the browser run's CPU went to that process and its messages
      // (docs/decisions/218-browser-tests-composite-in-the-browser-process.md).
      "--in-process-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  testDir: "./e2e",
  outputDir: join(runDir, "test-results"),
  fullyParallel: true,
  // A stray test.only must never pass CI by running one test.
  forbidOnly: !!process.env.CI,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "off",
    // One browser context per worker, reset by Playwright between tests (cookies, storage and cache of the
    // origins visited, extra pages, routes, init scripts, the clock, viewport and emulation) rather than a new
    // one per test: each test's own context and renderer cost ~0.3 s of a two-core machine's time, the flows
    // ~10 % of their time (docs/decisions/217-flow-tests-reuse-a-context-per-worker.md). Not reset, so never
    // relied on: permissions granted, geolocation and offline set during a test, history. A test that sets
    // another context option (test.use: a locale, geolocation) gets a new context. Each test's client address
    // is set on the context (e2e/fixtures.ts).
    reuseContext: true,
  },
  projects: [
    // Every flow a person goes through, with JavaScript on and off; the tests that only send HTTP requests
    // (tagged @http, `HTTP_ONLY` in e2e/fixtures.ts) run once, in a project of their own.
    { name: "js-on", grepInvert: /@http/, use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", grepInvert: /@http/, use: { ...chromium, javaScriptEnabled: false } },
    { name: "http", grep: /@http/, use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: [
    {
      // The compiled production server, started as `npm start` does (NODE_ENV=production below), with
      // its default number of workers (one per core).
      command: "node server/start.js",
      cwd: join(import.meta.dirname, ".."),
      url: `${process.env.E2E_BASE_URL}/api/categories`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_PATH: process.env.E2E_DATABASE_PATH,
        UPLOADS_DIR: process.env.E2E_UPLOADS_DIR,
        SEED_DEMO: "0",
        // Tests give each browser context its own client address through X-Forwarded-For.
        TRUST_PROXY: "loopback",
        SESSION_SECRET: "e2e-session-secret-not-for-production",
        // Request lines would fill the test output; warnings and errors still show.
        LOG_LEVEL: "warn",
        // The tests talk plain HTTP to 127.0.0.1; production cookies are Secure.
        COOKIE_SECURE: "0",
        ADMIN_EMAIL: "admin@e2e.test",
        ADMIN_PASSWORD: "e2e-Admin-Password-123",
        GOOGLE_ISSUER: process.env.E2E_OIDC_ISSUER,
        GOOGLE_CLIENT_ID: oidcClient.id,
        GOOGLE_CLIENT_SECRET: oidcClient.secret,
        PUBLIC_URL: process.env.E2E_BASE_URL,
        MAP_TILES_URL: process.env.E2E_MAP_TILES_URL,
        MAP_TILES_ATTRIBUTION: "© the tests' tile stand-in",
      },
    },
    {
      // The same server in the pseudo-language, on the same database; Playwright starts the servers one
      // after the other, so this one finds the schema migrated.
      command: "node server/start.js",
      cwd: join(import.meta.dirname, ".."),
      url: `${process.env.E2E_PSEUDO_URL}/api/categories`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(pseudoPort),
        WEB_CONCURRENCY: "1",
        I18N_PSEUDO: "1",
        HOST: "127.0.0.1",
        DATABASE_PATH: process.env.E2E_DATABASE_PATH,
        UPLOADS_DIR: process.env.E2E_UPLOADS_DIR,
        SEED_DEMO: "0",
        // Tests give each browser context its own client address through X-Forwarded-For.
        TRUST_PROXY: "loopback",
        SESSION_SECRET: "e2e-session-secret-not-for-production",
        // Request lines would fill the test output; warnings and errors still show.
        LOG_LEVEL: "warn",
        // The tests talk plain HTTP to 127.0.0.1; production cookies are Secure.
        COOKIE_SECURE: "0",
        GOOGLE_ISSUER: process.env.E2E_OIDC_ISSUER,
        GOOGLE_CLIENT_ID: oidcClient.id,
        GOOGLE_CLIENT_SECRET: oidcClient.secret,
        PUBLIC_URL: process.env.E2E_PSEUDO_URL,
        MAP_TILES_URL: process.env.E2E_MAP_TILES_URL,
        MAP_TILES_ATTRIBUTION: "© the tests' tile stand-in",
      },
    },
    {
      command: "npx tsx tests/support/tile-server.ts",
      cwd: join(import.meta.dirname, ".."),
      url: `http://127.0.0.1:${tilesPort}/0/0/0.png`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      env: { TILES_PORT: String(tilesPort) },
    },
    {
      command: "npx tsx tests/support/oidc-provider.ts",
      cwd: join(import.meta.dirname, ".."),
      url: `${process.env.E2E_OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      env: {
        OIDC_PORT: String(oidcPort),
        OIDC_CLIENT_ID: oidcClient.id,
        OIDC_CLIENT_SECRET: oidcClient.secret,
        OIDC_REDIRECT_URI: `${process.env.E2E_BASE_URL}/auth/google/callback`,
      },
    },
  ],
});

/**
 * Ports chosen by the system, all held open together until each is known (so they differ), then closed.
 * Playwright loads this file synchronously, hence a child node that prints them.
 */
function freePorts(count: number): number[] {
  const script = `
    const net = require("node:net");
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((ok) => s.listen(0, "127.0.0.1", ok)))).then(() => {
      const ports = servers.map((s) => s.address().port);
      servers.forEach((s) => s.close());
      process.stdout.write(JSON.stringify(ports));
    });`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as number[];
}
