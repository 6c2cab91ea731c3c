import { getDb } from "~db/client";
import { parseId } from "~/lib/validation/params";
import { getPublicSeller } from "~/models/sellers.server";
import { sellerShareCard, shareCardLanguageOfMark, siteShareCard } from "~/services/share-card.server";
import type { Route } from "./+types/share-card";

// GET /share/seller/{id}/{hash}.jpg — a public seller's 1200×630 share card (og:image). The hash names
// what the card shows, so its address changes with it and the bytes may be kept for a year; an old hash
// redirects to the current card. Not public (hidden, expired, unknown): 404. `<hash>.hi.jpg` and
// `<hash>.kn.jpg` are the Hindi and Kannada cards; a language this server has no font for redirects to the
// English card.
// GET /share/site.jpg (and site.hi.jpg, site.kn.jpg) — the site's own card.
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

const moved = (location: string) =>
  new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-cache" } });

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!params.id) {
    const mark = /^\/share\/site(?:\.([a-z]{2}))?\.jpg$/.exec(new URL(request.url).pathname)?.[1];
    const site = await siteShareCard(shareCardLanguageOfMark(mark));
    return "moved" in site ? moved(site.moved) : jpeg(site.bytes, "public, max-age=86400");
  }
  const id = parseId(params.id);
  const file = /^([a-f0-9]{16})(?:\.([a-z]{2}))?\.jpg$/.exec(params.file ?? "");
  const language = shareCardLanguageOfMark(file?.[2]);
  if (!id || !file || !language) return NOT_FOUND();
  const seller = await getPublicSeller(getDb(), id);
  if (!seller) return NOT_FOUND();
  const card = await sellerShareCard(seller, file[1]!, language);
  if ("moved" in card) return moved(card.moved);
  return jpeg(card.bytes, "public, max-age=31536000, immutable");
}
