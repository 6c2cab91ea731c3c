// Starts the site: `npm start` (NODE_ENV=production) runs the compiled server, build/server/index.js,
// made by `npm run build` from server/index.ts and the app; `npm run dev` (NODE_ENV=development)
// loads server/index.ts through Vite instead, with hot reload. Plain JavaScript on purpose: the
// production start needs neither TypeScript nor any devDependency. Cluster workers run this file too.
import { existsSync } from "node:fs";
import { setFlagsFromString } from "node:v8";

// V8 lets the heap grow to up to four times what is live between two full collections when the machine
// has memory to spare: under the write-heavy load that was ~215 MB of heap for ~55 MB live (docs/reliability.md).
// A fixed 25 % keeps it near 110 MB at the same throughput. Read at every collection, so it can be set
// here; a --heap-growing-percent on the command line wins.
if (!process.execArgv.some((arg) => arg.startsWith("--heap-growing-percent"))) {
  setFlagsFromString("--heap-growing-percent=25");
}

if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const entry = await vite.ssrLoadModule("/server/index.ts");
  await entry.startDevelopmentServer(vite);
} else {
  const built = new URL("../build/server/index.js", import.meta.url);
  if (!existsSync(built)) {
    process.stderr.write("The server is not built yet: run `npm run build` first.\n");
    process.exit(1);
  }
  const { startProductionServer } = await import(built.href);
  await startProductionServer();
}
