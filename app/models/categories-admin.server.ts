import { isUniqueViolation } from "~db/engine";
import { sql } from "kysely";
import type { DB } from "~db/client";
import type { CategoryChanges, SubcategoryChanges } from "~/lib/validation/categories";
import { SLUG_MESSAGE } from "~/lib/validation/messages";
import { slugify } from "~/lib/slug";
import { writeAudit } from "./audit.server";
import type { Actor } from "./audit.server";
import { CATALOGUE_NAMES_IN, CATEGORY_SEED } from "~db/seed/categories";
import { COLUMN_LANGUAGES, NAME_COLUMNS, pickColumns, qualified } from "~/lib/locales";
import type { TranslatedNames } from "~/lib/localized";

// The back-office's categories and subcategories: the lists with their counts, and create / update /
// delete, each one transaction with its audit row (actor, target, before/after of the changed fields).
// Inactive rows drop out of the public choices (categories.server.ts filters is_active); sellers stay listed.

export async function listAdminCategories(db: DB) {
  const rows = await db
    .selectFrom("categories as c")
    .select([
      "c.id",
      "c.name",
      ...qualified("c", NAME_COLUMNS),
      "c.slug",
      "c.description",
      "c.icon",
      "c.is_active",
      "c.sort_order",
      (eb) =>
        eb
          .selectFrom("subcategories as s")
          .whereRef("s.category_id", "=", "c.id")
          .select(eb.fn.countAll<number>().as("n"))
          .as("subcategory_count"),
      (eb) =>
        eb
          .selectFrom("seller_categories as sc")
          .whereRef("sc.category_id", "=", "c.id")
          .select(eb.fn.countAll<number>().as("n"))
          .as("seller_count"),
    ])
    .orderBy("c.sort_order")
    .orderBy("c.name")
    .execute();
  return rows.map((r) => ({
    ...r,
    subcategory_count: Number(r.subcategory_count ?? 0),
    seller_count: Number(r.seller_count ?? 0),
  }));
}
export type AdminCategoryRow = Awaited<ReturnType<typeof listAdminCategories>>[number];

export async function listAdminSubcategories(db: DB) {
  const rows = await db
    .selectFrom("subcategories as s")
    .innerJoin("categories as c", "c.id", "s.category_id")
    .select([
      "s.id",
      "s.category_id",
      "s.name",
      ...qualified("s", NAME_COLUMNS),
      "s.slug",
      "s.icon",
      "s.is_active",
      "c.name as category_name",
      "c.icon as category_icon",
      (eb) =>
        eb
          .selectFrom("seller_subcategories as ss")
          .whereRef("ss.subcategory_id", "=", "s.id")
          .select(eb.fn.countAll<number>().as("n"))
          .as("seller_count"),
    ])
    .orderBy("c.sort_order")
    .orderBy("c.name")
    .orderBy("s.name")
    .execute();
  return rows.map((r) => ({ ...r, seller_count: Number(r.seller_count ?? 0) }));
}
export type AdminSubcategoryRow = Awaited<ReturnType<typeof listAdminSubcategories>>[number];

