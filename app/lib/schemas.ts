import { z } from "zod";
import { MOBILE_INVALID_MESSAGE, normaliseMobile } from "./phone";
import {
  API_MAX_LIMIT, CITIES, DIRECTORY_PAGE_SIZE, IMAGE_MAX_BYTES, MAX_PRODUCT_IMAGES, NEWSLETTER_SOURCE_VALUES, PLAN_IDS, PLANS, QUERY_TYPES, REPORT_REASON_MAX_LENGTH, REVIEW_MAX_LENGTH, REVIEWER_NAME_MAX_LENGTH, SEARCH_MAX_LENGTH, TEXT_LIMITS,
} from "./constants";

// One schema per input, shared by the page's form action and its /api twin.

// zod compiles object parsers with `new Function` unless told not to; the site's CSP forbids eval in the
// browser (a blocked eval is a console error and a Lighthouse best-practices finding), so none is tried.
z.config({ jitless: true });

const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim().slice(0, max));

/** Query of the directory page and GET /api/sellers. Bad paging is refused by the API, the page falls back. */
export const directoryQuerySchema = z.object({
  search: optionalText(SEARCH_MAX_LENGTH),
  category: optionalText(80),
  city: optionalText(40),
  featured: z
    .enum(["true", "false", "1", "0"], { error: "featured must be true or false" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
  page: z.coerce
    .number({ error: "page must be a whole number of 1 or more" })
    .int("page must be a whole number of 1 or more")
    .min(1, "page must be a whole number of 1 or more")
    .max(1_000_000, "page is too large")
    .default(1),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${API_MAX_LIMIT}` })
    .int(`limit must be a whole number from 1 to ${API_MAX_LIMIT}`)
    .min(1, `limit must be a whole number from 1 to ${API_MAX_LIMIT}`)
    .max(API_MAX_LIMIT, `limit must be a whole number from 1 to ${API_MAX_LIMIT}`)
    .default(DIRECTORY_PAGE_SIZE),
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

export function searchParamsObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  return out;
}

/** A positive database id in a URL segment; anything else is "not found". */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}

export const REVIEW_MISSING_MESSAGE = "Please fill all fields and select a rating";

/** A missing value: absent, null, or only white space. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** True when a review post lacks its name, rating or text (the spec's one message covers that case). */
export function isReviewIncomplete(input: { reviewer_name?: unknown; rating?: unknown; review_text?: unknown }): boolean {
  return isBlank(input.reviewer_name) || isBlank(input.rating) || isBlank(input.review_text);
}

export const reviewSchema = z.object({
  reviewer_name: z
    .string({ error: "Please enter your name" })
    .trim()
    .min(1, "Please enter your name")
    .max(REVIEWER_NAME_MAX_LENGTH, `Name must be at most ${REVIEWER_NAME_MAX_LENGTH} characters`),
  rating: z
    .number({ error: (iss) => (iss.input === undefined ? "Please select a rating" : "Rating must be a whole number from 1 to 5") })
    .int("Rating must be a whole number from 1 to 5")
    .min(1, "Rating must be a whole number from 1 to 5")
    .max(5, "Rating must be a whole number from 1 to 5"),
  review_text: z
    .string({ error: "Please write your review" })
    .trim()
    .min(1, "Please write your review")
    .max(REVIEW_MAX_LENGTH, `Review must be at most ${REVIEW_MAX_LENGTH.toLocaleString("en-IN")} characters`),
});
/**
 * The profile's review form, in the browser and on the server alike: a post that lacks the name, the
 * stars or the text also gets the spec's one message above the form, whichever side answers.
 */
export const reviewFormSchema = reviewSchema.refine((value) => !isReviewIncomplete(value), { message: REVIEW_MISSING_MESSAGE, when: () => true });
export type ReviewInput = z.output<typeof reviewSchema>;

/** A visitor's report of a published review ('Report this review' on the profile). */
export const reviewReportSchema = z.object({
  intent: z.literal("report"),
  review_id: z.coerce.number({ error: "This review was not found" }).int("This review was not found").positive("This review was not found"),
  reason: z
    .string({ error: "Please tell us what is wrong with this review" })
    .trim()
    .min(1, "Please tell us what is wrong with this review")
    .max(REPORT_REASON_MAX_LENGTH, `Reason must be at most ${REPORT_REASON_MAX_LENGTH} characters`),
});

export const apiReviewSchema = reviewSchema.extend({
  seller_id: z
    .number({ error: "seller_id must be a seller's id" })
    .int("seller_id must be a seller's id")
    .positive("seller_id must be a seller's id"),
});

// ── public forms: contact, newsletter, seller application ──


const tooLong = (label: string, max: number) => `${label} must be at most ${max.toLocaleString("en-IN")} characters`;

/** A required text field: trimmed, with the spec's message when blank and a length cap. */
const requiredText = (message: string, label: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message, abort: true })
    .max(max, tooLong(label, max));

/** An optional text field: blank becomes undefined. */
const optionalString = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .optional()
    .transform((s) => (s ? s : undefined));

/** An optional web address (http/https only); a bare domain gets https:// in front. */
const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(TEXT_LIMITS.url, tooLong(label, TEXT_LIMITS.url))
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
      try {
        const url = new URL(withScheme);
        if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".")) return url.toString();
      } catch {
        // fall through
      }
      ctx.addIssue({ code: "custom", message: `Please enter a valid ${label.toLowerCase()} address (https://…)` });
      return z.NEVER;
    });

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailField = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .max(TEXT_LIMITS.email, { message: invalidMessage, abort: true })
    .regex(EMAIL_PATTERN, invalidMessage)
    .transform((s) => s.toLowerCase());

/** The one mobile rule (decision 13a, `lib/phone.ts`): a valid mobile number, stored as E.164. */
export const mobileField = (requiredMessage: string, invalidMessage: string = MOBILE_INVALID_MESSAGE) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .max(TEXT_LIMITS.mobile * 2, { message: invalidMessage, abort: true })
    .transform((s, ctx) => {
      const normalised = normaliseMobile(s);
      if (normalised) return normalised;
      ctx.addIssue({ code: "custom", message: invalidMessage });
      return z.NEVER;
    });

/** The same rule for a mobile number that may be left out. */
export const optionalMobileField = (invalidMessage: string = MOBILE_INVALID_MESSAGE) =>
  z
    .string()
    .trim()
    .max(TEXT_LIMITS.mobile * 2, invalidMessage)
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const normalised = normaliseMobile(s);
      if (normalised) return normalised;
      ctx.addIssue({ code: "custom", message: invalidMessage });
      return z.NEVER;
    });

const PRICE_RANGE_VALUES = ["below_500", "500_1000", "1000_3000", "3000_5000", "above_5000"] as const;

/**
 * The seller's public business profile and online presence: one field group shared by the listing
 * application, the seller's own profile edit and the admin's seller edit (with
 * `components/seller-profile-fields.tsx`). Field names follow the application payload of the spec.
 */
export const sellerProfileSchema = z.object({
  business_name: requiredText("Business name is required", "Business name", TEXT_LIMITS.business_name),
  tagline: optionalString("Tagline", TEXT_LIMITS.tagline),
  business_description: optionalString("Description", TEXT_LIMITS.business_description),
  price_range: z
    .enum(PRICE_RANGE_VALUES, { error: "Please choose a price range from the list" })
    .optional(),
  city: requiredText("City is required", "City", TEXT_LIMITS.city).transform((c, ctx) => {
    const known = CITIES.find((k) => k.toLowerCase() === c.toLowerCase());
    if (known) return known;
    ctx.addIssue({ code: "custom", message: "Please choose a city from the list" });
    return z.NEVER;
  }),
  area: optionalString("Area", TEXT_LIMITS.area),
  address: requiredText("Address is required", "Address", TEXT_LIMITS.address),
  whatsapp_link: optionalUrl("WhatsApp link"),
  facebook_link: optionalUrl("Facebook"),
  instagram_link: optionalUrl("Instagram"),
  youtube_link: optionalUrl("YouTube"),
  website_link: optionalUrl("Website"),
});
export type SellerProfileInput = z.output<typeof sellerProfileSchema>;

export const CONTACT_REQUIRED_MESSAGE = "Please fill all required fields";

export const contactSchema = z.object({
  name: requiredText(CONTACT_REQUIRED_MESSAGE, "Name", TEXT_LIMITS.name),
  email: emailField(CONTACT_REQUIRED_MESSAGE, "Email is invalid"),
  mobile: optionalMobileField(),
  query_type: z.enum(QUERY_TYPES, { error: CONTACT_REQUIRED_MESSAGE }),
  subject: optionalString("Subject", TEXT_LIMITS.subject),
  message: requiredText(CONTACT_REQUIRED_MESSAGE, "Message", TEXT_LIMITS.message),
});
export type ContactInput = z.output<typeof contactSchema>;

export const NEWSLETTER_REQUIRED_MESSAGE = "Please enter your email address";
export const newsletterSchema = z.object({
  email: emailField(NEWSLETTER_REQUIRED_MESSAGE, "Please enter a valid email address"),
  source: z
    .enum(NEWSLETTER_SOURCE_VALUES, { error: `source must be one of ${NEWSLETTER_SOURCE_VALUES.join(", ")}` })
    .optional()
    .transform((s) => s ?? "website"),
});
export type NewsletterInput = z.output<typeof newsletterSchema>;


export const APPLICATION_MESSAGES = {
  name: "Name is required",
  mobileRequired: "Mobile number is required",
  mobileInvalid: MOBILE_INVALID_MESSAGE,
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  categories: "Please select at least one category",
  categoryUnknown: "Please select categories from the list",
  subcategoryUnknown: "Please select subcategories of your chosen categories",
  idProofType: "Please select verification document type",
  idProof: "Please upload verification document",
  payment: "Please upload payment screenshot",
  profile: "Please upload profile picture",
  plan: "Please select subscription plan",
  tooBig: "Image must be smaller than 200KB. Please compress your image first.",
  notImage: "Please select a valid image file.",
  tooManyProducts: "Maximum 3 product images allowed to ensure smooth submission.",
  utrInvalid: "The UPI transaction reference (UTR) is the 12-digit number in your payment app",
  utrUsed: "This UPI transaction reference (UTR) has already been used for another application. Please check the number.",
  aadhaarInvalid: "Please enter the 12-digit Aadhaar number, or leave it empty",
  submitFailed: "Submission failed. Please try again.",
  imageNotFound: "This image was not found. Please upload it again.",
  imagesTooLarge: "One or more images are too large. Please compress your images to under 200KB each and try again.",
} as const;


const idList = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number({ error: message }).int(message).positive(message), { error: message }).max(20, message),
  );

