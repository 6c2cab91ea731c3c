import { publicOrigin } from "~/services/public-url.server";
import { robotsTxt } from "~/services/sitemap.server";
import type { Route } from "./+types/robots";

// GET /robots.txt: public pages allowed; the back-office, the API and account pages not; the sitemap's address.
export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(publicOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
