import { Link } from "react-router";
import { COMING_SOON_MESSAGE } from "~/lib/constants";
import type { Route } from "./+types/coming-soon";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { privatePageMeta } from "~/lib/seo";

export function meta() {
  return privatePageMeta("Coming Soon");
}

export function loader({ request }: Route.LoaderArgs) {
  const section = new URL(request.url).searchParams.get("section");
  return { section: section === "events" ? "Events" : section === "programs" ? "Programs" : "Programs and Events" };
}

// The no-JavaScript target of the Programs and Events links (with JavaScript they show an alert).
export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container section empty-state">
      <div className="icon" aria-hidden="true">
        ✨
      </div>
      <h1>{loaderData.section}</h1>
      <p className="muted" role="status">
        {COMING_SOON_MESSAGE}
      </p>
      <Link to="/directory" className="btn btn-primary">
        Explore the Directory
      </Link>
    </div>
  );
}
