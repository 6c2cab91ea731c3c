import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget, type DB, openDatabase } from "~db/client";
import { parseSettings } from "~/services/config.server";
import { contentVersionSource, exactContentVersion, readContentVersion } from "~/models/content-version.server";
import { createSeller } from "~db/seed/factories";
import { createTestDb, testEngine } from "../support/test-db";

// A transaction that reads and then writes must not fail with "database is locked" because another
// process wrote in between: transactions take the write lock when they begin (BEGIN IMMEDIATE).
let db: DB;
let path: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, path, cleanup } = await createTestDb()));
afterAll(() => cleanup());

describe("write transactions", () => {
  // On PostgreSQL, through the write lock every transaction takes when it begins (db/client.ts). (On
  // SQLite two connections of one thread cannot wait for each other: the test below is SQLite's.)
  it.skipIf(testEngine !== "postgres")(
    "never interleave: two read-then-write transactions from two pools lose no update",
    async () => {
      // A second handle on the same database (another instance, as far as the server knows).
      const other = openDatabase(path, { poolSize: 2 });
      try {
        await db.updateTable("categories").set({ sort_order: 0 }).where("id", "=", 1).execute();
        const increment = (handle: DB) =>
          handle.transaction().execute(async (trx) => {
            const row = await trx
              .selectFrom("categories")
              .select("sort_order")
              .where("id", "=", 1)
              .executeTakeFirstOrThrow();
            // The other transaction gets every chance to read the same value in between.
            await new Promise((resolve) => setTimeout(resolve, 50));
            await trx
              .updateTable("categories")
              .set({ sort_order: row.sort_order + 1 })
              .where("id", "=", 1)
              .execute();
          });
        await Promise.all([increment(db), increment(other), increment(db), increment(other)]);
        const after = await db
          .selectFrom("categories")
          .select("sort_order")
          .where("id", "=", 1)
          .executeTakeFirstOrThrow();
        expect(after.sort_order).toBe(4);
      } finally {
        await other.destroy();
      }
    },
  );

  it.skipIf(testEngine !== "sqlite")(
    "hold the write lock from their first statement, so another connection waits instead of interleaving",
    async () => {
      const other = new SQLite(path);
      other.pragma("busy_timeout = 0");
      try {
        await db.transaction().execute(async (trx) => {
          await sql`select count(*) from categories`.execute(trx);
          // Another writer cannot slip in between this transaction's read and its write.
          expect(() => other.prepare("update categories set description = description where id = 1").run()).toThrow(
            /locked|busy/i,
          );
          await trx.updateTable("categories").set({ description: "Clothing" }).where("id", "=", 1).execute();
        });
        // Once committed, the other connection writes again.
        expect(other.prepare("update categories set description = description where id = 1").run().changes).toBe(1);
      } finally {
        other.close();
      }
    },
  );
});

// The response cache asks for the content version before every answer (server/serve-from-cache.ts).
describe("the content version as the response cache reads it", () => {
  it("is read as the cache asks for it: again after every commit by any connection, without a query while none came (SQLite)", async () => {
    const t = await createTestDb();
    try {
      const source = contentVersionSource(t.db);
      const other = openDatabase(t.path);
      const start = await source();
      expect(start).toBe(await readContentVersion(t.db));
      const exact = testEngine === "sqlite" ? exactContentVersion(t.db) : null;
      if (exact) {
        expect(await exact()).toBe(start);
        // Nothing committed since: a plain number, no promise (a cache hit then needs no database read).
        expect(exact()).toBe(start);
        expect(exact()).toBe(start);
      }
      await createSeller(other, { business_name: "Counted", categoryIds: [1] });
      const afterOther = await source();
      expect(afterOther).toBeGreaterThan(start);
      expect(afterOther).toBe(await readContentVersion(t.db));
      // A commit through the same handle the source reads with moves it too.
      await t.db.updateTable("categories").set({ name: "Renamed by this handle" }).where("id", "=", 1).execute();
      const afterOwn = await source();
      expect(afterOwn).toBeGreaterThan(afterOther);
      // A commit that changes nothing public: read again, the same version.
      await other.updateTable("sellers").set({ views_count: 7 }).execute();
      expect(await source()).toBe(afterOwn);
      if (exact) {
        expect(await exact()).toBe(afterOwn);
        expect(exact()).toBe(afterOwn);
      }
      await other.destroy();
    } finally {
      await t.cleanup();
    }
  });

  it.skipIf(testEngine !== "sqlite")(
    "gives the answers asked for in one turn one read, made after them all: a commit between two asks is seen by both (SQLite)",
    async () => {
      const t = await createTestDb();
      const raw = new SQLite(t.path);
      try {
        const source = contentVersionSource(t.db);
        const before = await source();
        const first = source();
        // A commit by another connection after the first ask, in the same turn (a synchronous write).
        raw.prepare("update categories set name = 'Renamed between two asks' where id = 1").run();
        const second = source();
        expect(second).toBe(first);
        expect(await first).toBeGreaterThan(before);
        expect(await source()).toBe(await first);
      } finally {
        raw.close();
        await t.cleanup();
      }
    },
  );
});

describe("the database settings", () => {
  const names = ["DATABASE_PATH", "DATABASE_URL", "DATABASE_POOL_SIZE"] as const;
  const withEnv = (env: Partial<Record<(typeof names)[number], string>>, run: () => void) => {
    const saved = names.map((name) => [name, process.env[name]] as const);
    for (const name of names) delete process.env[name];
    Object.assign(process.env, env);
    try {
      run();
    } finally {
      for (const [name, value] of saved)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  };

  it("are read by the client as the validated settings read them", () => {
    withEnv({ DATABASE_PATH: "some/where/site.db" }, () =>
      expect(databaseTarget()).toBe(parseSettings(process.env).databasePath),
    );
    withEnv({ DATABASE_URL: "postgres://bwp@db.example.com/bwp", DATABASE_PATH: "x.db" }, () =>
      expect(databaseTarget()).toBe(parseSettings(process.env).databaseUrl),
    );
  });

  it("refuse a bad value by its name, in the client too (scripts open the database without the server)", () => {
    withEnv({ DATABASE_URL: "mysql://db.example.com/bwp" }, () =>
      expect(() => databaseTarget()).toThrow("DATABASE_URL: must be a postgres:// address"),
    );
  });
});
