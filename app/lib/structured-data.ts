import { publicArea } from "./geo";
import { CONTACT, priceRangeLabel, SITE_LONG_NAME, SITE_NAME } from "./constants";
import { safeExternalUrl } from "./format";
import { directoryPath } from "./seo";
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale, localePath } from "./locales";
import { e164 } from "./phone-display";
import { whatsappDigits } from "./whatsapp";
import { type OpeningHours, WEEKDAYS, type Weekday } from "./opening-hours";

// schema.org structured data (JSON-LD) for the home page and seller profiles: pure builders over the
// loader data, and one serializer that keeps any text inside its <script> element.

export type JsonLd = Record<string, unknown>;

/** How many of the newest published reviews a profile's LocalBusiness carries. */
export const STRUCTURED_REVIEW_LIMIT = 5;

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` become \u escapes (so `</script>`
 * or `<!--` in a seller's text cannot end the element), as do U+2028/U+2029. JSON.parse gives the same value.
 */
export function serializeJsonLd(value: JsonLd | JsonLd[]): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** Leaves out empty values, so the output has no `null` or `""` properties. */
function compact(record: Record<string, unknown>): JsonLd {
  const out: JsonLd = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out;
}

function absolute(origin: string, path: string | null | undefined): string | null {
  if (!path) return null;
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The home page's Organization and WebSite; `inLanguage` is the page's language. */
export function homeStructuredData(origin: string, locale: Locale = DEFAULT_LOCALE): JsonLd[] {
  const url = `${origin}/`;
  return [
    compact({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${url}#organization`,
      name: SITE_NAME,
      alternateName: SITE_LONG_NAME,
      url,
      logo: `${origin}/favicon.svg`,
      email: CONTACT.email,
      telephone: `+${whatsappDigits(CONTACT.phone)}`,
      sameAs: [CONTACT.communityUrl],
    }),
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      "@id": `${url}#website`,
      name: SITE_NAME,
      url,
      publisher: { "@id": `${url}#organization` },
      inLanguage: LOCALE_INFO[locale].htmlLang,
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${origin}/directory?search={query}` },
        "query-input": "required name=query",
      },
    },
  ];
}

export interface StructuredSeller {
  id: number;
  /** her opening hours, null (or left out) when she gave none */
  hours?: OpeningHours | null;
  display_name: string;
  tagline: string | null;
  description: string | null;
  profile_photo: string | null;
  logo: string | null;
  product_image_list: string[];
  mobile: string;
  address: string | null;
  locality: string | null;
  city: string;
  /** her PIN code, and its area's centre (never her own pin): null (or left out) when unknown */
  pincode?: string | null;
  area?: { lat: number; lng: number } | null;
  /** how far she serves (null or left out: not said) */
  serves?: "place" | "within" | "city" | null;
  serves_km?: number | null;
  website: string | null;
  facebook_link: string | null;
  instagram: string | null;
  youtube_link: string | null;
  price_range: string | null;
  avg_rating: number;
  review_count: number;
  category_refs: { name: string; slug: string }[];
  reviews: { reviewer_name: string; rating: number; review_text: string; created_at: string }[];
}

/** The page's language, and the breadcrumbs' words in it (English by default). */
export type StructuredLanguage = { locale: Locale; home: string; directory: string };

/** A seller profile: its LocalBusiness (rating and reviews only from published reviews, and only when there is one) and its breadcrumbs. */
export function sellerStructuredData(
  seller: StructuredSeller,
  origin: string,
  shareImagePath?: string,
  language: StructuredLanguage = { locale: DEFAULT_LOCALE, home: "Home", directory: "Directory" },
): JsonLd[] {
  const at = (path: string) => `${origin}${localePath(language.locale, path)}`;
  const url = at(`/seller/${seller.id}`);
  const images = [seller.profile_photo, seller.logo, ...seller.product_image_list, shareImagePath]
    .map((p) => absolute(origin, p))
    .filter((u, i, all): u is string => !!u && all.indexOf(u) === i);
  const phone = e164(seller.mobile);
  const sameAs = [seller.website, seller.facebook_link, seller.instagram, seller.youtube_link]
    .map((link) => safeExternalUrl(link))
    .filter((u): u is string => !!u);
  const reviews = seller.reviews.slice(0, STRUCTURED_REVIEW_LIMIT);
  // Where her PIN code's area is, never her door.
  const shown = seller.area ? publicArea(seller.area) : null;
  const geo = shown ? { "@type": "GeoCoordinates", latitude: shown.lat, longitude: shown.lng } : null;
  const business = compact({
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${url}#business`,
    name: seller.display_name,
    description: seller.description || seller.tagline,
    image: images,
    telephone: phone ?? seller.mobile,
    url,
    sameAs,
    address: compact({
      "@type": "PostalAddress",
      streetAddress: seller.address || seller.locality,
      addressLocality: seller.city,
      postalCode: seller.pincode,
      addressCountry: "IN",
    }),
    geo,
    areaServed: areaServed(seller, geo),
    priceRange: priceRangeLabel(seller.price_range),
    openingHoursSpecification: openingHoursSpecification(seller.hours ?? null),
    aggregateRating:
      seller.review_count > 0 && seller.avg_rating > 0
        ? {
            "@type": "AggregateRating",
            ratingValue: Math.round(seller.avg_rating * 10) / 10,
            reviewCount: seller.review_count,
            bestRating: 5,
            worstRating: 1,
          }
        : null,
    review:
      seller.review_count > 0
        ? reviews.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.reviewer_name },
            datePublished: r.created_at.slice(0, 10),
            reviewBody: r.review_text,
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          }))
        : null,
  });
  const category = seller.category_refs[0];
  const crumbs = [
    { name: language.home, item: at("/") },
    { name: language.directory, item: at("/directory") },
    ...(category ? [{ name: category.name, item: at(directoryPath({ category: category.slug })) }] : []),
    { name: seller.display_name, item: url },
  ];
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: c.item })),
  };
  return [business, breadcrumbs];
}