/** The application's fields other than the images (shared by the /register form and POST /api/sellers/submit). */
export const applicationFieldsSchema = z
  .object({
    name: requiredText(APPLICATION_MESSAGES.name, "Name", TEXT_LIMITS.name),
    mobile: mobileField(APPLICATION_MESSAGES.mobileRequired, APPLICATION_MESSAGES.mobileInvalid),
    email: emailField(APPLICATION_MESSAGES.emailRequired, APPLICATION_MESSAGES.emailInvalid),
    category_ids: idList(APPLICATION_MESSAGES.categoryUnknown).pipe(z.array(z.number()).min(1, APPLICATION_MESSAGES.categories)),
    subcategory_ids: idList(APPLICATION_MESSAGES.subcategoryUnknown),
    id_proof_type: z.enum(["aadhaar", "driving_license", "pan_card"], { error: APPLICATION_MESSAGES.idProofType }),
    aadhaar_number: z
      .string()
      .optional()
      .transform((s) => (s ?? "").replace(/[\s-]/g, ""))
      .refine((s) => s === "" || /^\d{12}$/.test(s), APPLICATION_MESSAGES.aadhaarInvalid)
      .transform((s) => (s ? s : undefined)),
    plan: z.enum(PLAN_IDS, { error: APPLICATION_MESSAGES.plan }),
    payment_reference: z
      .string()
      .optional()
      .transform((s) => (s ?? "").replace(/\s/g, ""))
      .refine((s) => s === "" || /^\d{12}$/.test(s), APPLICATION_MESSAGES.utrInvalid)
      .transform((s) => (s ? s : undefined)),
  })
  .extend(sellerProfileSchema.shape);
