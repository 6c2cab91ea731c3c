import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readDatabaseSettings } from "~db/settings";
import { freePort } from "./reliability/production-server";

// A throwaway PostgreSQL server for the tests and the bench, no system service and no Docker: Debian's `postgresql`
// package (scripts/install.sh --test), a cluster made by initdb in a temporary folder, started by pg_ctl
// on a free loopback port, removed at the end. initdb and pg_ctl refuse to run as root, so as root they
// run as the `postgres` user the package creates.

export type ThrowawayPostgres = { url: string; port: number; dir: string; stop: () => void };

/** The folder of initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinaries(): string {
  const folder = readDatabaseSettings().postgresBin;
  if (folder) return folder;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error("PostgreSQL is not installed: run `bash scripts/install.sh --test`");
  return join(root, versions[0], "bin");
}

const asRoot = process.getuid?.() === 0;

function run(bin: string, args: string[]): void {
  const command = asRoot ? "runuser" : bin;
  const argv = asRoot ? ["-u", "postgres", "--", bin, ...args] : args;
  const result = spawnSync(command, argv, { encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${bin} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

/** Makes and starts a cluster; fsync is off (a test cluster is thrown away, never recovered). */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinaries();
  const dir = mkdtempSync(join(tmpdir(), "bwp-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  run(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=300",
  ].join(" ");
  run(join(bin, "pg_ctl"), ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "start"]);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        run(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
