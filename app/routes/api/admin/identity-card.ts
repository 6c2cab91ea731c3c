import { getDb } from "~db/client";
import { parseId } from "~/lib/validation/params";
import { getAdminSeller } from "~/models/sellers-admin.server";
import { jsonError } from "~/services/api.server";
import { cardPhotoDataUri, identityCardFileName, renderIdentityCard } from "~/services/identity-card.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/identity-card";
import { publicOrigin } from "~/services/public-url.server";
import { identityCardHint } from "~/lib/subscription";

// GET /api/admin/sellers/{id}/identity-card?format=view|download → image/svg+xml, only for a seller who
// is verified, paid and active (otherwise 409 with the spec's hint).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requirePermission(request, "sellers.manage", context);
  const url = new URL(request.url);
  const format = url.searchParams.get("format") ?? "view";
  if (format !== "view" && format !== "download") return jsonError("format must be view or download", 400);
  const id = parseId(params.id);
  const seller = id ? await getAdminSeller(getDb(), id) : undefined;
  if (!seller) return jsonError("Seller not found", 404);
  const hint = identityCardHint(seller);
  if (hint) return jsonError(hint, 409);
  const svg = renderIdentityCard(seller, {
    profileUrl: `${publicOrigin(request)}/seller/${seller.id}`,
    photoDataUri: await cardPhotoDataUri(seller.profile_photo),
  });
  const disposition = format === "download" ? `attachment; filename="${identityCardFileName(seller)}"` : "inline";
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Content-Disposition": disposition,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      // The card runs no script, whatever a seller's text holds.
      "Content-Security-Policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    },
  });
}
