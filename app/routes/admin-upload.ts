import { getDb } from "~db/client";
import { requirePermission } from "~/services/session.server";
import { readPrivateUpload } from "~/services/uploads.server";
import type { Route } from "./+types/admin-upload";

// GET /admin/uploads/:key — a private upload (ID document or payment screenshot), for admins only (decision 18).
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "sellers.documents");
  const file = await readPrivateUpload(getDb(), params.key);
  if (!file)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.mime,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": `inline; filename="${params.key}"`,
    },
  });
}
