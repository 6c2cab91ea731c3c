import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

// The same suite on PostgreSQL (issue 20): TEST_DATABASE_URL's server, or a throwaway one the set-up
// starts; each test database is a fresh copy of a migrated template.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      globalSetup: ["tests/support/postgres-setup.ts"],
    },
  }),
);
