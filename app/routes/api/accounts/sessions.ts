import { z } from "zod";
import { getDb } from "~db/client";
import { jsonError, methodNotAllowed, readJsonForm } from "~/services/api.server";
import { writeAudit } from "~/models/audit.server";
import { startSession, userJson } from "~/services/auth.server";
import { finishGoogleSignIn } from "~/services/google-oidc.server";
import type { Route } from "./+types/sessions";

const bodySchema = z.object({
  code: z.string({ error: "Cannot exchange code for session token: no code provided" }).min(1, "Cannot exchange code for session token: no code provided").max(2048),
  // The spec's client sends only the code; the state bound to this browser by its cookie is checked
  // either way, and a state that is sent must be that one.
  state: z.string().max(512).nullish().transform((s) => s || null),
  iss: z.string().max(2048).nullish(),
});

export const loader = () => methodNotAllowed("POST");

// POST /api/sessions {code, state?, iss?} → exchanges the provider's code once and starts the session.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readJsonForm(request, { schema: bodySchema, sameOrigin: true });
  if (!form.ok) return form.response;
  const db = getDb();
  const result = await finishGoogleSignIn(db, request, form.data, context.clientAddress);
  await writeAudit(db, {
    action: result.ok ? "google.login.success" : "google.login.failure",
    actorUserId: result.ok ? result.user.id : null,
    actorEmail: result.ok ? result.user.email : null,
    ip: context.clientAddress,
    details: result.ok ? { portal: "google" } : { portal: "google", status: result.status },
  });
  if (!result.ok) return jsonError(result.error, result.status);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await startSession(request, result.user.id, context.clientAddress));
  headers.append("Set-Cookie", result.clearCookie);
  return Response.json({ success: true, user: userJson(result.user) }, { status: 201, headers });
}
