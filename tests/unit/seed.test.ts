import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { IMAGE_VARIANT_WIDTHS, variantName } from "~/lib/upload-urls";
import { join } from "node:path";
import type { DB } from "~db/client";
import { CATEGORY_SEED } from "~db/seed/categories";
import { seedCategories } from "~/models/categories-admin.server";
import { languageOfScript } from "~/lib/localized";
import { hoursProblems, isOpenAt, type OpeningHours, readOpeningHours } from "~/lib/opening-hours";
import { seedDemoSellers } from "~/services/demo-sellers.server";
import { createTestDb, spareDatabaseTarget } from "../support/test-db";

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

  it("names every seeded category and subcategory in Hindi and Kannada, and fills names missing on an existing site", async () => {
    await seedCategories(db);
    const untranslated = [
      ...(await db
        .selectFrom("categories")
        .select("name")
        .where((eb) => eb.or([eb("name_hi", "is", null), eb("name_kn", "is", null)]))
        .execute()),
      ...(await db
        .selectFrom("subcategories")
        .select("name")
        .where((eb) => eb.or([eb("name_hi", "is", null), eb("name_kn", "is", null)]))
        .execute()),
    ];
    expect(untranslated).toEqual([]);
    expect(
      await db
        .selectFrom("subcategories")
        .select(["name_hi", "name_kn"])
        .where("name", "=", "Custom Tailoring")
        .executeTakeFirst(),
    ).toEqual({ name_hi: "सिलाई", name_kn: "ಹೊಲಿಗೆ" });

    // A site seeded before the names existed: the seed fills them in, and leaves a name staff gave alone.
    await db
      .updateTable("subcategories")
      .set({ name_hi: null, name_kn: "ಟೈಲರ್" })
      .where("name", "=", "Custom Tailoring")
      .execute();
    await db
      .updateTable("categories")
      .set({ name_hi: null, name_kn: null })
      .where("name", "=", "Gifts & Hampers")
      .execute();
    await seedCategories(db);
    expect(
      await db
        .selectFrom("subcategories")
        .select(["name_hi", "name_kn"])
        .where("name", "=", "Custom Tailoring")
        .executeTakeFirst(),
    ).toEqual({ name_hi: "सिलाई", name_kn: "ಟೈಲರ್" });
    expect(
      await db
        .selectFrom("categories")
        .select(["name_hi", "name_kn"])
        .where("name", "=", "Gifts & Hampers")
        .executeTakeFirst(),
    ).toEqual({ name_hi: "तोहफ़े और हैम्पर", name_kn: "ಉಡುಗೊರೆ ಮತ್ತು ಹ್ಯಾಂಪರ್" });
  });

  it("seeds again without failing after an admin changed a seeded category's slug or gave its name to another", async () => {
    // Found by scripts/fuzz.ts: POST /api/admin/seed-data answered 500 (UNIQUE constraint failed: categories.name).
    const [first, second, third] = CATEGORY_SEED;
    await db.updateTable("categories").set({ slug: "renamed-by-admin" }).where("name", "=", first.name).execute();
    await db.deleteFrom("categories").where("name", "=", second.name).execute();
    await db
      .updateTable("categories")
      .set({ name: second.name, slug: "taken-name" })
      .where("name", "=", third.name)
      .execute();
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
    // Some write in Hindi or Kannada: originals in Devanagari or Kannada script, English ones with versions.
    const scripts = new Set(sellers.map((s) => languageOfScript(s.tagline ?? "")));
    expect(scripts).toEqual(new Set(["en", "hi", "kn"]));
    const translated = sellers.filter((s) => s.tagline_hi && s.tagline_kn && s.description_hi && s.description_kn);
    expect(translated.length).toBeGreaterThan(0);
    for (const s of translated) {
      expect(languageOfScript(s.tagline!)).toBe("en");
      expect(languageOfScript(s.description_hi!)).toBe("hi");
      expect(languageOfScript(s.description_kn!)).toBe("kn");
    }
    const reviews = await db.selectFrom("reviews").select("status").execute();
    expect(new Set(reviews.map((r) => r.status))).toEqual(new Set(["published", "pending"]));
    const withPhoto = sellers.find((s) => s.profile_photo);
    expect(withPhoto && existsSync(join(dir, "uploads", "public", withPhoto.profile_photo!))).toBe(true);
    for (const w of IMAGE_VARIANT_WIDTHS)
      expect(existsSync(join(dir, "uploads", "public", variantName(withPhoto!.profile_photo!, w)))).toBe(true);
    // Opening hours for most, keeping the rules, some sellers open and some closed at any hour: Monday
    // 1 June 2026 in India in the morning, the afternoon, late evening, and after midnight into Sunday.
    const given = sellers.map((s) => readOpeningHours(s.opening_hours)).filter((h): h is OpeningHours => !!h);
    expect(given.length).toBeGreaterThan(sellers.length / 2);
    expect(given.length).toBeLessThan(sellers.length);
    for (const h of given) expect(hoursProblems(h)).toEqual({});
    expect(given.some((h) => h.by_appointment)).toBe(true);
    for (const moment of [
      "2026-06-01T10:30+05:30",
      "2026-06-01T15:30+05:30",
      "2026-06-01T21:00+05:30",
      "2026-06-07T00:30+05:30",
    ]) {
      const states = given.map((h) => isOpenAt(h, Date.parse(moment)));
      expect(states, moment).toContain(true);
      expect(states, moment).toContain(false);
    }
  });
});