export type ApplicationFields = z.output<typeof applicationFieldsSchema>;

/** A chosen file of a form (browsers send an empty, nameless part for an empty file input). */
function isChosenFile(v: unknown): v is File {
  return typeof File !== "undefined" && v instanceof File && !(v.size === 0 && v.name === "");
}
const imageFile = (requiredMessage: string) =>
  z
    .custom<File>((v) => isChosenFile(v), { error: requiredMessage })
    .refine((f) => f.size > 0 && (f.type === "" || f.type.startsWith("image/")) && f.type !== "image/svg+xml", APPLICATION_MESSAGES.notImage)
    .refine((f) => f.size <= IMAGE_MAX_BYTES, APPLICATION_MESSAGES.tooBig);

/** A file field that may be left empty (the admin editor replaces an image only when one is chosen). */
export const optionalImageFile = z
  .unknown()
  .transform((v) => (isChosenFile(v) ? v : undefined))
  .pipe(imageFile(APPLICATION_MESSAGES.notImage).optional());

export const APPLICATION_FILE_FIELDS = ["id_proof_document", "payment_screenshot", "profile_photo", "product_images"] as const;
export type ApplicationFileField = (typeof APPLICATION_FILE_FIELDS)[number];
export const APPLICATION_FILE_LABELS: Record<ApplicationFileField, string> = {
  id_proof_document: "Verification document",
  payment_screenshot: "Payment screenshot",
  profile_photo: "Profile picture",
  product_images: "Product images",
};

