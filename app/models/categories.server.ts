import type { DB } from "~db/client";

export interface PublicCategory {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  icon: string | null;
}

export interface PublicSubcategory {
  id: number;
  name: string;
  slug: string;
  category_id: number;
  icon: string | null;
}

/** Active categories for filters, forms and GET /api/categories. */
export async function listActiveCategories(db: DB): Promise<PublicCategory[]> {
  return db
    .selectFrom("categories")
    .select(["id", "name", "slug", "description", "icon"])
    .where("is_active", "=", 1)
    .orderBy("sort_order")
    .orderBy("name")
    .execute();
}

/** Active subcategories of active categories, for GET /api/categories/subcategories/all. */
export async function listActiveSubcategories(db: DB): Promise<PublicSubcategory[]> {
  return db
    .selectFrom("subcategories as s")
    .innerJoin("categories as c", "c.id", "s.category_id")
    .select(["s.id", "s.name", "s.slug", "s.category_id", "s.icon"])
    .where("s.is_active", "=", 1)
    .where("c.is_active", "=", 1)
    .orderBy("c.sort_order")
    .orderBy("s.name")
    .execute();
}
