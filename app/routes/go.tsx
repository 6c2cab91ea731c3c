import { translatorFromMatches } from "~/lib/i18n";
import { getDb } from "~db/client";
import { BadLinkPage } from "~/components/signed-link";
import { privatePageMeta } from "~/lib/seo";
import { publicOrigin } from "~/services/public-url.server";
import { countLeadLinkTap, LEAD_LINK_HEADERS, resolveLeadLink } from "~/services/leads.server";
import { pageLocale } from "~/services/i18n.server";
import type { Route } from "./+types/go";

// /go/{sellerId}/{target}: the counting redirect of a profile's WhatsApp, call, website, social and share
// links (docs/decisions/176-leads-first-party-redirect-not-script.md). A 302 to the seller's own stored link only
// (never an address from the request); 404 with a page saying so for an unknown target or seller, a listing that is not
// public, or a link she has not set. Counted here, on the server, so taps count without JavaScript and from cached
// pages.

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(translatorFromMatches(matches)("common.seller.link.title"));
}

export function headers() {
  return LEAD_LINK_HEADERS;
}

export async function loader(args: Route.LoaderArgs) {
  const { params, request, context } = args;
  const tap = await resolveLeadLink(getDb(), params, publicOrigin(request), pageLocale(args));
  countLeadLinkTap(tap, request, context.clientAddress);
  return new Response(null, { status: 302, headers: { Location: tap.url, ...LEAD_LINK_HEADERS } });
}

/** Never shown: the loader always redirects or refuses. */
export default function Go() {
  return null;
}

// The refusal's reason is the same for every case (LEAD_LINK_NOT_FOUND in English): shown here in the page's language.
export function ErrorBoundary() {
  return (
    <BadLinkPage
      error={null}
      badLink={{
        title: "common.seller.link.title",
        fallback: "common.seller.link.message",
        next: ["/directory", "common.seller.backToDirectory"],
        primary: true,
      }}
    />
  );
}
