import { z } from "zod";
import { apiOpeningHoursField, checkOpeningHoursForm, openingHoursFormShape } from "./opening-hours";
import type { OpeningHours } from "../opening-hours";
import { CITIES, MAX_PRODUCT_IMAGES, PLAN_IDS, PLANS, TEXT_LIMITS } from "../constants";
import { ID_PROOF_TYPE_VALUES, PRICE_RANGE_VALUES, UPLOAD_PURPOSES, type UploadPurpose } from "./constants";
import {
  emailField,
  idList,
  imageFile,
  isChosenFile,
  mobileField,
  paymentScreenshotFile,
  mapPositionField,
  pincodeField,
  checkServiceArea,
  serviceAreaShape,
  optionalText,
  optionalUrl,
  requiredText,
} from "./fields";
import { formMessage } from "../form-messages";
import { APPLICATION_MESSAGES } from "./messages";
import type { MessageKey } from "../i18n";
import { COLUMN_LANGUAGES, type ColumnLanguage } from "../locales";

// The seller's listing: her public profile fields, and the application (the /register form, its JSON twin
// POST /api/sellers/submit, and the image upload it references).

/**
 * The seller's public business profile and online presence: one field group shared by the listing
 * application, the seller's own profile edit and the admin's seller edit (with
 * `components/seller-profile-fields.tsx`). Field names follow the application payload of the spec.
 */
/** One rule for a tagline and one for a description, whichever language the seller writes them in. */
const taglineText = (label: string) => optionalText(label, TEXT_LIMITS.tagline);
const descriptionText = (label: string) => optionalText(label, TEXT_LIMITS.business_description);

export const sellerProfileSchema = z.object({
  business_name: requiredText(
    formMessage("forms.profile.businessNameRequired"),
    "forms.label.businessName",
    TEXT_LIMITS.business_name,
  ),
  tagline: taglineText("forms.label.tagline"),
  business_description: descriptionText("forms.label.description"),
  price_range: z.enum(PRICE_RANGE_VALUES, { error: formMessage("forms.profile.priceRange") }).optional(),
  city: requiredText(formMessage("forms.city.required"), "forms.label.city", TEXT_LIMITS.city).transform((c, ctx) => {
    const known = CITIES.find((k) => k.toLowerCase() === c.toLowerCase());
    if (known) return known;
    ctx.addIssue({ code: "custom", message: formMessage("forms.city.unknown") });
    return z.NEVER;
  }),
  area: optionalText("forms.label.area", TEXT_LIMITS.area),
  pincode: pincodeField(),
  ...serviceAreaShape,
  address: requiredText(formMessage("forms.profile.addressRequired"), "forms.label.address", TEXT_LIMITS.address),
  whatsapp_link: optionalUrl("forms.label.whatsappLink"),
  facebook_link: optionalUrl("forms.label.facebook"),
  instagram_link: optionalUrl("forms.label.instagram"),
  youtube_link: optionalUrl("forms.label.youtube"),
  website_link: optionalUrl("forms.label.website"),
});
export type SellerProfileInput = z.output<typeof sellerProfileSchema>;

/** The `forms` catalogue's labels of her versions in a column language (`forms.label.taglineHi`). */
function translationLabels(language: ColumnLanguage): { tagline: MessageKey; description: MessageKey } {
  const suffix = `${language[0].toUpperCase()}${language.slice(1)}` as Capitalize<ColumnLanguage>;
  return { tagline: `forms.label.tagline${suffix}`, description: `forms.label.description${suffix}` };
}

/**
 * The seller's own versions of her tagline and description in each column language (lib/locales.ts;
 * optional, by the originals' rules): edited on her dashboard and in the staff editor, not asked for by
 * the application.
 */
export const sellerTranslationsSchema = z.object(
  Object.fromEntries([
    ...COLUMN_LANGUAGES.map((l) => [`tagline_${l}`, taglineText(translationLabels(l).tagline)]),
    ...COLUMN_LANGUAGES.map((l) => [`business_description_${l}`, descriptionText(translationLabels(l).description)]),
  ]) as Record<`tagline_${ColumnLanguage}` | `business_description_${ColumnLanguage}`, ReturnType<typeof taglineText>>,
);
export type SellerTranslationsInput = z.output<typeof sellerTranslationsSchema>;

/** The seller dashboard's profile form: the profile and its translations. */
/** Her own profile edit: the profile, her translations and her opening hours (lib/validation/opening-hours.ts). */
export const ownProfileSchema = sellerProfileSchema
  .extend(sellerTranslationsSchema.shape)
  .extend(openingHoursFormShape)
  .extend({ map_position: mapPositionField() })
  .superRefine((v, ctx) => {
    checkOpeningHoursForm(v, ctx);
    checkServiceArea(v, ctx);
  });
export type OwnProfileInput = z.output<typeof ownProfileSchema>;

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
    name: requiredText(APPLICATION_MESSAGES.name, "forms.label.name", TEXT_LIMITS.name),
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
/** The application's fields; the API's JSON may add her opening hours (the /register form does not ask them). */
export type ApplicationFields = z.output<typeof applicationFieldsSchema> & { opening_hours?: OpeningHours | null };

/**
 * The /register multipart form: the fields plus the chosen files. Used by conform on the client
 * (size and type) and on the server; the server then checks each image's content with sharp.
 */
export const applicationFormSchema = applicationFieldsSchema
  .extend({
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
          z
            .array(imageFile(APPLICATION_MESSAGES.notImage))
            .max(MAX_PRODUCT_IMAGES, APPLICATION_MESSAGES.tooManyProducts),
        ),
    ),
  })
  .superRefine(checkServiceArea);

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
    applicationFieldsSchema
      .extend({
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
        opening_hours: apiOpeningHoursField,
      })
      .superRefine(checkServiceArea),
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
