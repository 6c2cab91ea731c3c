import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import pg from "pg";
import { type DB, migrateToLatest, openDatabase } from "~db/client";
import { databaseUrl } from "../../scripts/postgres-server";
import { seedCategories } from "~/models/categories-admin.server";
import { reloadConfig } from "~/services/config.server";

/** The engine this run of the suite tests: PostgreSQL when TEST_DATABASE_URL names a server, else SQLite. */
export const testEngine: "sqlite" | "postgres" = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

/** A fresh PostgreSQL database copied from the migrated, seeded template (tests/support/postgres-setup.ts). */
export async function createPostgresDatabase(
  template: "bwp_test_template" | "template0" = "bwp_test_template",
): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `bwp_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A real, migrated database (with the categories seeded): a SQLite file in a fresh temporary folder, or
 * in the PostgreSQL run a fresh database of its own (`path` is then its URL). The folder's uploads folder
 * is UPLOADS_DIR until its cleanup puts the previous one back (so a test may make a database of its own
 * without moving the file's shared one).
 */
export async function createTestDb(): Promise<{ db: DB; dir: string; path: string; cleanup: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "bwp-test-"));
  const postgres = testEngine === "postgres" ? await createPostgresDatabase() : null;
  const path = postgres ? postgres.url : join(dir, "test.db");
  const previousUploads = process.env.UPLOADS_DIR;
  process.env.UPLOADS_DIR = join(dir, "uploads");
  reloadConfig();
  const db = openDatabase(path, { poolSize: 4 });
  if (!postgres) {
    await migrateToLatest(db);
    await seedCategories(db);
  }
  return {
    db,
    dir,
    path,
    cleanup: async () => {
      await db.destroy().catch(() => undefined);
      await postgres?.drop();
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

/**
 * Where a test may put a site's database, nothing in it yet: a new SQLite file in `dir`, or a new, empty
 * PostgreSQL database (dropped by `drop`). A server started on it migrates and seeds it as on a first start.
 */
export async function spareDatabaseTarget(
  dir: string,
  name: string,
): Promise<{ target: string; drop: () => Promise<void> }> {
  if (testEngine === "sqlite") return { target: join(dir, `${name}.db`), drop: async () => undefined };
  const made = await createPostgresDatabase("template0");
  return { target: made.url, drop: made.drop };
}

export type SpareDatabase = Awaited<ReturnType<typeof spareDatabaseTarget>>;
