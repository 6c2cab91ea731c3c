import { getDb } from "~db/client";
import { requirePermission } from "~/services/session.server";
import { readPrivateUpload } from "~/services/uploads.server";
import type { Route } from "./+types/admin-upload";

// GET /admin/uploads/:key — a private upload (ID document or payment screenshot), for admins only
// (docs/decisions/019-private-documents-masked-aadhaar.md).
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "sellers.documents");
  const file = await readPrivateUpload(getDb(), params.key);
  if (!file)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.data), {
    // Cache-Control: private, no-store, the sandbox CSP and nosniff are set by the server for every path
    // under /admin/uploads (server/app.ts), `.data` included.
    headers: { "Content-Type": file.mime, "Content-Disposition": `inline; filename="${params.key}"` },
  });
}
