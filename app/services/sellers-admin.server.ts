import type { DB } from "~db/client";
import type { SellerIntent } from "~/lib/admin-schemas";
import { applySellerAction, approvalMails, type Actor, type SellerAction, uploadsOfSellers } from "~/models/sellers-admin.server";
import { sendMailLater } from "./mailer.server";
import { discardImages } from "./uploads.server";

// One path for every sellers change of the back-office (page actions and /api twins): the model's
// transaction, then what follows a commit (approval emails, removing a deleted seller's files).

export type SellerChange = { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409; message: string };

const BULK_LABEL: Record<string, string> = { approve: "approve", deactivate: "deactivate", verify: "verify", feature: "feature" };

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
  const action: SellerAction = intent.intent === "bulk" ? intent.bulk_action : intent.intent === "delete" ? "delete" : intent.action;
  const files = action === "delete" ? await uploadsOfSellers(db, ids) : [];
  const result = await applySellerAction(db, actor, ids, action);
  if (!result.ok) return result;
  if (files.length) await discardImages(db, files);
  const mails = await approvalMails(db, result.approved);
  if (mails.length) sendMailLater(db, mails);
  return { ok: true, message: messageFor(intent) };
}
