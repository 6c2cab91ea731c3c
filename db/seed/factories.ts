import type { DB } from "../client";
import type { NewReview, NewSeller, NewUser, ReviewStatus } from "../schema";
import { normaliseMobile } from "~/lib/phone";
import { pincodeColumns } from "../pincodes";

const now = () => new Date().toISOString();

export type SellerFactoryInput = Partial<NewSeller> & { categoryIds?: number[]; subcategoryIds?: number[] };

/** Inserts one seller (public by default: active, no end date) with its category links. */
export async function createSeller(db: DB, input: SellerFactoryInput = {}): Promise<number> {
  const { categoryIds = [], subcategoryIds = [], ...fields } = input;
  const stamp = now();
  const row = await db
    .insertInto("sellers")
    .values({
      owner_name: "Test Owner",
      business_name: "Test Business",
      email: `seller${Math.random().toString(36).slice(2)}@example.com`,
      mobile: "+919876543210",
      city: "Bangalore",
      status: "active",
      is_paid: 1,
      payment_status: "paid",
      created_at: stamp,
      updated_at: stamp,
      ...fields,
      // A PIN code brings its position, as the forms store it (unless the test sets one itself).
      ...(fields.pincode && fields.latitude === undefined ? pincodeColumns(fields.pincode) : {}),
      // Stored as the forms store it (E.164); a number no form would accept is kept as given.
      ...(fields.mobile ? { mobile: normaliseMobile(fields.mobile) ?? fields.mobile } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (categoryIds.length)
    await db
      .insertInto("seller_categories")
      .values(categoryIds.map((category_id, position) => ({ seller_id: row.id, category_id, position })))
      .execute();
  if (subcategoryIds.length)
    await db
      .insertInto("seller_subcategories")
      .values(subcategoryIds.map((subcategory_id) => ({ seller_id: row.id, subcategory_id })))
      .execute();
  return row.id;
}

/** A review's columns of docs/decisions/222-reviews-people-can-trust.md (all null unless given). */
type ReviewTrustColumns = Partial<
  Pick<
    NewReview,
    "reviewer_email" | "email_confirmed_at" | "verified_by" | "verified_on" | "edited_at" | "client_address"
  >
>;

export async function createReviewRow(
  db: DB,
  sellerId: number,
  input: {
    reviewer_name?: string;
    rating?: number;
    review_text?: string;
    status?: ReviewStatus;
    seller_reply?: string | null;
    created_at?: string;
  } & ReviewTrustColumns = {},
): Promise<number> {
  const stamp = input.created_at ?? now();
  const row = await db
    .insertInto("reviews")
    .values({
      seller_id: sellerId,
      reviewer_name: input.reviewer_name ?? "Happy Customer",
      rating: input.rating ?? 5,
      review_text: input.review_text ?? "Great service",
      status: input.status ?? "published",
      seller_reply: input.seller_reply ?? null,
      seller_reply_date: input.seller_reply ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
      reviewer_email: input.reviewer_email,
      email_confirmed_at: input.email_confirmed_at,
      verified_by: input.verified_by,
      verified_on: input.verified_on,
      edited_at: input.edited_at,
      client_address: input.client_address,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An account row (a seller by default, active, no password unless one is given): the one way tests make an
 * account without its sign-up flow.
 */
export async function createUserRow(
  db: DB,
  input: Partial<NewUser> & { email: string },
): Promise<{ id: number; email: string }> {
  const stamp = now();
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const row = await db
    .insertInto("users")
    .values({
      name: "Test User",
      role: "seller",
      is_active: 1,
      created_at: stamp,
      updated_at: stamp,
      ...given,
    } as NewUser)
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
  return row;
}

/** A staff account row (no password: tests act through it, they do not sign in with it). */
export async function createStaffRow(
  db: DB,
  input: { email: string; name?: string; role?: "admin" | "moderator" },
): Promise<number> {
  return (await createUserRow(db, { name: "Staff", role: "admin", ...input })).id;
}
