// The production server on a throw-away SQLite file and uploads folder, for the reliability runs
// (crash, load, fuzz) and their small versions in the unit tests. Start, kill, restart, read its log.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { NODE_FLAGS } from "../../server/node-flags";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * How the production build is served (what `npm start` runs, after `npm run build`). The one place
 * to change when the start command changes; run from the repository root.
 */
export function productionServerCommand(): { command: string; args: string[] } {
  return { command: process.execPath, args: [...NODE_FLAGS, "server/start.js"] };
}

export const TEST_ADMIN = { email: "reliability-admin@example.test", password: "reliability-Admin-Password-123" };

/** Rate-limit scopes of the public writes, turned off for the crash and load runs (`0` = off). */
export const WRITE_RATE_LIMITS_OFF = {
  RATE_LIMIT_REVIEW: "0",
  RATE_LIMIT_CONTACT: "0",
  RATE_LIMIT_NEWSLETTER: "0",
  RATE_LIMIT_APPLICATION: "0",
  RATE_LIMIT_UPLOAD: "0",
  RATE_LIMIT_SIGNUP: "0",
  RATE_LIMIT_ACKNOWLEDGEMENT: "0",
} as const;

/** A log line that means SQLite refused a statement because another connection held the lock. */
export const SQLITE_BUSY_PATTERN = /SQLITE_BUSY|database is locked/g;
const OUTPUT_KEEP_CHARS = 256 * 1024;

export type ServerOptions = {
  port?: number;
  /** Demo sellers seeded into the new database (SEED_DEMO). */
  sellers?: number;
  /** Serving processes (WEB_CONCURRENCY): 1 (the default) serves from the primary alone. */
  processes?: number;
  env?: Record<string, string>;
  /** A PostgreSQL database (empty) to run on instead of a new SQLite file in the temporary folder. */
  databaseUrl?: string;
  /** Echo the server's output to this process's stderr. */
  echo?: boolean;
};

/** One `memory` log line of one server process (app/services/memory.server.ts). */
export type MemoryLogSample = {
  /** When the harness read it (ms since the epoch). */
  at: number;
  pid: number;
  role: string;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  newSpaceMb?: number;
};

export type ProductionServer = {
  base: string;
  port: number;
  dir: string;
  databasePath: string;
  /** What the server runs on: `databaseUrl` when given, else `databasePath`. */
  database: string;
  uploadsDir: string;
  pid: () => number | undefined;
  /** Whether the server process is alive. */
  running: () => boolean;
  /** The newest part of everything the server (all its starts) wrote to stdout and stderr. */
  output: () => string;
  /** How much the server has written so far: a mark for outputSince. */
  outputMark: () => number;
  /** What the server wrote after the mark (as far as the kept part reaches). */
  outputSince: (mark: number) => string;
  /** Lines matching SQLITE_BUSY_PATTERN in everything the server wrote, over all its starts. */
  busyCount: () => number;
  /** The `memory` lines the server's processes logged (MEMORY_LOG_SECONDS in env), oldest first. */
  memorySamples: () => MemoryLogSample[];
  /** Starts the server on the same files (after a kill) and waits until /readyz answers 200. */
  start: () => Promise<void>;
  /**
   * Sends a signal and waits for the process to exit; resolves to its exit code or signal. SIGKILL goes
   * to the primary and every worker at once, and waits until none is left.
   */
  kill: (signal?: NodeJS.Signals) => Promise<string>;
  /** SIGTERM (a clean stop), then removes the temporary folder. */
  close: () => Promise<void>;
};

/** A free TCP port on 127.0.0.1 (asked from the system). */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

