import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

// The same suite on PostgreSQL (docs/scaling.md): TEST_DATABASE_URL's server, or a throwaway one the set-up
// starts; each test database is a fresh copy of a migrated template.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      globalSetup: ["tests/support/postgres-setup.ts"],
      // Files that never open a database: the SQLite run has checked them already.
      exclude: [
        "tests/unit/auth-schemas.test.ts",
        "tests/unit/body-limits.test.ts",
        "tests/unit/identity-card.test.ts",
        "tests/unit/redirect.test.ts",
        "tests/unit/reviews-admin.test.ts",
        "tests/unit/structured-data.test.ts",
      ],
    },
  }),
);
