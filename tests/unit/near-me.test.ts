import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~db/client";
import { migrationProvider } from "~db/migrations/index";
import {
  checkedPlaceColumns,
  isInPincodeArea,
  isKnownPincode,
  loadPincodes,
  PIN_AREA_MAX_KM,
  PIN_AREA_NEAR_KM,
  pincodeCentre,
  pincodeInText,
  storedPositionOf,
} from "~db/pincodes";
import type { Database } from "~db/schema";
import { createSeller, createStaffRow, createUserRow } from "~db/seed/factories";
import { EARTH_RADIUS_KM, haversineKm, type Position, positionText, roundPosition } from "~/lib/geo";
import { RefusedChange } from "~/lib/refusal";
import { ownProfileSchema } from "~/lib/validation/application";
import { directoryQuerySchema } from "~/lib/validation/directory";
import { collectAccountData } from "~/models/account-data.server";
import { createApplication } from "~/models/applications.server";
import { getOwnListing, updateOwnProfile } from "~/models/seller-account.server";
import { saveAdminSeller } from "~/models/sellers-admin.server";
import { forgetRememberedRankings, rememberedRankingStats } from "~/models/search.server";
import { adminSellerSchema } from "~/lib/validation/sellers-admin";
import { listPublicSellers, placeOfNear } from "~/services/directory.server";
import { categoryIdBySlug, createTestDb, spareDatabaseTarget, testEngine } from "../support/test-db";

// Near me (docs/decisions/211-near-me-pin-code-centres-in-memory.md): the PIN codes and their centres, a
// seller's PIN code where she is stored, the migration that finds it in older addresses, and the directory's
// distance order, radius and plans, on both engines (this file runs in the SQLite and the PostgreSQL suite).

const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;

describe("the PIN codes and their centres (pincode-lat-long)", () => {
  it("knows the data set's 18,925 PIN codes, six digits each, and no other", () => {
    expect(loadPincodes()).toBe(18_925);
    for (const known of ["560034", "560038", "400050", "110001", "855117"]) expect(isKnownPincode(known)).toBe(true);
    for (const unknown of ["999999", "560000", "100000", "012345", "56003", "5600340", "56003a", ""])
      expect(isKnownPincode(unknown)).toBe(false);
  });

  // Known places of Bengaluru and Mumbai (their usual map positions) against the data set's centres: a
  // PIN code's centre lies in its area, within a few kilometres of the place that names it.
  it.each([
    ["560034", "Koramangala (Forum mall)", { lat: 12.9346, lng: 77.6113 }],
    ["560038", "Indiranagar (100 Feet Road)", { lat: 12.9719, lng: 77.6412 }],
    ["560001", "MG Road", { lat: 12.9756, lng: 77.6066 }],
    ["560011", "Jayanagar 4th Block", { lat: 12.925, lng: 77.5938 }],
    ["560066", "Whitefield", { lat: 12.9698, lng: 77.75 }],
    ["560100", "Electronic City", { lat: 12.8452, lng: 77.6602 }],
    ["400050", "Bandra West", { lat: 19.0596, lng: 72.8295 }],
    ["400001", "Fort (CSMT)", { lat: 18.94, lng: 72.8353 }],
    ["400005", "Colaba Causeway", { lat: 18.9067, lng: 72.8147 }],
    ["400076", "Powai (Hiranandani Gardens)", { lat: 19.1176, lng: 72.906 }],
    ["400049", "Juhu Beach", { lat: 19.0988, lng: 72.8264 }],
  ])("%s is %s", (pincode, _place, known) => {
    const centre = pincodeCentre(pincode)!;
    expect(haversineKm(centre, known)).toBeLessThan(3);
  });

  it("checked samples as the issue gave them, and Bengaluru to Mumbai at its known distance", () => {
    expect(storedPositionOf("560034")).toEqual({ lat: 12.926, lng: 77.622 });
    expect(storedPositionOf("560038")).toEqual({ lat: 12.978, lng: 77.641 });
    expect(storedPositionOf("400050")).toEqual({ lat: 19.055, lng: 72.83 });
    const km = haversineKm(pincodeCentre("560034")!, pincodeCentre("400050")!);
    expect(km).toBeGreaterThan(830);
    expect(km).toBeLessThan(860);
  });

  it("keeps PIN codes whose centre the data set lacks (0,0 or outside India) as known, without a position", () => {
    for (const pincode of ["182101", "737101"]) {
      expect(isKnownPincode(pincode)).toBe(true);
      expect(pincodeCentre(pincode)).toBeNull();
      expect(storedPositionOf(pincode)).toBeNull();
    }
    expect(pincodeCentre("999999")).toBeUndefined();
  });

  it("finds the PIN code in an address: the last six digits that are one", () => {
    expect(pincodeInText("12 MG Road, Bengaluru 560 001")).toBe("560001");
    expect(pincodeInText("Flat 101, 4th Block, Koramangala 560034, Karnataka")).toBe("560034");
    expect(pincodeInText("Shop 4, Hill Road, Bandra West, Mumbai - 400050")).toBe("400050");
    expect(pincodeInText("From 400050 moved to 560034")).toBe("560034");
    expect(pincodeInText("560034 then call 9876543210")).toBe("560034");
    expect(pincodeInText("Call 9876543210")).toBeNull();
    expect(pincodeInText("Plot 999999, Nowhere")).toBeNull();
    expect(pincodeInText("1234567 Long Street")).toBeNull();
    expect(pincodeInText(null)).toBeNull();
  });
});

