import { data, Link } from "react-router";
import { parseId } from "~/lib/schemas";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/seller-edit";

export const meta: Route.MetaFunction = () => [{ title: "Edit Seller | Admin | BWP Directory" }, { name: "robots", content: "noindex" }];

// /admin/sellers/edit/:id — the full-page seller edit (outside the sidebar layout, guarded on its own).
// The form itself comes with the admin portal pages.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "sellers.manage");
  const id = parseId(params.id);
  if (!id) throw data("Seller Not Found", { status: 404 });
  return { id };
}

export async function action({ request }: Route.ActionArgs) {
  await requirePermission(request, "sellers.manage");
  throw data("Updating sellers is not available yet.", { status: 405 });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function AdminSellerEdit({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container section stack">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h1 style={{ margin: 0 }}>Edit Seller: #{loaderData.id}</h1>
        <Link to="/admin/sellers" className="btn btn-sm">Back to Sellers</Link>
      </div>
      <div className="card card-pad empty-state"><p className="muted">The seller edit form arrives with the admin portal pages.</p></div>
    </div>
  );
}
