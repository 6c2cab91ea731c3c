import QRCode from "qrcode";
import type { DB } from "~db/client";
import { endOfIndianDay, startOfIndianDay } from "~/lib/dates";
import { type Locale, localePath } from "~/lib/locales";
import {
  countInvitationsSince,
  getInvitation,
  INVITATION_DAYS,
  insertInvitationWithinLimit,
  listInvitations,
  type ReviewInvitation,
} from "~/models/review-invitations.server";
import { isPublicSeller } from "~/models/seller-visibility.server";
import { config } from "./config.server";
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

export type MakeInvitationResult =
  | { ok: true; invitation: ReviewInvitation }
  | { ok: false; status: 409; why: "not_public" }
  | { ok: false; status: 429; why: "limit"; limit: number; retryAfterSeconds: number };

/**
 * A new invitation of the signed-in seller's listing (the caller found `sellerId` by her session): refused
 * while her listing is not public (nobody could write the review) and beyond REVIEW_INVITATIONS_PER_DAY
 * invitations made since the Indian day began (docs/decisions/222-reviews-people-can-trust.md).
 */
export async function makeInvitation(
  db: DB,
  sellerId: number,
  customerName: string | null,
  now = new Date(),
): Promise<MakeInvitationResult> {
  if (!(await isPublicSeller(db, sellerId))) return { ok: false, status: 409, why: "not_public" };
  const limit = config().reviewInvitationsPerDay;
  const invitation = await insertInvitationWithinLimit(
    db,
    sellerId,
    customerName?.trim() || null,
    { since: startOfIndianDay(now), limit },
    now,
  );
  if (invitation) return { ok: true, invitation };
  return {
    ok: false,
    status: 429,
    why: "limit",
    limit,
    retryAfterSeconds: Math.max(1, Math.ceil((endOfIndianDay(now) - now.getTime()) / 1000)),
  };
}

export type InvitationState = "open" | "used" | "expired";

export function invitationState(invitation: ReviewInvitation, now = new Date()): InvitationState {
  if (invitation.used_at) return "used";
  return invitation.expires_at <= now.toISOString() ? "expired" : "open";
}

/**
 * The seller's recent invitations as her dashboard lists them: who, when made, until when, used or not, and
 * the link in the page's language. Never the review written through one: she sees a review only once it
 * is published, like everyone.
 */
export async function dashboardInvitations(db: DB, sellerId: number, locale: Locale, now = new Date()) {
  const [rows, madeToday, canInvite] = await Promise.all([
    listInvitations(db, sellerId, 20),
    countInvitationsSince(db, sellerId, startOfIndianDay(now)),
    isPublicSeller(db, sellerId),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      customerName: row.customer_name,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
      state: invitationState(row, now),
      url: invitationUrl(row.id, locale),
    })),
    madeToday,
    perDay: config().reviewInvitationsPerDay,
    days: INVITATION_DAYS,
    canInvite,
  };
}

export type DashboardInvitations = Awaited<ReturnType<typeof dashboardInvitations>>;

/** One of the seller's own invitations by the id in a URL; undefined for another seller's or none. */
export async function ownInvitation(db: DB, sellerId: number, id: string): Promise<ReviewInvitation | undefined> {
  if (!/^\d{1,12}$/.test(id)) return undefined;
  const invitation = await getInvitation(db, Number(id));
  return invitation?.seller_id === sellerId ? invitation : undefined;
}

const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;

/** The invitation's link as a QR code: an SVG of paths (the qrcode library's, no text of ours in it). */
export function invitationQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...QR_OPTIONS, type: "svg" });
}

/** The same QR code as a PNG, 10 pixels a module: large enough to print on a card. */
export function invitationQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...QR_OPTIONS, type: "png", scale: 10 });
}
