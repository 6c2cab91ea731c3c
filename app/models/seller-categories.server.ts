import type { DB } from "~db/client";

// A seller's category and subcategory links, replaced as a whole (order of the categories kept: the
// first is the seller's main category). Callers check the ids first and run this inside their transaction.

/** A seller's link rows: the categories deduplicated in order (their position), the subcategories deduplicated. */
export function categoryLinks(sellerId: number, categoryIds: number[], subcategoryIds: number[] = []) {
  return {
    categories: [...new Set(categoryIds)].map((category_id, position) => ({
      seller_id: sellerId,
      category_id,
      position,
    })),
    subcategories: [...new Set(subcategoryIds)].map((subcategory_id) => ({ seller_id: sellerId, subcategory_id })),
  };
}

export async function setSellerCategories(
  db: DB,
  sellerId: number,
  categoryIds: number[],
  subcategoryIds: number[] = [],
): Promise<void> {
  const { categories, subcategories } = categoryLinks(sellerId, categoryIds, subcategoryIds);
  await db.deleteFrom("seller_categories").where("seller_id", "=", sellerId).execute();
  await db.deleteFrom("seller_subcategories").where("seller_id", "=", sellerId).execute();
  if (categories.length) await db.insertInto("seller_categories").values(categories).execute();
  if (subcategories.length) await db.insertInto("seller_subcategories").values(subcategories).execute();
}
