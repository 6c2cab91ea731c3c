import type { DB } from "~db/client";
import { ENQUIRY_STATUS_LABELS, type EnquiryUpdate } from "~/lib/validation/constants";
import { updateEnquiry } from "~/models/enquiries.server";
import type { Actor } from "~/models/audit.server";

// One path for the enquiry detail view's change, from the page, its dialog and the API, with one message.

export async function changeEnquiry(db: DB, actor: Actor, id: number, input: EnquiryUpdate) {
  const result = await updateEnquiry(db, actor, id, input);
  if (!result.ok) return result;
  const who = result.enquiry.name;
  const message = result.changed
    ? `Enquiry from ${who} updated: ${ENQUIRY_STATUS_LABELS[result.enquiry.status]}.`
    : `Enquiry from ${who} is unchanged.`;
  return { ok: true as const, message, enquiry: result.enquiry };
}
