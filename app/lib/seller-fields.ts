import type { PaymentStatus, SellerStatus } from "~db/schema";
import type { AdminSellerInput } from "./validation/sellers-admin";
import { planOf } from "./constants";
import type { SellerProfileInput, SellerTranslationsInput } from "./validation/application";
import { planById } from "./constants";
import { COLUMN_LANGUAGES, type ColumnLanguage } from "./locales";
import { openingHoursFormValues, openingHoursOfForm } from "./opening-hours";

// The seller's one vocabulary: the form and API field names (the spec's application payload) and the
// `sellers` columns they are stored in. The application, the seller's dashboard, the admin editor and
// its API all read and write a listing through these two functions, so a field cannot drift.

type ProfileColumns = {
  business_name: string | null;
  tagline: string | null;
  description: string | null;
  price_range: string | null;
  city: string;
  locality: string | null;
  pincode: string | null;
  serves: string | null;
  serves_km: number | null;
  address: string | null;
  website: string | null;
  whatsapp_link: string | null;
  facebook_link: string | null;
  instagram: string | null;
  youtube_link: string | null;
};

/** The profile's form fields as `sellers` columns (blank optional values stored as null; staff may leave the PIN code out). */
export function sellerProfileColumns(input: Omit<SellerProfileInput, "pincode"> & { pincode?: string | undefined }) {
  // The km goes with "within" only (docs/decisions/215-service-area-covers-her-first-among-equal-distances.md).
  const serves = input.serves ?? null;
  return {
    business_name: input.business_name,
    tagline: input.tagline ?? null,
    description: input.business_description ?? null,
    price_range: input.price_range ?? null,
    city: input.city,
    locality: input.area ?? null,
    // Her position goes with it: the model adds `checkedPincodeColumns` (db/pincodes.ts), which knows the centres.
    pincode: input.pincode ?? null,
    serves,
    serves_km: serves === "within" ? (input.serves_km ?? null) : null,
    address: input.address,
    website: input.website_link ?? null,
    whatsapp_link: input.whatsapp_link ?? null,
    facebook_link: input.facebook_link ?? null,
    instagram: input.instagram_link ?? null,
    youtube_link: input.youtube_link ?? null,
  } satisfies ProfileColumns;
}

/** A listing's stored values under the profile form's field names (forms start from these). */
export function profileFormValues(listing: ProfileColumns) {
  return {
    business_name: listing.business_name ?? "",
    tagline: listing.tagline ?? "",
    business_description: listing.description ?? "",
    price_range: listing.price_range ?? "",
    city: listing.city,
    area: listing.locality ?? "",
    pincode: listing.pincode ?? "",
    serves: listing.serves ?? "",
    serves_km: listing.serves_km == null ? "" : String(listing.serves_km),
    address: listing.address ?? "",
    website_link: listing.website ?? "",
    whatsapp_link: listing.whatsapp_link ?? "",
    facebook_link: listing.facebook_link ?? "",
    instagram_link: listing.instagram ?? "",
    youtube_link: listing.youtube_link ?? "",
  };
}

/** Her versions in each column language (lib/locales.ts) as `sellers` columns: `tagline_hi`, `description_hi`, … */
type TranslationColumns = Record<`tagline_${ColumnLanguage}` | `description_${ColumnLanguage}`, string | null>;
/** The same under the form's and the API's field names: `tagline_hi`, `business_description_hi`, … */
type TranslationFields = Record<`tagline_${ColumnLanguage}` | `business_description_${ColumnLanguage}`, string>;

/** The seller's versions in the column languages as `sellers` columns (blank stored as null). */
export function sellerTranslationColumns(input: SellerTranslationsInput): TranslationColumns {
  return Object.fromEntries(
    COLUMN_LANGUAGES.flatMap((l) => [
      [`tagline_${l}`, input[`tagline_${l}`] ?? null],
      [`description_${l}`, input[`business_description_${l}`] ?? null],
    ]),
  ) as TranslationColumns;
}

