import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { IMAGE_VARIANT_WIDTHS, variantName } from "~/lib/uploads";
import { join } from "node:path";
import type { DB } from "~db/client";
import { CATEGORY_SEED } from "~db/seed/categories";
import { seedCategories, seedDemoSellers } from "~db/seed/index";
import { createTestDb } from "../support/test-db";

let db: DB;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, dir, cleanup } = await createTestDb()));
afterAll(() => cleanup());

describe("seed", () => {
  it("puts in the sixteen categories with subcategories, idempotently", async () => {
    await seedCategories(db);
    await seedCategories(db);
    const cats = await db.selectFrom("categories").select(["name", "slug"]).execute();
    expect(cats).toHaveLength(16);
    expect(cats.map((c) => c.name)).toContain("Gifts & Hampers");
    const subs = await db.selectFrom("subcategories").select("id").execute();
    expect(subs.length).toBe(CATEGORY_SEED.reduce((n, c) => n + c.subcategories.length, 0));
  });

  it("seeds again without failing after an admin changed a seeded category's slug or gave its name to another", async () => {
    // Found by scripts/fuzz.ts: POST /api/admin/seed-data answered 500 (UNIQUE constraint failed: categories.name).
    const [first, second, third] = CATEGORY_SEED;
    await db.updateTable("categories").set({ slug: "renamed-by-admin" }).where("name", "=", first.name).execute();
    await db.deleteFrom("categories").where("name", "=", second.name).execute();
    await db.updateTable("categories").set({ name: second.name, slug: "taken-name" }).where("name", "=", third.name).execute();
    await seedCategories(db);
    await seedCategories(db);
    const cats = await db.selectFrom("categories").select(["name", "slug"]).execute();
    expect(cats.filter((c) => c.name === second.name)).toHaveLength(1);
    expect(cats.map((c) => c.slug)).toContain("renamed-by-admin");
    expect(cats.map((c) => c.name)).toContain(first.name);
  });

  it("adds realistic demo sellers with reviews and locally generated images", async () => {
    await seedDemoSellers(db, 40, 7);
    const sellers = await db.selectFrom("sellers").selectAll().execute();
    expect(sellers).toHaveLength(40);
    expect(sellers.filter((s) => s.status === "active").length).toBeGreaterThan(20);
    expect(sellers.every((s) => s.category_names.length > 0)).toBe(true);
    const reviews = await db.selectFrom("reviews").select("status").execute();
    expect(new Set(reviews.map((r) => r.status))).toEqual(new Set(["published", "pending"]));
    const withPhoto = sellers.find((s) => s.profile_photo);
    expect(withPhoto && existsSync(join(dir, "uploads", "public", withPhoto.profile_photo!))).toBe(true);
    for (const w of IMAGE_VARIANT_WIDTHS) expect(existsSync(join(dir, "uploads", "public", variantName(withPhoto!.profile_photo!, w)))).toBe(true);
  });
});

describe("prepareDatabase (start-up)", () => {
  it("migrates and seeds a new database once, honouring SEED_DEMO", async () => {
    const { openDatabase } = await import("~db/client");
    const { prepareDatabase } = await import("~db/prepare");
    const fresh = openDatabase(join(dir, "fresh.db"));
    const before = process.env.SEED_DEMO;
    process.env.SEED_DEMO = "7";
    try {
      await prepareDatabase(fresh);
      await prepareDatabase(fresh);
      expect((await fresh.selectFrom("sellers").select("id").execute()).length).toBe(7);
      expect((await fresh.selectFrom("categories").select("id").execute()).length).toBe(16);
    } finally {
      process.env.SEED_DEMO = before;
      await fresh.destroy();
    }
    const none = openDatabase(join(dir, "none.db"));
    process.env.SEED_DEMO = "0";
    try {
      await prepareDatabase(none);
      expect((await none.selectFrom("sellers").select("id").execute()).length).toBe(0);
      expect((await none.selectFrom("categories").select("id").execute()).length).toBe(16);
    } finally {
      process.env.SEED_DEMO = before;
      await none.destroy();
    }
  });
});
