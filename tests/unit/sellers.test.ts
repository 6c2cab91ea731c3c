import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createReviewRow, createSeller } from "~db/seed/factories";
import { todayIso } from "~/lib/dates";
import { getPublicSeller } from "~/models/sellers.server";
import { listPublicSellers } from "~/services/directory.server";
import { addLeads } from "~/models/leads.server";
import { categoryIdBySlug, createTestDb } from "../support/test-db";

let db: DB;
let cleanup: () => Promise<void>;
const q = (over: Partial<Parameters<typeof listPublicSellers>[1]> = {}) =>
  listPublicSellers(db, { search: "", category: "", city: "", featured: false, page: 1, limit: 12, ...over });

let ids: Record<string, number> = {};

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  const food = await categoryIdBySlug(db, "food-and-beverages");
  const fashion = await categoryIdBySlug(db, "fashion-and-apparel");
  ids = {
    bakery: await createSeller(db, {
      business_name: "Mehta Bakes",
      owner_name: "Priya Mehta",
      tagline: "Eggless cakes",
      locality: "Indiranagar",
      city: "Bangalore",
      categoryIds: [food],
      is_featured: 1,
    }),
    sarees: await createSeller(db, {
      business_name: "Handloom Drapes",
      owner_name: "Lakshmi Iyer",
      description: "Silk sarees from Kanchipuram",
      city: "Chennai",
      categoryIds: [fashion],
    }),
    pending: await createSeller(db, {
      business_name: "Pending Bakes",
      owner_name: "Pending Person",
      status: "pending",
      categoryIds: [food],
    }),
    expired: await createSeller(db, {
      business_name: "Expired Bakes",
      owner_name: "Old Seller",
      subscription_end_date: "2020-01-01",
      categoryIds: [food],
    }),
    endsToday: await createSeller(db, {
      business_name: "Today Bakes",
      owner_name: "Last Day",
      subscription_end_date: todayIso(),
      categoryIds: [food],
    }),
    noName: await createSeller(db, { business_name: null, owner_name: "Anita Desai", city: "Pune" }),
  };
});
afterAll(() => cleanup());

