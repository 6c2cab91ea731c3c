import { Link } from "react-router";
import { getDb } from "~db/client";
import { BadLinkPage } from "~/components/bad-link";
import { privatePageMeta } from "~/lib/seo";
import { publicOrigin } from "~/services/public-url.server";
import { GO_NOT_FOUND } from "~/lib/leads";
import { countTap, GO_HEADERS, resolveTap } from "~/services/taps.server";
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
  return GO_HEADERS;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tap = await resolveTap(getDb(), params, publicOrigin(request));
  countTap(tap, request, context.clientAddress);
  return new Response(null, { status: 302, headers: { Location: tap.url, ...GO_HEADERS } });
}

/** Never shown: the loader always redirects or refuses. */
export default function Go() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BadLinkPage error={error} title="Link not available" fallback={GO_NOT_FOUND}>
      <Link to="/directory" className="btn btn-primary">
        Back to Directory
      </Link>
    </BadLinkPage>
  );
}
