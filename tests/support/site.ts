import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DB, migrateToLatest, openDatabase } from "~db/client";
import { databaseEnv, type RunningServer, startServer } from "./server";
import { spareDatabaseTarget } from "./test-db";

// A site under test: the built production server (`npm run build` first) started in one process on a
// database of its own (a new SQLite file in a fresh folder, or a new PostgreSQL database in the PostgreSQL
// run), which it migrates and seeds as on a first start, plus a connection to that database for the test.

type Env = Record<string, string | undefined>;

export type SiteUnderTest = {
  /** The server's address (its port is chosen right before it binds). */
  base: string;
  server: RunningServer;
  /** The test's own connection to the site's database. */
  db: DB;
  /** The fresh temporary folder: uploads live in `uploads/`, SQLite files beside them. */
  dir: string;
  /** Stops the server, closes the connection, drops the database and removes the folder. */
  stop: () => Promise<void>;
  /**
   * Kills the server (SIGKILL: no shutdown work, as in a crash) and starts another on the same database
   * and folder, with `env` over the first start's settings; `base` and `server` are then the new one's.
   */
  restart: (env?: Env) => Promise<void>;
};

/**
 * Starts a site: WEB_CONCURRENCY=1, the database, UPLOADS_DIR, COOKIE_SECURE=0, SMTP_URL="" (mail is
 * logged and its outbox row kept) and a SESSION_SECRET (PostgreSQL requires one) are set here; `env` adds or overrides the rest. A function receives the
 * server's address once its port is chosen (for PUBLIC_URL).
 */
export async function startSite(
  name: string,
  env: Env | ((base: string) => Env) = {},
  options: {
    /** Rows the server must find at its start: written to the migrated database before the server starts. */
    prepare?: (db: DB) => Promise<void>;
  } = {},
): Promise<SiteUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), `bwp-${name}-`));
  let target = "";
  const settings = (address: string): Env => ({
    WEB_CONCURRENCY: "1",
    ...databaseEnv(target),
    UPLOADS_DIR: join(dir, "uploads"),
    COOKIE_SECURE: "0",
    SMTP_URL: "",
    SESSION_SECRET: `${name}-test-session-secret-0123456789`,
    ...(typeof env === "function" ? env(address) : env),
  });
  let site: Awaited<ReturnType<typeof spareDatabaseTarget>> | undefined;
  let server: RunningServer | undefined;
  try {
    site = await spareDatabaseTarget(dir, "site");
    target = site.target;
    if (options.prepare) {
      const early = openDatabase(target, { poolSize: 1 });
      try {
        await migrateToLatest(early);
        await options.prepare(early);
      } finally {
        await early.destroy();
      }
    }
    server = await startServer({ env: (address) => settings(address) });
  } catch (error) {
    await site?.drop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const db = openDatabase(site.target);
  let running = server;
  const drop = site.drop;
  const handle: SiteUnderTest = {
    base: server.base,
    server,
    db,
    dir,
    restart: async (more = {}) => {
      await running.stop("SIGKILL");
      running = await startServer({ env: (address) => ({ ...settings(address), ...more }) });
      handle.server = running;
      handle.base = running.base;
    },
    stop: async () => {
      await db.destroy();
      await running.stop("SIGKILL");
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return handle;
}
