import type { DB } from "~db/client";
import { formatRupees, planById } from "~/lib/constants";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import type { ApplicationFields } from "~/lib/validation/application";
import { UPLOAD_PURPOSES, type UploadPurpose } from "~/lib/validation/constants";
import { RefusedChange } from "~/lib/refusal";
import { sellerProfileColumns } from "~/lib/seller-fields";
import { checkedPincodeColumns } from "~db/pincodes";
import { queueVariantJobs } from "./image-variant-jobs.server";
import { setSellerCategories } from "./seller-categories.server";
import { UNASSIGNED_PURPOSE } from "./uploads.server";
import { subcategoriesOutside, unknownCategories } from "./categories.server";

// The paid listing application (docs/decisions/016-application-starts-pending-unpaid.md): a pending, unpaid seller with
// its category links, the images it references, and a notification for the admin dashboard — all in one transaction.

export interface ApplicationImages {
  id_proof_document: string;
  /** null when she pays online instead */
  payment_screenshot: string | null;
  profile_photo: string;
  product_images: string[];
}

export type ApplicationResult =
  | { ok: true; sellerId: number; amount: number; months: number; renewal: boolean }
  | { ok: false; reason: "invalid" | "conflict"; fieldErrors: Record<string, string[]> };

/**
 * Aadhaar numbers are kept masked: only the last four digits (docs/decisions/019-private-documents-masked-aadhaar.md).
 */
export function maskAadhaar(digits: string | undefined): string | null {
  return digits ? `XXXX-XXXX-${digits.slice(-4)}` : null;
}

const refuse = (reason: "invalid" | "conflict", field: string, message: string) =>
  new RefusedChange(reason, { [field]: [message] });

export async function isPaymentReferenceUsed(db: DB, reference: string, exceptSellerId?: number): Promise<boolean> {
  let q = db.selectFrom("sellers").select("id").where("payment_reference", "=", reference);
  if (exceptSellerId) q = q.where("id", "!=", exceptSellerId);
  return !!(await q.executeTakeFirst());
}

