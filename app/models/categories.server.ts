import type { DB } from "~db/client";
import { keptWhileContentHolds } from "./content-version.server";
import { categoryEmoji } from "~/lib/constants";
import { NAME_COLUMNS, qualified } from "~/lib/locales";
import { type TranslatedNames, withoutTranslatedNames } from "~/lib/localized";

// The names in the column languages (`name_hi`, …; null: none, the English name stands) are for the
// pages, not the `/api` answers.

export interface PublicCategory extends TranslatedNames {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  icon: string | null;
}

export interface PublicSubcategory extends TranslatedNames {
  id: number;
  name: string;
  slug: string;
  category_id: number;
  icon: string | null;
}

/** A category or subcategory as `/api` answers give it: English only, the spec's fields. */
export function englishOnly<T extends TranslatedNames>(row: T): Omit<T, keyof TranslatedNames> {
  return withoutTranslatedNames(row);
}

/**
 * Active categories for filters, forms and GET /api/categories; a category without its own icon gets its emoji.
 * Read once per content version (every page of the directory shows them): the list is shared, never to be changed.
 */
export const listActiveCategories: (db: DB) => Promise<readonly PublicCategory[]> =
  keptWhileContentHolds(readActiveCategories);

async function readActiveCategories(db: DB): Promise<readonly PublicCategory[]> {
  const rows = await db
    .selectFrom("categories")
    .select(["id", "name", "slug", "description", "icon", ...NAME_COLUMNS])
    .where("is_active", "=", 1)
    .orderBy("sort_order")
    .orderBy("name")
    .execute();
  return rows.map((c) => ({ ...c, icon: c.icon || categoryEmoji(c.name) }));
}

/** Active subcategories of active categories, for GET /api/categories/subcategories/all. */
export async function listActiveSubcategories(db: DB): Promise<PublicSubcategory[]> {
  return db
    .selectFrom("subcategories as s")
    .innerJoin("categories as c", "c.id", "s.category_id")
    .select(["s.id", "s.name", "s.slug", "s.category_id", "s.icon", ...qualified("s", NAME_COLUMNS)])
    .where("s.is_active", "=", 1)
    .where("c.is_active", "=", 1)
    .orderBy("c.sort_order")
    .orderBy("s.name")
    .execute();
}

/** Sub-categories that do not belong to one of the chosen categories (or do not exist / are inactive). */
export async function subcategoriesOutside(db: DB, categoryIds: number[], subcategoryIds: number[]): Promise<number[]> {
  if (!subcategoryIds.length) return [];
  const rows = categoryIds.length
    ? await db
        .selectFrom("subcategories")
        .select("id")
        .where("id", "in", subcategoryIds)
        .where("category_id", "in", categoryIds)
        .where("is_active", "=", 1)
        .execute()
    : [];
  const ok = new Set(rows.map((r) => r.id));
  return subcategoryIds.filter((id) => !ok.has(id));
}

/** Chosen categories that do not exist or are inactive. */
export async function unknownCategories(db: DB, categoryIds: number[]): Promise<number[]> {
  if (!categoryIds.length) return [];
  const rows = await db
    .selectFrom("categories")
    .select("id")
    .where("id", "in", categoryIds)
    .where("is_active", "=", 1)
    .execute();
  const ok = new Set(rows.map((r) => r.id));
  return categoryIds.filter((id) => !ok.has(id));
}

/** True on a new database: not even the categories are there yet (the first-run seed has not run). */
export async function isDatabaseEmpty(db: DB): Promise<boolean> {
  const row = await db.selectFrom("categories").select("id").limit(1).executeTakeFirst();
  return !row;
}
