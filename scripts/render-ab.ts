// An interleaved A/B of two builds' idle renders: the only reading of a render change that this VM's drift (±20 %
// between minutes) does not swamp (docs/performance.md, "Where an uncached render's time goes").
// Usage: npx tsx scripts/render-ab.ts <dir A> <dir B> <database file> [rounds, default 16]
//   <dir A>, <dir B>: each a copy of a built checkout's `build`, `server` and `package.json` with `node_modules`
//   linked beside them (say `git worktree add /tmp/wtA <commit>`, `npm run build` there, then copy).
//   <database file>: a SQLite file whose start-up work is done (a server ran on it once and stopped), e.g. one made
//   by `DATABASE_PATH=/tmp/ab.db npm run db:seed -- --demo 10000 --seed 2026`.
// Both servers start with the production flags on copies of the database; each round runs the bench's idle
// sequence (60 signed-in `/directory?page=N`, then 60 anonymous first renders of searches never asked before) on
// A then B (B then A on odd rounds), and prints each round's p50s and B ÷ A; the end, the median ratios.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { NODE_FLAGS } from "../server/node-flags";
import { idleRenderRound, sequential, untilQuiet, warmUpUrls } from "./idle-renders";

const [dirA, dirB, database, roundsArg] = process.argv.slice(2);
if (!dirA || !dirB || !database) {
  console.error("Usage: npx tsx scripts/render-ab.ts <dir A> <dir B> <database file> [rounds]");
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 16);
const ADMIN = { email: "render-ab@example.test", password: "render-ab-password-123" };
const work = mkdtempSync(join(tmpdir(), "bwp-render-ab-"));

type Server = { name: string; app: string; child: ChildProcess; cookie: string };

async function start(name: string, dir: string, port: number): Promise<Server> {
  const copy = join(work, `${name}.db`);
  copyFileSync(database!, copy);
  const child = spawn(process.execPath, [...NODE_FLAGS, join(resolve(dir), "server/start.js")], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: copy,
      SESSION_SECRET: "render-ab-session-secret-0123456789",
      SEED_DEMO: "0",
      COOKIE_SECURE: "0",
      LOG_LEVEL: "info",
      UPLOADS_DIR: join(work, `uploads-${name}`),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const app = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${app}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 240 || child.exitCode !== null) throw new Error(`server ${name} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await untilQuiet(child.pid!);
  const login = await fetch(`${app}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  if (!login.ok || !cookie) throw new Error(`sign-in on ${name} answered ${login.status}`);
  return { name, app, child, cookie };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const m = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return `${m.toFixed(3)} (${sorted[0]!.toFixed(3)}–${sorted.at(-1)!.toFixed(3)})`;
};

const servers = [await start("A", dirA, 3931), await start("B", dirB, 3932)];
try {
  // Warm both as the bench does: 400 signed-in listings and searches.
  for (const s of servers) await sequential(warmUpUrls(s.app), { Cookie: s.cookie });
  const ratios = { signedIn: [] as number[], firstRender: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const figures = new Map<string, Awaited<ReturnType<typeof idleRenderRound>>>();
    for (const s of round % 2 ? [...servers].reverse() : servers)
      figures.set(s.name, await idleRenderRound(s.app, s.cookie, round));
    const a = figures.get("A")!;
    const b = figures.get("B")!;
    ratios.signedIn.push(b.signedIn / a.signedIn);
    ratios.firstRender.push(b.firstRender / a.firstRender);
    console.log(
      `round ${round + 1}: signed in A ${a.signedIn.toFixed(2)} B ${b.signedIn.toFixed(2)} ms (${(b.signedIn / a.signedIn).toFixed(3)}); ` +
        `first render A ${a.firstRender.toFixed(2)} B ${b.firstRender.toFixed(2)} ms (${(b.firstRender / a.firstRender).toFixed(3)}); ` +
        `host probe ${a.hostProbe} / ${b.hostProbe} ms`,
    );
  }
  console.log(`median B ÷ A: signed in ${median(ratios.signedIn)}; first render ${median(ratios.firstRender)}`);
} finally {
  for (const s of servers) s.child.kill("SIGINT");
  await new Promise((r) => setTimeout(r, 500));
  rmSync(work, { recursive: true, force: true });
}
