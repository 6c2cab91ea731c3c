import { IMAGE_MAX_BYTES, MAX_PRODUCT_IMAGES } from "../constants";

// The values, limits and lists that forms and pages share with their schemas. No zod here: a page that
// needs a limit or a list of statuses does not pull the validation library into its bundle.

/**
 * One @, a domain of dotted labels (none empty, so no trailing dot), and no quotes: a quoted local part
 * (`"hello"@…`) or a trailing dot (`…in.`) would spell one mailbox two ways, past every check by address.
 */
export const EMAIL_PATTERN = /^[^\s@"]+@[^\s@".]+(?:\.[^\s@".]+)+$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/** A staff password set by an admin: longer than a seller's, as it opens the back-office. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const REVIEW_REPLY_MAX_LENGTH = 1000;
export const ADMIN_NOTES_MAX_LENGTH = 2000;
/** The most rows one bulk action may touch. */
export const BULK_MAX = 500;

export const PRICE_RANGE_VALUES = ["below_500", "500_1000", "1000_3000", "3000_5000", "above_5000"] as const;
export const ID_PROOF_TYPE_VALUES = ["aadhaar", "driving_license", "pan_card"] as const;

export const APPLICATION_FILE_FIELDS = [
  "id_proof_document",
  "payment_screenshot",
  "profile_photo",
  "product_images",
] as const;
export type ApplicationFileField = (typeof APPLICATION_FILE_FIELDS)[number];

/**
 * The JSON application's byte limit: room for every image as a data URL (the spec client's fallback,
 * base64 adds a third) within the per-image limit, plus the text fields.
 */
export const APPLICATION_JSON_MAX_BYTES =
  (3 + MAX_PRODUCT_IMAGES) * Math.ceil((IMAGE_MAX_BYTES * 4) / 3 + 100) + 64 * 1024;

/**
 * The purposes an image can be uploaded for, and where each is kept
 * (docs/decisions/019-private-documents-masked-aadhaar.md).
 */
export const UPLOAD_PURPOSES = {
  profile_photo: "public",
  product_image: "public",
  id_proof_document: "private",
  payment_screenshot: "private",
} as const;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

// ── the back-office ──

export const SELLER_STATUS_VALUES = ["pending", "active", "inactive", "rejected"] as const;
export const PAYMENT_STATUS_VALUES = ["pending", "paid", "failed", "refunded"] as const;
export const BULK_SELLER_ACTIONS = ["approve", "deactivate", "verify", "feature"] as const;
export const ROW_SELLER_ACTIONS = [
  "toggle_status",
  "toggle_verified",
  "toggle_featured",
  "verify",
  "mark_paid",
] as const;
export const SELLER_IMAGE_FIELDS = ["profile_photo", "id_proof_document", "payment_screenshot"] as const;

export const REVIEW_STATUS_VALUES = ["pending", "published", "rejected", "flagged"] as const;
export const REVIEW_PAGE_SIZES = [20, 50, 100] as const;
/** The orders of a profile's published reviews (`?sort=`; the first is the default). */
export const REVIEW_SORTS = ["newest", "highest", "lowest", "verified"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const ENQUIRY_STATUSES = ["new", "in_progress", "resolved", "closed"] as const;
/** From the detail view an enquiry moves to one of these (the spec's three; `new` is only where it starts). */
export const ENQUIRY_UPDATE_STATUSES = ["in_progress", "resolved", "closed"] as const;
export type EnquiryUpdate = { status: (typeof ENQUIRY_UPDATE_STATUSES)[number]; admin_notes?: string | null };
export const ENQUIRY_STATUS_LABELS: Record<(typeof ENQUIRY_STATUSES)[number], string> = {
  new: "New",
  in_progress: "In progress",
  resolved: "Resolved",
  closed: "Closed",
};
export const NEWSLETTER_STATUSES = ["active", "unsubscribed"] as const;
export const ENQUIRY_PAGE_SIZE = 20;
export const API_LIST_MAX_LIMIT = 100;

export const AUDIT_PAGE_SIZES = [50, 100] as const;

export const CATEGORY_LIMITS = { name: 80, slug: 80, description: 500, icon: 16 } as const;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CATEGORY_TABS = ["categories", "subcategories"] as const;
export type CategoryTab = (typeof CATEGORY_TABS)[number];
export function categoryTabFrom(params: URLSearchParams): CategoryTab {
  return params.get("tab") === "subcategories" ? "subcategories" : "categories";
}

/** A synonym group of /admin/search: its words as typed (one field), each word, the words of a group. */
export const SYNONYM_LIMITS = { text: 1000, word: 40, words: 20 } as const;
