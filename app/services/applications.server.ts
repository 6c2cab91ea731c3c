import { mailboxOf } from "~/lib/validation/fields";
import type { DB } from "~db/client";
import { CONTACT, formatRupees, planById, SITE_NAME } from "~/lib/constants";
import { IMAGE_MAX_BYTES } from "~/lib/constants";
import { formatCount } from "~/lib/format";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import type { ApplicationFields } from "~/lib/validation/application";
import type { UploadPurpose } from "~/lib/validation/constants";
import { type ApplicationImages, type ApplicationResult, createApplication } from "~/models/applications.server";
import { translatorFor, type MessageKey } from "./i18n.server";
import { sendMailLater, teamEmail } from "./mail.server";
import { config } from "./config.server";
import { nudgeVariantQueue } from "./image-variants.server";
import { consume } from "./rate-limit.server";
import { discardImages, keyFromReference, preparePublicClaims, storeImage, type StoredImage } from "./uploads.server";
import { isKnownPincode } from "~db/pincodes";
import { PINCODE_MESSAGES } from "~/lib/validation/messages";

/** A PIN code that does not exist refuses the application before any of its images is read or stored. */
function pincodeRefusal(fields: ApplicationFields): Refusal | null {
  return isKnownPincode(fields.pincode)
    ? null
    : { ok: false, reason: "invalid", fieldErrors: { pincode: [PINCODE_MESSAGES.unknown] } };
}

// One path for a listing application from the /register form and from POST /api/sellers/submit.

/** The UPI id applicants pay to (UPI_ID setting). */
export function upiId(): string {
  return config().upi.id;
}
export function upiPayeeName(): string {
  return config().upi.payeeName;
}

