import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { knownTotalsStats } from "~/models/directory-totals.server";
import { rememberedRankingStats } from "~/models/search.server";
import { listPublicSellers } from "~/services/directory.server";
import { addLeads } from "~/models/leads.server";
import { categoryIdBySlug, createTestDb } from "../support/test-db";

let db: DB;
let cleanup: () => Promise<void>;
const query = (over: Partial<Parameters<typeof listPublicSellers>[1]> = {}) => ({
  search: "",
  category: "",
  city: "",
  featured: false,
  page: 1,
  limit: 2,
  ...over,
});
const list = (over: Partial<Parameters<typeof listPublicSellers>[1]> = {}) => listPublicSellers(db, query(over));

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  const food = await categoryIdBySlug(db, "food-and-beverages");
  for (const name of ["Amma Pickles", "Bhavna Bakes", "Chitra Sweets"])
    await createSeller(db, { business_name: name, city: "Bangalore", categoryIds: [food] });
  await createSeller(db, { business_name: "Deepa Sarees", city: "Chennai" });
});
afterAll(() => cleanup());
afterEach(() => vi.useRealTimers());

describe("listPublicSellers remembers each listing's total", () => {
  it("counts a filter set once, then pages without the count", async () => {
    // Filter sets of its own (cities and a word no other test uses), so no other test has counted them.
    for (const name of ["Gauri Dosa Corner", "Hema Tailoring", "Indu Henna"])
      await createSeller(db, { business_name: name, city: "Hubballi" });
    await createSeller(db, { business_name: "Jaya Pickles", city: "Udupi" });
    const before = knownTotalsStats(db);
    const first = await list({ city: "Hubballi" });
    const second = await list({ city: "Hubballi", page: 2 });
    expect(first.pagination).toMatchObject({ page: 1, total: 3, pages: 2 });
    expect([...first.sellers, ...second.sellers].map((s) => s.business_name).sort()).toEqual([
      "Gauri Dosa Corner",
      "Hema Tailoring",
      "Indu Henna",
    ]);
    expect(second.pagination).toMatchObject({ page: 2, total: 3, pages: 2 });
    expect(second.sellers).toHaveLength(1);
    expect(knownTotalsStats(db)).toEqual({ hits: before.hits + 1, misses: before.misses + 1 });
    // Another filter set has its own total; a search counts in its ranking statement and is not remembered.
    expect((await list({ city: "Udupi" })).pagination.total).toBe(1);
    expect((await list({ search: "dosa" })).pagination.total).toBe(1);
    expect((await list({ search: "  dosa " })).pagination.total).toBe(1);
    expect(knownTotalsStats(db)).toEqual({ hits: before.hits + 1, misses: before.misses + 2 });
  });

  it("counts again after any change to what the listing shows, but not after profile views", async () => {
    expect((await list({ city: "Bangalore" })).pagination.total).toBe(3);
    const added = await createSeller(db, { business_name: "Esha Crafts", city: "Bangalore" });
    expect((await list({ city: "Bangalore" })).pagination.total).toBe(4);
    await db.updateTable("sellers").set({ status: "pending" }).where("id", "=", added).execute();
    expect((await list({ city: "Bangalore" })).pagination.total).toBe(3);

    const { hits, misses } = knownTotalsStats(db);
    await addLeads(db, [{ sellerId: added, day: "2026-11-25", kind: "view", count: 5 }]);
    expect((await list({ city: "Bangalore" })).pagination.total).toBe(3);
    expect(knownTotalsStats(db)).toEqual({ hits: hits + 1, misses });
  });

  it("counts again when the Indian day turns and a subscription has ended with it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-03-10T12:00:00Z"));
    await createSeller(db, { business_name: "Farah Florals", city: "Pune", subscription_end_date: "2031-03-10" });
    expect((await list({ city: "Pune" })).pagination.total).toBe(1);
    vi.setSystemTime(new Date("2031-03-10T18:29:59Z"));
    expect((await list({ city: "Pune" })).pagination.total).toBe(1);
    vi.setSystemTime(new Date("2031-03-10T18:30:00Z")); // midnight in India
    expect((await list({ city: "Pune" })).pagination.total).toBe(0);
  });
});