describe("prepareDatabase (start-up)", () => {
  async function withSeedDemo(value: string | undefined, run: () => Promise<void>) {
    const { reloadConfig } = await import("~/services/config.server");
    const before = process.env.SEED_DEMO;
    if (value === undefined) delete process.env.SEED_DEMO;
    else process.env.SEED_DEMO = value;
    reloadConfig();
    try {
      await run();
    } finally {
      if (before === undefined) delete process.env.SEED_DEMO;
      else process.env.SEED_DEMO = before;
      reloadConfig();
    }
  }

  it("gives a new database the categories only, unless SEED_DEMO asks for demo sellers; seeds once", async () => {
    const { openDatabase } = await import("~db/client");
    const { prepareDatabase } = await import("~/services/startup.server");
    const plainSite = await spareDatabaseTarget(dir, "plain");
    const demoSite = await spareDatabaseTarget(dir, "demo");
    const plain = openDatabase(plainSite.target);
    await withSeedDemo(undefined, async () => {
      await prepareDatabase(plain);
      expect(await plain.selectFrom("sellers").select("id").execute()).toHaveLength(0);
      expect(await plain.selectFrom("categories").select("id").execute()).toHaveLength(16);
    }).finally(() => plain.destroy().then(plainSite.drop));
    const demo = openDatabase(demoSite.target);
    await withSeedDemo("7", async () => {
      await prepareDatabase(demo);
      await prepareDatabase(demo);
      expect(await demo.selectFrom("sellers").select("id").execute()).toHaveLength(7);
      expect(await demo.selectFrom("categories").select("id").execute()).toHaveLength(16);
      // Demo reviews are dated between the listing's creation and now, never in the future.
      const reviews = await demo
        .selectFrom("reviews")
        .innerJoin("sellers", "sellers.id", "reviews.seller_id")
        .select(["reviews.created_at as reviewed", "sellers.created_at as listed"])
        .execute();
      expect(reviews.length).toBeGreaterThan(0);
      const now = new Date().toISOString();
      for (const r of reviews) {
        expect(r.reviewed <= now, `${r.reviewed} is in the future`).toBe(true);
        expect(r.reviewed >= r.listed, `${r.reviewed} is before ${r.listed}`).toBe(true);
      }
    }).finally(() => demo.destroy().then(demoSite.drop));
  });
});
