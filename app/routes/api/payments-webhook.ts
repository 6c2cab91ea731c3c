import { getDb } from "~db/client";
import { jsonError, methodNotAllowed } from "~/services/api.server";
import { readBytesWithin } from "~/services/forms.server";
import { receiveWebhook, WEBHOOK_MAX_BYTES } from "~/services/payments/index.server";
import type { Route } from "./+types/payments-webhook";

export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/payments/webhook — the payment gateway's signed events (docs/operations.md, "Online payments").
// The raw bytes are what the signature covers: read them as they came, parse nothing here.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const raw = await readBytesWithin(request, WEBHOOK_MAX_BYTES);
  if (raw === null) return jsonError("The webhook body is too large.", 413);
  const answer = await receiveWebhook(getDb(), raw, request.headers);
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
