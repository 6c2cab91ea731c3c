import { getDb } from "~db/client";
import { parseId } from "~/lib/validation/params";
import { getPublicSeller } from "~/models/sellers.server";
import { sellerShareCard, siteShareCard } from "~/services/share-card.server";
import type { Route } from "./+types/share-card";

// GET /share/seller/{id}/{hash}.jpg — a public seller's 1200×630 share card (og:image). The hash names
// what the card shows, so its address changes with it and the bytes may be kept for a year; an old hash
// redirects to the current card. Not public (hidden, expired, unknown): 404.
// GET /share/site.jpg — the site's own card.
const NOT_FOUND = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
  });

function jpeg(bytes: Buffer, cacheControl: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Cache-Control": cacheControl,
      "Content-Length": String(bytes.byteLength),
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

export async function loader({ params }: Route.LoaderArgs) {
  if (!params.id) return jpeg(await siteShareCard(), "public, max-age=86400");
  const id = parseId(params.id);
  const hash = /^([a-f0-9]{16})\.jpg$/.exec(params.file ?? "")?.[1];
  if (!id || !hash) return NOT_FOUND();
  const seller = await getPublicSeller(getDb(), id);
  if (!seller) return NOT_FOUND();
  const card = await sellerShareCard(seller, hash);
  if ("moved" in card)
    return new Response(null, { status: 302, headers: { Location: card.moved, "Cache-Control": "no-cache" } });
  return jpeg(card.bytes, "public, max-age=31536000, immutable");
}
