import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DB, migrateToLatest, openDatabase } from "~db/client";
import { seedCategories } from "~/models/categories-admin.server";
import { reloadConfig } from "~/services/config.server";

/**
 * A real, migrated SQLite file in a fresh temporary folder (with the categories seeded), whose uploads
 * folder is UPLOADS_DIR until its cleanup puts the previous one back (so a test may make a database of
 * its own without moving the file's shared one).
 */
export async function createTestDb(): Promise<{ db: DB; dir: string; path: string; cleanup: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "bwp-test-"));
  const path = join(dir, "test.db");
  const previousUploads = process.env.UPLOADS_DIR;
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
      await db.destroy().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
      if (previousUploads === undefined) delete process.env.UPLOADS_DIR;
      else process.env.UPLOADS_DIR = previousUploads;
      reloadConfig();
    },
  };
}

export async function categoryIdBySlug(db: DB, slug: string): Promise<number> {
  const row = await db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  return row.id;
}
