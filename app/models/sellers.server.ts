import { type Expression, type ExpressionBuilder, expressionBuilder, sql } from "kysely";
import type { DB } from "~db/client";
import type { Database, Seller } from "~db/schema";
import type { DirectoryQuery } from "~/lib/validation/directory";
import { publicUploadUrl } from "~/lib/upload-urls";
import type { NamesByLanguage } from "~/lib/localized";
import { byColumnLanguage, DESCRIPTION_COLUMNS, NAME_COLUMNS, qualified, TAGLINE_COLUMNS } from "~/lib/locales";
import { CITY_REACH_KM, EARTH_RADIUS_KM, type Position, roundedKm, type Serves, SERVES_VALUES } from "~/lib/geo";
import { isOpenAt, type OpeningHours, readOpeningHours } from "~/lib/opening-hours";
import type { ReviewSort } from "~/lib/validation/constants";
import { listPublishedReviews, type PublicReview, reviewFigures, type ReviewFigures } from "./reviews.server";
import { isPublic } from "./seller-visibility.server";
import { rankSearch, sellersMatchingTerm } from "./search.server";
import type { SearchPlan } from "./search-vocabulary.server";
import { rememberedTotal } from "./directory-totals.server";

/** The seller as the public directory, profile page and public API show it (no private fields). */
export interface PublicSeller {
  id: number;
  business_name: string | null;
  owner_name: string;
  display_name: string;
  profile_photo: string | null;
  logo: string | null;
  is_featured: boolean;
  is_verified: boolean;
  tagline: string | null;
  tagline_new: string | null;
  description: string | null;
  business_description: string | null;
  locality: string | null;
  city: string;
  /** comma-separated category names, as the spec's payload has them */
  categories: string;
  category_list: string[];
  avg_rating: number;
  review_count: number;
  views_count: number;
  offers_text: string | null;
  price_range: string | null;
  languages: string[];
  subscription_end_date: string | null;
  website: string | null;
  mobile: string;
  address: string | null;
  whatsapp_link: string | null;
  facebook_link: string | null;
  instagram: string | null;
  youtube_link: string | null;
  /** JSON-encoded list of image addresses (the spec's wire format) */
  product_images: string;
  product_image_list: string[];
  created_at: string;
  /** her own Hindi and Kannada versions of tagline and description: for the pages, never in `/api` answers */
  translations: SellerTranslations;
  /** near-me answers only: km from the visitor's place to her PIN code's centre, one decimal */
  distance_km?: number;
  /** near-me answers only: her PIN code */
  pincode?: string | null;
  /** how far she serves: "place" (at her place only), "within" (`serves_km` of it) or "city"; null when not said */
  serves: Serves | null;
  /** km, with "within" only; null otherwise */
  serves_km: number | null;
  /** her opening hours (lib/opening-hours.ts), null when she gave none; the API shows them as the week */
  hours: OpeningHours | null;
}

/** A seller's versions of her tagline and description in the translated languages (null: none). */
export interface SellerTranslations {
  tagline: { hi: string | null; kn: string | null };
  description: { hi: string | null; kn: string | null };
}

/** A public seller as the `/api` answers give it: English only, exactly the spec's fields (no translations). */
export function apiSeller<T extends PublicSeller>(
  seller: T,
  at: number = Date.now(),
): Omit<T, "translations" | "hours"> & ApiHours {
  const { translations: _translations, hours, ...rest } = seller;
  return { ...rest, ...apiHoursOf(hours, at) };
}

/** The API's hours: the week (`{"mon":[{"opens","closes"}],…,"sun":[]}`), by appointment, special days, open now. */
export interface ApiHours {
  opening_hours: OpeningHours["week"] | null;
  by_appointment: boolean;
  special_days: OpeningHours["special_days"];
  /** open at the moment of the request (India's time); null when she gave no hours or sees customers by appointment */
  open_now: boolean | null;
}

