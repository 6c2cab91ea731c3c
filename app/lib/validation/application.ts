import { z } from "zod";
import { CITIES, MAX_PRODUCT_IMAGES, PLAN_IDS, PLANS, TEXT_LIMITS } from "../constants";
import { ID_PROOF_TYPE_VALUES, PRICE_RANGE_VALUES, UPLOAD_PURPOSES, type UploadPurpose } from "./constants";
import {
  emailField,
  idList,
  imageFile,
  isChosenFile,
  mobileField,
  paymentScreenshotFile,
  optionalText,
  optionalUrl,
  requiredText,
} from "./fields";
import { APPLICATION_MESSAGES } from "./messages";

// The seller's listing: her public profile fields, and the application (the /register form, its JSON twin
// POST /api/sellers/submit, and the image upload it references).

/**
 * The seller's public business profile and online presence: one field group shared by the listing
 * application, the seller's own profile edit and the admin's seller edit (with
 * `components/seller-profile-fields.tsx`). Field names follow the application payload of the spec.
 */
export const sellerProfileSchema = z.object({
  business_name: requiredText("Business name is required", "Business name", TEXT_LIMITS.business_name),
  tagline: optionalText("Tagline", TEXT_LIMITS.tagline),
  business_description: optionalText("Description", TEXT_LIMITS.business_description),
  price_range: z.enum(PRICE_RANGE_VALUES, { error: "Please choose a price range from the list" }).optional(),
  city: requiredText("City is required", "City", TEXT_LIMITS.city).transform((c, ctx) => {
    const known = CITIES.find((k) => k.toLowerCase() === c.toLowerCase());
    if (known) return known;
    ctx.addIssue({ code: "custom", message: "Please choose a city from the list" });
    return z.NEVER;
  }),
  area: optionalText("Area", TEXT_LIMITS.area),
  address: requiredText("Address is required", "Address", TEXT_LIMITS.address),
  whatsapp_link: optionalUrl("WhatsApp link"),
  facebook_link: optionalUrl("Facebook"),
  instagram_link: optionalUrl("Instagram"),
  youtube_link: optionalUrl("YouTube"),
  website_link: optionalUrl("Website"),
});
export type SellerProfileInput = z.output<typeof sellerProfileSchema>;

/** Twelve digits typed with or without spaces/hyphens; blank is "not given". */
const optionalTwelveDigits = (strip: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((s) => (s ?? "").replace(strip, ""))
    .refine((s) => s === "" || /^\d{12}$/.test(s), message)
    .transform((s) => (s ? s : undefined));

/** The application's fields other than the images (shared by the /register form and POST /api/sellers/submit). */
export const applicationFieldsSchema = z
  .object({
    name: requiredText(APPLICATION_MESSAGES.name, "Name", TEXT_LIMITS.name),
    mobile: mobileField(APPLICATION_MESSAGES.mobileRequired, APPLICATION_MESSAGES.mobileInvalid),
    email: emailField(APPLICATION_MESSAGES.emailRequired, APPLICATION_MESSAGES.emailInvalid),
    category_ids: idList(APPLICATION_MESSAGES.categoryUnknown).pipe(
      z.array(z.number()).min(1, APPLICATION_MESSAGES.categories),
    ),
    subcategory_ids: idList(APPLICATION_MESSAGES.subcategoryUnknown),
    id_proof_type: z.enum(ID_PROOF_TYPE_VALUES, { error: APPLICATION_MESSAGES.idProofType }),
    aadhaar_number: optionalTwelveDigits(/[\s-]/g, APPLICATION_MESSAGES.aadhaarInvalid),
    plan: z.enum(PLAN_IDS, { error: APPLICATION_MESSAGES.plan }),
    payment_reference: optionalTwelveDigits(/\s/g, APPLICATION_MESSAGES.utrInvalid),
  })
  .extend(sellerProfileSchema.shape);
export type ApplicationFields = z.output<typeof applicationFieldsSchema>;

/**
 * The /register multipart form: the fields plus the chosen files. Used by conform on the client
 * (size and type) and on the server; the server then checks each image's content with sharp.
 */
export const applicationFormSchema = applicationFieldsSchema.extend({
  id_proof_document: imageFile(APPLICATION_MESSAGES.idProof),
  // Required, unless the page offered paying online instead.
  payment_screenshot: paymentScreenshotFile(APPLICATION_MESSAGES.payment),
  profile_photo: imageFile(APPLICATION_MESSAGES.profile),
  product_images: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.unknown())
      .transform((list) => list.filter(isChosenFile))
      .pipe(
        z.array(imageFile(APPLICATION_MESSAGES.notImage)).max(MAX_PRODUCT_IMAGES, APPLICATION_MESSAGES.tooManyProducts),
      ),
  ),
});

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
function apiApplicationSchemaWith<S extends z.ZodType>(paymentScreenshot: S) {
  return z.preprocess(
    (raw) => {
      if (!raw || typeof raw !== "object") return raw;
      const body = raw as Record<string, unknown>;
      if (body.plan === undefined && body.amount_paid !== undefined) {
        const plan = PLANS.find(
          (p) =>
            p.amount === Number(body.amount_paid) &&
            (body.subscription_months === undefined || p.months === Number(body.subscription_months)),
        );
        return { ...body, plan: plan?.id ?? "unknown" };
      }
      return body;
    },
    applicationFieldsSchema.extend({
      id_proof_document: uploadRef(APPLICATION_MESSAGES.idProof),
      payment_screenshot: paymentScreenshot,
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
}

export const apiApplicationSchema = apiApplicationSchemaWith(uploadRef(APPLICATION_MESSAGES.payment));
/** With online payments on, the screenshot may be left out. */
export const apiOnlineApplicationSchema = apiApplicationSchemaWith(
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    uploadRef(APPLICATION_MESSAGES.payment).optional(),
  ),
);
export type ApiApplicationInput = z.output<typeof apiApplicationSchema>;

/** POST /api/upload's purpose field. */
export const uploadPurposeSchema = z.enum(Object.keys(UPLOAD_PURPOSES) as [UploadPurpose, ...UploadPurpose[]], {
  error: "purpose must be one of profile_photo, product_image, id_proof_document, payment_screenshot",
});