/** A listing's stored versions in the column languages under the form's field names. */
export function translationFormValues(listing: TranslationColumns): TranslationFields {
  return Object.fromEntries(
    COLUMN_LANGUAGES.flatMap((l) => [
      [`tagline_${l}`, listing[`tagline_${l}`] ?? ""],
      [`business_description_${l}`, listing[`description_${l}`] ?? ""],
    ]),
  ) as TranslationFields;
}

/**
 * Names of the spec's admin seller record (GET /api/sellers/admin/{id}) that differ from the form's:
 * a PUT may send either, and both land on the same field.
 */
export const ADMIN_RECORD_ALIASES: Record<string, string> = {
  owner_name: "name",
  locality: "area",
  website: "website_link",
  instagram: "instagram_link",
  tagline_new: "tagline",
};

/** Her opening hours' form fields as the `sellers.opening_hours` column (JSON, null when the form says nothing). */
export function openingHoursColumns(input: Parameters<typeof openingHoursOfForm>[0]): { opening_hours: string | null } {
  const hours = openingHoursOfForm(input);
  return { opening_hours: hours ? JSON.stringify(hours) : null };
}

/** The stored hours under the form's field names. */
export function hoursFormValues(row: { opening_hours: string | null }) {
  return openingHoursFormValues(row.opening_hours);
}

type AdminColumns = ProfileColumns &
  TranslationColumns & {
    opening_hours: string | null;
    owner_name: string;
    email: string;
    mobile: string;
    id_proof_type: string | null;
    aadhaar_number: string | null;
    gst_number: string | null;
    payment_reference: string | null;
    payment_status: PaymentStatus;
    amount_paid: number;
    subscription_months: number | null;
    subscription_start_date: string | null;
    subscription_end_date: string | null;
    status: SellerStatus;
    is_verified: number;
    is_featured: number;
    is_paid: number;
    admin_notes: string | null;
  };

/** The admin editor's fields as `sellers` columns; the package choice sets the amount and the months. */
export function adminSellerColumns(input: AdminSellerInput): AdminColumns {
  const plan = planById(input.plan);
  return {
    owner_name: input.name,
    email: input.email,
    mobile: input.mobile,
    ...sellerProfileColumns({ ...input, business_name: input.business_name ?? "", address: input.address ?? "" }),
    business_name: input.business_name ?? null,
    address: input.address ?? null,
    ...sellerTranslationColumns(input),
    ...openingHoursColumns(input),
    id_proof_type: input.id_proof_type ?? null,
    aadhaar_number: input.aadhaar_number,
    gst_number: input.gst_number,
    payment_reference: input.payment_reference ?? null,
    payment_status: input.payment_status,
    amount_paid: plan?.amount ?? 0,
    subscription_months: plan?.months ?? null,
    subscription_start_date: input.subscription_start_date ?? null,
    subscription_end_date: input.subscription_end_date ?? null,
    status: input.status,
    is_verified: input.is_verified ? 1 : 0,
    is_featured: input.is_featured ? 1 : 0,
    is_paid: input.is_paid ? 1 : 0,
    admin_notes: input.admin_notes,
  };
}

/** A stored seller under the editor's field names (the form's start, and the base a partial PUT overlays). */
export function adminSellerFormValues(row: AdminColumns, categoryIds: number[], subcategoryIds: number[]) {
  return {
    name: row.owner_name,
    email: row.email,
    mobile: row.mobile,
    ...profileFormValues(row),
    ...translationFormValues(row),
    ...hoursFormValues(row),
    category_ids: categoryIds.map(String),
    subcategory_ids: subcategoryIds.map(String),
    id_proof_type: row.id_proof_type ?? "",
    aadhaar_number: row.aadhaar_number ?? "",
    gst_number: row.gst_number ?? "",
    payment_reference: row.payment_reference ?? "",
    payment_status: row.payment_status,
    plan: planOf(row.amount_paid, row.subscription_months)?.id ?? "",
    subscription_start_date: row.subscription_start_date ?? "",
    subscription_end_date: row.subscription_end_date ?? "",
    status: row.status,
    is_verified: row.is_verified === 1,
    is_featured: row.is_featured === 1,
    is_paid: row.is_paid === 1,
    admin_notes: row.admin_notes ?? "",
  };
}
