import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createTestDb } from "../support/test-db";

// A transaction that reads and then writes must not fail with "database is locked" because another
// process wrote in between: transactions take the write lock when they begin (BEGIN IMMEDIATE).
let db: DB;
let path: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, path, cleanup } = await createTestDb()));
afterAll(() => cleanup());

describe("write transactions", () => {
  it("hold the write lock from their first statement, so another connection waits instead of interleaving", async () => {
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
  });
});
