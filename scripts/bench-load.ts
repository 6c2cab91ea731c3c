// The bench's load generators (scripts/bench.ts). autocannon runs in the bench's process; the same load can run in
// a process of its own (this file forked: the cross-check of the bare server's figure), and wrk, a load generator
// written in C, is used for the cross-check instead when it is installed (`apt-get install wrk`).
//
// autocannon keeps each answer's body as a string (`body += chunk` in its PipelinedRequestsQueue): a UTF-8 decode of
// every byte, about 16 µs of the client's CPU per KB of gzip on the 2-core VM (2026-11-30), so on the same two cores
// the load generator, not the server, was the limit of the larger pages (the bare server read 2.6–3.5k req/s for
// `/`'s 29.5 KB against 7.8–8.6k for 20 KB). The bench checks the status only, so bodies are dropped unread.
import autocannon from "autocannon";
import { execFile, fork } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

export type LoadOptions = { url: string; connections: number; duration: number; acceptEncoding: string };
export type LoadFigures = {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** the answers received (autocannon's count) */
  answers?: number;
  /** the serving process's CPU time (user and system) per answer, in µs, when the bench knows that process */
  cpuUs?: number;
};

type BodyQueue = { pipelinedRequests: { addBody: (data: Buffer) => void } };

/** autocannon in this process, bodies dropped. */
export async function autocannonLoad({
  url,
  connections,
  duration,
  acceptEncoding,
}: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { "Accept-Encoding": acceptEncoding },
    setupClient: (client) => {
      (client as unknown as BodyQueue).pipelinedRequests.addBody = () => {};
    },
  });
  return {
    rps: Math.round(result.requests.average),
    answers: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** wrk's path when it is installed. */
export function wrkPath(): string | undefined {
  return (process.env.PATH ?? "")
    .split(delimiter)
    .map((dir) => join(dir, "wrk"))
    .find((path) => existsSync(path));
}

/** The second load generator, in a process of its own: wrk when installed, else autocannon in a forked process. */
export function secondLoad(options: LoadOptions): Promise<LoadFigures & { generator: string }> {
  const wrk = wrkPath();
  return wrk ? wrkLoad(wrk, options) : forkedAutocannonLoad(options);
}

function wrkLoad(wrk: string, { url, connections, duration, acceptEncoding }: LoadOptions) {
  const args = [
    "-t2",
    `-c${connections}`,
    `-d${duration}s`,
    "--latency",
    "-H",
    `Accept-Encoding: ${acceptEncoding}`,
    url,
  ];
  return new Promise<LoadFigures & { generator: string }>((resolve, reject) =>
    execFile(wrk, args, { timeout: (duration + 30) * 1000 }, (error, stdout) => {
      if (error) return reject(error);
      const number = (pattern: RegExp) => Number(stdout.match(pattern)?.[1] ?? NaN);
      const ms = (label: string) => {
        const match = stdout.match(new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)\\s*$`, "m"));
        if (!match) return NaN;
        const value = Number(match[1]);
        return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
      };
      resolve({
        generator: "wrk",
        rps: Math.round(number(/Requests\/sec:\s+([\d.]+)/)),
        p50: ms("50%"),
        p99: ms("99%"),
        non2xx: number(/Non-2xx or 3xx responses:\s+(\d+)/) || 0,
        errors: (stdout.match(/Socket errors:.*?(\d+).*?(\d+).*?(\d+).*?(\d+)/)?.slice(1) ?? []).reduce(
          (sum, n) => sum + Number(n),
          0,
        ),
      });
    }),
  );
}

function forkedAutocannonLoad(options: LoadOptions) {
  return new Promise<LoadFigures & { generator: string }>((resolve, reject) => {
    const child = fork(import.meta.filename, [JSON.stringify(options)], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("message", (figures) => resolve({ generator: "autocannon (own process)", ...(figures as LoadFigures) }));
    child.once("exit", (code) => (code ? reject(new Error(`the load process exited (${code})`)) : undefined));
  });
}

// Forked by forkedAutocannonLoad: one load, its figures sent back.
if (process.send && process.argv[1] === import.meta.filename && process.argv[2]) {
  const figures = await autocannonLoad(JSON.parse(process.argv[2]) as LoadOptions);
  process.send(figures, () => process.disconnect());
}
