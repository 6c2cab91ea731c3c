import { getDb } from "~db/client";
import { refuseCrossOrigin } from "~/services/csrf.server";
import { publicOrigin } from "~/services/public-url.server";
import { countLeadLinkTap, LEAD_LINK_HEADERS, resolveLeadLink } from "~/services/leads.server";
import type { Route } from "./+types/go-count";

// POST /go/{sellerId}/{target}/count: the Web Share button's beacon (the system share sheet has no link
// to go through). Counted as the redirect counts; 204, or 404 as the redirect refuses.

export async function action({ params, request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  refuseCrossOrigin(request);
  const tap = await resolveLeadLink(getDb(), params, publicOrigin(request));
  countLeadLinkTap(tap, request, context.clientAddress);
  return new Response(null, { status: 204, headers: LEAD_LINK_HEADERS });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
