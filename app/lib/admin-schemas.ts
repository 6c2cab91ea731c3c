import { z } from "zod";
import { newPasswordField, PASSWORD_MAX_LENGTH } from "./auth-schemas";
import { NEWSLETTER_SOURCE_VALUES, PLAN_IDS, PLANS, QUERY_TYPES } from "./constants";
import { TEXT_LIMITS } from "./constants";
import { APPLICATION_MESSAGES, applicationFieldsSchema, emailField, optionalImageFile } from "./schemas";

// The back-office's input schemas, shared by each admin page and its /api twin.

const flag = z.enum(["", "true", "false"]).catch("");

/** The sellers list filters, from the page URL or the API query (search, status, verified, paid). */
export const sellerFiltersSchema = z.object({
  search: z.string().max(100).catch("").default(""),
  status: z.enum(["", "pending", "active", "inactive", "rejected"]).catch("").default(""),
  verified: flag.default(""),
  paid: flag.default(""),
});

export function sellerFiltersFrom(params: URLSearchParams) {
  return sellerFiltersSchema.parse({
    search: (params.get("search") ?? "").trim(),
    status: params.get("status") ?? "",
    verified: params.get("verified") ?? "",
    paid: params.get("paid") ?? "",
  });
}

export const BULK_SELLER_ACTIONS = ["approve", "deactivate", "verify", "feature"] as const;
export const ROW_SELLER_ACTIONS = ["toggle_status", "toggle_verified", "toggle_featured", "verify", "mark_paid"] as const;
export const SELECT_SELLERS_MESSAGE = "Please select sellers first";

const id = z.coerce.number({ error: "Seller not found" }).int("Seller not found").positive("Seller not found");
const ids = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(id, { error: SELECT_SELLERS_MESSAGE }).min(1, SELECT_SELLERS_MESSAGE).max(500, "Select at most 500 sellers at once"),
);

/** The sellers page's posts: a row action, a bulk action over the ticked rows, or a delete. */
export const sellerIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("row"), action: z.enum(ROW_SELLER_ACTIONS, { error: "Unknown action" }), id }),
  z.object({ intent: z.literal("bulk"), bulk_action: z.enum(BULK_SELLER_ACTIONS, { error: "Please choose a bulk action" }), ids }),
  z.object({ intent: z.literal("delete"), id }),
], { error: "Unknown action" });
export type SellerIntent = z.output<typeof sellerIntentSchema>;

/** POST /api/admin/sellers/bulk: the spec's {seller_ids, action}. */
export const apiSellerBulkSchema = z.object({
  seller_ids: z.array(id, { error: SELECT_SELLERS_MESSAGE }).min(1, SELECT_SELLERS_MESSAGE).max(500, "Select at most 500 sellers at once"),
  action: z.enum(BULK_SELLER_ACTIONS, { error: `action must be one of ${BULK_SELLER_ACTIONS.join(", ")}` }),
});

export const REVIEW_PAGE_SIZES = [20, 50, 100] as const;
export const SELECT_REVIEWS_MESSAGE = "Please select reviews to perform bulk action.";

/** The reviews list filters (search, status), from the page URL or the API query. */
export function reviewFiltersFrom(params: URLSearchParams) {
  return z
    .object({
      search: z.string().max(100).catch(""),
      status: z.enum(["", "pending", "published", "rejected", "flagged"]).catch(""),
    })
    .parse({ search: (params.get("search") ?? "").trim(), status: params.get("status") ?? "" });
}

const reviewId = z.coerce.number({ error: "Review not found" }).int("Review not found").positive("Review not found");
const reviewMove = z.enum(["published", "rejected", "delete"], { error: "action must be published, rejected or delete" });

/** The reviews page's posts: one review moved, or the ticked ones (`ids`) in bulk. */
export const reviewIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("one"), move: reviewMove, id: reviewId }),
  z.object({
    intent: z.literal("bulk"),
    move: reviewMove,
    ids: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z.array(reviewId, { error: SELECT_REVIEWS_MESSAGE }).min(1, SELECT_REVIEWS_MESSAGE).max(500, "Select at most 500 reviews at once"),
    ),
    confirmed: z.literal("1").optional(),
  }),
], { error: "Unknown action" });
export type ReviewIntent = z.output<typeof reviewIntentSchema>;

/** POST /api/admin/reviews/bulk {review_ids, action} and PUT /api/admin/reviews/{id} {status}. */
export const apiReviewBulkSchema = z.object({
  review_ids: z.array(reviewId, { error: SELECT_REVIEWS_MESSAGE }).min(1, SELECT_REVIEWS_MESSAGE).max(500, "Select at most 500 reviews at once"),
  action: reviewMove,
});
export const apiReviewUpdateSchema = z.object({
  status: z.enum(["published", "rejected"], { error: "status must be published or rejected" }),
});

