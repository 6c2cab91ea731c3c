import { z } from "zod";
import { checkOpeningHoursForm, openingHoursFormShape } from "./opening-hours";
import { PLAN_IDS, TEXT_LIMITS } from "../constants";
import { applicationFieldsSchema, sellerTranslationsSchema } from "./application";
import {
  ADMIN_NOTES_MAX_LENGTH,
  BULK_SELLER_ACTIONS,
  ID_PROOF_TYPE_VALUES,
  PAYMENT_STATUS_VALUES,
  ROW_SELLER_ACTIONS,
  SELLER_STATUS_VALUES,
} from "./constants";
import {
  blankToUndefined,
  checkbox,
  bulkIds,
  oneOf,
  optionalImageFile,
  optionalIsoDate,
  optionalPincodeField,
  checkServiceArea,
  optionalText,
  positiveId,
} from "./fields";
import { pageFilters, searchFilter } from "./list-filters";
import { APPLICATION_MESSAGES, SELECT_SELLERS_MESSAGE, SELLER_EDITOR_MESSAGES } from "./messages";

// The back-office's sellers: the list's filters and actions, and the seller editor (/admin/sellers/new,
// /admin/sellers/edit/{id}) with its JSON twin PUT /api/sellers/admin/{id}.

/** The sellers list filters, from the page URL or the API query (search, status, verified, paid, renewal, PIN code). */
export const sellerFiltersFrom = pageFilters({
  search: searchFilter,
  status: oneOf("status", SELLER_STATUS_VALUES),
  verified: oneOf("verified", ["true", "false"] as const),
  paid: oneOf("paid", ["true", "false"] as const),
  /** renewals waiting for staff to check the payment (docs/decisions/181-leads-renewals.md) */
  renewal: oneOf("renewal", ["waiting"] as const),
  /** the listings without a PIN code (made before it was asked: docs/decisions/211-near-me-pin-code-centres-in-memory.md) */
  pincode: oneOf("pincode", ["missing"] as const),
});

const id = positiveId("Seller not found");
const ids = bulkIds(SELECT_SELLERS_MESSAGE, "sellers");

/** The sellers page's posts: a row action, a bulk action over the ticked rows, or a delete. */
export const sellerIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("row"), action: z.enum(ROW_SELLER_ACTIONS, { error: "Unknown action" }), id }),
    z.object({
      intent: z.literal("bulk"),
      bulk_action: z.enum(BULK_SELLER_ACTIONS, { error: "Please choose a bulk action" }),
      ids,
    }),
    z.object({ intent: z.literal("delete"), id }),
  ],
  { error: "Unknown action" },
);
export type SellerIntent = z.output<typeof sellerIntentSchema>;

/** POST /api/admin/sellers/bulk: the spec's {seller_ids, action}. */
export const apiSellerBulkSchema = z.object({
  seller_ids: ids,
  action: z.enum(BULK_SELLER_ACTIONS, { error: `action must be one of ${BULK_SELLER_ACTIONS.join(", ")}` }),
});

const MASKED_AADHAAR = /^XXXX-XXXX-\d{4}$/;

/**
 * Every field of the admin's seller editor: the application's fields (one rule each for name, email,
 * mobile, the profile, categories and UTR) plus the back-office's own. The plan sets amount and months.
 */
const adminSellerFields = applicationFieldsSchema
  .omit({ plan: true, id_proof_type: true, aadhaar_number: true })
  .extend({
    // A seller who signed up has no business name or address yet: staff can save the record without them.
    business_name: optionalText("Business name", TEXT_LIMITS.business_name),
    address: optionalText("Address", TEXT_LIMITS.address),
    // Listings made before the PIN code was asked have none: staff may save them without one.
    pincode: optionalPincodeField(),
    id_proof_type: z.preprocess(
      blankToUndefined,
      z.enum(ID_PROOF_TYPE_VALUES, { error: APPLICATION_MESSAGES.idProofType }).optional(),
    ),
    // The stored value is masked (docs/decisions/019-private-documents-masked-aadhaar.md): kept as it is, or replaced
    // by a new 12-digit number.
    aadhaar_number: z.preprocess(blankToUndefined, z.string().trim().optional()).transform((s, ctx) => {
      if (!s) return null;
      if (MASKED_AADHAAR.test(s)) return s;
      const digits = s.replace(/[\s-]/g, "");
      if (/^\d{12}$/.test(digits)) return `XXXX-XXXX-${digits.slice(-4)}`;
      ctx.addIssue({ code: "custom", message: SELLER_EDITOR_MESSAGES.aadhaar });
      return z.NEVER;
    }),
    gst_number: z
      .preprocess(
        blankToUndefined,
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, SELLER_EDITOR_MESSAGES.gst)
          .optional(),
      )
      .transform((s) => s ?? null),
    plan: z.preprocess(blankToUndefined, z.enum(PLAN_IDS, { error: APPLICATION_MESSAGES.plan }).optional()),
    status: z.enum(SELLER_STATUS_VALUES, { error: `status must be one of ${SELLER_STATUS_VALUES.join(", ")}` }),
    payment_status: z.enum(PAYMENT_STATUS_VALUES, {
      error: `payment_status must be one of ${PAYMENT_STATUS_VALUES.join(", ")}`,
    }),
    is_verified: checkbox,
    is_featured: checkbox,
    is_paid: checkbox,
    subscription_start_date: optionalIsoDate(SELLER_EDITOR_MESSAGES.date),
    subscription_end_date: optionalIsoDate(SELLER_EDITOR_MESSAGES.date),
    admin_notes: optionalText("Admin notes", ADMIN_NOTES_MAX_LENGTH).transform((s) => s ?? null),
  })
  .extend(sellerTranslationsSchema.shape)
  .extend(openingHoursFormShape);

function datesInOrder(
  v: { subscription_start_date?: string; subscription_end_date?: string } & Record<string, unknown>,
  ctx: z.RefinementCtx,
) {
  if (v.subscription_start_date && v.subscription_end_date && v.subscription_end_date < v.subscription_start_date) {
    ctx.addIssue({ code: "custom", message: SELLER_EDITOR_MESSAGES.dates, path: ["subscription_end_date"] });
  }
  checkOpeningHoursForm(v, ctx);
  checkServiceArea(v, ctx);
}

export const adminSellerSchema = adminSellerFields.superRefine(datesInOrder);
export type AdminSellerInput = z.output<typeof adminSellerSchema>;

/** The editor's form: the fields plus a replacement for each image (empty = keep the current one). */
export const adminSellerFormSchema = adminSellerFields
  .extend({
    profile_photo: optionalImageFile,
    id_proof_document: optionalImageFile,
    payment_screenshot: optionalImageFile,
  })
  .superRefine(datesInOrder);