export async function getCategory(db: DB, id: number) {
  return db
    .selectFrom("categories")
    .select(["id", "name", ...NAME_COLUMNS, "slug", "description", "icon", "is_active"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function getSubcategory(db: DB, id: number) {
  return db
    .selectFrom("subcategories")
    .select(["id", "category_id", "name", ...NAME_COLUMNS, "slug", "icon", "is_active"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Every category as a parent choice of the subcategory editor (inactive ones marked). */
export async function listParentChoices(db: DB) {
  return db
    .selectFrom("categories")
    .select(["id", "name", "is_active"])
    .orderBy("sort_order")
    .orderBy("name")
    .execute();
}

export type FieldErrors = Record<string, string[]>;
export type SaveResult =
  | { ok: true; id: number; changed: string[] }
  | { ok: false; reason: "invalid" | "not_found" | "conflict"; message: string; fieldErrors?: FieldErrors };

type Refusal = Extract<SaveResult, { ok: false }>;
const notFound = (what: string): Refusal => ({ ok: false, reason: "not_found", message: `${what} not found` });
const conflict = (field: string, message: string): Refusal => ({
  ok: false,
  reason: "conflict",
  message,
  fieldErrors: { [field]: [message] },
});
const invalid = (field: string, message: string): Refusal => ({
  ok: false,
  reason: "invalid",
  message,
  fieldErrors: { [field]: [message] },
});

async function guarded<T>(work: () => Promise<T>, onDuplicate: () => T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) return onDuplicate();
    throw error;
  }
}

const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);

/** The fields whose value differs, as {field: [before, after]} for the audit row. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && before[key] !== value) changes[key] = [before[key] ?? null, value];
  }
  return changes;
}

function auditAction(kind: "category" | "subcategory", changes: Record<string, unknown>) {
  const keys = Object.keys(changes);
  if (keys.length === 1 && keys[0] === "is_active")
    return `${kind}.${(changes.is_active as [unknown, unknown])[1] ? "activate" : "deactivate"}`;
  return `${kind}.update`;
}

// ── categories ──

/**
 * Creates (id null) or changes a category. A blank slug is made from the name on create and kept on edit.
 * Name and slug are unique: a clash is a 409 with the field's message, and nothing is written.
 */
export async function saveCategory(
  db: DB,
  actor: Actor,
  id: number | null,
  input: CategoryChanges,
): Promise<SaveResult> {
  return guarded(
    () =>
      db.transaction().execute(async (trx): Promise<SaveResult> => {
        const before = id === null ? null : await getCategory(trx, id);
        if (id !== null && !before) return notFound("Category");
        const name = input.name ?? before?.name;
        if (!name) return invalid("name", "Category name is required");
        const slug = input.slug ?? before?.slug ?? slugify(name);
        if (!slug)
          return invalid("slug", `Enter a slug: the name has no letters or digits to make one from. ${SLUG_MESSAGE}`);
        const sameName = await trx
          .selectFrom("categories")
          .select("id")
          .where(sql`lower(name)`, "=", name.toLowerCase())
          .$if(id !== null, (q) => q.where("id", "!=", id!))
          .executeTakeFirst();
        if (sameName) return conflict("name", `A category named "${name}" already exists.`);
        const sameSlug = await trx
          .selectFrom("categories")
          .select("id")
          .where("slug", "=", slug)
          .$if(id !== null, (q) => q.where("id", "!=", id!))
          .executeTakeFirst();
        if (sameSlug)
          return conflict("slug", `The slug "${slug}" is already used by another category. Choose another slug.`);

        const stamp = new Date().toISOString();
        const values = {
          name,
          ...pickColumns(input, NAME_COLUMNS),
          slug,
          description: input.description,
          icon: input.icon,
          is_active: flag(input.is_active),
        };
        const audit = { actor, targetType: "category" };
        if (!before) {
          const next = await trx
            .selectFrom("categories")
            .select((eb) => eb.fn.coalesce(eb.fn.max("sort_order"), sql<number>`-1`).as("n"))
            .executeTakeFirstOrThrow();
          const row = await trx
            .insertInto("categories")
            .values({
              ...values,
              ...storedNames(values),
              description: values.description ?? null,
              icon: values.icon ?? null,
              is_active: values.is_active ?? 1,
              sort_order: Number(next.n) + 1,
              created_at: stamp,
              updated_at: stamp,
            })
            .returning(["id", "name", ...NAME_COLUMNS, "slug", "description", "icon", "is_active"])
            .executeTakeFirstOrThrow();
          await writeAudit(trx, { ...audit, action: "category.create", targetId: row.id, details: { after: row } });
          return { ok: true, id: row.id, changed: Object.keys(row) };
        }
        const changes = diff(before, values);
        if (!Object.keys(changes).length) return { ok: true, id: before.id, changed: [] };
        const set = Object.fromEntries(Object.entries(changes).map(([k, [, after]]) => [k, after]));
        await trx
          .updateTable("categories")
          .set({ ...set, updated_at: stamp })
          .where("id", "=", before.id)
          .execute();
        await writeAudit(trx, {
          ...audit,
          action: auditAction("category", changes),
          targetId: before.id,
          details: { changes },
        });
        return { ok: true, id: before.id, changed: Object.keys(changes) };
      }),
    () => conflict("slug", "Another category with this name or slug was saved at the same moment. Choose another."),
  );
}

export type DeleteResult =
  | { ok: true; name: string; subcategories: number; sellerLinks: number }
  | { ok: false; reason: "not_found"; message: string };

/**
 * Deletes a category with its subcategories. Sellers are never deleted: they lose this category's links
 * (and its subcategories' links) and keep the others; a seller left without a category stays listed.
 */
export async function deleteCategory(db: DB, actor: Actor, id: number): Promise<DeleteResult> {
  return db.transaction().execute(async (trx) => {
    const before = await getCategory(trx, id);
    if (!before) return notFound("Category") as Extract<DeleteResult, { ok: false }>;
    const subs = await trx.selectFrom("subcategories").select(["id", "name"]).where("category_id", "=", id).execute();
    const subIds = subs.map((s) => s.id);
    const subLinks = subIds.length
      ? await trx.deleteFrom("seller_subcategories").where("subcategory_id", "in", subIds).executeTakeFirst()
      : null;
    await trx.deleteFrom("subcategories").where("category_id", "=", id).execute();
    // Row by row through the links' delete trigger, so each seller's category_names (search, cards) follows.
    const links = await trx.deleteFrom("seller_categories").where("category_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("categories").where("id", "=", id).execute();
    const sellerLinks = Number(links.numDeletedRows);
    await writeAudit(trx, {
      action: "category.delete",
      actor,
      targetType: "category",
      targetId: id,
      details: {
        before,
        subcategories_deleted: subs,
        seller_links_removed: sellerLinks,
        seller_subcategory_links_removed: Number(subLinks?.numDeletedRows ?? 0),
      },
    });
    return { ok: true as const, name: before.name, subcategories: subs.length, sellerLinks };
  });
}

// ── subcategories ──

/**
 * Creates (id null) or changes a subcategory. The parent must exist (400 otherwise); the slug is unique
 * across all subcategories and the name unique within its parent (409). Moving a subcategory to another
 * parent removes its links from sellers who do not have that parent category (a subcategory must belong
 * to one of the seller's categories).
 */
export async function saveSubcategory(
  db: DB,
  actor: Actor,
  id: number | null,
  input: SubcategoryChanges,
): Promise<SaveResult> {
  return guarded(
    () =>
      db.transaction().execute(async (trx): Promise<SaveResult> => {
        const before = id === null ? null : await getSubcategory(trx, id);
        if (id !== null && !before) return notFound("Subcategory");
        const categoryId = input.category_id ?? before?.category_id;
        if (!categoryId) return invalid("category_id", "Please choose a parent category");
        const parent = await trx
          .selectFrom("categories")
          .select(["id", "name"])
          .where("id", "=", categoryId)
          .executeTakeFirst();
        if (!parent) return invalid("category_id", "The parent category does not exist. Please choose another.");
        const name = input.name ?? before?.name;
        if (!name) return invalid("name", "Subcategory name is required");
        const slug = input.slug ?? before?.slug ?? slugify(`${parent.name} ${name}`);
        if (!slug)
          return invalid("slug", `Enter a slug: the name has no letters or digits to make one from. ${SLUG_MESSAGE}`);
        const sameName = await trx
          .selectFrom("subcategories")
          .select("id")
          .where("category_id", "=", categoryId)
          .where(sql`lower(name)`, "=", name.toLowerCase())
          .$if(id !== null, (q) => q.where("id", "!=", id!))
          .executeTakeFirst();
        if (sameName) return conflict("name", `${parent.name} already has a subcategory named "${name}".`);
        const sameSlug = await trx
          .selectFrom("subcategories")
          .select("id")
          .where("slug", "=", slug)
          .$if(id !== null, (q) => q.where("id", "!=", id!))
          .executeTakeFirst();
        if (sameSlug)
          return conflict("slug", `The slug "${slug}" is already used by another subcategory. Choose another slug.`);

        const stamp = new Date().toISOString();
        const values = {
          category_id: categoryId,
          name,
          ...pickColumns(input, NAME_COLUMNS),
          slug,
          icon: input.icon,
          is_active: flag(input.is_active),
        };
        const audit = { actor, targetType: "subcategory" };
        if (!before) {
          const row = await trx
            .insertInto("subcategories")
            .values({
              ...values,
              ...storedNames(values),
              icon: values.icon ?? null,
              is_active: values.is_active ?? 1,
              created_at: stamp,
              updated_at: stamp,
            })
            .returning(["id", "category_id", "name", ...NAME_COLUMNS, "slug", "icon", "is_active"])
            .executeTakeFirstOrThrow();
          await writeAudit(trx, { ...audit, action: "subcategory.create", targetId: row.id, details: { after: row } });
          return { ok: true, id: row.id, changed: Object.keys(row) };
        }
        const changes = diff(before, values);
        if (!Object.keys(changes).length) return { ok: true, id: before.id, changed: [] };
        const set = Object.fromEntries(Object.entries(changes).map(([k, [, after]]) => [k, after]));
        await trx
          .updateTable("subcategories")
          .set({ ...set, updated_at: stamp })
          .where("id", "=", before.id)
          .execute();
        let unlinked = 0;
        if (changes.category_id) {
          const gone = await trx
            .deleteFrom("seller_subcategories")
            .where("subcategory_id", "=", before.id)
            .where("seller_id", "not in", (eb) =>
              eb.selectFrom("seller_categories").select("seller_id").where("category_id", "=", categoryId),
            )
            .executeTakeFirst();
          unlinked = Number(gone.numDeletedRows);
        }
        await writeAudit(trx, {
          ...audit,
          action: auditAction("subcategory", changes),
          targetId: before.id,
          details: { changes, ...(changes.category_id ? { seller_links_removed: unlinked } : {}) },
        });
        return { ok: true, id: before.id, changed: Object.keys(changes) };
      }),
    () => conflict("slug", "Another subcategory with this name or slug was saved at the same moment. Choose another."),
  );
}

/** Deletes a subcategory; sellers keep their categories and other subcategories. */
export async function deleteSubcategory(db: DB, actor: Actor, id: number): Promise<DeleteResult> {
  return db.transaction().execute(async (trx) => {
    const before = await getSubcategory(trx, id);
    if (!before) return notFound("Subcategory") as Extract<DeleteResult, { ok: false }>;
    const links = await trx.deleteFrom("seller_subcategories").where("subcategory_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("subcategories").where("id", "=", id).execute();
    const sellerLinks = Number(links.numDeletedRows);
    await writeAudit(trx, {
      action: "subcategory.delete",
      actor,
      targetType: "subcategory",
      targetId: id,
      details: { before, seller_links_removed: sellerLinks },
    });
    return { ok: true as const, name: before.name, subcategories: 0, sellerLinks };
  });
}

/** The names in the column languages as stored: a name not given is null. */
function storedNames(values: Partial<Record<keyof TranslatedNames, string | null>>): TranslatedNames {
  return Object.fromEntries(NAME_COLUMNS.map((column) => [column, values[column] ?? null])) as TranslatedNames;
}

/** A seeded name's names in the column languages (null where the seed has none). */
const namesIn = (name: string): TranslatedNames =>
  Object.fromEntries(
    COLUMN_LANGUAGES.map((language) => [`name_${language}`, CATALOGUE_NAMES_IN[name]?.[language] ?? null]),
  ) as TranslatedNames;

/**
 * Idempotent: adds missing categories and subcategories, never duplicates or removes; gives a seeded row
 * that still has its seeded English name the seed's Hindi and Kannada names where it has none.
 */
export async function seedCategories(db: DB): Promise<void> {
  const stamp = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const fillNames = async (table: "categories" | "subcategories", id: number, name: string) => {
      const names = namesIn(name);
      if (!NAME_COLUMNS.some((column) => names[column])) return;
      await trx
        .updateTable(table)
        .set((eb) =>
          Object.fromEntries(NAME_COLUMNS.map((column) => [column, eb.fn.coalesce(column, eb.val(names[column]))])),
        )
        .where("id", "=", id)
        .where("name", "=", name)
        .where((eb) => eb.or(NAME_COLUMNS.map((column) => eb(column, "is", null))))
        .execute();
    };
    for (const [index, cat] of CATEGORY_SEED.entries()) {
      const category = await trx
        .insertInto("categories")
        .values({
          name: cat.name,
          ...namesIn(cat.name),
          slug: slugify(cat.name),
          description: cat.description,
          icon: null,
          is_active: 1,
          sort_order: index,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      // Already there by its slug, or by its name when an admin has changed the slug since (both are unique).
      const slug = slugify(cat.name);
      const rows = await trx
        .selectFrom("categories")
        .select(["id", "slug"])
        .where((eb) => eb.or([eb("slug", "=", slug), eb("name", "=", cat.name)]))
        .execute();
      const { id } = rows.find((r) => r.slug === slug) ?? rows[0];
      if (!Number(category.numInsertedOrUpdatedRows ?? 0)) await fillNames("categories", id, cat.name);
      for (const name of cat.subcategories) {
        const inserted = await trx
          .insertInto("subcategories")
          .values({
            category_id: id,
            name,
            ...namesIn(name),
            slug: slugify(`${cat.name} ${name}`),
            icon: null,
            is_active: 1,
            created_at: stamp,
            updated_at: stamp,
          })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0)) continue;
        const sub = await trx
          .selectFrom("subcategories")
          .select("id")
          .where("slug", "=", slugify(`${cat.name} ${name}`))
          .executeTakeFirst();
        if (sub) await fillNames("subcategories", sub.id, name);
      }
    }
  });
}