/**
 * Where she serves: a circle of her km around her area when she serves within a distance (and her place is
 * known), none when she serves at her place only, else her city.
 */
function areaServed(seller: StructuredSeller, geo: JsonLd | null): JsonLd | null {
  if (seller.serves === "place") return null;
  if (seller.serves === "within" && seller.serves_km && geo)
    return { "@type": "GeoCircle", geoMidpoint: geo, geoRadius: seller.serves_km * 1000 };
  return { "@type": "City", name: seller.city };
}

const SCHEMA_DAYS: Record<Weekday, string> = {
  mon: "https://schema.org/Monday",
  tue: "https://schema.org/Tuesday",
  wed: "https://schema.org/Wednesday",
  thu: "https://schema.org/Thursday",
  fri: "https://schema.org/Friday",
  sat: "https://schema.org/Saturday",
  sun: "https://schema.org/Sunday",
};

/**
 * schema.org's opening hours: a specification per range of the week (a range past midnight closes at its
 * time of the next day, as Google reads it), then each special day with `validFrom`/`validThrough` (closed:
 * 00:00 to 00:00). Null without hours or by appointment.
 */
export function openingHoursSpecification(hours: OpeningHours | null): JsonLd[] | null {
  if (!hours || hours.by_appointment) return null;
  const specs: JsonLd[] = [];
  for (const day of WEEKDAYS)
    for (const range of hours.week[day])
      specs.push({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: SCHEMA_DAYS[day],
        opens: range.opens,
        closes: range.closes === "24:00" ? "23:59" : range.closes,
      });
  for (const special of hours.special_days) {
    const ranges = special.hours.length ? special.hours : [{ opens: "00:00", closes: "00:00" }];
    for (const range of ranges)
      specs.push({
        "@type": "OpeningHoursSpecification",
        opens: range.opens,
        closes: range.closes === "24:00" ? "23:59" : range.closes,
        validFrom: special.from,
        validThrough: special.to,
        ...(special.label ? { description: special.label } : {}),
      });
  }
  return specs.length ? specs : null;
}