describe("listPublicSellers remembers a search's order", () => {
  const names = ["Kala Quilts", "Lata Quilts", "Mira Quilts", "Nila Quilts", "Oja Quilts"];
  const search = (page: number, over: Partial<Parameters<typeof listPublicSellers>[1]> = {}) =>
    list({ search: "quilts", city: "Mysuru", page, ...over });
  const shown = async () => {
    const pages = [await search(1), await search(2), await search(3)];
    return { total: pages[0]!.pagination.total, names: pages.flatMap((p) => p.sellers.map((s) => s.business_name)) };
  };

  it("ranks a search once, pages from its order, and ranks again after a public change", async () => {
    const ids: number[] = [];
    for (const name of names) ids.push(await createSeller(db, { business_name: name, city: "Mysuru" }));
    // The first search after new sellers plans again with a vocabulary that knows them: ranked, maybe twice.
    await search(1);
    const before = rememberedRankingStats(db);
    // Equal matches: featured first, then by id.
    expect(await shown()).toEqual({ total: 5, names });
    // Past the last page: nothing, with the total.
    const past = await search(9);
    expect([past.sellers.length, past.pagination.total]).toEqual([0, 5]);
    expect(rememberedRankingStats(db)).toEqual({ hits: before.hits + 4, misses: before.misses });

    // A profile view is no public change: still paged from the order.
    await addLeads(db, [{ sellerId: ids[0]!, day: "2026-11-25", kind: "view", count: 3 }]);
    expect((await search(2)).sellers.map((s) => s.business_name)).toEqual(names.slice(2, 4));
    expect(rememberedRankingStats(db)).toEqual({ hits: before.hits + 5, misses: before.misses });

    // A seller featured now comes first: the order is ranked again, then paged from.
    await db.updateTable("sellers").set({ is_featured: 1 }).where("id", "=", ids[3]!).execute();
    const reordered = [names[3]!, ...names.filter((n) => n !== names[3])];
    await search(1);
    const afterFeatured = rememberedRankingStats(db);
    expect(afterFeatured.misses).toBeGreaterThan(before.misses);
    expect(await shown()).toEqual({ total: 5, names: reordered });
    expect(rememberedRankingStats(db)).toEqual({ hits: afterFeatured.hits + 3, misses: afterFeatured.misses });

    // One who leaves the directory is gone from every page at once.
    await db.updateTable("sellers").set({ status: "pending" }).where("id", "=", ids[0]!).execute();
    expect(await shown()).toEqual({ total: 4, names: reordered.filter((n) => n !== names[0]) });
    expect(rememberedRankingStats(db).misses).toBeGreaterThan(afterFeatured.misses);

    // Another filter is another order.
    const { misses } = rememberedRankingStats(db);
    expect((await search(1, { city: "Chennai" })).pagination.total).toBe(0);
    expect(rememberedRankingStats(db).misses).toBe(misses + 1);
  });

  it("ranks again when the Indian day turns (a subscription ends with it)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-03-10T12:00:00Z"));
    await createSeller(db, { business_name: "Pari Quilts", city: "Mangaluru", subscription_end_date: "2031-03-10" });
    const mangaluru = () => list({ search: "quilts", city: "Mangaluru" });
    expect((await mangaluru()).pagination.total).toBe(1);
    const { misses } = rememberedRankingStats(db);
    expect((await mangaluru()).pagination.total).toBe(1);
    expect(rememberedRankingStats(db).misses).toBe(misses);
    vi.setSystemTime(new Date("2031-03-10T18:30:00Z")); // midnight in India
    expect((await mangaluru()).pagination.total).toBe(0);
    expect(rememberedRankingStats(db).misses).toBe(misses + 1);
  });
});