export async function submitApplication(
  db: DB,
  fields: ApplicationFields,
  images: ApplicationImages,
  userId?: number | null,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ApplicationResult> {
  const publicClaims = await preparePublicClaims(db, [images.profile_photo, ...images.product_images]);
  let result: ApplicationResult;
  try {
    result = await createApplication(db, fields, images, { userId });
  } finally {
    await publicClaims.settle();
  }
  if (result.ok) nudgeVariantQueue();
  if (result.ok) {
    const plan = planById(fields.plan)!;
    const price = `${formatRupees(plan.amount)} for ${plan.months} month${plan.months === 1 ? "" : "s"}`;
    // The applicant's acknowledgement, in the language of the form's page: fixed text (only the plan and
    // the UTR, which the form checked), at most a few per address an hour. The team's copy has the details.
    const t = translatorFor(locale);
    const planLine = t("mails.application.plan", {
      plan: t(`marketing.plans.name.${plan.id}` as MessageKey),
      amount: `₹${formatCount(plan.amount, locale)}`,
      months: plan.months,
    });
    const utr = fields.payment_reference ? ` ${t("mails.application.utr", { utr: fields.payment_reference })}` : "";
    const acknowledgement = (await consume(db, "acknowledgement", mailboxOf(fields.email))).allowed
      ? [
          {
            to: fields.email,
            sellerId: result.sellerId,
            subject: t("mails.application.subject", { site: SITE_NAME }),
            text: [
              t("mails.contact.hello"),
              "",
              t("mails.application.thanks", { site: SITE_NAME }),
              `${planLine}${utr}`,
              "",
              t("mails.application.checks"),
              t("mails.application.ignore"),
              "",
              t("mails.application.questions", { email: CONTACT.email, phone: CONTACT.phone }),
              "",
              t("mails.signoff", { site: SITE_NAME }),
            ].join("\n"),
          },
        ]
      : [];
    await sendMailLater(db, [
      ...acknowledgement,
      {
        to: teamEmail(),
        subject: `New listing application: ${fields.business_name} (#${result.sellerId})`,
        text: [
          `${fields.name} applied to list ${fields.business_name} (${fields.city}).`,
          `Plan: ${plan.name}, ${price}. UTR: ${fields.payment_reference ?? "not given"}.`,
          `Email: ${fields.email} · Mobile: ${fields.mobile}`,
          "",
          `Review it in the admin portal: /admin/sellers/${result.sellerId}`,
        ].join("\n"),
      },
    ]);
  }
  return result;
}

export type ApplicationFiles = {
  id_proof_document: File;
  /** left out when she pays online instead */
  payment_screenshot: File | undefined;
  profile_photo: File;
  product_images: File[];
};

/** Every promise's value once all have settled, or the first rejection (so no store is still running when its images are discarded). */
async function settled<T extends unknown[]>(work: [...{ [K in keyof T]: Promise<T[K]> }]): Promise<T> {
  const outcomes = await Promise.allSettled(work);
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
  if (failed) throw failed.reason;
  return outcomes.map((o) => (o as PromiseFulfilledResult<unknown>).value) as T;
}

/** Runs an application's submission; the images it stored go again when it is refused or fails. */
async function keptOnlyIfSubmitted<R extends { ok: boolean }>(
  db: DB,
  stored: StoredImage[],
  submit: () => Promise<R>,
): Promise<R> {
  try {
    const result = await submit();
    if (!result.ok) await discardImages(db, stored);
    return result;
  } catch (error) {
    await discardImages(db, stored);
    throw error;
  }
}

/**
 * The /register form's path: each file is checked by its content and stored, then the application is
 * submitted. A refused application (bad image, reused UTR, unknown category, or an error) keeps none of
 * its files. Field errors carry 413 when an image was too large.
 */
export async function submitApplicationWithFiles(
  db: DB,
  fields: ApplicationFields,
  files: ApplicationFiles,
  userId?: number | null,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ApplicationResult | { ok: false; reason: "invalid" | "too_large"; fieldErrors: Record<string, string[]> }> {
  const refused = pincodeRefusal(fields);
  if (refused) return refused;
  const stored: StoredImage[] = [];
  const fieldErrors: Record<string, string[]> = {};
  let reason: "invalid" | "too_large" = "invalid";
  const store = async (
    field: string,
    file: File,
    purpose: "id_proof_document" | "payment_screenshot" | "profile_photo" | "product_image",
  ) => {
    const result = await storeImage(db, new Uint8Array(await file.arrayBuffer()), purpose);
    if (result.ok) {
      stored.push(result);
      return result.key;
    }
    fieldErrors[field] = [result.message];
    if (result.reason === "too_large") reason = "too_large";
    return null;
  };
  return keptOnlyIfSubmitted(db, stored, async () => {
    // The images are checked and stored side by side (processImage bounds the work): an application waits
    // for its slowest image, not for the sum of them.
    const [id_proof_document, payment_screenshot, profile_photo, ...products] = await settled([
      store("id_proof_document", files.id_proof_document, "id_proof_document"),
      files.payment_screenshot
        ? store("payment_screenshot", files.payment_screenshot, "payment_screenshot")
        : Promise.resolve(undefined),
      store("profile_photo", files.profile_photo, "profile_photo"),
      ...files.product_images.map((file) => store("product_images", file, "product_image")),
    ]);
    const product_images = products.filter((key): key is string => typeof key === "string");
    if (!id_proof_document || payment_screenshot === null || !profile_photo || Object.keys(fieldErrors).length)
      return { ok: false as const, reason, fieldErrors };
    return submitApplication(
      db,
      fields,
      { id_proof_document, payment_screenshot: payment_screenshot ?? null, profile_photo, product_images },
      userId,
      locale,
    );
  });
}

type Refusal = { ok: false; reason: "invalid" | "too_large"; fieldErrors: Record<string, string[]> };
export type ImageReferences = {
  id_proof_document: string;
  /** left out when she pays online instead */
  payment_screenshot?: string | undefined;
  profile_photo: string;
  product_images: string[];
};

const DATA_URL = /^data:(?:image\/[a-z0-9.+-]+)?(?:;[a-z0-9=._+-]+)*;base64,/i;

/** How many of an application's image references are data URLs (stored here, so counted as uploads). */
export function countDataUrlImages(references: ImageReferences): number {
  return [
    references.id_proof_document,
    references.payment_screenshot ?? "",
    references.profile_photo,
    ...references.product_images,
  ].filter((r) => DATA_URL.test(r)).length;
}

/** A data-URL image's bytes, or a refusal when it is larger than an upload may be (checked before decoding). */
function decodeDataUrl(reference: string): Uint8Array | "too_big" | null {
  const head = DATA_URL.exec(reference);
  if (!head) return null;
  const base64 = reference.slice(head[0].length).replace(/\s/g, "");
  if (Math.floor((base64.length * 3) / 4) > IMAGE_MAX_BYTES + 2) return "too_big";
  const bytes = Buffer.from(base64, "base64");
  return bytes.byteLength > IMAGE_MAX_BYTES ? "too_big" : new Uint8Array(bytes);
}

/**
 * POST /api/sellers/submit's path: each image is the address POST /api/upload answered (claimed for its
 * field) or, the spec client's fallback, a data URL stored here within the same byte limit. Images stored
 * for a refused application are removed again.
 */
export async function submitApplicationWithReferences(
  db: DB,
  fields: ApplicationFields,
  references: ImageReferences,
  userId?: number | null,
): Promise<ApplicationResult | Refusal> {
  const refused = pincodeRefusal(fields);
  if (refused) return refused;
  const stored: StoredImage[] = [];
  const resolve = async (
    field: keyof ImageReferences,
    reference: string,
    purpose: UploadPurpose,
  ): Promise<string | Refusal> => {
    const data = decodeDataUrl(reference);
    if (data === "too_big")
      return { ok: false, reason: "too_large", fieldErrors: { [field]: [APPLICATION_MESSAGES.tooBig] } };
    if (data) {
      const image = await storeImage(db, data, purpose);
      if (!image.ok) return { ok: false, reason: image.reason, fieldErrors: { [field]: [image.message] } };
      stored.push(image);
      return image.key;
    }
    return (
      keyFromReference(reference) ?? {
        ok: false,
        reason: "invalid",
        fieldErrors: { [field]: [APPLICATION_MESSAGES.imageNotFound] },
      }
    );
  };
  return keptOnlyIfSubmitted(db, stored, async (): Promise<ApplicationResult | Refusal> => {
    const keys: Partial<Record<"id_proof_document" | "payment_screenshot" | "profile_photo", string>> = {};
    const single = [
      ["id_proof_document", "id_proof_document"],
      ["payment_screenshot", "payment_screenshot"],
      ["profile_photo", "profile_photo"],
    ] as const;
    const present = single.filter(([field]) => references[field] !== undefined);
    // Side by side, as the form's files are; the first refusal in the form's order is the one reported.
    const resolved = await settled([
      ...present.map(([field, purpose]) => resolve(field, references[field]!, purpose)),
      ...references.product_images.map((reference) => resolve("product_images", reference, "product_image")),
    ]);
    const refusal = resolved.find((key): key is Refusal => typeof key !== "string");
    if (refusal) return refusal;
    present.forEach(([field], i) => (keys[field] = resolved[i] as string));
    const product_images = resolved.slice(present.length) as string[];
    return submitApplication(
      db,
      fields,
      {
        id_proof_document: keys.id_proof_document!,
        payment_screenshot: keys.payment_screenshot ?? null,
        profile_photo: keys.profile_photo!,
        product_images,
      },
      userId,
    );
  });
}
