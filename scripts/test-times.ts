// Where a CI run's time goes, per test file: `tsx scripts/test-times.ts ci.log`, where ci.log is the
// output of `bash .ci/run` (or `npm test`). Sums each file's reported durations: vitest prints one
// line per file (files run in parallel, so the sums exceed the wall time), Playwright one per test
// (split by project; two workers, so the wall time is about half the sum).
import { readFileSync } from "node:fs";

type Row = { suite: string; file: string; tests: number; ms: number };

// Colour codes around vitest's figures.
// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g;

function durationMs(text: string): number {
  const match = /^([\d.]+)(ms|s|m)$/.exec(text);
  if (!match) return 0;
  const value = Number(match[1]);
  return match[2] === "ms" ? value : match[2] === "s" ? value * 1000 : value * 60_000;
}

export function testTimes(log: string): Row[] {
  const rows = new Map<string, Row>();
  let unitSuite = "unit (SQLite)";
  const add = (suite: string, file: string, tests: number, ms: number) => {
    const key = `${suite}\u0000${file}`;
    const row = rows.get(key) ?? { suite, file, tests: 0, ms: 0 };
    row.tests += tests;
    row.ms += ms;
    rows.set(key, row);
  };
  for (const raw of log.split("\n")) {
    const line = raw.replace(ansi, "");
    if (line.startsWith("> vitest run --config tests/vitest.postgres")) unitSuite = "unit (PostgreSQL)";
    const e2e = /^\s+[✓✘]\s+\d+ \[([\w-]+)\] › (tests\/e2e\/[\w.-]+):\d+:\d+ .*\(([\d.]+(?:ms|s|m))\)\s*$/.exec(line);
    if (e2e) {
      add(`e2e ${e2e[1]}`, e2e[2], 1, durationMs(e2e[3]));
      continue;
    }
    const unit = /^\s+[✓❯×]\s+(tests\/unit\/[\w.-]+) \((\d+) tests?[^)]*\)\s+([\d.]+(?:ms|s|m))/.exec(line);
    if (unit) add(unitSuite, unit[1], Number(unit[2]), durationMs(unit[3]));
  }
  return [...rows.values()];
}

function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: tsx scripts/test-times.ts <ci log>");
    process.exit(1);
  }
  const rows = testTimes(readFileSync(file, "utf8"));
  const suites = [...new Set(rows.map((row) => row.suite))];
  for (const suite of suites) {
    const mine = rows.filter((row) => row.suite === suite).sort((a, b) => b.ms - a.ms);
    const total = mine.reduce((sum, row) => sum + row.ms, 0);
    console.log(`\n${suite}: ${mine.length} files, ${(total / 1000).toFixed(0)} s summed`);
    for (const row of mine) {
      console.log(`  ${(row.ms / 1000).toFixed(1).padStart(7)} s  ${String(row.tests).padStart(4)}  ${row.file}`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
