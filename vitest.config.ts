import { defineConfig } from "vitest/config";
import { aliases } from "./vite.config";

// A config of its own keeps the React Router plugin out of unit tests.
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts", "db/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/setup/global-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
  },
});
