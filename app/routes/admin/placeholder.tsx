import { data } from "react-router";
import { placeholderFor } from "~/lib/admin-nav";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/placeholder";
import { privatePageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ data: d }) => privatePageMeta(`${d?.title ?? "Admin"} | Admin`);

// One module for the portal pages still to come; each URL is guarded with its own role rule.
function guard(request: Request, context: Route.LoaderArgs["context"]) {
  const section = placeholderFor(new URL(request.url).pathname);
  // An unknown /admin path is a 404 for any staff member (and guarded like the rest).
  requirePermission(request, section?.permission ?? "dashboard.view", context);
  if (!section) throw data("Not found", { status: 404 });
  return section;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const section = guard(request, context);
  return { title: section.title, text: section.text };
}

export async function action({ request, context }: Route.ActionArgs) {
  guard(request, context);
  throw data("This page has no actions yet.", { status: 405 });
}

export default function AdminPlaceholder({ loaderData }: Route.ComponentProps) {
  return (
    <div className="stack">
      <h1 className="admin-title">{loaderData.title}</h1>
      <div className="card card-pad empty-state">
        <div className="icon" aria-hidden="true">
          🚧
        </div>
        <p className="muted">{loaderData.text}</p>
      </div>
    </div>
  );
}
