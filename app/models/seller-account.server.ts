import type { DB } from "~db/client";
import { DESCRIPTION_COLUMNS, TAGLINE_COLUMNS } from "~/lib/locales";
import type { OwnProfileInput } from "~/lib/validation/application";
import type { OpeningHoursFormInput } from "~/lib/validation/opening-hours";
import { openingHoursColumns, sellerProfileColumns, sellerTranslationColumns } from "~/lib/seller-fields";
import { RefusedChange } from "~/lib/refusal";
import { checkedPlaceColumns, mapPositionFormValue } from "~db/pincodes";
import { listPublishedReviews } from "./reviews.server";
import { parseJsonList, SELLER_CONTACT_COLUMNS } from "./sellers.server";

// A seller's own listing, as seen from their dashboard. Every query is scoped by the account's user id,
// so one seller can never read or change another seller's data, whatever ids a request carries.

export async function getOwnListing(db: DB, userId: number) {
  const row = await db
    .selectFrom("sellers")
    .select([
      ...SELLER_CONTACT_COLUMNS,
      "locality",
      "pincode",
      "latitude",
      "longitude",
      "serves",
      "serves_km",
      "opening_hours",
      "address",
      "tagline",
      "description",
      ...TAGLINE_COLUMNS,
      ...DESCRIPTION_COLUMNS,
      "price_range",
      "website",
      "whatsapp_link",
      "facebook_link",
      "instagram",
      "youtube_link",
      "offers_text",
      "languages",
      "status",
      "payment_status",
      "is_paid",
      "is_verified",
      "is_featured",
      "amount_paid",
      "subscription_months",
      "subscription_start_date",
      "subscription_end_date",
      "renewal_requested_at",
      "views_count",
      "avg_rating",
      "review_count",
      "category_names",
      "payment_screenshot",
      "id_proof_document",
      "created_at",
    ])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) return null;
  const { payment_screenshot, id_proof_document, languages, latitude, longitude, ...rest } = row;
  return {
    ...rest,
    /** her own point, as the profile form shows it (blank: her PIN code's centre) */
    map_position: mapPositionFormValue({ pincode: rest.pincode, latitude, longitude }),
    /** her point as stored (her PIN code's centre unless she moved it); null without a PIN code */
    map_point: latitude !== null && longitude !== null ? { lat: latitude, lng: longitude } : null,
    languages: parseJsonList(languages),
    is_paid: rest.is_paid === 1,
    is_verified: rest.is_verified === 1,
    is_featured: rest.is_featured === 1,
    /** the paid application (documents and payment proof) was sent */
    application_complete: !!payment_screenshot && !!id_proof_document,
  };
}
export type OwnListing = NonNullable<Awaited<ReturnType<typeof getOwnListing>>>;

/** Published reviews of the account's own listing, newest first, with any reply (as its public page shows them). */
export function listOwnPublishedReviews(db: DB, userId: number) {
  return listPublishedReviews(db, { ownerUserId: userId });
}

/** Sets or edits the one reply to a published review of the account's own listing. False when it is not theirs. */
export async function replyToOwnReview(db: DB, userId: number, reviewId: number, reply: string): Promise<boolean> {
  const stamp = new Date().toISOString();
  const result = await db
    .updateTable("reviews")
    .set({ seller_reply: reply, seller_reply_date: stamp, updated_at: stamp })
    .where("id", "=", reviewId)
    .where("status", "=", "published")
    .where("seller_id", "in", (eb) => eb.selectFrom("sellers").select("id").where("user_id", "=", userId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The public profile fields (and their translations) of the account's own (latest) listing: "no_listing"
 * when the account has none, field errors when a value is refused (a PIN code that does not exist).
 */
export async function updateOwnProfile(
  db: DB,
  userId: number,
  input: Omit<OwnProfileInput, keyof OpeningHoursFormInput> & OpeningHoursFormInput,
): Promise<"saved" | "no_listing" | { fieldErrors: Record<string, string[]> }> {
  let place: ReturnType<typeof checkedPlaceColumns>;
  try {
    place = checkedPlaceColumns(input.pincode, input.map_position);
  } catch (error) {
    if (error instanceof RefusedChange) return { fieldErrors: error.fieldErrors };
    throw error;
  }
  const own = await db
    .selectFrom("sellers")
    .select("id")
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!own) return "no_listing";
  await db
    .updateTable("sellers")
    .set({
      ...sellerProfileColumns(input),
      ...place,
      ...sellerTranslationColumns(input),
      ...openingHoursColumns(input),
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", own.id)
    .where("user_id", "=", userId)
    .execute();
  return "saved";
}
