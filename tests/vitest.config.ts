import { defineConfig } from "vitest/config";

// A config of its own keeps the React Router plugin out of unit tests.
export default defineConfig({
  root: new URL("..", import.meta.url).pathname,
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // Vitest's default is one fork fewer than the cores: a single fork on a 2-core machine, idle while
    // the servers that most files start do the work. Two keep both cores busy.
    maxWorkers: 2,
    // Each worker runs its files one after another with the modules they import shared, rather than
    // imported afresh per file: 235 s → 186 s for the SQLite run on 2 cores (docs/testing.md). A file
    // leaves nothing behind: its environment is put back at its end (the setup file), and module state
    // that a test changes (settings read from the environment) is reloaded there.
    isolate: false,
    setupFiles: ["tests/support/file-environment.ts"],
    testTimeout: 30_000,
    // In CI the files and tests run in a random order, so a test that leans on another's leftovers fails there.
    sequence: { shuffle: !!process.env.CI },
    // A fixed session secret: modules that sign (cookies, tokens) never make the secret file here.
    env: { SESSION_SECRET: "unit-test-session-secret-0123456789" },
  },
});
