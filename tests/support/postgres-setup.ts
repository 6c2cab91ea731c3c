import pg from "pg";
import { migrateToLatest, openDatabase } from "~db/client";
import { seedCategories } from "~/models/categories-admin.server";
import { databaseUrl, startThrowawayPostgres } from "../../scripts/postgres-server";

// Vitest's global set-up for the PostgreSQL run of the suite (tests/vitest.postgres.config.ts): the
// server is TEST_DATABASE_URL's, or a throwaway one started here; one migrated, seeded template database
// is made once, and each test database is a copy of it (CREATE DATABASE ... TEMPLATE, about 50 ms).

export const TEMPLATE_DATABASE = "bwp_test_template";

export default async function setup(): Promise<() => Promise<void>> {
  const throwaway = process.env.TEST_DATABASE_URL ? null : await startThrowawayPostgres();
  const serverUrl = process.env.TEST_DATABASE_URL ?? throwaway!.url;
  process.env.TEST_DATABASE_URL = serverUrl;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  const db = openDatabase(databaseUrl(serverUrl, TEMPLATE_DATABASE), { poolSize: 1 });
  await migrateToLatest(db);
  await seedCategories(db);
  await db.destroy();
  await admin.end();
  return async () => {
    throwaway?.stop();
  };
}
