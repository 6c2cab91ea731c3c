import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Migrator, sql } from "kysely";
import { openDatabase } from "~db/client";
import { migrationProvider } from "~db/migrations/index";
import { parseSettings, SettingsError } from "~/services/config.server";
import { databaseEnv, freePort, type RunningServer, startServer } from "../support/server";
import { spareDatabaseTarget, testEngine } from "../support/test-db";

// The settings schema, the refusal to start with a bad setting, the generated session secret (kept in
// the data folder, reused across restarts, rotated through a list) and the request log, all against
// the built production server.
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bwp-settings-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Only "a database the site cannot use" opens the run's engine; the rest parse settings or start a server on
// a SQLite file of its own, so the PostgreSQL run leaves them to the SQLite run.
const sqliteRun = testEngine === "sqlite";

describe.runIf(sqliteRun)("the settings schema", () => {
  it("gives the defaults and parses lists and rules", () => {
    const s = parseSettings({
      NODE_ENV: "production",
      SESSION_SECRET: "new-secret-0123456789, old-secret-0123456789",
      RATE_LIMIT_LOGIN: "3/60",
      RATE_LIMIT_REVIEW: "off",
    });
    expect(s).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      passwordHashQueue: 16,
      cookieSecure: true,
      sessionSecrets: ["new-secret-0123456789", "old-secret-0123456789"],
    });
    expect(s.rateLimits).toEqual({ login: { limit: 3, windowSeconds: 60 }, review: null });
    expect(s.webConcurrency).toBeGreaterThanOrEqual(1);
    expect(parseSettings({ PORT: "", WEB_CONCURRENCY: "3" })).toMatchObject({ port: 3000, webConcurrency: 3 });
  });

  it("names every bad setting", () => {
    const bad = {
      PORT: "70000",
      SMTP_URL: "http://mail.example.com",
      RATE_LIMIT_CONTACT: "five",
      RATE_LIMIT_LOGINN: "5/60",
      SESSION_SECRET: "short",
      PUBLIC_URL: "example.com",
    };
    let error: unknown;
    try {
      parseSettings(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const problems = (error as SettingsError).problems.join("\n");
    expect(problems).toContain("PORT: must be a port number from 1 to 65535");
    expect(problems).toContain("SMTP_URL: must be an smtp:// or smtps:// address");
    expect(problems).toContain('RATE_LIMIT_CONTACT: must be "count/seconds"');
    expect(problems).toContain("RATE_LIMIT_LOGINN: unknown rate-limit scope");
    expect(problems).toContain("SESSION_SECRET: must be one secret of at least 16 characters");
    expect(problems).toContain("PUBLIC_URL: must be an http(s) address");
  });

  it("takes a PostgreSQL URL and pool size, and refuses anything else by name", () => {
    expect(
      parseSettings({ DATABASE_URL: "postgres://bwp:secret@db.example.com:5432/bwp", DATABASE_POOL_SIZE: "25" }),
    ).toMatchObject({ databaseUrl: "postgres://bwp:secret@db.example.com:5432/bwp", databasePoolSize: 25 });
    expect(parseSettings({})).toMatchObject({ databaseUrl: undefined, databasePoolSize: 10 });
    const problemsOf = (env: NodeJS.ProcessEnv) => {
      try {
        parseSettings(env);
      } catch (e) {
        return (e as SettingsError).problems.join("\n");
      }
      return "";
    };
    expect(problemsOf({ DATABASE_URL: "mysql://db.example.com/bwp" })).toContain(
      "DATABASE_URL: must be a postgres:// address",
    );
    expect(problemsOf({ DATABASE_URL: "db.example.com" })).toContain("DATABASE_URL: must be a postgres:// address");
    expect(problemsOf({ DATABASE_POOL_SIZE: "0" })).toContain("DATABASE_POOL_SIZE: must be a whole number");
    // Several instances must sign sessions with one secret: the per-machine secret file will not do.
    expect(problemsOf({ NODE_ENV: "production", DATABASE_URL: "postgres://db.example.com/bwp" })).toContain(
      "SESSION_SECRET: must be set with DATABASE_URL",
    );
  });
});

describe.runIf(sqliteRun)("a bad setting stops the start", () => {
  it.concurrent.each([
    ["PORT", "http"],
    ["SMTP_URL", "not a url"],
    ["RATE_LIMIT_LOGIN", "10 per minute"],
    ["DATABASE_URL", "postgres//db.example.com/bwp"],
  ])(
    "%s=%j: exit 1 with a message naming it",
    async (name, value) => {
      const server = await startServer({
        wait: false,
        env: { DATABASE_PATH: join(dir, "refused", "site.db"), [name]: value },
      });
      const timer = setTimeout(() => server.child.kill("SIGKILL"), 20_000);
      expect(await server.exited).toBe(1);
      clearTimeout(timer);
      expect(server.output()).toContain("The server cannot start. Invalid settings:");
      expect(server.output()).toContain(`${name}: must be`);
    },
    30_000,
  );
});

