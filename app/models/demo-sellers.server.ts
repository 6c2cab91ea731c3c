import type { DB } from "~db/client";
import type { NewReview, NewSeller } from "~db/schema";
import { setSellerCategories } from "./seller-categories.server";

// The rows of the demo data (services/demo-sellers.server.ts makes them up): written in batches, each
// batch one transaction.

export type DemoSeller = {
  seller: NewSeller;
  categoryIds: number[];
  subcategoryIds: number[];
  reviews: Omit<NewReview, "seller_id">[];
};

/** What the demo generator picks from: the categories in order, the subcategories, and how many sellers exist. */
export async function demoSellerContext(db: DB) {
  const categories = await db.selectFrom("categories").select(["id", "name"]).orderBy("sort_order").execute();
  const subcategories = await db.selectFrom("subcategories").select(["id", "category_id"]).execute();
  const existing = Number(
    (
      await db
        .selectFrom("sellers")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  return { categories, subcategories, existing };
}

export async function insertDemoSellers(db: DB, batch: DemoSeller[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const item of batch) {
      const row = await trx.insertInto("sellers").values(item.seller).returning("id").executeTakeFirstOrThrow();
      await setSellerCategories(trx, row.id, item.categoryIds, item.subcategoryIds);
      if (item.reviews.length)
        await trx
          .insertInto("reviews")
          .values(item.reviews.map((r) => ({ ...r, seller_id: row.id })))
          .execute();
    }
  });
}