describe("listPublicSellers", () => {
  it("shows only active sellers whose subscription has not ended (docs/decisions/011-only-live-sellers-are-public.md)", async () => {
    const { sellers, pagination } = await q();
    const shown = sellers.map((s) => s.id);
    expect(shown).toContain(ids.bakery);
    expect(shown).toContain(ids.endsToday);
    expect(shown).not.toContain(ids.pending);
    expect(shown).not.toContain(ids.expired);
    // Other tests add sellers of their own: the fixture's public ones are exactly these four.
    const fixture = new Set(Object.values(ids));
    expect(shown.filter((id) => fixture.has(id)).sort()).toEqual(
      [ids.bakery, ids.sarees, ids.endsToday, ids.noName].sort(),
    );
    expect(pagination.total).toBe(shown.length);
  });

  it("lists featured sellers first", async () => {
    const { sellers } = await q();
    expect(sellers[0].id).toBe(ids.bakery);
    expect(sellers[0].is_featured).toBe(true);
  });

  it("falls back to the owner's name when there is no business name", async () => {
    const { sellers } = await q({ city: "Pune" });
    expect(sellers.map((s) => s.display_name)).toEqual(["Anita Desai"]);
  });

  it("searches business name, owner, tagline, description, categories and locality with prefixes", async () => {
    expect((await q({ search: "mehta" })).sellers.map((s) => s.id)).toEqual([ids.bakery]);
    expect((await q({ search: "lakshmi" })).sellers.map((s) => s.id)).toEqual([ids.sarees]);
    expect((await q({ search: "eggless" })).sellers.map((s) => s.id)).toEqual([ids.bakery]);
    expect((await q({ search: "kanchi" })).sellers.map((s) => s.id)).toEqual([ids.sarees]);
    expect((await q({ search: "indira" })).sellers.map((s) => s.id)).toEqual([ids.bakery]);
    expect((await q({ search: "apparel" })).sellers.map((s) => s.id)).toEqual([ids.sarees]);
    expect((await q({ search: "bak" })).sellers.map((s) => s.id).sort()).toEqual([ids.bakery, ids.endsToday].sort());
  });

  it("ranks a business-name match above a description match", async () => {
    const other = await createSeller(db, {
      business_name: "Silk Route",
      owner_name: "Zoya Khan",
      description: "Not about handloom at all",
    });
    const { sellers } = await q({ search: "handloom" });
    expect(sellers.map((s) => s.id)).toEqual([ids.sarees, other]);
    await db.deleteFrom("sellers").where("id", "=", other).execute();
  });

  it.each([
    ['"unbalanced quote'],
    ["*"],
    ["mehta*"],
    ["NEAR(mehta bakes)"],
    ["mehta OR lakshmi"],
    ["(mehta) AND NOT x"],
    ["business_name:mehta"],
    ["'; DROP TABLE sellers; --"],
    ["🧁🎂"],
    ["a".repeat(4000)],
  ])("never fails on hostile search text %#", async (text) => {
    const result = await q({ search: text });
    expect(result.pagination.total).toBe(result.sellers.length);
    // None of these texts names a test seller ("mehta" is a prefix of one; operators are plain words).
    if (!/mehta/.test(text)) expect(result.sellers).toEqual([]);
  });

  it("treats FTS operators as plain words", async () => {
    // "mehta OR lakshmi" means all three words, not either: no seller has them all, so the answer is the
    // relaxed one (the sellers with the most of them), and says so
    const either = await q({ search: "mehta OR lakshmi" });
    expect(either.search?.relaxed).toBe(true);
    expect((await q({ search: "mehta lakshmi" })).search?.relaxed).toBe(true);
    expect((await q({ search: "🧁" })).pagination.total).toBe(0);
    expect((await db.selectFrom("sellers").select("id").execute()).length).toBeGreaterThan(0);
  });

  it("filters by category slug and city, and an unknown one matches nothing", async () => {
    expect((await q({ category: "fashion-and-apparel" })).sellers.map((s) => s.id)).toEqual([ids.sarees]);
    expect((await q({ city: "Chennai" })).sellers.map((s) => s.id)).toEqual([ids.sarees]);
    expect((await q({ category: "no-such-category" })).pagination.total).toBe(0);
    expect((await q({ city: "Atlantis" })).pagination.total).toBe(0);
    expect((await q({ category: "food-and-beverages", city: "Chennai" })).pagination.total).toBe(0);
  });

  it("pages 12 at a time and reports pages; a page past the end is empty", async () => {
    const created: number[] = [];
    for (let i = 0; i < 14; i++)
      created.push(await createSeller(db, { business_name: `Paging Shop ${i}`, owner_name: "Pager", city: "Kolkata" }));
    const first = await q({ city: "Kolkata" });
    expect(first.sellers).toHaveLength(12);
    expect(first.pagination).toEqual({ page: 1, limit: 12, total: 14, pages: 2 });
    const second = await q({ city: "Kolkata", page: 2 });
    expect(second.sellers).toHaveLength(2);
    expect(new Set([...first.sellers, ...second.sellers].map((s) => s.id)).size).toBe(14);
    const beyond = await q({ city: "Kolkata", page: 99999 });
    expect(beyond.sellers).toEqual([]);
    expect(beyond.pagination.total).toBe(14);
    await db.deleteFrom("sellers").where("id", "in", created).execute();
  });

  it("applies the public rule, the filters and paging to search matches; equal scores go featured first, then by id", async () => {
    const food = await categoryIdBySlug(db, "food-and-beverages");
    const twin = {
      business_name: "Zephyr Tiffins",
      owner_name: "Same Name",
      tagline: null,
      description: null,
      locality: null,
      city: "Mysore",
      categoryIds: [food],
    };
    const created = [
      await createSeller(db, twin),
      await createSeller(db, twin),
      await createSeller(db, { ...twin, is_featured: 1 }),
      await createSeller(db, { ...twin, status: "inactive" }),
      await createSeller(db, { ...twin, subscription_end_date: "2020-01-01" }),
      await createSeller(db, { ...twin, city: "Pune" }),
    ];
    const [plainA, plainB, featured, , , inPune] = created;
    const all = await q({ search: "zephyr" });
    // Identical text, so an identical rank: featured first, then id order; hidden sellers neither listed nor counted.
    expect(all.sellers.map((s) => s.id)).toEqual([featured, plainA, plainB, inPune]);
    expect(all.pagination).toEqual({ page: 1, limit: 12, total: 4, pages: 1 });
    expect((await q({ search: "zephyr", city: "Mysore" })).sellers.map((s) => s.id)).toEqual([
      featured,
      plainA,
      plainB,
    ]);
    expect((await q({ search: "zephyr", featured: true })).sellers.map((s) => s.id)).toEqual([featured]);
    expect(
      (await q({ search: "zephyr", category: "food-and-beverages", city: "Pune" })).sellers.map((s) => s.id),
    ).toEqual([inPune]);
    expect((await q({ search: "zephyr", category: "fashion-and-apparel" })).pagination.total).toBe(0);
    const second = await q({ search: "zephyr", limit: 3, page: 2 });
    expect(second.sellers.map((s) => s.id)).toEqual([inPune]);
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 });
    expect(await q({ search: "zephyr", limit: 3, page: 3 })).toMatchObject({
      sellers: [],
      pagination: { page: 3, limit: 3, total: 4, pages: 2 },
      search: { relaxed: false, did_you_mean: null },
    });
    await db.deleteFrom("sellers").where("id", "in", created).execute();
  });

  it("keeps search in step when a seller's text or categories change", async () => {
    await db.updateTable("sellers").set({ tagline: "Organic jaggery sweets" }).where("id", "=", ids.sarees).execute();
    expect((await q({ search: "jaggery" })).sellers.map((s) => s.id)).toEqual([ids.sarees]);
    const gifts = await categoryIdBySlug(db, "gifts-and-hampers");
    await db
      .insertInto("seller_categories")
      .values({ seller_id: ids.sarees, category_id: gifts, position: 1 })
      .execute();
    expect((await q({ search: "hampers" })).sellers.map((s) => s.id)).toEqual([ids.sarees]);
    expect((await q({ category: "gifts-and-hampers" })).sellers[0].categories).toBe(
      "Fashion & Apparel, Gifts & Hampers",
    );
  });

  it("does not expose private fields", async () => {
    await db
      .updateTable("sellers")
      .set({
        id_proof_document: "secret-id.webp",
        payment_screenshot: "secret-pay.webp",
        admin_notes: "note",
        aadhaar_number: "XXXX1234",
      })
      .where("id", "=", ids.bakery)
      .execute();
    const { sellers } = await q({ search: "mehta" });
    expect(sellers.map((s) => s.id)).toEqual([ids.bakery]);
    const json = JSON.stringify(sellers);
    for (const secret of ["secret-id", "secret-pay", "admin_notes", "XXXX1234", "email", "payment_reference"])
      expect(json).not.toContain(secret);
    for (const seller of sellers)
      for (const field of [
        "id_proof_document",
        "payment_screenshot",
        "admin_notes",
        "aadhaar_number",
        "email",
        "payment_reference",
      ])
        expect(seller, field).not.toHaveProperty(field);
  });

  // The plans of the model's own queries (default list, city, category, search, featured) are checked
  // in query-plans.test.ts, on the SQL Kysely actually sends.
});