export function apiHoursOf(hours: OpeningHours | null, at: number): ApiHours {
  return {
    opening_hours: hours && !hours.by_appointment ? hours.week : null,
    by_appointment: hours?.by_appointment ?? false,
    special_days: hours?.special_days ?? [],
    open_now: isOpenAt(hours, at),
  };
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

const PUBLIC_COLUMNS = [
  "sellers.id",
  "sellers.business_name",
  "sellers.owner_name",
  "sellers.profile_photo",
  "sellers.logo",
  "sellers.is_featured",
  "sellers.is_verified",
  "sellers.tagline",
  "sellers.description",
  "sellers.locality",
  "sellers.city",
  "sellers.category_names",
  "sellers.avg_rating",
  "sellers.review_count",
  "sellers.views_count",
  "sellers.offers_text",
  "sellers.price_range",
  "sellers.languages",
  "sellers.subscription_end_date",
  "sellers.website",
  "sellers.mobile",
  "sellers.address",
  "sellers.whatsapp_link",
  "sellers.facebook_link",
  "sellers.instagram",
  "sellers.youtube_link",
  "sellers.product_images",
  "sellers.created_at",
  // her versions in each column language (lib/locales.ts)
  ...qualified("sellers", TAGLINE_COLUMNS),
  ...qualified("sellers", DESCRIPTION_COLUMNS),
  "sellers.pincode",
  "sellers.serves",
  "sellers.serves_km",
  "sellers.opening_hours",
] as const;

type PublicRow = Pick<Seller, (typeof PUBLIC_COLUMNS)[number] extends `sellers.${infer C}` ? C & keyof Seller : never>;
/** The same columns unqualified, for a statement that reads the rows under another name. */
const ROW_COLUMNS = PUBLIC_COLUMNS.map((column) => column.slice("sellers.".length));

/** A JSON-encoded list of strings as stored in a text column; anything else reads as an empty list. */
/** Who a seller is and how to reach her: the first columns of every staff or owner view of a listing. */
export const SELLER_CONTACT_COLUMNS = ["id", "owner_name", "business_name", "email", "mobile", "city"] as const;

/** A seller's on/off columns that she or the staff switch one at a time. */
type SellerSwitch = "quotes_paused" | "quotes_excluded" | "performance_mail_off";

/** Turns one of a seller's switches on or off; false when the seller does not exist. */
export async function setSellerSwitch(db: DB, sellerId: number, column: SellerSwitch, on: boolean): Promise<boolean> {
  const result = await db
    .updateTable("sellers")
    .set({ [column]: on ? 1 : 0 })
    .where("id", "=", sellerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function parseJsonList(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** A public row as the public sees it; with its distance, a near-me answer's (distance and PIN code). */
export function toPublicSeller(row: PublicRow, distanceKm?: number | null): PublicSeller {
  const seller = publicSellerOf(row);
  return distanceKm == null ? seller : { ...seller, distance_km: roundedKm(Number(distanceKm)), pincode: row.pincode };
}

function publicSellerOf(row: PublicRow): PublicSeller {
  const categoryList = row.category_names ? row.category_names.split(", ").filter(Boolean) : [];
  const productImages = parseJsonList(row.product_images)
    .map((k) => publicUploadUrl(k))
    .filter((u): u is string => !!u);
  return {
    id: row.id,
    business_name: row.business_name,
    owner_name: row.owner_name,
    display_name: row.business_name?.trim() || row.owner_name,
    profile_photo: publicUploadUrl(row.profile_photo),
    logo: publicUploadUrl(row.logo),
    is_featured: row.is_featured === 1,
    is_verified: row.is_verified === 1,
    tagline: row.tagline,
    tagline_new: row.tagline,
    description: row.description,
    business_description: row.description,
    locality: row.locality,
    city: row.city,
    categories: row.category_names,
    category_list: categoryList,
    avg_rating: row.avg_rating,
    review_count: row.review_count,
    views_count: row.views_count,
    offers_text: row.offers_text,
    price_range: row.price_range,
    languages: parseJsonList(row.languages),
    subscription_end_date: row.subscription_end_date,
    website: row.website,
    mobile: row.mobile,
    address: row.address,
    whatsapp_link: row.whatsapp_link,
    facebook_link: row.facebook_link,
    instagram: row.instagram,
    youtube_link: row.youtube_link,
    product_images: JSON.stringify(productImages),
    product_image_list: productImages,
    created_at: row.created_at,
    serves: (SERVES_VALUES as readonly string[]).includes(row.serves ?? "") ? (row.serves as Serves) : null,
    serves_km: row.serves === "within" ? row.serves_km : null,
    hours: readOpeningHours(row.opening_hours),
    translations: {
      tagline: byColumnLanguage((language) => row[`tagline_${language}`]),
      description: byColumnLanguage((language) => row[`description_${language}`]),
    },
  };
}

/**
 * Where a near-me query is centred (a PIN code's centre or a given position) and how far it reaches
 * (`withinKm`; without it, every seller with a position, nearest first).
 */
export type NearPlace = { centre: Position; withinKm?: number | undefined };

/** A directory query's filters (the text and the choices of the directory's form, and her place), and its page. */
export type DirectoryFilters = Pick<DirectoryQuery, "search" | "category" | "city" | "featured"> & {
  place?: NearPlace | undefined;
  /** open now: the ids of the public sellers open at the moment, and what they were computed for (services/open-now.server.ts) */
  open?: OpenSellers | undefined;
};

/** The public sellers open at a moment, and the key of that set (its content version and moment). */
export type OpenSellers = { ids: number[]; key: string };
export type DirectoryPageQuery = DirectoryFilters & { page: number; limit: number };

const DEGREE = Math.PI / 180;
/** Kilometres along a meridian per degree of latitude. */
const KM_PER_DEGREE = EARTH_RADIUS_KM * DEGREE;

/**
 * A seller's great-circle distance in km from `centre` (the haversine formula, as `haversineKm` of
 * lib/geo.ts), over her stored position; portable SQL (both engines have these math functions). Null for
 * a seller without a position.
 */
function distanceFrom(centre: Position) {
  return sql<number>`(${2 * EARTH_RADIUS_KM} * asin(sqrt(
    power(sin((sellers.latitude - ${centre.lat}) * ${DEGREE / 2}), 2)
    + ${Math.cos(centre.lat * DEGREE)} * cos(sellers.latitude * ${DEGREE})
      * power(sin((sellers.longitude - ${centre.lng}) * ${DEGREE / 2}), 2))))`;
}

/**
 * Near me's order (docs/decisions/215-service-area-covers-her-first-among-equal-distances.md): the distance
 * as the public sees it, in tenths of a km (`roundedKm` of lib/geo.ts: `floor(x + 0.5)`, the same on both
 * engines, where `round` of a float differs), then 0 for a seller whose service area covers the visitor
 * (`serviceAreaCovers`), 1 otherwise. Sellers equal on both keep the listing's or the search's own order.
 */
export function nearOrderKeys(distance: Expression<number>) {
  return {
    tenths: sql<number>`floor(${distance} * 10 + 0.5)`,
    uncovered: sql<number>`(case
      when sellers.serves = 'city' and ${distance} <= ${CITY_REACH_KM} then 0
      when sellers.serves = 'within' and ${distance} <= sellers.serves_km then 0
      else 1 end)`,
  };
}

/** The search's near-me columns: the distance shown, then the order's keys. */
function nearSearchOrder(distance: Expression<number>) {
  return { distance, ...nearOrderKeys(distance) };
}

/**
 * The box of latitudes and longitudes that holds every point within `km` of `centre`: an index range
 * (`sellers_public_position`) that the exact distance then narrows to the circle.
 */
export function boundingBox(centre: Position, km: number) {
  const dLat = km / KM_PER_DEGREE;
  // A circle's widest longitude is at the latitude nearer the pole; the margin keeps rounding outside.
  const widest = Math.min(89.9, Math.abs(centre.lat) + dLat);
  const dLng = Math.min(180, dLat / Math.cos(widest * DEGREE));
  const margin = 1e-6;
  return {
    minLat: centre.lat - dLat - margin,
    maxLat: centre.lat + dLat + margin,
    minLng: centre.lng - dLng - margin,
    maxLng: centre.lng + dLng + margin,
  };
}

/** The near-me conditions: a seller with a position and, with `withinKm`, inside the box and the circle. */
function placeConditions(eb: ExpressionBuilder<Database, "sellers">, place: NearPlace) {
  if (place.withinKm === undefined)
    return [eb("sellers.latitude", "is not", null), eb("sellers.longitude", "is not", null)];
  return [...insideBox(eb, place.centre, place.withinKm), eb(distanceFrom(place.centre), "<=", place.withinKm)];
}

/** A seller's position inside the bounding box of `km` around `centre` (a range of the position index). */
function insideBox(eb: ExpressionBuilder<Database, "sellers">, centre: Position, km: number) {
  const box = boundingBox(centre, km);
  return [
    eb("sellers.latitude", ">=", box.minLat),
    eb("sellers.latitude", "<=", box.maxLat),
    eb("sellers.longitude", ">=", box.minLng),
    eb("sellers.longitude", "<=", box.maxLng),
  ];
}

/**
 * The directory's conditions on a seller: public (docs/decisions/011-only-live-sellers-are-public.md) and the chosen
 * city, featured and category.
 */
function directoryConditions(eb: ExpressionBuilder<Database, "sellers">, filters: DirectoryFilters) {
  const conditions = [isPublic(eb)];
  if (filters.place) conditions.push(...placeConditions(eb, filters.place));
  if (filters.city) conditions.push(eb("sellers.city", "=", filters.city));
  if (filters.featured) conditions.push(eb("sellers.is_featured", "=", 1));
  if (filters.open) conditions.push(filters.open.ids.length ? eb("sellers.id", "in", filters.open.ids) : eb.lit(false));
  if (filters.category) {
    // Driven from the category's links (an index range), not a probe per seller.
    conditions.push(
      eb(
        "sellers.id",
        "in",
        eb
          .selectFrom("seller_categories as sc")
          .innerJoin("categories as c", "c.id", "sc.category_id")
          .select("sc.seller_id")
          .where("c.slug", "=", filters.category),
      ),
    );
  }
  return eb.and(conditions);
}

/** The page numbers of a listing of `total` sellers. */
export function paginationOf(query: { page: number; limit: number }, total: number): Pagination {
  return { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) };
}

/**
 * One page of the public sellers matching a search plan under the directory's filters, ranked
 * (`rankSearch`, search.server.ts), with the content version the statement read. `mode` "any": the sellers
 * matching the most of the plan's meaningful words.
 */
export async function rankPublicSellers(
  db: DB,
  plan: SearchPlan,
  mode: "all" | "any",
  query: DirectoryPageQuery,
): Promise<{ sellers: PublicSeller[]; total: number; version?: number }> {
  const conditions = directoryConditions(expressionBuilder<Database, "sellers">(), query);
  const ranked = await rankSearch(
    db,
    plan,
    mode,
    conditions,
    query.limit,
    (query.page - 1) * query.limit,
    ROW_COLUMNS,
    query.place ? nearSearchOrder(distanceFrom(query.place.centre)) : {},
  );
  // The page's rows came with the ranking, in its order, read by primary key after the public rule and
  // the filters were applied; near me, nearest first.
  const rows = ranked.rows as PublicRow[];
  return {
    sellers: rows.map((row, i) => toPublicSeller(row, ranked.distances[i])),
    total: ranked.total,
    version: ranked.version,
  };
}

/** Whether any public seller under the directory's filters matches every word of a search plan. */
export async function anyPublicSellerMatches(db: DB, plan: SearchPlan, filters: DirectoryFilters): Promise<boolean> {
  const conditions = directoryConditions(expressionBuilder<Database, "sellers">(), filters);
  return (await rankSearch(db, plan, "all", conditions, 1, 0)).total > 0;
}

/**
 * Near me, the reaches a page is first looked for within, in tenths of a km of shown distance (0.95, 2.45, 4.95,
 * 9.95, 24.95 and 99.95 km): the sellers shown at most that far are the first of the whole order, as the shown
 * distance leads it.
 */
const NEAREST_TENTHS = [9, 24, 49, 99, 249, 999];

/**
 * The sellers shown at most `tenths` tenths of a km from `centre` (`floor(d * 10 + 0.5) <= tenths`, the order's own
 * key): those under (tenths + 0.5) / 10 km, inside its box on the position index.
 */
function nearestConditions(eb: ExpressionBuilder<Database, "sellers">, centre: Position, tenths: number) {
  return eb.and([
    ...insideBox(eb, centre, (tenths + 0.5) / 10),
    eb(nearOrderKeys(distanceFrom(centre)).tenths, "<=", tenths),
  ]);
}

/**
 * The directory's listing without a search text: featured first, then the best rated. A listing counts
 * once per content version (its total is remembered, directory-totals.server.ts): one statement reads the
 * page, the content version and, when no total is remembered, the count (one round trip on PostgreSQL
 * where there were three). Near me, the page is looked for among the nearest first (`NEAREST_TENTHS`), so its
 * cost follows the sellers around her, not every seller with a place.
 */
export async function listDirectoryPage(
  db: DB,
  query: DirectoryPageQuery,
): Promise<{ sellers: PublicSeller[]; pagination: Pagination }> {
  const place = query.place;
  const known = rememberedTotal(db, { ...query, place: placeKey(place), open: query.open?.key });
  // Near me: nearest first; at one shown distance those who serve her first, then the listing's own order.
  const distance = place ? distanceFrom(place.centre) : sql<number | null>`null`;
  const pageOf = (withCount: boolean, nearestTenths?: number) =>
    db
      .selectFrom("sellers")
      .select(PUBLIC_COLUMNS)
      .select((eb) => [
        eb.selectFrom("content_version").select("version").where("id", "=", 1).as("content_version"),
        (withCount ? eb.fn.countAll<number>().over() : eb.lit(-1)).as("total"),
        distance.as("distance_km"),
      ])
      .where((eb) => directoryConditions(eb, query))
      .$if(nearestTenths !== undefined, (qb) => qb.where((eb) => nearestConditions(eb, place!.centre, nearestTenths!)))
      .$if(!!place, (qb) => {
        const keys = nearOrderKeys(distanceFrom(place!.centre));
        return qb.orderBy(keys.tenths, "asc").orderBy(keys.uncovered, "asc");
      })
      .orderBy("sellers.is_featured", "desc")
      .orderBy("sellers.avg_rating", "desc")
      .orderBy("sellers.id", "asc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
  const countAlone = () =>
    db
      .selectFrom("sellers")
      .where((eb) => directoryConditions(eb, query))
      .select((eb) => [
        eb.fn.countAll<number>().as("total"),
        eb.selectFrom("content_version").select("version").where("id", "=", 1).as("content_version"),
      ])
      .executeTakeFirstOrThrow();
  // Near me, a reach whose sellers fill the page gives it as the whole order would (the rows beyond it come after).
  let rows: Awaited<ReturnType<typeof pageOf>> | undefined;
  for (const tenths of place ? NEAREST_TENTHS : []) {
    if (place!.withinKm !== undefined && tenths / 10 >= place!.withinKm) break;
    const nearest = await pageOf(false, tenths);
    if (nearest.length === query.limit) {
      rows = nearest;
      break;
    }
  }
  let total: number | undefined;
  if (rows) {
    const version = Number(rows[0]!.content_version);
    total = known.settle(version, undefined);
    if (total === undefined) {
      // Counted alone; a change committed between the two statements: the page again, from the whole order.
      const row = await countAlone();
      if (Number(row.content_version) === version) total = known.settle(version, Number(row.total));
      else rows = undefined;
    }
  }
  if (!rows) {
    rows = await pageOf(known.total === undefined);
    total = rows[0] ? known.settle(Number(rows[0].content_version), counted(rows[0].total)) : undefined;
  }
  // A remembered total that no longer holds (the version moved): the page again, counted this time.
  if (rows[0] && total === undefined) {
    rows = await pageOf(true);
    total = rows[0] ? known.settle(Number(rows[0].content_version), counted(rows[0].total)) : undefined;
  }
  if (total === undefined) {
    // No row on this page (past the last page, or nothing matches): the count alone, with its version.
    const row = await countAlone();
    total = known.settle(Number(row.content_version), Number(row.total))!;
  }
  const pagination = paginationOf(query, total);
  if (pagination.total === 0 || query.page > pagination.pages) return { sellers: [], pagination };
  return {
    // Each row as read (the version and total beside its columns are not copied away: a rest copy of 40 columns per
    // card showed in the render's profile).
    sellers: rows.map((row) => toPublicSeller(row, place ? row.distance_km : null)),
    pagination,
  };
}

/**
 * Every public seller's opening hours (those who gave some), with the content version the statement read:
 * what "open now" is computed from (services/open-now.server.ts).
 */
export async function listPublicSellerHours(
  db: DB,
): Promise<{ rows: { id: number; opening_hours: string }[]; version: number }> {
  const [rows, version] = await Promise.all([
    db
      .selectFrom("sellers")
      .select(["sellers.id", "sellers.opening_hours"])
      .where((eb) => eb.and([isPublic(eb), eb("sellers.opening_hours", "is not", null)]))
      .execute(),
    db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst(),
  ]);
  return {
    rows: rows.filter((r): r is { id: number; opening_hours: string } => r.opening_hours !== null),
    version: version?.version ?? -1,
  };
}

/** What a remembered total depends on besides the filters: with a radius, its centre and reach. */
function placeKey(place: NearPlace | undefined): string | undefined {
  if (!place) return undefined;
  return place.withinKm === undefined ? "placed" : `${place.centre.lat},${place.centre.lng},${place.withinKm}`;
}

/** The window count of a page's row, or undefined when the statement did not count (-1). */
function counted(total: number | string | null): number | undefined {
  const value = Number(total);
  return value < 0 ? undefined : value;
}

export interface SellerCategoryRef extends NamesByLanguage {
  id: number;
  slug: string;
}

export interface PublicSellerProfile extends PublicSeller, ReviewFigures {
  category_refs: SellerCategoryRef[];
  subcategory_names: string[];
  /** the subcategories with their names in each language, for the pages (the API has `subcategory_names`) */
  subcategories: NamesByLanguage[];
  reviews: PublicReview[];
}

/**
 * GET /api/sellers/{id}: the profile as the spec has it, English only (no translations); each review says
 * whether it is a verified customer's and whether its writer edited it
 * (docs/decisions/222-reviews-people-can-trust.md).
 */
export function apiSellerProfile(profile: PublicSellerProfile, at: number = Date.now()) {
  const { subcategories: _subcategories, reviews, ...rest } = apiSeller(profile, at);
  return {
    ...rest,
    category_refs: rest.category_refs.map(({ id, name, slug }) => ({ id, name, slug })),
    reviews: reviews.map(apiReview),
  };
}

/** A published review in the API: what the page shows, with `verified` and `edited` as booleans. */
function apiReview({
  email_confirmed_at: _confirmed,
  verified_by,
  verified_on: _on,
  edited_at,
  ...review
}: PublicReview) {
  return { ...review, verified: verified_by !== null, edited: edited_at !== null };
}

/**
 * A public seller's row (no categories or reviews: the tap redirect's links), with her PIN code (her profile's
 * address and place), or null when not public (docs/decisions/011-only-live-sellers-are-public.md).
 */
export async function getPublicSellerRow(db: DB, id: number): Promise<PublicSeller | null> {
  const row = await db
    .selectFrom("sellers")
    .select(PUBLIC_COLUMNS)
    .where("sellers.id", "=", id)
    .where((eb) => isPublic(eb))
    .executeTakeFirst();
  return row ? { ...toPublicSeller(row), pincode: row.pincode } : null;
}

/**
 * A public seller with categories and published reviews, or null when not public
 * (docs/decisions/011-only-live-sellers-are-public.md).
 */
export async function getPublicSeller(
  db: DB,
  id: number,
  reviewSort: ReviewSort = "newest",
): Promise<PublicSellerProfile | null> {
  // The row and what hangs from it are read together (on PostgreSQL on separate connections of the pool,
  // one round trip's wait rather than two); for a seller who is not public the rest is thrown away.
  const [seller, categoryRefs, subcategories, reviews, figures] = await Promise.all([
    getPublicSellerRow(db, id),
    db
      .selectFrom("seller_categories as sc")
      .innerJoin("categories as c", "c.id", "sc.category_id")
      .select(["c.id", "c.name", "c.slug", ...qualified("c", NAME_COLUMNS)])
      .where("sc.seller_id", "=", id)
      .orderBy("sc.position")
      .orderBy("c.name")
      .execute(),
    db
      .selectFrom("seller_subcategories as ss")
      .innerJoin("subcategories as s", "s.id", "ss.subcategory_id")
      .select(["s.name", ...qualified("s", NAME_COLUMNS)])
      .where("ss.seller_id", "=", id)
      .orderBy("s.name")
      .execute(),
    listPublishedReviews(db, { sellerId: id }, reviewSort),
    reviewFigures(db, id),
  ]);
  if (!seller) return null;
  return {
    ...seller,
    ...figures,
    category_refs: categoryRefs,
    subcategory_names: subcategories.map((s) => s.name),
    subcategories,
    reviews,
  };
}

// ── the sitemap: public sellers only, by the same rule as the pages
// (docs/decisions/011-only-live-sellers-are-public.md) ──

export async function countPublicSellers(db: DB): Promise<number> {
  const row = await db
    .selectFrom("sellers")
    .where((eb) => isPublic(eb))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The id of the public seller at a position (0-based) in id order, where a sitemap file starts. */
export async function publicSellerIdAt(db: DB, offset: number): Promise<number | null> {
  const row = await db
    .selectFrom("sellers")
    .select("id")
    .where((eb) => isPublic(eb))
    .orderBy("id")
    .limit(1)
    .offset(offset)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Public sellers with ids from `fromId`, in id order, with the time their profile last changed. */
export async function listPublicSellerStamps(
  db: DB,
  fromId: number,
  limit: number,
): Promise<{ id: number; updated_at: string }[]> {
  return db
    .selectFrom("sellers")
    .select(["id", "updated_at"])
    .where((eb) => isPublic(eb))
    .where("id", ">=", fromId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Each active category and city pair that has at least one public seller (the directory's landing pages). */
export async function listPublicCategoryCities(db: DB): Promise<{ slug: string; city: string }[]> {
  return db
    .selectFrom("sellers")
    .innerJoin("seller_categories as sc", "sc.seller_id", "sellers.id")
    .innerJoin("categories as c", "c.id", "sc.category_id")
    .select(["c.slug as slug", "sellers.city as city"])
    .distinct()
    .where((eb) => isPublic(eb))
    .where("c.is_active", "=", 1)
    .orderBy("c.slug")
    .orderBy("sellers.city")
    .execute();
}

/** The public sellers whose text has `term` whole or as a beginning (the staff's explanation of a search). */
export function publicSellersMatchingTerm(db: DB, term: string, how: "whole" | "beginning"): Promise<number[]> {
  const conditions = directoryConditions(expressionBuilder<Database, "sellers">(), {
    search: "",
    category: "",
    city: "",
    featured: false,
  });
  return sellersMatchingTerm(db, term, how, conditions);
}