describe("a database the site cannot use stops the start", () => {
  it("an unreachable PostgreSQL server: exit 1, naming DATABASE_URL (and never its password)", async () => {
    const nobody = await freePort();
    const server = await startServer({
      wait: false,
      env: {
        DATABASE_URL: `postgres://bwp:hunter2-secret@127.0.0.1:${nobody}/bwp`,
        SESSION_SECRET: "settings-test-secret-0123456789",
        UPLOADS_DIR: join(dir, "unreachable-uploads"),
      },
    });
    const timer = setTimeout(() => server.child.kill("SIGKILL"), 20_000);
    expect(await server.exited).toBe(1);
    clearTimeout(timer);
    expect(server.output()).toContain(
      `The server cannot start. DATABASE_URL: the database at postgres://bwp:***@127.0.0.1:${nobody}/bwp cannot be reached`,
    );
    expect(server.output()).not.toContain("hunter2-secret");
  }, 30_000);

  it("a database migrated by a newer version: exit 1 before any migration runs", async () => {
    const site = await spareDatabaseTarget(dir, "from-the-future");
    try {
      const db = openDatabase(site.target);
      await new Migrator({ db, provider: migrationProvider }).migrateTo("2026-11-23T0200_search_public_index");
      await sql`insert into kysely_migration (name, timestamp) values (${"2099-01-01T0000_from_the_future"}, ${new Date().toISOString()})`.execute(
        db,
      );
      const server = await startServer({
        wait: false,
        env: { ...databaseEnv(site.target), SESSION_SECRET: "settings-test-secret-0123456789" },
      });
      const timer = setTimeout(() => server.child.kill("SIGKILL"), 20_000);
      expect(await server.exited).toBe(1);
      clearTimeout(timer);
      expect(server.output()).toContain("2099-01-01T0000_from_the_future");
      expect(server.output()).toContain("it was migrated by a newer version");
      // Nothing ran: the migrations after the one the database had are still pending.
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      expect(rows.map((r) => r.name)).not.toContain("2026-11-25T0100_normalised_mobiles");
      await db.destroy();
    } finally {
      await site.drop();
    }
  }, 30_000);
});

describe.runIf(sqliteRun)("the session secret and the request log", () => {
  const data = () => join(dir, "site");
  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_PATH: join(data(), "site.db"),
    UPLOADS_DIR: join(data(), "uploads"),
    SEED_DEMO: "0",
    WEB_CONCURRENCY: "1",
    COOKIE_SECURE: "0",
    ADMIN_EMAIL: "admin@settings.test",
    ADMIN_PASSWORD: "Settings-Admin-Password-1",
    ...extra,
  });
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  async function signIn(base: string): Promise<string> {
    const res = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@settings.test", password: "Settings-Admin-Password-1" }),
    });
    expect(res.status).toBe(200);
    return res.headers.get("set-cookie")!.split(";")[0]!;
  }
  const dashboard = async (base: string, cookie: string) =>
    (await fetch(`${base}/api/admin/dashboard`, { headers: { Cookie: cookie } })).status;

  it("is made on the first start (mode 0600), kept across restarts, and rotated by a list", async () => {
    server = await startServer({ env: env() });
    const file = join(data(), "session-secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const fileSecret = readFileSync(file, "utf8").trim();
    expect(fileSecret.length).toBeGreaterThanOrEqual(32);

    // The request log: one JSON line per request, with no password, cookie, token or secret in it.
    const oldCookie = await signIn(server.base);
    expect(await dashboard(server.base, oldCookie)).toBe(200);
    const page = await fetch(`${server.base}/directory?token=tok-very-secret-42&page=1`, {
      headers: { Cookie: oldCookie, Authorization: "Bearer bearer-very-secret-43" },
    });
    expect(page.status).toBe(200);
    const pageId = page.headers.get("x-request-id");
    expect(pageId).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${server.base}/api/categories`, { headers: { "X-Request-Id": "proxy-request-0001" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-request-0001");
    const replaced = await fetch(`${server.base}/api/categories`, { headers: { "X-Request-Id": "bad id <script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await server.stop()).toBe(0);

    const lines = server.logLines();
    const line = lines.find((l) => l.reqId === pageId);
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      req: { method: "GET", path: "/directory?token=[redacted]&page=1" },
      res: { status: 200 },
    });
    expect(typeof line?.durationMs).toBe("number");
    expect(lines.find((l) => l.reqId === "proxy-request-0001")).toMatchObject({ req: { path: "/api/categories" } });
    expect(lines.find((l) => (l.req as { path?: string } | undefined)?.path === "/api/admin/login")).toMatchObject({
      req: { method: "POST" },
      res: { status: 200 },
    });
    const output = server.output();
    for (const secret of [
      "Settings-Admin-Password-1",
      oldCookie.split("=")[1]!,
      "tok-very-secret-42",
      "bearer-very-secret-43",
      fileSecret,
    ])
      expect(output).not.toContain(secret);

    // A restart with the same data folder reuses the secret: the session survives.
    server = await startServer({ env: env() });
    expect(await dashboard(server.base, oldCookie)).toBe(200);
    expect(await server.stop()).toBe(0);

    // Rotation: the new secret signs, the old one still verifies.
    const rotated = "rotated-session-secret-0123456789";
    server = await startServer({ env: env({ SESSION_SECRET: `${rotated},${fileSecret}` }) });
    expect(await dashboard(server.base, oldCookie)).toBe(200);
    const newCookie = await signIn(server.base);
    expect(await server.stop()).toBe(0);

    server = await startServer({ env: env({ SESSION_SECRET: rotated }) });
    expect(await dashboard(server.base, newCookie)).toBe(200);
    expect(await dashboard(server.base, oldCookie)).toBe(401);
    expect(await server.stop()).toBe(0);
  }, 90_000);
});
