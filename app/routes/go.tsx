import { Link } from "react-router";
import { getDb } from "~db/client";
import { BadLinkPage } from "~/components/bad-link";
import { privatePageMeta } from "~/lib/seo";
import { publicOrigin } from "~/services/public-url.server";
import { LEAD_LINK_NOT_FOUND } from "~/lib/leads";
import { countLeadLinkTap, LEAD_LINK_HEADERS, resolveLeadLink } from "~/services/leads.server";
import type { Route } from "./+types/go";

// /go/{sellerId}/{target}: the counting redirect of a profile's WhatsApp, call, website, social and share
// links (docs/decisions/176-leads-first-party-redirect-not-script.md). A 302 to the seller's own stored link only
// (never an address from the request); 404 with a page saying so for an unknown target or seller, a listing that is not
// public, or a link she has not set. Counted here, on the server, so taps count without JavaScript and from cached
// pages.

export function meta() {
  return privatePageMeta("Link not available");
}

export function headers() {
  return LEAD_LINK_HEADERS;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tap = await resolveLeadLink(getDb(), params, publicOrigin(request));
  countLeadLinkTap(tap, request, context.clientAddress);
  return new Response(null, { status: 302, headers: { Location: tap.url, ...LEAD_LINK_HEADERS } });
}

/** Never shown: the loader always redirects or refuses. */
export default function Go() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BadLinkPage error={error} title="Link not available" fallback={LEAD_LINK_NOT_FOUND}>
      <Link to="/directory" className="btn btn-primary">
        Back to Directory
      </Link>
    </BadLinkPage>
  );
}