/**
 * The /register multipart form: the fields plus the chosen files. Used by conform on the client
 * (size and type) and on the server; the server then checks each image's content with sharp.
 */
export const applicationFormSchema = applicationFieldsSchema.extend({
  id_proof_document: imageFile(APPLICATION_MESSAGES.idProof),
  payment_screenshot: imageFile(APPLICATION_MESSAGES.payment),
  profile_photo: imageFile(APPLICATION_MESSAGES.profile),
  product_images: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.unknown()).transform((list) => list.filter(isChosenFile)).pipe(
      z.array(imageFile(APPLICATION_MESSAGES.notImage)).max(MAX_PRODUCT_IMAGES, APPLICATION_MESSAGES.tooManyProducts),
    ),
  ),
});

/**
 * The JSON application's byte limit: room for every image as a data URL (the spec client's fallback,
 * base64 adds a third) within the per-image limit, plus the text fields.
 */
export const APPLICATION_JSON_MAX_BYTES = (3 + MAX_PRODUCT_IMAGES) * Math.ceil((IMAGE_MAX_BYTES * 4) / 3 + 100) + 64 * 1024;

// An image reference: the address POST /api/upload answered, or a data URL (its size is checked when decoded).
const uploadRef = (requiredMessage: string) => z.string({ error: requiredMessage }).trim().min(1, requiredMessage);

/** product_images as a list, or as the JSON-encoded list the spec's payloads use. */
const jsonEncodedList = (v: unknown) => {
  if (typeof v !== "string") return v;
  if (v.trim() === "") return [];
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

/**
 * POST /api/sellers/submit: the spec's JSON payload. Images are first sent to POST /api/upload and
 * referenced here by the url it returned. The plan is `plan`, or the pair amount_paid + subscription_months.
 */
export const apiApplicationSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== "object") return raw;
    const body = raw as Record<string, unknown>;
    if (body.plan === undefined && body.amount_paid !== undefined) {
      const plan = PLANS.find((p) => p.amount === Number(body.amount_paid) && (body.subscription_months === undefined || p.months === Number(body.subscription_months)));
      return { ...body, plan: plan?.id ?? "unknown" };
    }
    return body;
  },
  applicationFieldsSchema.extend({
    id_proof_document: uploadRef(APPLICATION_MESSAGES.idProof),
    payment_screenshot: uploadRef(APPLICATION_MESSAGES.payment),
    profile_photo: uploadRef(APPLICATION_MESSAGES.profile),
    product_images: z
      .preprocess(
        jsonEncodedList,
        z
          .array(z.string().trim(), { error: APPLICATION_MESSAGES.tooManyProducts })
          .max(MAX_PRODUCT_IMAGES, APPLICATION_MESSAGES.tooManyProducts)
          .optional(),
      )
      .transform((l) => (l ?? []).filter(Boolean)),
  }),
);
export type ApiApplicationInput = z.output<typeof apiApplicationSchema>;

/** The purposes an image can be uploaded for, and where each is kept (decision 18). */
export const UPLOAD_PURPOSES = {
  profile_photo: "public",
  product_image: "public",
  id_proof_document: "private",
  payment_screenshot: "private",
} as const;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const uploadPurposeSchema = z.enum(Object.keys(UPLOAD_PURPOSES) as [UploadPurpose, ...UploadPurpose[]], {
  error: "purpose must be one of profile_photo, product_image, id_proof_document, payment_screenshot",
});
