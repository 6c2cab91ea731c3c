import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DB, migrateToLatest, openDatabase } from "~db/client";
import { seedCategories } from "~db/seed/index";
import { reloadConfig } from "~/services/config.server";

/** A real, migrated SQLite file in a fresh temporary folder (with the categories seeded). */
export async function createTestDb(): Promise<{ db: DB; dir: string; path: string; cleanup: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "bwp-test-"));
  const path = join(dir, "test.db");
  process.env.UPLOADS_DIR = join(dir, "uploads");
  reloadConfig();
  const db = openDatabase(path);
  await migrateToLatest(db);
  await seedCategories(db);
  return {
    db,
    dir,
    path,
    cleanup: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function categoryIdBySlug(db: DB, slug: string): Promise<number> {
  const row = await db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  return row.id;
}