export async function createApplication(
  db: DB,
  fields: ApplicationFields,
  images: ApplicationImages,
  options: { userId?: number | null } = {},
): Promise<ApplicationResult> {
  const plan = planById(fields.plan);
  if (!plan) return { ok: false, reason: "invalid", fieldErrors: { plan: [APPLICATION_MESSAGES.plan] } };
  const categoryIds = [...new Set(fields.category_ids)];
  const subcategoryIds = [...new Set(fields.subcategory_ids)];
  try {
    const saved = await db.transaction().execute(async (trx) => {
      const place = checkedPincodeColumns(fields.pincode);
      if ((await unknownCategories(trx, categoryIds)).length)
        throw refuse("invalid", "category_ids", APPLICATION_MESSAGES.categoryUnknown);
      if ((await subcategoriesOutside(trx, categoryIds, subcategoryIds)).length) {
        throw refuse("invalid", "subcategory_ids", APPLICATION_MESSAGES.subcategoryUnknown);
      }
      // A signed-in seller's application completes (or renews) the account's own listing: never a second row.
      const own = options.userId
        ? await trx
            .selectFrom("sellers")
            .select(["id", "payment_screenshot", "subscription_months"])
            .where("user_id", "=", options.userId)
            .orderBy("id", "desc")
            .executeTakeFirst()
        : undefined;
      // Applied before (with a screenshot, or for a plan paid online): this one renews.
      const renewal = !!own && (own.payment_screenshot !== null || own.subscription_months !== null);
      if (fields.payment_reference && (await isPaymentReferenceUsed(trx, fields.payment_reference, own?.id))) {
        throw refuse("conflict", "payment_reference", APPLICATION_MESSAGES.utrUsed);
      }

      // Every referenced image must be an unclaimed upload, stored for this field's purpose or for none
      // (the spec's client uploads without one), and each is claimed once, by this application.
      const wanted: [string, UploadPurpose][] = [
        [images.id_proof_document, "id_proof_document"],
        ...(images.payment_screenshot
          ? [[images.payment_screenshot, "payment_screenshot"] as [string, UploadPurpose]]
          : []),
        [images.profile_photo, "profile_photo"],
        ...images.product_images.map((k): [string, UploadPurpose] => [k, "product_image"]),
      ];
      const rows = await trx
        .selectFrom("uploads")
        .select(["key", "purpose", "seller_id", "visibility"])
        .where(
          "key",
          "in",
          wanted.map(([k]) => k),
        )
        .execute();
      const claimed = new Set<string>();
      for (const [key, purpose] of wanted) {
        const row = rows.find((r) => r.key === key);
        if (
          !row ||
          (row.purpose !== purpose && row.purpose !== UNASSIGNED_PURPOSE) ||
          row.seller_id !== null ||
          claimed.has(key)
        ) {
          const field = purpose === "product_image" ? "product_images" : purpose;
          throw refuse("invalid", field, APPLICATION_MESSAGES.imageNotFound);
        }
        claimed.add(key);
      }

      const stamp = new Date().toISOString();
      const application = {
        owner_name: fields.name,
        email: fields.email,
        mobile: fields.mobile,
        ...sellerProfileColumns(fields),
        ...place,
        opening_hours: fields.opening_hours ? JSON.stringify(fields.opening_hours) : null,
        profile_photo: images.profile_photo,
        product_images: JSON.stringify(images.product_images),
        id_proof_type: fields.id_proof_type,
        id_proof_document: images.id_proof_document,
        aadhaar_number: fields.id_proof_type === "aadhaar" ? maskAadhaar(fields.aadhaar_number) : null,
        // A renewal paid online keeps the earlier screenshot.
        ...(images.payment_screenshot || !renewal ? { payment_screenshot: images.payment_screenshot } : {}),
        payment_reference: fields.payment_reference ?? null,
        payment_status: "pending" as const,
        amount_paid: plan.amount,
        subscription_months: plan.months,
        updated_at: stamp,
      };
      // A new listing starts pending and unpaid (docs/decisions/016-application-starts-pending-unpaid.md); a renewal
      // keeps the live listing as it is until the team confirms the new payment.
      const newListing = { status: "pending" as const, is_paid: 0, is_verified: 0, is_featured: 0 };
      let seller: { id: number };
      if (own) {
        seller = { id: own.id };
        await trx
          .updateTable("sellers")
          .set(renewal ? { ...application, renewal_requested_at: stamp } : { ...application, ...newListing })
          .where("id", "=", own.id)
          .execute();
      } else {
        seller = await trx
          .insertInto("sellers")
          .values({ ...application, ...newListing, user_id: options.userId ?? null, created_at: stamp })
          .returning("id")
          .executeTakeFirstOrThrow();
      }
      await setSellerCategories(trx, seller.id, categoryIds, subcategoryIds);
      for (const [key, purpose] of wanted) {
        await trx
          .updateTable("uploads")
          .set({ seller_id: seller.id, purpose, visibility: UPLOAD_PURPOSES[purpose] })
          .where("key", "=", key)
          .execute();
      }
      // The smaller copies of images this application makes public are written in the background, queued
      // with it (an image stored public had its copies queued when it was stored).
      await queueVariantJobs(
        trx,
        wanted
          .filter(
            ([key, purpose]) =>
              UPLOAD_PURPOSES[purpose] === "public" && rows.find((r) => r.key === key)?.visibility !== "public",
          )
          .map(([key]) => key),
      );
      await trx
        .insertInto("notifications")
        .values({
          title: renewal ? "Renewal application" : "New listing application",
          message: `${fields.business_name} (${fields.name}, ${fields.city}) applied for the ${plan.name} plan: ${formatRupees(plan.amount)} for ${plan.months} month${plan.months === 1 ? "" : "s"}.`,
          payment_reference: fields.payment_reference ?? null,
          type: "application",
          link: `/admin/sellers/${seller.id}`,
          is_read: 0,
          created_at: stamp,
        })
        .execute();
      return { id: seller.id, renewal };
    });
    return { ok: true, sellerId: saved.id, amount: plan.amount, months: plan.months, renewal: saved.renewal };
  } catch (error) {
    if (error instanceof RefusedChange) return { ok: false, reason: error.reason, fieldErrors: error.fieldErrors };
    // Two applications racing for one UTR: the unique index decides.
    if (error instanceof Error && /UNIQUE constraint failed: sellers\.payment_reference/.test(error.message)) {
      return { ok: false, reason: "conflict", fieldErrors: { payment_reference: [APPLICATION_MESSAGES.utrUsed] } };
    }
    throw error;
  }
}