/** The word of a review move in the bulk messages ('Bulk approve completed successfully!'). */
export function bulkWord(move: "published" | "rejected" | "delete"): string {
  return { published: "approve", rejected: "reject", delete: "delete" }[move];
}

/** The first message of a refused admin post (conform's error record), for the page's error banner. */
export function firstError(error: Record<string, string[] | null | undefined> | null | undefined, fallback = "Unknown action"): string {
  return Object.values(error ?? {}).flat().find((m): m is string => !!m) ?? fallback;
}

// ── the seller editor (/admin/sellers/new, /admin/sellers/edit/{id}) and PUT /api/sellers/admin/{id} ──

export const SELLER_STATUS_VALUES = ["pending", "active", "inactive", "rejected"] as const;
export const PAYMENT_STATUS_VALUES = ["pending", "paid", "failed", "refunded"] as const;
export const ADMIN_NOTES_MAX_LENGTH = 2000;
export const SELLER_EDITOR_MESSAGES = {
  dates: "The subscription cannot end before it starts",
  date: "Please enter a date as YYYY-MM-DD",
  gst: "Please enter the 15-character GSTIN, e.g. 29ABCDE1234F1Z5, or leave it empty",
  aadhaar: "Please enter the 12-digit Aadhaar number (it is stored masked), or leave it empty",
  notFound: "Seller not found. It may have been deleted meanwhile.",
} as const;

