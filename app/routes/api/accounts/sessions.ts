import { z } from "zod";
import { getDb } from "~db/client";
import { firstIssueMessage, jsonError, methodNotAllowed, readJsonBody } from "~/services/api.server";
import { writeAudit } from "~/models/audit.server";
import { startSession, userJson } from "~/services/auth.server";
import { crossOriginRefusal, isCrossOrigin } from "~/services/csrf.server";
import { finishGoogleSignIn } from "~/services/google-oidc.server";
import type { Route } from "./+types/sessions";

const bodySchema = z.object({
  code: z.string({ error: "Cannot exchange code for session token: no code provided" }).min(1, "Cannot exchange code for session token: no code provided").max(2048),
  state: z.string({ error: "state is required" }).min(1, "state is required").max(512),
  iss: z.string().max(2048).nullish(),
});

export const loader = () => methodNotAllowed("POST");

// POST /api/sessions {code, state, iss?} → exchanges the provider's code once and starts the session.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (isCrossOrigin(request)) return crossOriginRefusal();
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const parsed = bodySchema.safeParse(read.body ?? {});
  if (!parsed.success) return jsonError(firstIssueMessage(parsed.error), 400);
  const db = getDb();
  const result = await finishGoogleSignIn(db, request, parsed.data);
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
