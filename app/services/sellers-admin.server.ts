import type { Actor } from "~/models/audit.server";
import type { DB } from "~db/client";
import type { AdminSellerInput, SellerIntent } from "~/lib/validation/sellers-admin";
import { planOf, SITE_NAME } from "~/lib/constants";
import { localeOr, localePath } from "~/lib/locales";
import type { OutgoingMail } from "~/models/mail-outbox.server";
import { SELLER_IMAGE_FIELDS } from "~/lib/validation/constants";
import { ADMIN_RECORD_ALIASES, adminSellerFormValues } from "~/lib/seller-fields";
import { publicUploadUrl } from "~/lib/upload-urls";
import {
  applySellerAction,
  approvalRecipients,
  type EditorImages,
  emailVerifiedJson,
  getSellerForEditor,
  saveAdminSeller,
  type SaveSellerResult,
  uploadsOfSellers,
} from "~/models/sellers-admin.server";
import { findUploads } from "~/models/uploads.server";
import { translatorFor } from "./i18n.server";
import { mailEndDate } from "./seller-mails.server";
import { sendMailLater } from "./mail.server";
import { discardImages, privateUploadUrl, storeImage, type StoredImage } from "./uploads.server";
import type { SellerAction } from "~/lib/subscription";

// One path for every sellers change of the back-office (page actions and /api twins): the model's
// transaction, then what follows a commit (approval emails, removing a deleted seller's files).

/** "Your listing is live": each approved seller's mail, in her language. */
async function approvalMails(db: DB, ids: number[]): Promise<OutgoingMail[]> {
  return (await approvalRecipients(db, ids)).map((s) => {
    const locale = localeOr(s.language);
    const t = translatorFor(locale);
    const business = s.business_name || t("mails.approval.yourBusiness");
    const end = s.subscription_end_date && mailEndDate(s.subscription_end_date, locale);
    return {
      to: s.email,
      sellerId: s.id,
      subject: t("mails.approval.subject", { site: SITE_NAME }),
      text: [
        t("mails.dear", { name: s.owner_name }),
        "",
        end
          ? t("mails.approval.listedUntil", { business, site: SITE_NAME, end })
          : t("mails.approval.listed", { business, site: SITE_NAME }),
        t("mails.approval.profile", { url: localePath(locale, `/seller/${s.id}`) }),
        "",
        t("mails.signoff", { site: SITE_NAME }),
      ].join("\n"),
    };
  });
}

export type SellerChange =
  | { ok: true; message: string }
  | { ok: false; reason: "invalid" | "forbidden" | "not_found" | "conflict"; message: string };

const BULK_LABEL: Record<string, string> = {
  approve: "approve",
  deactivate: "deactivate",
  verify: "verify",
  feature: "feature",
};

function messageFor(intent: SellerIntent): string {
  if (intent.intent === "bulk") return `Bulk action ${BULK_LABEL[intent.bulk_action]} completed successfully`;
  if (intent.intent === "delete") return "Seller deleted successfully.";
  switch (intent.action) {
    case "verify":
      return "Seller verified successfully!";
    case "mark_paid":
      return "Payment marked as received.";
    default:
      return "Seller updated successfully.";
  }
}

export async function changeSellers(db: DB, actor: Actor, intent: SellerIntent): Promise<SellerChange> {
  const ids = intent.intent === "bulk" ? intent.ids : [intent.id];
  const action: SellerAction =
    intent.intent === "bulk" ? intent.bulk_action : intent.intent === "delete" ? "delete" : intent.action;
  const files = action === "delete" ? await uploadsOfSellers(db, ids) : [];
  const result = await applySellerAction(db, actor, ids, action);
  if (!result.ok) return result;
  if (files.length) await discardImages(db, files);
  const mails = await approvalMails(db, result.approved);
  if (mails.length) await sendMailLater(db, mails);
  return { ok: true, message: messageFor(intent) };
}

export type EditorFiles = Partial<Record<keyof EditorImages, File | undefined>>;

/**
 * The seller editor's path (page and PUT /api/sellers/admin/{id}): each chosen image is checked by its
 * content and stored for its field, the model saves everything in one transaction, and then the images
 * it replaced are removed and a seller who went live gets the approval email. A refused save keeps none
 * of the new images.
 */
