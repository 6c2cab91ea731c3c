import { publicArea, type Position } from "./geo";
import { addDays } from "./dates";
import { safeExternalUrl } from "./format";
import { telHref } from "./phone-display";
import { sellerShareText } from "./seo";
import { whatsappChatUrl, whatsappShareUrl } from "./whatsapp";

// What a visitor did on a listing (docs/decisions/176-leads-first-party-redirect-not-script.md): the kinds counted per
// seller and day, and the links of the profile that go through the counting redirect `/go/{sellerId}/{target}`.

export const LEAD_KINDS = ["view", "whatsapp", "call", "website", "social", "share", "directions"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_LABELS: Record<LeadKind, string> = {
  view: "Profile views",
  whatsapp: "WhatsApp taps",
  call: "Call taps",
  website: "Website visits",
  social: "Social-link visits",
  share: "Share taps",
  directions: "Directions taps",
};

/** The redirect's targets (the last part of `/go/{id}/{target}`) and the counter each one moves. */
export const LEAD_LINKS = {
  whatsapp: "whatsapp",
  call: "call",
  website: "website",
  facebook: "social",
  instagram: "social",
  youtube: "social",
  share: "share",
  directions: "directions",
} as const satisfies Record<string, Exclude<LeadKind, "view">>;
export type LeadLink = keyof typeof LEAD_LINKS;

export function isLeadLink(value: string): value is LeadLink {
  return Object.hasOwn(LEAD_LINKS, value);
}

/** The page of a refused /go link (unknown target or seller, a link not set, a listing no longer public). */
export const LEAD_LINK_NOT_FOUND = "This link is not available: the listing may have ended, or it has no such contact.";

export function leadLinkHref(sellerId: number, target: LeadLink): string {
  return `/go/${sellerId}/${target}`;
}

/** The days shown on the dashboard (the last 30, today included) and the 30 before them. */
export const LEAD_WINDOW_DAYS = 30;

export type LeadWindow = { from: string; to: string; previousFrom: string; previousTo: string };

export function leadWindow(today: string, days = LEAD_WINDOW_DAYS): LeadWindow {
  const from = addDays(today, -(days - 1));
  return { from, to: today, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
}

export type LeadTotals = Record<LeadKind, number>;
export type LeadDay = { day: string } & LeadTotals;

export function emptyTotals(): LeadTotals {
  return Object.fromEntries(LEAD_KINDS.map((k) => [k, 0])) as LeadTotals;
}

/** The change against the 30 days before: "+12%", "−3%", "new" (from nothing), "no change". */
export function leadChange(now: number, before: number): { text: string; tone: "up" | "down" | "same" } {
  if (now === before) return { text: "no change", tone: "same" };
  if (before === 0) return { text: "new", tone: "up" };
  const pct = Math.round(((now - before) / before) * 100);
  if (pct === 0) return { text: now > before ? "+<1%" : "−<1%", tone: now > before ? "up" : "down" };
  return pct > 0 ? { text: `+${pct}%`, tone: "up" } : { text: `−${-pct}%`, tone: "down" };
}

/**
 * Directions to her PIN code's area in the visitor's maps (Google Maps' address form, which phones open in
 * their maps app): two decimals, about a kilometre, never her door; the visitor's own place is her maps'.
 */
export function directionsUrl(area: Position): string {
  const { lat, lng } = publicArea(area);
  return `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(2)},${lng.toFixed(2)}`;
}

/**
 * Where a tap on a profile link goes: only the seller's own stored link (a web address must be http(s)),
 * her number for a call or a WhatsApp chat, or a WhatsApp message with her profile's address for a share.
 * Null when she has no such link: the redirect then answers 404, never somewhere a visitor chose.
 */
export function leadLinkDestination(
  seller: {
    id: number;
    display_name: string;
    category_list: string[];
    locality: string | null;
    city: string;
    mobile: string | null;
    whatsapp_link: string | null;
    website: string | null;
    facebook_link: string | null;
    instagram: string | null;
    youtube_link: string | null;
    /** her PIN code's area (stored rounded): the directions' destination; null when unknown */
    area?: { lat: number; lng: number } | null;
  },
  target: LeadLink,
  origin: string,
): string | null {
  switch (target) {
    case "whatsapp":
      return whatsappChatUrl(seller);
    case "call":
      return seller.mobile?.trim() ? telHref(seller.mobile) : null;
    case "website":
      return safeExternalUrl(seller.website);
    case "facebook":
      return safeExternalUrl(seller.facebook_link);
    case "instagram":
      return safeExternalUrl(seller.instagram);
    case "youtube":
      return safeExternalUrl(seller.youtube_link);
    case "share":
      return whatsappShareUrl(`${sellerShareText(seller)} ${origin}/seller/${seller.id}`);
    case "directions":
      return seller.area ? directionsUrl(seller.area) : null;
  }
}
