import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller, createStaffRow } from "~db/seed/factories";
import {
  apiCategoryCreateSchema,
  apiCategoryUpdateSchema,
  apiSubcategoryCreateSchema,
  categoryFormSchema,
} from "~/lib/validation/categories";
import { directoryQuerySchema } from "~/lib/validation/directory";
import {
  deleteCategory,
  deleteSubcategory,
  listAdminCategories,
  listAdminSubcategories,
  saveCategory,
  saveSubcategory,
} from "~/models/categories-admin.server";
import { listActiveCategories, listActiveSubcategories } from "~/models/categories.server";
import { listPublicSellers } from "~/services/directory.server";
import { deleteCatalogueItem, saveCatalogueItem } from "~/services/categories-admin.server";
import { createTestDb } from "../support/test-db";

let db: DB;
let cleanup: () => Promise<void>;
const actor = { id: 0, email: "boss@example.in", ip: "10.2.2.2" };

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  actor.id = await createStaffRow(db, { email: actor.email, name: "Boss" });
});
afterAll(() => cleanup());

async function auditRows(targetType: string, targetId: number) {
  const rows = await db
    .selectFrom("audit_log")
    .selectAll()
    .where("target_type", "=", targetType)
    .where("target_id", "=", String(targetId))
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, details: r.details ? JSON.parse(r.details) : null }));
}

const input = (name: string, extra: Record<string, unknown> = {}) =>
  categoryFormSchema.parse({ name, is_active: "on", ...extra });

describe("category schemas", () => {
  it("lowercases a typed slug, refuses one with other characters, and leaves a blank slug to the name", () => {
    expect(categoryFormSchema.parse({ name: " Pottery ", slug: "Clay-Pots" })).toMatchObject({
      name: "Pottery",
      slug: "clay-pots",
      is_active: false,
    });
    expect(categoryFormSchema.safeParse({ name: "Pottery", slug: "clay pots!" }).success).toBe(false);
    expect(categoryFormSchema.parse({ name: "Pottery", slug: "  " }).slug).toBeUndefined();
    expect(categoryFormSchema.safeParse({ name: "  " }).error?.issues[0].message).toBe("Category name is required");
  });
  it("takes is_active as a JSON boolean (or 0/1) and refuses other values", () => {
    expect(apiCategoryCreateSchema.parse({ name: "X" }).is_active).toBe(true);
    expect(apiCategoryUpdateSchema.parse({ is_active: 0 }).is_active).toBe(false);
    expect(apiCategoryUpdateSchema.safeParse({ is_active: "maybe" }).error?.issues[0].message).toBe(
      "is_active must be true or false",
    );
    expect(apiCategoryUpdateSchema.safeParse({}).success).toBe(false);
  });
  it("requires a parent for a subcategory", () => {
    expect(apiSubcategoryCreateSchema.safeParse({ name: "Mugs" }).error?.issues[0].message).toBe(
      "Please choose a parent category",
    );
    expect(apiSubcategoryCreateSchema.safeParse({ name: "Mugs", category_id: "abc" }).success).toBe(false);
  });
});

