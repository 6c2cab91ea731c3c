// The bench's idle renders (docs/performance.md): requests one after another on an otherwise idle server, and the
// addresses they ask for. Shared by the bench (scripts/bench.ts) and the interleaved A/B of two builds
// (scripts/render-ab.ts), so that the A/B times exactly what the bench judges, on a server whose start-up work is done.

import { readFileSync } from "node:fs";

/** Words of the demo sellers' texts: the searches of the first renders (and of the bench's search at scale). */
export const SEARCH_TERMS = ["sakhi", "kitchen", "boutique", "henna", "tiffin"];

/** Requests one after another on an otherwise idle server: the time of one render, not of a queue. */
export async function sequential(
  urls: string[],
  headers: Record<string, string> = {},
): Promise<{ p50: number; p90: number }> {
  const times: number[] = [];
  for (const url of urls) {
    const start = performance.now();
    const res = await fetch(url, { headers: { "Accept-Encoding": "identity", ...headers } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2));
  return { p50: at(0.5), p90: at(0.9) };
}

/** Renders that warm a started server before its idle renders are timed: listings and searches, signed in. */
export function warmUpUrls(app: string): string[] {
  return Array.from({ length: 400 }, (_, i) =>
    i % 2
      ? `${app}/directory?page=${(i % 40) + 1}`
      : `${app}/directory?search=${SEARCH_TERMS[i % SEARCH_TERMS.length]}&page=${(i % 3) + 1}`,
  );
}

/** A round's signed-in renders: the first 20 pages of the listing, three times (never cached: signed in). */
export function signedInUrls(app: string): string[] {
  return Array.from({ length: 60 }, (_, i) => `${app}/directory?page=${(i % 20) + 1}`);
}

/** A round's anonymous first renders: pages of the searches no earlier round asked for, so none is cached. */
export function firstRenderUrls(app: string, round: number): string[] {
  return Array.from(
    { length: 60 },
    (_, i) => `${app}/directory?search=${SEARCH_TERMS[i % SEARCH_TERMS.length]}&page=${i + 2 + round * 60}`,
  );
}

/** CPU time (user and system, in clock ticks) a process has used so far (Linux's /proc). */
export function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Waits until a started server is idle: a server starts its hourly work at once (the sellers' renewal reminders
 * and monthly reports: up to 5,000 of the demo sellers' mails queued and sent per run, on any copy of a database
 * whose month's reports are not all out), which ran under the first round's idle renders. Quiet is two
 * half-seconds in a row of at most 2 ticks (4 % of a core); after 3 minutes the caller goes on and is told.
 */
export async function untilQuiet(pid: number): Promise<void> {
  const started = Date.now();
  let quiet = 0;
  let before = cpuTicks(pid);
  while (quiet < 2) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuTicks(pid);
    quiet = now - before <= 2 ? quiet + 1 : 0;
    before = now;
    if (Date.now() - started > 180_000) {
      console.log("  the server was still busy 3 minutes after it started: measuring anyway");
      return;
    }
  }
  const waited = (Date.now() - started) / 1000;
  if (waited > 2) console.log(`  the server was busy with its start-up work for ${waited.toFixed(1)} s`);
}

/** `hostSpeedProbeMs` on this VM when nothing else ran and the host was quiet (2026-12-02). */
export const HOST_PROBE_QUIET_MS = 9.4;

/**
 * The host's speed at this minute: a fixed piece of JavaScript (objects built, serialised, parsed and sorted, the
 * kind of work a render does, garbage included) timed in this process, median of 9 runs. The same code on the same
 * machine takes longer only when the host gives the VM less CPU (no steal time is reported here, and the same build's
 * renders moved 7.2–14.4 ms within an hour on 2026-12-02): printed beside each round's renders so that a slow host
 * can be told from slow code. Its value on a quiet host is in docs/performance.md.
 */
export function hostSpeedProbeMs(): number {
  const runs: number[] = [];
  for (let run = 0; run < 9; run++) {
    const start = performance.now();
    let checksum = 0;
    for (let batch = 0; batch < 20; batch++) {
      const rows = Array.from({ length: 500 }, (_, i) => ({
        id: i,
        name: `seller ${(i * 7919) % 500}`,
        tags: [`t${i % 13}`, `t${i % 7}`],
        rating: (i % 50) / 10,
      }));
      const parsed = JSON.parse(JSON.stringify(rows)) as typeof rows;
      parsed.sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name, "en"));
      checksum += parsed[0]!.id;
    }
    runs.push(performance.now() - start);
    if (checksum < 0) console.log(checksum); // never: keeps the work from being optimised away
  }
  runs.sort((a, b) => a - b);
  return Number(runs[4]!.toFixed(2));
}

/**
 * One round of the idle renders on a started server: five signed-in renders to settle, then the round's signed-in
 * renders and anonymous first renders (`round` chooses first-render pages no other round asks for), their p50s, with
 * the host's speed probe before and after them (its mean). The bench's rounds, its engines' alternation and the A/B
 * of two builds (scripts/render-ab.ts) each measure one server's round with it.
 */
export async function idleRenderRound(
  app: string,
  cookie: string,
  round: number,
): Promise<{ signedIn: number; firstRender: number; hostProbe: number }> {
  await sequential(signedInUrls(app).slice(0, 5), { Cookie: cookie });
  const probeBefore = hostSpeedProbeMs();
  const signedIn = await sequential(signedInUrls(app), { Cookie: cookie });
  const firstRender = await sequential(firstRenderUrls(app, round));
  const hostProbe = Number(((probeBefore + hostSpeedProbeMs()) / 2).toFixed(2));
  return { signedIn: signedIn.p50, firstRender: firstRender.p50, hostProbe };
}
