import type { DB } from "~db/client";
import type { NewReview, NewSeller } from "~db/schema";
import { categoryLinks } from "./seller-categories.server";

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

/** Sellers per insert statement: ~50 columns each stays far below either engine's limit of bound values. */
const ROWS_PER_STATEMENT = 200;

/**
 * One batch in one transaction, a few statements per ROWS_PER_STATEMENT sellers rather than several per seller:
 * on PostgreSQL each statement is a round trip, and 100,000 sellers one by one took 26 minutes to seed.
 */
export async function insertDemoSellers(db: DB, batch: DemoSeller[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < batch.length; start += ROWS_PER_STATEMENT) {
      const part = batch.slice(start, start + ROWS_PER_STATEMENT);
      // The demo e-mail addresses are unique (each carries the seller's number): the returned ids are matched
      // by them, as a multi-row insert's returned order is not promised.
      const rows = await trx
        .insertInto("sellers")
        .values(part.map((item) => item.seller))
        .returning(["id", "email"])
        .execute();
      const idOf = new Map(rows.map((r) => [r.email, r.id]));
      const withIds = part.map((item) => ({ ...item, id: idOf.get(item.seller.email)! }));
      const links = withIds.map((item) => categoryLinks(item.id, item.categoryIds, item.subcategoryIds));
      const categories = links.flatMap((l) => l.categories);
      const subcategories = links.flatMap((l) => l.subcategories);
      const reviews = withIds.flatMap((item) => item.reviews.map((r) => ({ ...r, seller_id: item.id })));
      if (categories.length) await trx.insertInto("seller_categories").values(categories).execute();
      if (subcategories.length) await trx.insertInto("seller_subcategories").values(subcategories).execute();
      for (let r = 0; r < reviews.length; r += ROWS_PER_STATEMENT)
        await trx
          .insertInto("reviews")
          .values(reviews.slice(r, r + ROWS_PER_STATEMENT))
          .execute();
    }
  });
}