describe("creating and editing categories", () => {
  it("creates with a slug made from the name, an audit row with the new values, and counts of zero", async () => {
    const result = await saveCategory(
      db,
      actor,
      null,
      input("Pottery & Ceramics", { description: "Hand-thrown clay", icon: "🏺" }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const row = (await listAdminCategories(db)).find((c) => c.id === result.id)!;
    expect(row).toMatchObject({
      name: "Pottery & Ceramics",
      slug: "pottery-and-ceramics",
      description: "Hand-thrown clay",
      icon: "🏺",
      is_active: 1,
      subcategory_count: 0,
      seller_count: 0,
    });
    const [audit] = await auditRows("category", result.id);
    expect(audit).toMatchObject({
      action: "category.create",
      actor_user_id: actor.id,
      actor_email: actor.email,
      ip: actor.ip,
    });
    expect(audit.details.after).toMatchObject({ slug: "pottery-and-ceramics" });
  });

  it("refuses a duplicate slug or name with a field message, writing nothing", async () => {
    expect((await saveCategory(db, actor, null, input("Quilts & Throws"))).ok).toBe(true);
    const before = (await listAdminCategories(db)).length;
    const auditBefore = await db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const slug = await saveCategory(db, actor, null, input("Something Else", { slug: "quilts-and-throws" }));
    expect(slug).toMatchObject({
      ok: false,
      reason: "conflict",
      fieldErrors: { slug: [expect.stringContaining("already used")] },
    });
    const name = await saveCategory(db, actor, null, input("quilts & THROWS", { slug: "another-slug" }));
    expect(name).toMatchObject({
      ok: false,
      reason: "conflict",
      fieldErrors: { name: [expect.stringContaining("already exists")] },
    });
    expect((await listAdminCategories(db)).length).toBe(before);
    const auditAfter = await db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
  });

  it("refuses a name that gives no slug when none is typed", async () => {
    expect(await saveCategory(db, actor, null, input("!!!"))).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { slug: [expect.any(String)] },
    });
  });

  it("edits only what changed and records before and after; the same slug on the same row is fine", async () => {
    const created = await saveCategory(db, actor, null, input("Candles"));
    if (!created.ok) throw new Error("create failed");
    const edited = await saveCategory(
      db,
      actor,
      created.id,
      input("Candles & Soaps", { slug: "candles", description: "Hand-poured" }),
    );
    expect(edited).toEqual({ ok: true, id: created.id, changed: ["name", "description"] });
    const audits = await auditRows("category", created.id);
    expect(audits.at(-1)).toMatchObject({
      action: "category.update",
      details: { changes: { name: ["Candles", "Candles & Soaps"], description: [null, "Hand-poured"] } },
    });
    expect(
      await saveCategory(
        db,
        actor,
        created.id,
        input("Candles & Soaps", { slug: "candles", description: "Hand-poured" }),
      ),
    ).toEqual({ ok: true, id: created.id, changed: [] });
  });

  it("answers 404 for an unknown id", async () => {
    expect(await saveCategory(db, actor, 999_999, { is_active: false })).toMatchObject({
      ok: false,
      reason: "not_found",
    });
    expect(await deleteCategory(db, actor, 999_999)).toMatchObject({ ok: false, reason: "not_found" });
    expect(await saveSubcategory(db, actor, 999_999, { is_active: false })).toMatchObject({
      ok: false,
      reason: "not_found",
    });
    expect(await deleteSubcategory(db, actor, 999_999)).toMatchObject({ ok: false, reason: "not_found" });
  });
});

describe("inactive categories", () => {
  it("leave the public choices (and take their subcategories along) while their sellers stay listed", async () => {
    const created = await saveCategory(db, actor, null, input("Terrariums"));
    if (!created.ok) throw new Error("create failed");
    const sub = await saveSubcategory(db, actor, null, { name: "Moss Jars", category_id: created.id, is_active: true });
    if (!sub.ok) throw new Error("sub failed");
    const sellerId = await createSeller(db, {
      business_name: "Green Jar Studio",
      categoryIds: [created.id],
      subcategoryIds: [sub.id],
    });

    const result = await saveCatalogueItem(db, actor, "category", created.id, { is_active: false });
    expect(result).toMatchObject({ ok: true, message: "Category deactivated successfully!" });
    expect((await listActiveCategories(db)).some((c) => c.id === created.id)).toBe(false);
    expect((await listActiveSubcategories(db)).some((s) => s.id === sub.id)).toBe(false);
    const listed = await listPublicSellers(db, directoryQuerySchema.parse({}));
    expect(listed.sellers.some((s) => s.id === sellerId)).toBe(true);
    const [, audit] = await auditRows("category", created.id);
    expect(audit).toMatchObject({ action: "category.deactivate", details: { changes: { is_active: [1, 0] } } });

    expect(await saveCatalogueItem(db, actor, "category", created.id, { is_active: true })).toMatchObject({
      ok: true,
      message: "Category activated successfully!",
    });
    expect((await listActiveCategories(db)).some((c) => c.id === created.id)).toBe(true);
  });
});

describe("subcategories", () => {
  it("need an existing parent; slugs are unique everywhere and names within the parent", async () => {
    const parent = await saveCategory(db, actor, null, input("Bakery Classes"));
    if (!parent.ok) throw new Error("create failed");
    expect(await saveSubcategory(db, actor, null, { name: "Bread", category_id: 999_999 })).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { category_id: [expect.any(String)] },
    });
    const bread = await saveSubcategory(db, actor, null, { name: "Bread", category_id: parent.id, is_active: true });
    expect(bread.ok).toBe(true);
    if (!bread.ok) return;
    const row = (await listAdminSubcategories(db)).find((s) => s.id === bread.id)!;
    expect(row).toMatchObject({
      slug: "bakery-classes-bread",
      category_name: "Bakery Classes",
      seller_count: 0,
      is_active: 1,
    });
    expect(await saveSubcategory(db, actor, null, { name: "BREAD", category_id: parent.id })).toMatchObject({
      ok: false,
      reason: "conflict",
      fieldErrors: { name: [expect.any(String)] },
    });
    expect(
      await saveSubcategory(db, actor, null, { name: "Cakes", slug: "bakery-classes-bread", category_id: parent.id }),
    ).toMatchObject({ ok: false, reason: "conflict", fieldErrors: { slug: [expect.any(String)] } });
    expect((await auditRows("subcategory", bread.id))[0]).toMatchObject({ action: "subcategory.create" });
  });

  it("moved to another parent, leave the sellers who do not have that parent", async () => {
    const a = await saveCategory(db, actor, null, input("Parent A"));
    const b = await saveCategory(db, actor, null, input("Parent B"));
    if (!a.ok || !b.ok) throw new Error("create failed");
    const sub = await saveSubcategory(db, actor, null, { name: "Movable", category_id: a.id, is_active: true });
    if (!sub.ok) throw new Error("sub failed");
    const onlyA = await createSeller(db, { categoryIds: [a.id], subcategoryIds: [sub.id] });
    const both = await createSeller(db, { categoryIds: [a.id, b.id], subcategoryIds: [sub.id] });
    expect(await saveSubcategory(db, actor, sub.id, { category_id: b.id })).toMatchObject({
      ok: true,
      changed: ["category_id"],
    });
    const links = await db
      .selectFrom("seller_subcategories")
      .select("seller_id")
      .where("subcategory_id", "=", sub.id)
      .execute();
    expect(links.map((l) => l.seller_id)).toEqual([both]);
    expect(onlyA).toBeGreaterThan(0);
  });
});