describe("getPublicSeller and reviews", () => {
  // Each review test has a seller of its own, so the counts do not depend on the order of tests.
  it("returns the seller with published reviews only, newest first, and replies", async () => {
    const id = await createSeller(db, { business_name: "Review Shop One" });
    await createReviewRow(db, id, { reviewer_name: "Old", rating: 4, created_at: "2025-01-01T00:00:00.000Z" });
    await createReviewRow(db, id, {
      reviewer_name: "New",
      rating: 2,
      seller_reply: "Sorry!",
      created_at: "2025-06-01T00:00:00.000Z",
    });
    await createReviewRow(db, id, { reviewer_name: "Hidden", rating: 1, status: "pending" });
    await createReviewRow(db, id, { reviewer_name: "Rejected", rating: 1, status: "rejected" });
    const seller = await getPublicSeller(db, id);
    expect(seller?.reviews.map((r) => r.reviewer_name)).toEqual(["New", "Old"]);
    expect(seller?.reviews[0].seller_reply).toBe("Sorry!");
    // docs/decisions/012-reviews-pending-until-published.md: only published reviews count
    expect(seller?.review_count).toBe(2);
    expect(seller?.avg_rating).toBe(3);
  });

  it("updates the rating when a review is published or deleted", async () => {
    const sellerId = await createSeller(db, { business_name: "Review Shop Two" });
    await createReviewRow(db, sellerId, { rating: 3 });
    const id = await createReviewRow(db, sellerId, { rating: 5, status: "pending" });
    expect(await getPublicSeller(db, sellerId)).toMatchObject({ review_count: 1, avg_rating: 3 });
    await db.updateTable("reviews").set({ status: "published" }).where("id", "=", id).execute();
    expect(await getPublicSeller(db, sellerId)).toMatchObject({ review_count: 2, avg_rating: 4 });
    await db.deleteFrom("reviews").where("id", "=", id).execute();
    expect(await getPublicSeller(db, sellerId)).toMatchObject({ review_count: 1, avg_rating: 3 });
  });

  it("is null for pending, expired and unknown sellers", async () => {
    expect(await getPublicSeller(db, ids.pending)).toBeNull();
    expect(await getPublicSeller(db, ids.expired)).toBeNull();
    expect(await getPublicSeller(db, 99999999)).toBeNull();
  });

  it("counts views", async () => {
    const before = (await getPublicSeller(db, ids.noName))!.views_count;
    await addLeads(db, [{ sellerId: ids.noName, day: "2026-11-25", kind: "view", count: 1 }]);
    await addLeads(db, [{ sellerId: ids.noName, day: "2026-11-25", kind: "view", count: 1 }]);
    expect((await getPublicSeller(db, ids.noName))!.views_count).toBe(before + 2);
  });
});