/** A checkbox from a form ("on") or a boolean from JSON. */
const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1" || v === 1, z.boolean());
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "") || v === null ? undefined : v;
const isoDate = z.preprocess(
  blankToUndefined,
  z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, SELLER_EDITOR_MESSAGES.date).refine((d) => !Number.isNaN(Date.parse(d)), SELLER_EDITOR_MESSAGES.date).optional(),
);
const optionalAdminText = (label: string, max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label} must be at most ${max.toLocaleString("en-IN")} characters`).optional());
const MASKED_AADHAAR = /^XXXX-XXXX-\d{4}$/;

/**
 * Every field of the admin's seller editor: the application's fields (one rule each for name, email,
 * mobile, the profile, categories and UTR) plus the back-office's own. The plan sets amount and months.
 */
const adminSellerFields = applicationFieldsSchema
  .omit({ plan: true, id_proof_type: true, aadhaar_number: true })
  .extend({
    // A seller who signed up has no business name or address yet: staff can save the record without them.
    business_name: optionalAdminText("Business name", TEXT_LIMITS.business_name),
    address: optionalAdminText("Address", TEXT_LIMITS.address),
    id_proof_type: z.preprocess(blankToUndefined, z.enum(["aadhaar", "driving_license", "pan_card"], { error: APPLICATION_MESSAGES.idProofType }).optional()),
    // The stored value is masked (decision 18): kept as it is, or replaced by a new 12-digit number.
    aadhaar_number: z
      .preprocess(blankToUndefined, z.string().trim().optional())
      .transform((s, ctx) => {
        if (!s) return null;
        if (MASKED_AADHAAR.test(s)) return s;
        const digits = s.replace(/[\s-]/g, "");
        if (/^\d{12}$/.test(digits)) return `XXXX-XXXX-${digits.slice(-4)}`;
        ctx.addIssue({ code: "custom", message: SELLER_EDITOR_MESSAGES.aadhaar });
        return z.NEVER;
      }),
    gst_number: z
      .preprocess(blankToUndefined, z.string().trim().toUpperCase().regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, SELLER_EDITOR_MESSAGES.gst).optional())
      .transform((s) => s ?? null),
    plan: z.preprocess(blankToUndefined, z.enum(PLAN_IDS, { error: APPLICATION_MESSAGES.plan }).optional()),
    status: z.enum(SELLER_STATUS_VALUES, { error: `status must be one of ${SELLER_STATUS_VALUES.join(", ")}` }),
    payment_status: z.enum(PAYMENT_STATUS_VALUES, { error: `payment_status must be one of ${PAYMENT_STATUS_VALUES.join(", ")}` }),
    is_verified: checkbox,
    is_featured: checkbox,
    is_paid: checkbox,
    subscription_start_date: isoDate,
    subscription_end_date: isoDate,
    admin_notes: z
      .preprocess(blankToUndefined, z.string().trim().max(ADMIN_NOTES_MAX_LENGTH, `Admin notes must be at most ${ADMIN_NOTES_MAX_LENGTH.toLocaleString("en-IN")} characters`).optional())
      .transform((s) => s ?? null),
  });

function datesInOrder(v: { subscription_start_date?: string; subscription_end_date?: string }, ctx: z.RefinementCtx) {
  if (v.subscription_start_date && v.subscription_end_date && v.subscription_end_date < v.subscription_start_date) {
    ctx.addIssue({ code: "custom", message: SELLER_EDITOR_MESSAGES.dates, path: ["subscription_end_date"] });
  }
}

export const adminSellerSchema = adminSellerFields.superRefine(datesInOrder);
export type AdminSellerInput = z.output<typeof adminSellerSchema>;

/** The editor's form: the fields plus a replacement for each image (empty = keep the current one). */
export const adminSellerFormSchema = adminSellerFields
  .extend({ profile_photo: optionalImageFile, id_proof_document: optionalImageFile, payment_screenshot: optionalImageFile })
  .superRefine(datesInOrder);
export const SELLER_IMAGE_FIELDS = ["profile_photo", "id_proof_document", "payment_screenshot"] as const;

/** The plan of a stored amount and months (the editor's package choice), if it is one of the plans. */
export function planOf(amount: number | null | undefined, months: number | null | undefined) {
  return PLANS.find((p) => p.amount === amount && (months == null || p.months === months));
}

// ── Form Enquiries: contact enquiries and newsletter subscriptions ──

export const ENQUIRY_STATUSES = ["new", "in_progress", "resolved", "closed"] as const;
/** From the detail view an enquiry moves to one of these (the spec's three; `new` is only where it starts). */
export const ENQUIRY_UPDATE_STATUSES = ["in_progress", "resolved", "closed"] as const;
export const NEWSLETTER_STATUSES = ["active", "unsubscribed"] as const;
export const ENQUIRY_PAGE_SIZE = 20;
export const API_LIST_MAX_LIMIT = 100;

export const ENQUIRY_STATUS_LABELS: Record<(typeof ENQUIRY_STATUSES)[number], string> = {
  new: "New",
  in_progress: "In progress",
  resolved: "Resolved",
  closed: "Closed",
};

const oneOf = <T extends readonly string[]>(name: string, values: T) =>
  z.enum(["", ...values] as unknown as ["", ...T], { error: `${name} must be one of ${values.join(", ")}` });

const searchFilter = z.string().trim().max(100, "search must be at most 100 characters");

const enquiryFilterShape = {
  search: searchFilter,
  status: oneOf("status", ENQUIRY_STATUSES),
  query_type: oneOf("query_type", QUERY_TYPES),
};
const subscriptionFilterShape = {
  search: searchFilter,
  status: oneOf("status", NEWSLETTER_STATUSES),
  source: oneOf("source", NEWSLETTER_SOURCE_VALUES),
};

type Shape = Record<string, z.ZodType<string>>;
type FilterValues<S extends Shape> = { [K in keyof S]: z.output<S[K]> };

/**
 * A list's filters from a URL. The page is lenient (a value it does not know falls back to "all");
 * the API is strict and answers the first bad value's message (400).
 */
function filtersFrom<S extends Shape>(shape: S, params: URLSearchParams): { values: FilterValues<S>; error: string | null } {
  const values = {} as Record<string, string>;
  let error: string | null = null;
  for (const [key, schema] of Object.entries(shape)) {
    const parsed = schema.safeParse(params.get(key) ?? "");
    if (parsed.success) values[key] = parsed.data;
    else {
      values[key] = "";
      error ??= parsed.error.issues[0]?.message ?? `Invalid ${key}`;
    }
  }
  return { values: values as FilterValues<S>, error };
}

export type EnquiryFilters = FilterValues<typeof enquiryFilterShape>;
export type SubscriptionFilters = FilterValues<typeof subscriptionFilterShape>;

export function enquiryFiltersFrom(params: URLSearchParams): EnquiryFilters {
  return filtersFrom(enquiryFilterShape, params).values;
}
export function subscriptionFiltersFrom(params: URLSearchParams): SubscriptionFilters {
  return filtersFrom(subscriptionFilterShape, params).values;
}

const apiPagingSchema = z.object({
  page: z.coerce.number({ error: "page must be a whole number from 1" }).int("page must be a whole number from 1").min(1, "page must be a whole number from 1").max(100_000, "page is too large"),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${API_LIST_MAX_LIMIT}` })
    .int(`limit must be a whole number from 1 to ${API_LIST_MAX_LIMIT}`)
    .min(1, `limit must be a whole number from 1 to ${API_LIST_MAX_LIMIT}`)
    .max(API_LIST_MAX_LIMIT, `limit must be a whole number from 1 to ${API_LIST_MAX_LIMIT}`),
});