describe("deleting", () => {
  it("a category deletes its subcategories; sellers keep their other categories and stay listed without any", async () => {
    const doomed = await saveCategory(db, actor, null, input("Doomed Category"));
    const kept = await saveCategory(db, actor, null, input("Kept Category"));
    if (!doomed.ok || !kept.ok) throw new Error("create failed");
    const s1 = await saveSubcategory(db, actor, null, { name: "Doomed One", category_id: doomed.id, is_active: true });
    const s2 = await saveSubcategory(db, actor, null, { name: "Doomed Two", category_id: doomed.id, is_active: true });
    if (!s1.ok || !s2.ok) throw new Error("sub failed");
    const twoCats = await createSeller(db, {
      business_name: "Two Cats",
      categoryIds: [doomed.id, kept.id],
      subcategoryIds: [s1.id],
    });
    const oneCat = await createSeller(db, {
      business_name: "One Cat",
      categoryIds: [doomed.id],
      subcategoryIds: [s2.id],
    });
    expect((await listAdminCategories(db)).find((c) => c.id === doomed.id)).toMatchObject({
      subcategory_count: 2,
      seller_count: 2,
    });

    const result = await deleteCatalogueItem(db, actor, "category", doomed.id);
    expect(result).toMatchObject({
      ok: true,
      message: 'Category "Doomed Category" with its 2 subcategories deleted successfully.',
    });
    expect(
      await db.selectFrom("categories").select("id").where("id", "=", doomed.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await db.selectFrom("subcategories").select("id").where("category_id", "=", doomed.id).execute()).toEqual(
      [],
    );
    const sellers = await db
      .selectFrom("sellers")
      .select(["id", "category_names"])
      .where("id", "in", [twoCats, oneCat])
      .orderBy("id")
      .execute();
    expect(sellers).toEqual([
      { id: twoCats, category_names: "Kept Category" },
      { id: oneCat, category_names: "" },
    ]);
    expect(
      await db
        .selectFrom("seller_subcategories")
        .select("seller_id")
        .where("seller_id", "in", [twoCats, oneCat])
        .execute(),
    ).toEqual([]);
    const listed = await listPublicSellers(db, directoryQuerySchema.parse({}));
    expect(listed.sellers.some((s) => s.id === oneCat)).toBe(true);
    const audit = (await auditRows("category", doomed.id)).at(-1)!;
    expect(audit).toMatchObject({
      action: "category.delete",
      details: { before: { name: "Doomed Category" }, seller_links_removed: 2 },
    });
    expect(audit.details.subcategories_deleted).toHaveLength(2);
  });

  it("a subcategory keeps the sellers' categories", async () => {
    const cat = await saveCategory(db, actor, null, input("Sub Delete Parent"));
    if (!cat.ok) throw new Error("create failed");
    const sub = await saveSubcategory(db, actor, null, { name: "Short-lived", category_id: cat.id, is_active: true });
    if (!sub.ok) throw new Error("sub failed");
    const seller = await createSeller(db, { categoryIds: [cat.id], subcategoryIds: [sub.id] });
    expect(await deleteCatalogueItem(db, actor, "subcategory", sub.id)).toMatchObject({
      ok: true,
      message: 'Subcategory "Short-lived" deleted successfully.',
    });
    expect(
      await db.selectFrom("seller_categories").select("category_id").where("seller_id", "=", seller).execute(),
    ).toEqual([{ category_id: cat.id }]);
    expect((await auditRows("subcategory", sub.id)).at(-1)).toMatchObject({
      action: "subcategory.delete",
      details: { seller_links_removed: 1 },
    });
  });
});