export async function startProductionServer(options: ServerOptions = {}): Promise<ProductionServer> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), "bwp-reliability-"));
  const databasePath = join(dir, "site.db");
  const uploadsDir = join(dir, "uploads");
  let child: ChildProcess | null = null;
  let output = "";
  let written = 0;
  let busy = 0;
  let tail = "";
  const memory: MemoryLogSample[] = [];

  const env = {
    ...process.env,
    NODE_ENV: "production",
    // As `npm start` sets it (package.json): glibc's malloc arenas held native memory (docs/reliability.md).
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    PORT: String(port),
    HOST: "127.0.0.1",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATABASE_PATH: databasePath }),
    UPLOADS_DIR: uploadsDir,
    SEED_DEMO: String(options.sellers ?? 0),
    // Fixed, so sessions survive a restart; plain HTTP, so the cookie is not Secure.
    SESSION_SECRET: "reliability-session-secret-0123456789",
    COOKIE_SECURE: "0",
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // Each simulated client sends its own X-Forwarded-For address.
    TRUST_PROXY: "loopback",
    // One process unless asked (crash and fuzz's --processes, load's --workers): the unit tests' small
    // runs stay light. A SIGKILL reaches the workers too (`kill`).
    WEB_CONCURRENCY: String(options.processes ?? 1),
    ...options.env,
  };

  function record(chunk: Buffer) {
    const text = chunk.toString();
    if (options.echo) process.stderr.write(text);
    // Count over chunk boundaries: keep the last partial line for the next chunk.
    const lines = (tail + text).split("\n");
    tail = lines.pop() ?? "";
    for (const line of lines) {
      busy += line.match(SQLITE_BUSY_PATTERN) ? 1 : 0;
      if (line.includes('"msg":"memory"')) {
        const sample = memoryLine(line);
        if (sample) memory.push(sample);
      }
    }
    output = (output + text).slice(-OUTPUT_KEEP_CHARS);
    written += text.length;
  }

  async function start() {
    if (child && child.exitCode === null && child.signalCode === null) throw new Error("the server is already running");
    const { command, args } = productionServerCommand();
    const started = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    child = started;
    started.stdout?.on("data", record);
    started.stderr?.on("data", record);
    // Generous: seeding 1,000 sellers on a loaded 2-core machine took over a minute.
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (started.exitCode !== null || started.signalCode !== null)
        throw new Error(`the server exited while starting:\n${output.slice(-4000)}`);
      try {
        if ((await fetch(`${base}/readyz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function kill(signal: NodeJS.Signals = "SIGKILL") {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return "not running";
    const exited = new Promise<string>((done) => running.once("exit", (code, sig) => done(sig ?? String(code))));
    // SIGKILL: the primary, then its workers in the same instant, as when a machine loses power or the
    // OOM killer ends the service (no process finishes anything). Any other signal: the primary only,
    // which stops its workers the way it does in production.
    const workers = signal === "SIGKILL" && running.pid ? childPids(running.pid) : [];
    running.kill(signal);
    for (const pid of workers) killIfAlive(pid, signal);
    const result = await exited;
    await allGone(workers);
    return result;
  }

  async function close() {
    await kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }

  const server: ProductionServer = {
    base,
    port,
    dir,
    databasePath,
    database: options.databaseUrl ?? databasePath,
    uploadsDir,
    pid: () => child?.pid,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    output: () => output,
    outputMark: () => written,
    outputSince: (mark) => (written > mark ? output.slice(-Math.min(written - mark, output.length)) : ""),
    busyCount: () => busy + (tail.match(SQLITE_BUSY_PATTERN) ? 1 : 0),
    memorySamples: () => [...memory],
    start,
    kill,
    close,
  };
  try {
    await start();
  } catch (error) {
    await kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return server;
}

/**
 * The processes a process started (its cluster workers), from Linux's /proc. The server stays in this
 * run's process group, so a Ctrl-C of an interrupted run still stops it; a kill of a group of its own
 * would have missed that.
 */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function killIfAlive(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Waits until none of these processes is left (a killed worker is gone a moment after the signal). */
async function allGone(pids: number[]) {
  for (let i = 0; i < 200; i++) {
    if (!pids.some((pid) => killIfAlive(pid, 0))) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`processes ${pids.join(", ")} outlived SIGKILL for 5 s`);
}

function memoryLine(line: string): MemoryLogSample | null {
  try {
    const parsed = JSON.parse(line) as {
      pid?: number;
      role?: string;
      memory?: Omit<MemoryLogSample, "at" | "pid" | "role">;
    };
    if (!parsed.memory || typeof parsed.pid !== "number") return null;
    return { at: Date.now(), pid: parsed.pid, role: parsed.role ?? "", ...parsed.memory };
  } catch {
    return null;
  }
}

/** The simulated client number n's address, sent as X-Forwarded-For (TRUST_PROXY=loopback). */
export function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Signs in over HTTP (the admin door by default) and answers the session cookie ("name=value"). */
export async function signIn(
  base: string,
  account = TEST_ADMIN,
  path = "/api/admin/login",
  from = "127.0.0.1",
): Promise<string> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, "X-Forwarded-For": from },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!res.ok || !cookie) throw new Error(`sign-in at ${path} answered ${res.status}: ${await res.text()}`);
  return cookie;
}

/** Public sellers' ids (for reviews) and category ids (for applications and sign-ups). */
export async function siteIds(base: string): Promise<{ sellerIds: number[]; categoryIds: number[] }> {
  const sellers = (await (await fetch(`${base}/api/sellers?limit=50`)).json()) as { sellers: { id: number }[] };
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
  return { sellerIds: sellers.sellers.map((s) => s.id), categoryIds: categories.map((c) => c.id) };
}

/** Percentile (0-100) of a list of numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** True when this module's file is the one node was asked to run (a script's main part). */
export function isMain(url: string): boolean {
  return process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(url);
}

/** A process's resident memory now and at its peak, in MB, from /proc (Linux); null when it is gone. */
export function processMemoryMb(pid: number | undefined): { rssMb: number; peakMb: number } | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const mb = (key: string) => Math.round(Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) / 1024);
    return { rssMb: mb("VmRSS"), peakMb: mb("VmHWM") };
  } catch {
    return null;
  }
}