describe("the migration that adds the PIN code", () => {
  const dir = mkdtempSync(join(tmpdir(), "bwp-near-migration-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("fills it, with the rounded centre, where an older address holds a known one; the rest stay empty", async () => {
    const site = await spareDatabaseTarget(dir, "old");
    const db = openDatabase(site.target);
    try {
      const before = await new Migrator({ db, provider: migrationProvider }).migrateTo("m0022_quote_owner");
      expect(before.error).toBeUndefined();
      const stamp = new Date().toISOString();
      const seller = async (address: string | null) =>
        (
          await db
            .insertInto("sellers")
            .values({
              owner_name: "Owner",
              email: `o${Math.random().toString(36).slice(2)}@example.in`,
              mobile: "+919876543210",
              city: "Bangalore",
              address,
              status: "active",
              created_at: stamp,
              updated_at: stamp,
            } as never)
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      const spaced = await seller("12, 4th Block, Koramangala, Bengaluru 560 034");
      const mumbai = await seller("Hill Road, Bandra West, Mumbai 400050");
      const unknown = await seller("Plot 999999, Nowhere");
      const none = await seller("Near the temple");
      const blank = await seller(null);
      const noCentre = await seller("Main Bazar, Udhampur 182101");
      await migrateToLatest(db);
      const rows = await db
        .selectFrom("sellers")
        .select(["id", "pincode", "latitude", "longitude"])
        .orderBy("id")
        .execute();
      const of = (id: number) => rows.find((r) => r.id === id);
      expect(of(spaced)).toEqual({ id: spaced, pincode: "560034", latitude: 12.926, longitude: 77.622 });
      expect(of(mumbai)).toEqual({ id: mumbai, pincode: "400050", latitude: 19.055, longitude: 72.83 });
      expect(of(noCentre)).toEqual({ id: noCentre, pincode: "182101", latitude: null, longitude: null });
      for (const id of [unknown, none, blank])
        expect(of(id)).toEqual({ id, pincode: null, latitude: null, longitude: null });
    } finally {
      await db.destroy();
      await site.drop();
    }
  });
});

let db: DB;
let cleanup: () => Promise<void>;
let path: string;
beforeAll(async () => {
  const t = await createTestDb();
  db = t.db;
  cleanup = t.cleanup;
  path = t.path;
});
afterAll(async () => cleanup?.());

describe("a seller's PIN code where she is stored", () => {
  it("her own profile: stored with its rounded centre; one that does not exist is refused as the field's error", async () => {
    const user = await createUserRow(db, { email: "pin-owner@example.in", name: "Pin Owner" });
    const sellerId = await createSeller(db, { user_id: user.id, status: "pending" });
    const profile = (pincode: string) =>
      ownProfileSchema.parse({ business_name: "Pin Shop", city: "Bangalore", pincode, address: "1 Road" });
    expect(await updateOwnProfile(db, user.id, profile("999999"))).toEqual({
      fieldErrors: { pincode: ["forms.pincode.unknown"] },
    });
    expect(await updateOwnProfile(db, user.id, profile("560 038"))).toBe("saved");
    const row = await db
      .selectFrom("sellers")
      .select(["pincode", "latitude", "longitude"])
      .where("id", "=", sellerId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pincode: "560038", latitude: 12.978, longitude: 77.641 });
    // Her data export carries it (every column of her listing).
    const exported = (await collectAccountData(db, user.id))!;
    expect(exported.listings[0]).toMatchObject({ pincode: "560038", latitude: 12.978, longitude: 77.641 });
  });

  it("her own point: in her PIN code's area it is kept to three decimals; outside it, refused at its field", async () => {
    const user = await createUserRow(db, { email: "pin-mover@example.in", name: "Pin Mover" });
    const sellerId = await createSeller(db, { user_id: user.id, status: "pending" });
    const profile = (map_position: string) =>
      ownProfileSchema.parse({
        business_name: "Point Shop",
        city: "Bangalore",
        pincode: "560034",
        address: "1 Road",
        map_position,
      });
    const place = () =>
      db
        .selectFrom("sellers")
        .select(["pincode", "latitude", "longitude"])
        .where("id", "=", sellerId)
        .executeTakeFirstOrThrow();
    const centre = pincodeCentre("560034")!;
    // ~650 m north-east of Koramangala's centre, typed as a maps app shares it (six decimals).
    const near = { lat: centre.lat + 0.0041, lng: centre.lng + 0.0043 };
    const kept = { lat: roundPosition(near.lat), lng: roundPosition(near.lng) };
    expect(await updateOwnProfile(db, user.id, profile(`${near.lat.toFixed(6)}, ${near.lng.toFixed(6)}`))).toBe(
      "saved",
    );
    expect(await place()).toEqual({ pincode: "560034", latitude: kept.lat, longitude: kept.lng });
    expect((await getOwnListing(db, user.id))!.map_position).toBe(positionText(kept));
    // Bandra, Mumbai is not in Koramangala's area; her point stays where it was.
    expect(await updateOwnProfile(db, user.id, profile("19.055, 72.830"))).toEqual({
      fieldErrors: { map_position: ["forms.mapPosition.outside"] },
    });
    expect(await place()).toEqual({ pincode: "560034", latitude: kept.lat, longitude: kept.lng });
    // Left empty: back at her PIN code's centre, which the form shows as an empty field.
    expect(await updateOwnProfile(db, user.id, profile(""))).toBe("saved");
    const { lat, lng } = storedPositionOf("560034")!;
    expect(await place()).toEqual({ pincode: "560034", latitude: lat, longitude: lng });
    expect((await getOwnListing(db, user.id))!.map_position).toBe("");
  });

  it("a point is read as a maps app shares it, in India only", () => {
    const parse = (map_position: string) =>
      ownProfileSchema.safeParse({
        business_name: "P",
        city: "Bangalore",
        pincode: "560034",
        address: "1",
        map_position,
      });
    for (const typed of ["12.9352, 77.6245", "12.9352,77.6245", "12.9352 77.6245", " 12.9352 ,  77.6245 "])
      expect(parse(typed).data?.map_position, typed).toEqual({ lat: 12.9352, lng: 77.6245 });
    expect(parse("").data?.map_position).toBeUndefined();
    for (const typed of ["Koramangala", "12.9352", "77.6245, 12.9352", "51.5072, -0.1276", "12.9352; 77.6245"]) {
      const issues = parse(typed).error?.issues.filter((issue) => issue.path[0] === "map_position");
      expect(
        issues?.map((issue) => issue.message),
        typed,
      ).toEqual(["forms.mapPosition.invalid"]);
    }
  });

  it("a PIN code's area: its nearest centre, or within a few km of its own, never far", () => {
    const koramangala = pincodeCentre("560034")!;
    const hsr = pincodeCentre("560102")!;
    const indiranagar = pincodeCentre("560038")!;
    expect(isInPincodeArea("560034", koramangala)).toBe(true);
    // HSR Layout's centre is under PIN_AREA_NEAR_KM from Koramangala's: in both areas.
    expect(haversineKm(koramangala, hsr)).toBeLessThan(PIN_AREA_NEAR_KM);
    expect(isInPincodeArea("560034", hsr)).toBe(true);
    // Indiranagar's centre is farther, and nearer its own centre (itself) than Koramangala's.
    expect(haversineKm(koramangala, indiranagar)).toBeGreaterThan(PIN_AREA_NEAR_KM);
    expect(isInPincodeArea("560034", indiranagar)).toBe(false);
    // Never beyond PIN_AREA_MAX_KM, and never for a PIN code without a centre (or none).
    const far = { lat: koramangala.lat + (PIN_AREA_MAX_KM + 1) / KM_PER_DEGREE, lng: koramangala.lng };
    expect(isInPincodeArea("560034", far)).toBe(false);
    expect(isInPincodeArea("999999", koramangala)).toBe(false);
    const refusal = (() => {
      try {
        checkedPlaceColumns(null, koramangala);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(RefusedChange);
    expect((refusal as RefusedChange).fieldErrors).toEqual({ map_position: ["forms.mapPosition.needsPincode"] });
  });

  it("the application refuses a PIN code that does not exist, naming the field", async () => {
    const result = await createApplication(
      db,
      {
        name: "A",
        mobile: "+919876543210",
        email: "pin-applicant@example.in",
        category_ids: [await categoryIdBySlug(db, "food-and-beverages")],
        subcategory_ids: [],
        id_proof_type: "pan_card",
        plan: "6m",
        business_name: "B",
        city: "Bangalore",
        pincode: "999999",
        address: "1 Road",
      } as never,
      { id_proof_document: "x", payment_screenshot: "y", profile_photo: "z", product_images: [] },
    );
    expect(result).toEqual({ ok: false, reason: "invalid", fieldErrors: { pincode: ["forms.pincode.unknown"] } });
  });

  it("staff may save a listing without one; a given one is checked and stored with its centre", async () => {
    // A staff account of its own (the audit row names it): none is made first in a shuffled run.
    const actor = {
      id: await createStaffRow(db, { email: "staff@example.in" }),
      email: "staff@example.in",
      ip: "127.0.0.1",
    };
    const input = (pincode: string) =>
      adminSellerSchema.parse({
        name: "Staff Made",
        email: "staff-made@example.in",
        mobile: "+919876543210",
        category_ids: [String(1)],
        city: "Mumbai",
        pincode,
        status: "pending",
        payment_status: "pending",
      });
    const refused = await saveAdminSeller(db, actor as never, null, input("999999"), {});
    expect(refused).toEqual({ ok: false, reason: "invalid", fieldErrors: { pincode: ["forms.pincode.unknown"] } });
    const saved = await saveAdminSeller(db, actor as never, null, input(""), {});
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    const again = await saveAdminSeller(db, actor as never, saved.id, input("400050"), {});
    expect(again.ok).toBe(true);
    expect(
      await db
        .selectFrom("sellers")
        .select(["pincode", "latitude", "longitude"])
        .where("id", "=", saved.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ pincode: "400050", latitude: 19.055, longitude: 72.83 });
    // Her own point (set on her profile) stays through a staff edit that keeps the PIN code, and goes with a new one.
    await db.updateTable("sellers").set({ latitude: 19.058, longitude: 72.834 }).where("id", "=", saved.id).execute();
    expect((await saveAdminSeller(db, actor as never, saved.id, input("400050"), {})).ok).toBe(true);
    const placeOf = () =>
      db
        .selectFrom("sellers")
        .select(["pincode", "latitude", "longitude"])
        .where("id", "=", saved.id)
        .executeTakeFirstOrThrow();
    expect(await placeOf()).toEqual({ pincode: "400050", latitude: 19.058, longitude: 72.834 });
    expect((await saveAdminSeller(db, actor as never, saved.id, input("400051"), {})).ok).toBe(true);
    const { lat, lng } = storedPositionOf("400051")!;
    expect(await placeOf()).toEqual({ pincode: "400051", latitude: lat, longitude: lng });
  });
});

describe("near me on the directory's list", () => {
  const ids: Record<string, number> = {};
  const word = "Sindhoora"; // the name of this block's sellers, searched for by each query
  beforeAll(async () => {
    const food = await categoryIdBySlug(db, "food-and-beverages");
    const make = async (key: string, pincode: string | null, extra: Record<string, unknown> = {}) => {
      ids[key] = await createSeller(db, {
        business_name: `${word} ${key}`,
        city: pincode?.startsWith("400") ? "Mumbai" : "Bangalore",
        categoryIds: [food],
        ...(pincode ? { pincode } : {}),
        ...extra,
      });
    };
    await make("koramangala", "560034");
    await make("koramangala-featured", "560034", { is_featured: 1, avg_rating: 4.5 });
    await make("hsr", "560102");
    await make("indiranagar", "560038");
    await make("whitefield", "560066");
    await make("bandra", "400050");
    await make("no-pin", null);
    await make("pending", "560034", { status: "pending" });
    await make("no-centre", "182101");
  });

  // Only this block's sellers: another block's (the plans') may be made first, in a shuffled run.
  const query = (over: Record<string, unknown> = {}) => ({
    search: word,
    category: "",
    city: "",
    featured: false,
    page: 1,
    limit: 12,
    ...over,
  });
  const near = (text: string, withinKm?: number) => {
    const placed = placeOfNear(text, withinKm);
    if (!placed.ok) throw new Error(placed.reason);
    return placed.place;
  };
  const names = (sellers: { business_name: string | null }[]) =>
    sellers.map((s) => s.business_name!.slice(word.length + 1));

  it("sorts nearest first, each with its distance (haversine within 0.1 km, one decimal) and PIN code", async () => {
    const result = await listPublicSellers(db, query({ place: near("560034") }));
    // Sellers at one PIN code are equally near: the listing's own order (featured first) among them.
    expect(names(result.sellers)).toEqual([
      "koramangala-featured",
      "koramangala",
      "hsr",
      "indiranagar",
      "whitefield",
      "bandra",
    ]);
    expect(result.pagination.total).toBe(6);
    const from = storedPositionOf("560034")!;
    for (const seller of result.sellers) {
      const at = storedPositionOf(seller.pincode!)!;
      expect(Math.abs(seller.distance_km! - haversineKm(from, at))).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(seller.distance_km).toBe(Math.round(seller.distance_km! * 10) / 10);
    }
    expect(result.sellers[0]).toMatchObject({ distance_km: 0, pincode: "560034" });
    expect(result.sellers.find((s) => s.pincode === "400050")!.distance_km).toBeGreaterThan(830);
  });

  it("without near the list is as before: no distance, no PIN code", async () => {
    const result = await listPublicSellers(db, query({ search: word }));
    expect(result.sellers.length).toBeGreaterThan(0);
    for (const seller of result.sellers) {
      expect(seller).not.toHaveProperty("distance_km");
      expect(seller).not.toHaveProperty("pincode");
    }
  });

  it("within_km keeps those within the radius, the edges decided by the exact distance", async () => {
    const within5 = await listPublicSellers(db, query({ place: near("560034", 5) }));
    expect(names(within5.sellers)).toEqual(["koramangala-featured", "koramangala", "hsr"]);
    const within10 = await listPublicSellers(db, query({ place: near("560034", 10) }));
    expect(names(within10.sellers)).toEqual(["koramangala-featured", "koramangala", "hsr", "indiranagar"]);
    expect(within10.pagination.total).toBe(4);

    // A visitor due south and due west of the Indiranagar seller's stored position, just inside and just
    // outside 2 km: along a meridian the distance is R·Δφ; along a parallel, 2R·asin(cos φ · sin(Δλ/2)).
    const at = storedPositionOf("560038")!;
    const south = (km: number): Position => ({ lat: at.lat - km / KM_PER_DEGREE, lng: at.lng });
    const west = (km: number): Position => {
      const dLng = 2 * Math.asin(Math.sin(km / (2 * EARTH_RADIUS_KM)) / Math.cos((at.lat * Math.PI) / 180));
      return { lat: at.lat, lng: at.lng - (dLng * 180) / Math.PI };
    };
    const nearAt = async (p: Position) =>
      names((await listPublicSellers(db, query({ place: { centre: p, withinKm: 2 } }))).sellers);
    expect(await nearAt(south(1.99))).toContain("indiranagar");
    expect(await nearAt(south(2.01))).not.toContain("indiranagar");
    expect(await nearAt(west(1.99))).toContain("indiranagar");
    expect(await nearAt(west(2.01))).not.toContain("indiranagar");
    expect(haversineKm(west(1.99), at)).toBeCloseTo(1.99, 6);
  });

  it("combines with search, category, city and paging", async () => {
    const page1 = await listPublicSellers(db, query({ search: word, place: near("560038"), limit: 2 }));
    const page2 = await listPublicSellers(db, query({ search: word, place: near("560038"), limit: 2, page: 2 }));
    const page3 = await listPublicSellers(db, query({ search: word, place: near("560038"), limit: 2, page: 3 }));
    expect([...names(page1.sellers), ...names(page2.sellers), ...names(page3.sellers)]).toEqual([
      "indiranagar",
      "koramangala-featured",
      "koramangala",
      "hsr",
      "whitefield",
      "bandra",
    ]);
    expect(page1.pagination).toMatchObject({ total: 6, pages: 3 });
    const distances = [...page1.sellers, ...page2.sellers].map((s) => s.distance_km!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);

    const mumbai = await listPublicSellers(db, query({ city: "Mumbai", place: near("560034") }));
    expect(names(mumbai.sellers)).toEqual(["bandra"]);
    const food = await listPublicSellers(db, query({ category: "food-and-beverages", place: near("400050", 25) }));
    expect(names(food.sellers)).toEqual(["bandra"]);
    const searched = await listPublicSellers(db, query({ search: `${word} whitefield`, place: near("560034", 25) }));
    expect(names(searched.sellers)[0]).toBe("whitefield");
  });

  // A search near a place is ranked once per centre and reach (docs/performance.md, "Search at scale"): its next
  // pages and its repeats are read from the remembered order, with the same sellers and distances as ranked.
  it("ranks a search near a place once, then pages from its order with the same distances", async () => {
    const pages = async (place: ReturnType<typeof near>) => {
      const shown = [];
      for (const page of [1, 2, 3]) shown.push(await listPublicSellers(db, query({ place, limit: 2, page })));
      return shown.map((result) => ({ total: result.pagination.total, sellers: result.sellers }));
    };
    forgetRememberedRankings(db);
    const before = rememberedRankingStats(db);
    const ranked = await pages(near("560066"));
    // The first page ranked (maybe twice, with a vocabulary planned again), the two after it paged.
    const afterRanking = rememberedRankingStats(db);
    expect(afterRanking.hits).toBe(before.hits + 2);
    expect(names(ranked.flatMap((p) => p.sellers))).toEqual([
      "whitefield",
      "indiranagar", // 11.8 km from Whitefield's centre
      "hsr", // 13.1 km
      "koramangala-featured", // 14.7 km, featured first
      "koramangala",
      "bandra",
    ]);
    expect(ranked.every((p) => p.sellers.every((s) => s.distance_km !== null && s.pincode))).toBe(true);
    // Each page again from the order: the same rows, distances and totals.
    expect(await pages(near("560066"))).toEqual(ranked);
    expect(rememberedRankingStats(db)).toEqual({ hits: afterRanking.hits + 3, misses: afterRanking.misses });
    // Another centre, or a reach, is another order.
    expect(names((await listPublicSellers(db, query({ place: near("400050") }))).sellers)[0]).toBe("bandra");
    expect(rememberedRankingStats(db).misses).toBe(afterRanking.misses + 1);
    const within = await listPublicSellers(db, query({ place: near("560066", 10) }));
    expect(names(within.sellers)).toEqual(["whitefield"]);
    expect(rememberedRankingStats(db).misses).toBe(afterRanking.misses + 2);
  });

  it("reads near: a PIN code, or a position; refuses the rest", () => {
    expect(placeOfNear("")).toEqual({ ok: true, place: undefined });
    expect(placeOfNear("560034", 5)).toEqual({
      ok: true,
      place: { centre: { lat: 12.926, lng: 77.622 }, withinKm: 5 },
    });
    expect(placeOfNear("12.97,77.64")).toEqual({ ok: true, place: { centre: { lat: 12.97, lng: 77.64 } } });
    expect(placeOfNear("999999")).toEqual({ ok: false, reason: "unknown", pincode: "999999" });
    expect(placeOfNear("182101")).toEqual({ ok: false, reason: "no_centre", pincode: "182101" });
    for (const bad of ["56003", "012345", "12.9", "91,77", "12.9,181", "near me", "12.9;77.6"])
      expect(placeOfNear(bad)).toEqual({ ok: false, reason: "malformed" });
    expect(directoryQuerySchema.safeParse({ within_km: "0" }).success).toBe(false);
    expect(directoryQuerySchema.safeParse({ within_km: "abc" }).success).toBe(false);
    expect(directoryQuerySchema.parse({ within_km: "2.5" }).within_km).toBe(2.5);
  });
});

describe("near me's plans: the bounding box is an index range on both engines", () => {
  // The statement the model runs is captured from a second Kysely on the same database and explained
  // there. PostgreSQL's planner chooses by the table's statistics: it gets enough rows spread over India,
  // analysed, for a 5 km box to be worth an index.
  let probe: Kysely<Database>;
  let client: pg.Client | undefined;
  const captured: CompiledQuery[] = [];
  let explain: (q: CompiledQuery) => Promise<string>;
  beforeAll(async () => {
    // Its own sellers (the other blocks' may be left out by a filter): two near Koramangala.
    await createSeller(db, { business_name: "Chakkuli Planned", pincode: "560034" });
    await createSeller(db, { business_name: "Chakkuli Boxed", pincode: "560095" });
    const log = (e: { level: string; query: CompiledQuery }) => {
      if (e.level === "query") captured.push(e.query);
    };
    if (testEngine === "sqlite") {
      const sqlite = new SQLite(path);
      probe = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
      explain = async (q) =>
        (sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[])
          .map((r) => r.detail)
          .join(" | ");
    } else {
      const pool = new pg.Pool({ connectionString: path, max: 2 });
      probe = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
      const pgClient = new pg.Client({ connectionString: path });
      client = pgClient;
      await pgClient.connect();
      await pgClient.query(`insert into sellers (owner_name, email, mobile, city, status, created_at, updated_at,
          pincode, latitude, longitude)
        select 'Spread', 'spread' || n || '@example.in', '+919876543210', 'Pune', 'active', now()::text, now()::text,
          null, 8 + (n % 97) * 0.25, 70 + (n / 97) * 0.25
        from generate_series(1, 6000) as n`);
      await pgClient.query("analyze sellers");
      explain = async (q) =>
        (await pgClient.query(`explain ${q.sql}`, q.parameters as unknown[])).rows
          .map((r: Record<string, string>) => r["QUERY PLAN"])
          .join(" | ");
    }
  });
  afterAll(async () => {
    await client?.end();
    await probe?.destroy();
  });

  it.each([
    ["the listing", { search: "" }],
    ["a search", { search: "Chakkuli" }],
  ])("%s within 5 km reads the sellers of the box through sellers_public_position", async (_label, over) => {
    captured.length = 0;
    const place = placeOfNear("560034", 5);
    if (!place.ok) throw new Error(place.reason);
    const result = await listPublicSellers(probe as unknown as DB, {
      category: "",
      city: "",
      featured: false,
      page: 1,
      limit: 12,
      ...over,
      place: place.place,
    });
    expect(result.sellers.length).toBeGreaterThan(0);
    const listing = captured.find((q) => /"sellers"\."latitude" >=|sellers\.latitude >=/.test(q.sql));
    expect(listing, "the near-me statement").toBeDefined();
    const plan = await explain(listing!);
    // No seller row is read but those the index (or the text index) leads to.
    expect(plan).not.toMatch(/SCAN sellers\b|Seq Scan on sellers\b/);
    if (over.search) {
      // A search is driven from the text index; the box and the distance narrow its matches.
      expect(plan).toMatch(/SCAN sellers_fts VIRTUAL TABLE|Function Scan on sellers_search_matching/);
    } else {
      expect(plan).toMatch(/sellers_public_position/);
    }
  });
});
