import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~db/client";
import { migrationProvider } from "~db/migrations/index";
import { spareDatabaseTarget, testEngine } from "../support/test-db";

const dir = mkdtempSync(join(tmpdir(), "bwp-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the mobile-number migration", () => {
  it("rewrites stored numbers in the one form (E.164) and leaves a number the rule refuses as it was", async () => {
    const site = await spareDatabaseTarget(dir, "old");
    const db = openDatabase(site.target);
    try {
      const before = await new Migrator({ db, provider: migrationProvider }).migrateTo(
        "2026-11-23T0200_search_public_index",
      );
      expect(before.error).toBeUndefined();
      const stamp = new Date().toISOString();
      const seller = (mobile: string, email: string) =>
        db
          .insertInto("sellers")
          .values({
            owner_name: "Owner",
            email,
            mobile,
            city: "Pune",
            status: "active",
            created_at: stamp,
            updated_at: stamp,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
      const spaced = await seller("98765 43210", "a@example.in");
      const trunk = await seller("09876543210", "b@example.in");
      const refused = await seller("0123456789", "c@example.in");
      await db
        .insertInto("users")
        .values({
          email: "u@example.in",
          name: "U",
          role: "seller",
          mobile: "+91 91234-56789",
          password_hash: null,
          is_active: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await db
        .insertInto("enquiries")
        .values({
          name: "E",
          email: "e@example.in",
          mobile: "919812345678",
          query_type: "Feedback",
          message: "m",
          status: "new",
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await migrateToLatest(db);
      const mobileOf = async (id: number) =>
        (await db.selectFrom("sellers").select("mobile").where("id", "=", id).executeTakeFirstOrThrow()).mobile;
      expect(await mobileOf(spaced.id)).toBe("+919876543210");
      expect(await mobileOf(trunk.id)).toBe("+919876543210");
      expect(await mobileOf(refused.id)).toBe("0123456789");
      expect(
        (await db.selectFrom("users").select("mobile").where("email", "=", "u@example.in").executeTakeFirstOrThrow())
          .mobile,
      ).toBe("+919123456789");
      expect(
        (
          await db
            .selectFrom("enquiries")
            .select("mobile")
            .where("email", "=", "e@example.in")
            .executeTakeFirstOrThrow()
        ).mobile,
      ).toBe("+919812345678");
    } finally {
      await db.destroy();
      await site.drop();
    }
  });
});

describe("the account language migration", () => {
  it("keeps every stored language and takes any language of the list after it", async () => {
    const site = await spareDatabaseTarget(dir, "language");
    const db = openDatabase(site.target);
    try {
      const before = await new Migrator({ db, provider: migrationProvider }).migrateTo("m0022_quote_owner");
      expect(before.error).toBeUndefined();
      const stamp = new Date().toISOString();
      const user = (email: string, language: "en-IN" | "hi-IN" | "kn-IN") =>
        db
          .insertInto("users")
          .values({
            email,
            name: "U",
            role: "seller",
            password_hash: null,
            is_active: 1,
            language,
            created_at: stamp,
            updated_at: stamp,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
      const hindi = await user("hi@example.in", "hi-IN");
      const kannada = await user("kn@example.in", "kn-IN");
      const languageOf = async (id: number) =>
        (await db.selectFrom("users").select("language").where("id", "=", id).executeTakeFirstOrThrow()).language;
      // Before it, the database knew only the three.
      await expect(
        db.updateTable("users").set({ language: "en-XA" }).where("id", "=", hindi.id).execute(),
      ).rejects.toThrow();
      await migrateToLatest(db);
      expect(await languageOf(hindi.id)).toBe("hi-IN");
      expect(await languageOf(kannada.id)).toBe("kn-IN");
      await db.updateTable("users").set({ language: "en-XA" }).where("id", "=", hindi.id).execute();
      expect(await languageOf(hindi.id)).toBe("en-XA");
      await expect(
        db
          .updateTable("users")
          .set({ language: "hindi" as "hi-IN" })
          .where("id", "=", hindi.id)
          .execute(),
      ).rejects.toThrow();
      const created = await user("new@example.in", "kn-IN");
      expect(await languageOf(created.id)).toBe("kn-IN");
      // A new account without a language is English, as before.
      const plain = await db
        .insertInto("users")
        .values({
          email: "plain@example.in",
          name: "P",
          role: "seller",
          password_hash: null,
          is_active: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("language")
        .executeTakeFirstOrThrow();
      expect(plain.language).toBe("en-IN");
    } finally {
      await db.destroy();
      await site.drop();
    }
  });
});

describe.skipIf(testEngine !== "postgres")("instances starting together on one PostgreSQL database", () => {
  it("migrate it exactly once, whoever comes first", async () => {
    const site = await spareDatabaseTarget(dir, "together");
    const instances = Array.from({ length: 4 }, () => openDatabase(site.target, { poolSize: 2 }));
    try {
      await Promise.all(instances.map((db) => migrateToLatest(db)));
      const { rows } = await sql<{
        name: string;
        n: number;
      }>`select name, count(*) as n from kysely_migration group by name`.execute(instances[0]);
      expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(await migrationProvider.getMigrations()).sort());
      expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
      // The schema is whole: a table of the last migration answers.
      expect(await instances[1].selectFrom("passkeys").select("id").execute()).toEqual([]);
    } finally {
      for (const db of instances) await db.destroy();
      await site.drop();
    }
  });
});
