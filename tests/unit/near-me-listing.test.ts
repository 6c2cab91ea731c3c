import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { EARTH_RADIUS_KM, haversineKm, type Position, serviceAreaCovers } from "~/lib/geo";
import { isPublic } from "~/models/seller-visibility.server";
import { seedDemoSellers } from "~/services/demo-sellers.server";
import { listPublicSellers, placeOfNear } from "~/services/directory.server";
import { createTestDb } from "../support/test-db";

// The directory's listing near a place, without a search: nearest first, those whose service area covers her first
// among equal distances (docs/decisions/215-service-area-covers-her-first-among-equal-distances.md). Its pages are
// looked for among the nearest sellers first, widening the reach until one is full (docs/performance.md, "Search at
// scale"). Whatever the reach that gave a page, the page is the one the whole order gives: here every page is
// checked against that order computed from every public seller's place.

let db: DB;
let cleanup: () => Promise<void>;
type Placed = {
  id: number;
  latitude: number;
  longitude: number;
  serves: string | null;
  serves_km: number | null;
  is_featured: number;
  avg_rating: number;
};
let placed: Placed[];

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  await seedDemoSellers(db, 200, 11);
  // A few whose service area covers visitors (first among equal shown distances), around Koramangala.
  await createSeller(db, { business_name: "Reach Tiffins", pincode: "560034", serves: "city" });
  await createSeller(db, { business_name: "Reach Tailors", pincode: "560095", serves: "within", serves_km: 8 });
  // Around a point far from the demo's cities: eleven sellers 0.5 km south, one 1.0 km north and one 1.2 km
  // north-east, inside the square around the first reach (0.95 km) but beyond it. The page of twelve is the eleven
  // and the one to the north: a reach's square alone would give the north-east one.
  const kmPerDegree = (EARTH_RADIUS_KM * Math.PI) / 180;
  const lngDegree = kmPerDegree * Math.cos((23 * Math.PI) / 180);
  for (let i = 0; i < 11; i++)
    await createSeller(db, { business_name: `Corner South ${i}`, latitude: 23 - 0.5 / kmPerDegree, longitude: 80 });
  await createSeller(db, { business_name: "Corner North", latitude: 23 + 1 / kmPerDegree, longitude: 80 });
  const diagonal = 1.2 / Math.SQRT2;
  await createSeller(db, {
    business_name: "Corner North-East",
    latitude: 23 + diagonal / kmPerDegree,
    longitude: 80 + diagonal / lngDegree,
  });
  placed = (await db
    .selectFrom("sellers")
    .select(["id", "latitude", "longitude", "serves", "serves_km", "is_featured", "avg_rating"])
    .where((eb) => isPublic(eb))
    .where("latitude", "is not", null)
    .where("longitude", "is not", null)
    .execute()) as Placed[];
}, 60_000); // PostgreSQL seeds the demo sellers in some seconds
afterAll(() => cleanup());

/** The whole order, as the near-me decisions give it: shown distance, covered first, featured, rating, id. */
function wholeOrder(centre: Position, withinKm?: number): number[] {
  const tenths = (km: number) => Math.floor(km * 10 + 0.5);
  return placed
    .map((seller) => ({ seller, km: haversineKm(centre, { lat: seller.latitude, lng: seller.longitude }) }))
    .filter(({ km }) => withinKm === undefined || km <= withinKm)
    .sort(
      (a, b) =>
        tenths(a.km) - tenths(b.km) ||
        Number(!serviceAreaCovers(a.seller.serves, a.seller.serves_km, a.km)) -
          Number(!serviceAreaCovers(b.seller.serves, b.seller.serves_km, b.km)) ||
        b.seller.is_featured - a.seller.is_featured ||
        Number(b.seller.avg_rating) - Number(a.seller.avg_rating) ||
        a.seller.id - b.seller.id,
    )
    .map(({ seller }) => seller.id);
}

const placeOf = (near: string, withinKm?: number) => {
  const place = placeOfNear(near, withinKm);
  if (!place.ok || !place.place) throw new Error(`no place for ${near}`);
  return place.place;
};

describe("the directory's listing near a place, without a search", () => {
  it.each([
    ["Koramangala's PIN code", "560034", undefined],
    ["Whitefield's PIN code, within 10 km", "560066", 10],
    ["Electronic City's PIN code, within 25 km", "560100", 25],
    ["a position in Bengaluru", "12.9352,77.6245", undefined],
    ["the point with sellers inside the first reach's square but beyond it", "23.0000,80.0000", undefined],
    ["a position in Delhi, far from every seller", "28.6139,77.2090", undefined],
    ["Bandra's PIN code, within 2 km", "400050", 2],
  ])("%s: every page is the whole order's, with its total", async (_label, near, withinKm) => {
    const place = placeOf(near, withinKm);
    const expected = wholeOrder(place.centre, withinKm);
    const limit = 12;
    const pages = Math.max(1, Math.ceil(expected.length / limit));
    // The first pages, the last, and one past it.
    for (const page of [...new Set([1, 2, 3, pages, pages + 1])]) {
      const result = await listPublicSellers(db, {
        search: "",
        category: "",
        city: "",
        featured: false,
        page,
        limit,
        place,
      });
      expect(result.pagination.total).toBe(expected.length);
      expect(result.sellers.map((s) => s.id)).toEqual(expected.slice((page - 1) * limit, page * limit));
      for (const seller of result.sellers) expect(seller.distance_km).not.toBeNull();
    }
  });

  it("a page of another filter near a place is the whole order's too (a city, featured)", async () => {
    const place = placeOf("560034");
    const bangalore = new Set(
      (await db.selectFrom("sellers").select("id").where("city", "=", "Bangalore").execute()).map((r) => r.id),
    );
    const featured = new Set(placed.filter((s) => s.is_featured === 1).map((s) => s.id));
    for (const [over, keep] of [
      [{ city: "Bangalore" }, bangalore],
      [{ featured: true }, featured],
    ] as const) {
      const expected = wholeOrder(place.centre).filter((id) => keep.has(id));
      const result = await listPublicSellers(db, {
        search: "",
        category: "",
        city: "",
        featured: false,
        page: 2,
        limit: 6,
        place,
        ...over,
      });
      expect(result.pagination.total).toBe(expected.length);
      expect(result.sellers.map((s) => s.id)).toEqual(expected.slice(6, 12));
    }
  });
});