/** The API list query: strict filters plus page (default 1) and limit (default 20, at most 100). */
function apiListQuery<S extends Shape>(shape: S, params: URLSearchParams) {
  const { values, error } = filtersFrom(shape, params);
  if (error) return { ok: false as const, message: error };
  const paging = apiPagingSchema.safeParse({ page: params.get("page") || "1", limit: params.get("limit") || String(ENQUIRY_PAGE_SIZE) });
  if (!paging.success) return { ok: false as const, message: paging.error.issues[0]?.message ?? "Invalid paging" };
  return { ok: true as const, filters: values, paging: paging.data };
}
export const apiEnquiryQuery = (params: URLSearchParams) => apiListQuery(enquiryFilterShape, params);
export const apiSubscriptionQuery = (params: URLSearchParams) => apiListQuery(subscriptionFilterShape, params);

const enquiryStatus = z.enum(ENQUIRY_UPDATE_STATUSES, { error: `status must be one of ${ENQUIRY_UPDATE_STATUSES.join(", ")}` });
const adminNotes = z
  .string({ error: "admin_notes must be text" })
  .trim()
  .max(ADMIN_NOTES_MAX_LENGTH, `Admin notes must be at most ${ADMIN_NOTES_MAX_LENGTH} characters`)
  .transform((s) => s || null);

/** The detail view's post (page and dialog): the new status and the notes (blank clears them). */
export const enquiryUpdateFormSchema = z.object({
  status: enquiryStatus,
  admin_notes: adminNotes.optional().transform((s) => s ?? null),
});

/** PUT /api/admin/enquiries/{id} {status, admin_notes?}: notes left out are kept, null clears them. */
export const apiEnquiryUpdateSchema = z.object({
  status: enquiryStatus,
  admin_notes: adminNotes.nullable().optional(),
});
export type EnquiryUpdate = { status: (typeof ENQUIRY_UPDATE_STATUSES)[number]; admin_notes?: string | null };

// ── settings: one's own password, and the staff accounts ──

export const SETTINGS_MESSAGES = {
  passwordChanged: "Password changed. Your other sessions were signed out.",
  currentWrong: "Your current password is not correct",
  mismatch: "Passwords do not match",
  samePassword: "Choose a new password different from the current one",
  moderatorAdded: "Moderator added. Share the password with them privately.",
  disabled: "Account disabled. Its sessions were signed out.",
  enabled: "Account enabled.",
  removed: "Account removed.",
  notSelf: "You cannot disable or remove your own account",
  lastAdmin: "The last active admin cannot be disabled or removed",
  notFound: "This account was not found. It may have been removed meanwhile.",
  emailTaken: "An account with this email already exists.",
} as const;

export const passwordChangeSchema = z
  .object({
    intent: z.literal("password"),
    current_password: z.string({ error: "Please enter your current password" }).min(1, "Please enter your current password").max(PASSWORD_MAX_LENGTH, SETTINGS_MESSAGES.currentWrong),
    new_password: newPasswordField,
    confirm_password: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.new_password !== (v.confirm_password ?? "")) ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.mismatch, path: ["confirm_password"] });
    if (v.new_password === v.current_password) ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.samePassword, path: ["new_password"] });
  });

const staffId = z.coerce.number({ error: SETTINGS_MESSAGES.notFound }).int(SETTINGS_MESSAGES.notFound).positive(SETTINGS_MESSAGES.notFound);
/** A staff password set by an admin: longer than a seller's, as it opens the back-office. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export const staffIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add_moderator"),
    name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(TEXT_LIMITS.name, `Name must be at most ${TEXT_LIMITS.name} characters`),
    email: emailField("Email is required", "Email is invalid"),
    password: newPasswordField.refine((p) => p.length >= STAFF_PASSWORD_MIN_LENGTH, `A staff password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`),
  }),
  z.object({ intent: z.literal("disable"), id: staffId }),
  z.object({ intent: z.literal("enable"), id: staffId }),
  z.object({ intent: z.literal("remove"), id: staffId, confirmed: z.literal("1").optional() }),
], { error: "Unknown action" });
export type StaffIntent = z.output<typeof staffIntentSchema>;

// ── the audit log's filters (/admin/audit) ──

const dayOrBlank = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/).catch("");
export function auditFiltersFrom(params: URLSearchParams) {
  return z
    .object({
      actor: z.string().trim().max(254).catch(""),
      action: z.string().trim().max(80).regex(/^[a-z_.]*$/).catch(""),
      from: dayOrBlank,
      to: dayOrBlank,
    })
    .parse({ actor: params.get("actor") ?? "", action: params.get("action") ?? "", from: params.get("from") ?? "", to: params.get("to") ?? "" });
}
export const AUDIT_PAGE_SIZES = [50, 100] as const;
