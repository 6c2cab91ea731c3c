// npx tsx scripts/cpu-profile-summary.ts <file.cpuprofile> [requests] — where a `node --cpu-prof` run spent
// its time: busy (non-idle) time, self time by package or file and by function, and inclusive time of the
// app's own functions. With the number of requests the run served, busy time is also given per request.
// See docs/performance.md for how a profile is taken (the server under sequential load).
import { readFileSync } from "node:fs";

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, requestsArg] = process.argv.slice(2);
if (!file) {
  console.error("Usage: npx tsx scripts/cpu-profile-summary.ts <file.cpuprofile> [requests]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const short = (url: string) =>
  url
    .replace(/^.*node_modules\//, "nm:")
    .replace(/^.*\/build\//, "build/")
    .replace(/^file:\/\//, "");
const fnKey = (n: Node) =>
  `${n.callFrame.functionName || "(anonymous)"} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const fileKey = (n: Node) => {
  const url = short(n.callFrame.url);
  if (!url) return n.callFrame.functionName;
  return url.match(/^nm:((@[^/]+\/)?[^/]+)/)?.[0] ?? url;
};
const add = (m: Map<string, number>, k: string, t: number) => m.set(k, (m.get(k) ?? 0) + t);

let total = 0;
let idle = 0;
const byFile = new Map<string, number>();
const byFunction = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, t] of selfMicros) {
  const node = byId.get(id)!;
  total += t;
  if (node.callFrame.functionName === "(idle)") {
    idle += t;
    continue;
  }
  add(byFile, fileKey(node), t);
  add(byFunction, fnKey(node), t);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const n = byId.get(cur)!;
    if (!n.callFrame.url.includes("/build/server/")) continue;
    const k = fnKey(n);
    if (seen.has(k)) continue;
    add(inclusive, k, t);
    seen.add(k);
  }
}
const busy = total - idle;
const requests = Number(requestsArg) || 0;
const ms = (micros: number) => (micros / 1000).toFixed(0);
console.log(
  `profiled ${ms(total)} ms: busy ${ms(busy)} ms, idle ${ms(idle)} ms${requests ? `; busy per request ${(busy / 1000 / requests).toFixed(2)} ms over ${requests} requests` : ""}`,
);
const top = (title: string, m: Map<string, number>, k: number) => {
  console.log(`\n${title} (share of busy time)`);
  for (const [key, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, k))
    console.log(`${ms(t).padStart(7)} ms ${((100 * t) / busy).toFixed(1).padStart(5)} %  ${key}`);
};
top("self time by package or file", byFile, 15);
top("self time by function", byFunction, 25);
top("inclusive time of the app's functions (build/server)", inclusive, 20);
