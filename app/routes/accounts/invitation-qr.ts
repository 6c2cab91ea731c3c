import { getDb } from "~db/client";
import { isLocale } from "~/lib/locales";
import { getOwnListing } from "~/models/seller-account.server";
import { siteLocales } from "~/services/i18n.server";
import { invitationQrPng, invitationQrSvg, invitationUrl, ownInvitation } from "~/services/review-invitations.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/invitation-qr";

// GET /seller-dashboard/invitations/:id/qr.png and …/qr.svg?lang=hi-IN — the QR code of one of the signed-in
// seller's invitations (docs/decisions/222-reviews-people-can-trust.md), encoding its link in the language
// asked for (the dashboard's). Another seller's invitation, or none, is a 404: the id is all a URL carries.

const plain = (text: string, status: number) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, { roles: ["seller"], loginPath: "/seller-login" });
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang") ?? "en-IN";
  if (!isLocale(lang) || !siteLocales().includes(lang)) return plain("Unknown language", 400);
  const db = getDb();
  const listing = await getOwnListing(db, user.id);
  const invitation = listing ? await ownInvitation(db, listing.id, params.id) : undefined;
  if (!invitation) return plain("Invitation not found", 404);
  const link = invitationUrl(invitation.id, lang);
  const headers = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };
  if (url.pathname.endsWith(".png"))
    return new Response(new Uint8Array(await invitationQrPng(link)), {
      headers: { ...headers, "Content-Type": "image/png" },
    });
  return new Response(await invitationQrSvg(link), {
    headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" },
  });
}
