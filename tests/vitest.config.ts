import { defineConfig } from "vitest/config";
import { aliases } from "../vite.config.ts";

// A config of its own keeps the React Router plugin out of unit tests.
export default defineConfig({
  root: new URL("..", import.meta.url).pathname,
  resolve: { alias: aliases },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
  },
});
