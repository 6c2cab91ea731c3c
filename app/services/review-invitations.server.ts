import type { DB } from "~db/client";
import { type Locale, localePath } from "~/lib/locales";
import { getInvitation, type ReviewInvitation } from "~/models/review-invitations.server";
import { mailLinkOrigin } from "./public-url.server";
import { signToken, verifyToken } from "./signed-token.server";

// The link of a seller's invitation to review her: /write-a-review/{id}/{token} (in the customer's
// language: /hi/…, /kn/…), the token an HMAC of the id (docs/decisions/222-reviews-people-can-trust.md).

const PURPOSE = "review-invitation:v1\n";
export const INVITATION_PATH = "/write-a-review";

export function invitationToken(id: number): string {
  return signToken(PURPOSE, String(id));
}

/** The invitation's path in a language (for the page's links and the QR code's absolute URL). */
export function invitationPath(id: number, locale: Locale): string {
  return localePath(locale, `${INVITATION_PATH}/${id}/${invitationToken(id)}`);
}

/** The absolute link to share (WhatsApp, SMS, the QR code). */
export function invitationUrl(id: number, locale: Locale): string {
  return `${mailLinkOrigin()}${invitationPath(id, locale)}`;
}

export type InvitationCheck =
  | { ok: true; invitation: ReviewInvitation }
  | { ok: false; status: 404; why: "unknown" }
  | { ok: false; status: 410; why: "used" | "expired"; invitation: ReviewInvitation };

/** Reads an invitation link's id and token: unknown (or a forged token), used, expired, or usable. */
export async function checkInvitation(db: DB, id: string, token: string, now = new Date()): Promise<InvitationCheck> {
  if (!/^\d{1,12}$/.test(id) || token.length > 128 || !verifyToken(PURPOSE, id, token))
    return { ok: false, status: 404, why: "unknown" };
  const invitation = await getInvitation(db, Number(id));
  if (!invitation) return { ok: false, status: 404, why: "unknown" };
  if (invitation.used_at) return { ok: false, status: 410, why: "used", invitation };
  if (invitation.expires_at <= now.toISOString()) return { ok: false, status: 410, why: "expired", invitation };
  return { ok: true, invitation };
}
