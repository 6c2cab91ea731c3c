// The test command's first stage (`npm test`): the route types generated once, then the linter, the
// typecheck and the build side by side. Each is mostly one thread, so on a machine of two cores or more the
// stage takes as long as the slowest of them rather than their sum. Each one's output is printed whole
// when it ends, with its time; the stage fails when any of them does.
import { spawn } from "node:child_process";

type Step = { name: string; command: string };

function run({ name, command }: Step): Promise<{ name: string; code: number; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"], env: process.env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) =>
      resolve({ name, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

function report(result: Awaited<ReturnType<typeof run>>) {
  const verdict = result.code === 0 ? "passed" : `FAILED (exit ${result.code})`;
  process.stdout.write(`\n── ${result.name}: ${verdict} in ${result.seconds.toFixed(1)} s\n${result.output}`);
}

// typegen writes .react-router/types, which both tsc and the build read: it runs alone, first.
const typegen = await run({ name: "route types (react-router typegen)", command: "npx react-router typegen" });
report(typegen);
if (typegen.code !== 0) process.exit(1);

const results = await Promise.all(
  [
    { name: "lint (npm run lint)", command: "npm run lint" },
    { name: "typecheck (tsc)", command: "npx tsc" },
    { name: "build (npm run build)", command: "npm run build" },
  ].map((step) => run(step).then((result) => (report(result), result))),
);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
