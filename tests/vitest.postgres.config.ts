import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

// The same suite on PostgreSQL (docs/scaling.md): TEST_DATABASE_URL's server, or a throwaway one the set-up
// starts; each test database is a fresh copy of a migrated template.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      globalSetup: ["tests/support/postgres-setup.ts"],
      // Files that never open a database, or whose servers are always on SQLite (a data folder of their
      // own): the SQLite run has checked them already.
      exclude: [
        "tests/unit/asset-delivery.test.ts",
        "tests/unit/auth-schemas.test.ts",
        "tests/unit/body-limits.test.ts",
        "tests/unit/catalogues.test.ts",
        "tests/unit/form-registry.test.ts",
        "tests/unit/i18n-fallback.test.ts",
        "tests/unit/i18n-formatters.test.ts",
        "tests/unit/identity-card.test.ts",
        "tests/unit/js-weight.test.ts",
        "tests/unit/localized.test.ts",
        "tests/unit/migration-names.test.ts",
        "tests/unit/production-install.test.ts",
        "tests/unit/redirect.test.ts",
        "tests/unit/references.test.ts",
        "tests/unit/reliability-fuzz.test.ts",
        "tests/unit/reliability-load.test.ts",
        "tests/unit/reviews-admin.test.ts",
        "tests/unit/server-lifecycle.test.ts",
        "tests/unit/structured-data.test.ts",
        "tests/unit/unique-values.test.ts",
        "tests/unit/uploads-copy.test.ts",
      ],
    },
  }),
);
