import type { Migration, MigrationProvider } from "kysely";
import * as m20261121T1130 from "./2026-11-21T1130_initial";

// Migrations are listed here, not read from disk, so they are bundled with the server build.
const migrations: Record<string, Migration> = {
  "2026-11-21T1130_initial": m20261121T1130,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
