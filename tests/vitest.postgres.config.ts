import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

// The same suite on PostgreSQL (docs/scaling.md): TEST_DATABASE_URL's server, or a throwaway one the set-up
// starts; each test database is a fresh copy of a migrated template.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      globalSetup: ["tests/support/postgres-setup.ts"],
      // Files that never open a database, whose servers are always on SQLite (a data folder of their
      // own), or whose subject no engine changes (the dev server's modules, the share cards' fonts, the
      // test language's pages, the password queue, the marketing pages' words, the pages' languages and
      // their crawlers' tags): the SQLite run has checked them already, and page-language-http.test.ts
      // renders every page of the site in every language on this engine too.
      exclude: [
        "tests/unit/account-pages-i18n.test.ts",
        "tests/unit/asset-delivery.test.ts",
        "tests/unit/auth-schemas.test.ts",
        "tests/unit/body-limits.test.ts",
        "tests/unit/catalogues.test.ts",
        "tests/unit/dev-server.test.ts",
        "tests/unit/form-registry.test.ts",
        "tests/unit/google-language-http.test.ts",
        "tests/unit/i18n-fallback.test.ts",
        "tests/unit/i18n-formatters.test.ts",
        "tests/unit/identity-card.test.ts",
        "tests/unit/js-weight.test.ts",
        "tests/unit/languages-fourth-http.test.ts",
        "tests/unit/languages-http.test.ts",
        "tests/unit/languages-leftovers-http.test.ts",
        "tests/unit/localized.test.ts",
        "tests/unit/map-tiles.test.ts",
        "tests/unit/marketing-languages.test.ts",
        "tests/unit/migration-names.test.ts",
        "tests/unit/password-busy.test.ts",
        "tests/unit/redirect.test.ts",
        "tests/unit/references.test.ts",
        "tests/unit/reliability-fuzz.test.ts",
        "tests/unit/reliability-load.test.ts",
        "tests/unit/reviews-admin.test.ts",
        "tests/unit/seo-http.test.ts",
        "tests/unit/server-lifecycle.test.ts",
        "tests/unit/share-card-languages-http.test.ts",
        "tests/unit/structured-data.test.ts",
        "tests/unit/unique-values.test.ts",
        "tests/unit/uploads-copy.test.ts",
      ],
    },
  }),
);