export async function saveSellerFromEditor(
  db: DB,
  actor: Actor,
  id: number | null,
  input: AdminSellerInput,
  files: EditorFiles = {},
): Promise<SaveSellerResult> {
  const stored: StoredImage[] = [];
  const images: EditorImages = {};
  try {
    for (const field of SELLER_IMAGE_FIELDS) {
      const file = files[field];
      if (!file) continue;
      const image = await storeImage(db, new Uint8Array(await file.arrayBuffer()), field);
      if (!image.ok) {
        await discardImages(db, stored);
        return { ok: false, reason: image.reason, fieldErrors: { [field]: [image.message] } };
      }
      stored.push(image);
      images[field] = image.key;
    }
    const result = await saveAdminSeller(db, actor, id, input, images);
    if (!result.ok) {
      await discardImages(db, stored);
      return result;
    }
    const replaced = await findUploads(db, result.replaced);
    if (replaced.length) await discardImages(db, replaced);
    if (result.wentLive) {
      const mails = await approvalMails(db, [result.id]);
      if (mails.length) await sendMailLater(db, mails);
    }
    return result;
  } catch (error) {
    await discardImages(db, stored);
    throw error;
  }
}

type EditorRecord = NonNullable<Awaited<ReturnType<typeof getSellerForEditor>>>;

/** The stored seller under the editor's names with a JSON body's fields over it (either vocabulary). */
export function editorValuesWith(editor: EditorRecord, body: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = adminSellerFormValues(editor.row, editor.categoryIds, editor.subcategoryIds);
  // A JSON null clears a field, as an emptied input does.
  for (const [key, value] of Object.entries(body))
    values[ADMIN_RECORD_ALIASES[key] ?? key] = value === null ? "" : value;
  // The record's amount and months stand for the package.
  if (!("plan" in body) && ("amount_paid" in body || "subscription_months" in body)) {
    const amount = Number(body.amount_paid ?? editor.row.amount_paid);
    const months = body.subscription_months ?? editor.row.subscription_months;
    values.plan = planOf(amount, months == null ? null : Number(months))?.id ?? (amount === 0 ? "" : "unknown");
  }
  // Empty means not given, as conform reads a form.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
}

/** GET /api/sellers/admin/{id}: the spec's admin view of a seller, images as the addresses staff can open. */
export async function adminSellerRecord(db: DB, editor: EditorRecord) {
  const { row, categoryIds, subcategoryIds } = editor;
  return {
    id: row.id,
    owner_name: row.owner_name,
    business_name: row.business_name,
    email: row.email,
    mobile: row.mobile,
    city: row.city,
    locality: row.locality,
    address: row.address,
    business_description: row.description,
    tagline_new: row.tagline,
    price_range: row.price_range,
    categories: row.category_names,
    category_ids: categoryIds,
    subcategory_ids: subcategoryIds,
    website: row.website,
    whatsapp_link: row.whatsapp_link,
    facebook_link: row.facebook_link,
    instagram: row.instagram,
    youtube_link: row.youtube_link,
    profile_photo: publicUploadUrl(row.profile_photo),
    id_proof_type: row.id_proof_type,
    id_proof_document: row.id_proof_document ? privateUploadUrl(row.id_proof_document) : null,
    aadhaar_number: row.aadhaar_number,
    gst_number: row.gst_number,
    payment_screenshot: row.payment_screenshot ? privateUploadUrl(row.payment_screenshot) : null,
    payment_reference: row.payment_reference,
    payment_status: row.payment_status,
    subscription_start_date: row.subscription_start_date,
    subscription_end_date: row.subscription_end_date,
    subscription_months: row.subscription_months,
    amount_paid: row.amount_paid,
    status: row.status,
    is_verified: row.is_verified === 1,
    // The account's email (the verification link or Google), not the listing's `is_verified`: null without an account.
    email_verified: emailVerifiedJson(editor.accountEmail),
    is_featured: row.is_featured === 1,
    is_paid: row.is_paid === 1,
    admin_notes: row.admin_notes,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
