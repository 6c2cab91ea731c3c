import { getDb } from "~db/client";
import { publicOrigin } from "~/services/public-url.server";
import { sitemapFile, sitemapIndex } from "~/services/sitemap.server";
import type { Route } from "./+types/sitemap";

// GET /sitemap.xml (the index) and GET /sitemaps/{pages|sellers}-N.xml (its files, streamed). Stores
// may keep them but must ask again each time (`no-cache`): a hidden or expired seller leaves at once.
const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, no-cache" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  if (!params.file) return new Response(await sitemapIndex(getDb(), origin), { headers: XML_HEADERS });
  const stream = await sitemapFile(getDb(), origin, params.file);
  if (!stream)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
    });
  return new Response(stream, { headers: XML_HEADERS });
}
