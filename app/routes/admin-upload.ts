import { getDb } from "~db/client";
import { requirePermission } from "~/services/session.server";
import { orUploadsDown, uploadsDownHeaders, webStream } from "~/services/upload-store.server";
import { openPrivateUpload } from "~/services/uploads.server";
import type { Route } from "./+types/admin-upload";

// GET /admin/uploads/:key — a private upload (ID document or payment screenshot), for admins only
// (docs/decisions/019-private-documents-masked-aadhaar.md).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requirePermission(request, "sellers.documents", context);
  const file = await orUploadsDown(() => openPrivateUpload(getDb(), params.key));
  if (file && "retryAfterSeconds" in file)
    return new Response(file.message, {
      status: file.status,
      headers: { ...uploadsDownHeaders(file), "Content-Type": "text/plain; charset=utf-8" },
    });
  if (!file)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // Streamed from the store (folder or bucket), never read whole into memory.
  return new Response(webStream(file.stream), {
    // Cache-Control: private, no-store, the sandbox CSP and nosniff are set by the server for every path
    // under /admin/uploads (server/app.ts), `.data` included.
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(file.size),
      "Content-Disposition": `inline; filename="${params.key}"`,
    },
  });
}
