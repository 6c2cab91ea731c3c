import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

// Starts the built production server the way `npm start` does (package.json: NODE_ENV=production
// node server/start.js, after `npm run build`), for tests and scripts that need the real thing; or, with
// `mode: "development"`, the server `npm run dev` starts.

export const START_SCRIPT = "server/start.js";

export type LogLine = { level: string; msg: string; pid: number; [key: string]: unknown };

export type RunningServer = {
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string;
  /** Its JSON log lines so far. */
  logLines: () => LogLine[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM (or the given signal), then the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

type Env = Record<string, string | undefined>;

export type ServerOptions = {
  /**
   * A port of your own (e.g. one another server just left, or one nothing may listen on). Leave it out:
   * the port is then chosen right before the server starts, and chosen again if another process took it
   * in that short window (the server exits with EADDRINUSE).
   */
  port?: number;
  /**
   * Settings for this server; NODE_ENV (from `mode`), HOST=127.0.0.1 and PORT are set for you. A function
   * receives the server's address (for PUBLIC_URL and the like) once its port is chosen.
   */
  env: Env | ((base: string, port: number) => Env);
  /** The folder holding build/ and server/ (default: this checkout). */
  cwd?: string;
  nodeArgs?: string[];
  /** The program and its arguments to run instead of `node [nodeArgs] server/start.js` (a release's launcher). */
  command?: [string, ...string[]];
  /** `npm start`'s compiled server (default) or `npm run dev`'s, which loads the sources through Vite. */
  mode?: "production" | "development";
  /** Wait until the server logged that it listens (every worker) and /healthz answers (default), or return at once. */
  wait?: boolean;
  timeoutMs?: number;
};

/** The setting that points a server at a database target: DATABASE_URL for PostgreSQL, else DATABASE_PATH. */
export function databaseEnv(target: string): { DATABASE_URL: string } | { DATABASE_PATH: string } {
  return /^postgres(ql)?:\/\//.test(target) ? { DATABASE_URL: target } : { DATABASE_PATH: target };
}

/**
 * A port nothing listens on right now, chosen by the operating system (so parallel test files never
 * collide). Nothing holds it after this returns: bind it at once, or let `startServer` choose (it
 * chooses again when the port was taken meanwhile).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  if (options.port !== undefined) return startOn(options.port, options);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 5) throw error;
    }
  }
}

/** The chosen port was bound by another process between the choice and the server's own bind. */
class PortTaken extends Error {}

async function startOn(port: number, options: ServerOptions): Promise<RunningServer> {
  const cwd = options.cwd ?? join(import.meta.dirname, "..", "..");
  const base = `http://127.0.0.1:${port}`;
  const env = typeof options.env === "function" ? options.env(base, port) : options.env;
  const stale = await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  );
  if (stale)
    throw new (options.port === undefined ? PortTaken : Error)(`something already answers on ${base}: stop it first`);
  const [program, ...args] = options.command ?? [process.execPath, ...(options.nodeArgs ?? []), START_SCRIPT];
  const child = spawn(program, args, {
    cwd,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
      NODE_ENV: options.mode ?? "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A test whose hook timed out before this function returned has no handle to stop the server; it must
  // not outlive the test process and hold its port for the next run.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  let text = "";
  child.stdout?.on("data", (d) => (text += d));
  child.stderr?.on("data", (d) => (text += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server: RunningServer = {
    base,
    port,
    child,
    output: () => text,
    logLines: () =>
      text
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LogLine),
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.wait === false) return server;
  const until = Date.now() + (options.timeoutMs ?? 60_000);
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    try {
      if (text.includes('"msg":"listening on') && (await fetch(`${base}/healthz`)).ok) return server;
    } catch {
      // not yet
    }
    if (gone || Date.now() > until) {
      const how = gone ? `it exited (code ${child.exitCode}, signal ${child.signalCode})` : "it did not answer in time";
      child.kill("SIGKILL");
      if (gone && text.includes("EADDRINUSE")) throw new PortTaken(`port ${port} was taken before the server bound it`);
      throw new Error(`the server did not start on ${base}: ${how}:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}
