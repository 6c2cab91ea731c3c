import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~db/client";
import { migrationProvider } from "~db/migrations/index";
import { createSeller, createStaffRow, createUserRow } from "~db/seed/factories";
import { EARTH_RADIUS_KM, type Position, serviceAreaCovers } from "~/lib/geo";
import { applicationFieldsSchema, ownProfileSchema } from "~/lib/validation/application";
import { adminSellerSchema } from "~/lib/validation/sellers-admin";
import { collectAccountData } from "~/models/account-data.server";
import { sellerProfileColumns } from "~/lib/seller-fields";
import { updateOwnProfile } from "~/models/seller-account.server";
import { getAdminSeller, saveAdminSeller } from "~/models/sellers-admin.server";
import { apiSeller } from "~/models/sellers.server";
import { englishMessage } from "~/services/api.server";
import { listPublicSellers } from "~/services/directory.server";
import { SELLER_EXPORT_COLUMNS } from "~/services/seller-export.server";
import { createTestDb, spareDatabaseTarget, testEngine } from "../support/test-db";
import { type SiteUnderTest, startSite } from "../support/site";
import { sessionCookieFor } from "../support/accounts";
import { renderedHtml } from "../support/html";
import { hashPassword } from "~/services/password.server";

// How far a seller serves (docs/decisions/215-service-area-covers-her-first-among-equal-distances.md): the
// migration, the one rule of the fields, where she is stored (application, her profile, staff's editor), the
// sellers CSV and her data export, the API's seller object, and near me's order (those who serve her first
// among sellers at one shown distance), on both engines (this file runs in the SQLite and the PostgreSQL suite).

const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;

describe("the migration that adds the service area", () => {
  const dir = mkdtempSync(join(tmpdir(), "bwp-service-area-migration-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("leaves the listings made before it unsaid, and the search documents carry it once she says it", async () => {
    const site = await spareDatabaseTarget(dir, "old");
    const db = openDatabase(site.target);
    try {
      expect(
        (await new Migrator({ db, provider: migrationProvider }).migrateTo("m0025_opening_hours")).error,
      ).toBeUndefined();
      const before = await createSeller(db, { business_name: "Older Listing", pincode: "560034" } as never);
      await migrateToLatest(db);
      const row = () =>
        db.selectFrom("sellers").select(["serves", "serves_km"]).where("id", "=", before).executeTakeFirstOrThrow();
      expect(await row()).toEqual({ serves: null, serves_km: null });
      await db.updateTable("sellers").set({ serves: "within", serves_km: 7 }).where("id", "=", before).execute();
      expect(await row()).toEqual({ serves: "within", serves_km: 7 });
      // A search near a place orders by it; on PostgreSQL the search reads it from the search documents.
      const found = await listPublicSellers(db, {
        search: "Older",
        category: "",
        city: "",
        featured: false,
        page: 1,
        limit: 12,
        place: { centre: { lat: 12.926, lng: 77.622 } },
      });
      expect(found.sellers.map((s) => [s.id, s.serves, s.serves_km])).toEqual([[before, "within", 7]]);
      if (testEngine === "postgres") {
        const { rows } = await sql<{ serves: string; serves_km: number }>`
          select serves, serves_km from sellers_search where id = ${before}`.execute(db);
        expect(rows).toEqual([{ serves: "within", serves_km: 7 }]);
      }
    } finally {
      await db.destroy();
      await site.drop();
    }
  });
});

describe("the fields' one rule", () => {
  const profile = (over: Record<string, unknown>) =>
    ownProfileSchema.safeParse({
      business_name: "B",
      city: "Bangalore",
      pincode: "560034",
      address: "1 Road",
      ...over,
    });
  const errorsOf = (over: Record<string, unknown>) => {
    const result = profile(over);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("takes place, city, or within 1–50 whole km; blank is not said", () => {
    for (const blank of [{}, { serves: "", serves_km: "" }]) {
      const parsed = profile(blank);
      expect([parsed.success, parsed.data?.serves, parsed.data?.serves_km]).toEqual([true, undefined, undefined]);
    }
    expect(profile({ serves: "within", serves_km: " 12 " }).data).toMatchObject({ serves: "within", serves_km: 12 });
    expect(profile({ serves: "within", serves_km: "1" }).success).toBe(true);
    expect(profile({ serves: "within", serves_km: "50" }).success).toBe(true);
    expect(profile({ serves: "city" }).data).toMatchObject({ serves: "city" });
  });

  it("refuses, naming the field: a choice not in the list, within without its km, a km out of 1–50 or not whole", () => {
    expect(errorsOf({ serves: "world" })).toEqual({ serves: "forms.serves.invalid" });
    expect(errorsOf({ serves: "within" })).toEqual({ serves_km: "forms.servesKm.required" });
    for (const km of ["0", "51", "2.5", "ten", "-3"])
      expect(errorsOf({ serves: "within", serves_km: km })).toEqual({ serves_km: "forms.servesKm.range" });
    // The API's JSON says the same in English, and the application's and staff's schemas hold the rule too.
    expect(englishMessage("forms.servesKm.required")).toBe("Please say how many km you serve, from 1 to 50");
    const application = applicationFieldsSchema.safeParse({ serves: "within", serves_km: 99 });
    expect(application.success).toBe(false);
    expect(application.error!.issues.find((i) => i.path[0] === "serves_km")?.message).toBe("forms.servesKm.range");
    const staff = adminSellerSchema.safeParse({
      name: "S",
      email: "s@example.in",
      mobile: "+919876543210",
      category_ids: ["1"],
      city: "Bangalore",
      status: "pending",
      payment_status: "pending",
      serves: "within",
    });
    expect(staff.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["serves_km", "forms.servesKm.required"],
    ]);
  });

  it("says who is covered: within her km, the whole city within 25 km, at her place never", () => {
    expect(serviceAreaCovers("within", 5, 5)).toBe(true);
    expect(serviceAreaCovers("within", 5, 5.01)).toBe(false);
    expect(serviceAreaCovers("city", null, 25)).toBe(true);
    expect(serviceAreaCovers("city", null, 25.1)).toBe(false);
    expect(serviceAreaCovers("place", null, 0)).toBe(false);
    expect(serviceAreaCovers(null, null, 0)).toBe(false);
  });
});

let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, cleanup } = await createTestDb()));
afterAll(async () => cleanup?.());

describe("where she is stored", () => {
  it("her own profile: stored, the km with within only; in her data export and the sellers CSV", async () => {
    const user = await createUserRow(db, { email: "serves-owner@example.in", name: "Serves Owner" });
    const sellerId = await createSeller(db, { user_id: user.id, status: "pending" });
    const save = (over: Record<string, unknown>) =>
      updateOwnProfile(
        db,
        user.id,
        ownProfileSchema.parse({
          business_name: "Reach",
          city: "Bangalore",
          pincode: "560034",
          address: "1 Road",
          ...over,
        }),
      );
    const stored = () =>
      db.selectFrom("sellers").select(["serves", "serves_km"]).where("id", "=", sellerId).executeTakeFirstOrThrow();
    expect(await save({ serves: "city", serves_km: "9" })).toBe("saved");
    expect(await stored()).toEqual({ serves: "city", serves_km: null });
    expect(await save({ serves: "within", serves_km: "9" })).toBe("saved");
    expect(await stored()).toEqual({ serves: "within", serves_km: 9 });

    const exported = (await collectAccountData(db, user.id))!;
    expect(exported.listings[0]).toMatchObject({ serves: "within", serves_km: 9 });
    const row = { ...(await getAdminSeller(db, sellerId))!, leads_30d: {} } as never;
    const csv = Object.fromEntries(SELLER_EXPORT_COLUMNS.map((c) => [c.header, c.value(row)]));
    expect(csv).toMatchObject({ Serves: "within", "Serves Within (km)": 9 });
  });

  it("the application's mapping and the staff editor store it", async () => {
    // The application stores its fields through the same mapping (createApplication's images are another test's).
    expect(
      sellerProfileColumns(
        applicationFieldsSchema.parse({
          name: "A",
          mobile: "+919876543210",
          email: "serves-applicant@example.in",
          category_ids: ["1"],
          id_proof_type: "pan_card",
          plan: "6m",
          business_name: "B",
          city: "Bangalore",
          pincode: "560034",
          address: "1 Road",
          serves: "within",
          serves_km: 12,
        }),
      ),
    ).toMatchObject({ serves: "within", serves_km: 12 });
    const actor = { id: await createStaffRow(db, { email: "serves-staff@example.in" }), email: "s", ip: "127.0.0.1" };
    const edited = await saveAdminSeller(
      db,
      actor as never,
      null,
      adminSellerSchema.parse({
        name: "Staff Made",
        email: "serves-staff-made@example.in",
        mobile: "+919876543210",
        category_ids: ["1"],
        city: "Mumbai",
        status: "pending",
        payment_status: "pending",
        serves: "place",
      }),
      {},
    );
    if (!edited.ok) throw new Error(JSON.stringify(edited));
    const rows = await db
      .selectFrom("sellers")
      .select(["id", "serves", "serves_km"])
      .where("id", "=", edited.id)
      .execute();
    expect(rows).toEqual([{ id: edited.id, serves: "place", serves_km: null }]);
  });
});

describe("near me's order: those who serve her first among sellers at one shown distance", () => {
  const WORD = "Gulkand";
  const CITY = "Mysore"; // this block's sellers only, in the listing without a search
  const centre: Position = { lat: 12.9, lng: 77.6 };
  const north = (km: number) => ({ latitude: centre.lat + km / KM_PER_DEGREE, longitude: centre.lng });
  beforeAll(async () => {
    const make = (key: string, km: number, extra: Record<string, unknown> = {}) =>
      createSeller(db, { business_name: `${WORD} ${key}`, city: CITY, ...north(km), ...extra } as never);
    // Shown as 1.0 km; 2.4 km (five of them); 3.0 km.
    await make("nearer", 1.0);
    await make("plain-featured", 2.41, { is_featured: 1, avg_rating: 5 });
    await make("within-3", 2.44, { serves: "within", serves_km: 3 });
    await make("within-2", 2.43, { serves: "within", serves_km: 2 });
    await make("city", 2.42, { serves: "city" });
    await make("place-featured", 2.4, { serves: "place", is_featured: 1 });
    await make("farther-city", 3.0, { serves: "city" });
  });
  const query = (search: string) => ({
    search,
    category: "",
    city: CITY,
    featured: false,
    page: 1,
    limit: 12,
    place: { centre },
  });
  const expected = ["nearer", "within-3", "city", "plain-featured", "place-featured", "within-2", "farther-city"];

  it.each([
    ["the listing", ""],
    ["a search", WORD],
  ])("%s: nearest by the shown distance, then covered before not, then its own order", async (_label, search) => {
    const result = await listPublicSellers(db, query(search));
    expect(result.sellers.map((s) => s.business_name!.slice(WORD.length + 1))).toEqual(expected);
    expect(result.sellers.map((s) => s.distance_km)).toEqual([1, 2.4, 2.4, 2.4, 2.4, 2.4, 3]);
  });

  it("pages keep the order", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => listPublicSellers(db, { ...query(WORD), page, limit: 3 })));
    expect(pages.flatMap((p) => p.sellers.map((s) => s.business_name!.slice(WORD.length + 1)))).toEqual(expected);
  });

  it("the API's seller object carries serves and serves_km", async () => {
    const [first, second] = (await listPublicSellers(db, query(WORD))).sellers.slice(1, 3).map((s) => apiSeller(s));
    expect(first).toMatchObject({ serves: "within", serves_km: 3, distance_km: 2.4 });
    expect(second).toMatchObject({ serves: "city", serves_km: null });
  });
});

const SECRET = "service-area-test-secret-0123456789abcdef";

describe("over HTTP", () => {
  let site: SiteUnderTest;
  let serial = 0;
  const address = () => `198.51.100.${80 + (serial % 100)}`;

  /** A session cookie for a user of the site's database. */
  const sessionCookie = (userId: number) => sessionCookieFor(site.db, userId, SECRET);
  async function sellerWith(pincode: string | null) {
    const email = `located-${++serial}@example.in`;
    const user = await createUserRow(site.db, { email, name: "Seller", role: "seller", is_active: 1 });
    await createSeller(site.db, {
      user_id: user.id,
      email,
      business_name: `Located ${serial}`,
      address: "1 Road",
      ...(pincode ? { pincode } : {}),
    });
    return { name: `Located ${serial}`, cookie: await sessionCookie(user.id) };
  }
  async function adminCookie() {
    const email = `admin-${++serial}@example.in`;
    await createUserRow(site.db, {
      email,
      name: "Admin",
      role: "admin",
      password_hash: await hashPassword("a-long-staff-password-1"),
    });
    const login = await fetch(`${site.base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.base, "X-Forwarded-For": address() },
      body: JSON.stringify({ email, password: "a-long-staff-password-1" }),
    });
    expect(login.status).toBe(200);
    return login.headers.get("set-cookie")!.split(";")[0]!;
  }
  const page = async (path: string, cookie: string) => {
    const res = await fetch(site.base + path, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    return renderedHtml(await res.text());
  };
  beforeAll(async () => {
    site = await startSite(
      "service-area",
      { SESSION_SECRET: SECRET, TRUST_PROXY: "loopback" },
      {
        prepare: async (site) => {
          await createSeller(site, {
            business_name: "Jaggery Near",
            pincode: "560034",
            serves: "within",
            serves_km: 4,
          });
        },
      },
    );
  }, 120_000);
  afterAll(async () => site?.stop());

  it("GET /api/sellers gives serves and serves_km; POST /api/sellers/submit refuses a bad one", async () => {
    const listed = (await (await fetch(`${site.base}/api/sellers?search=Jaggery&near=560034`)).json()) as {
      sellers: Record<string, unknown>[];
    };
    expect(listed.sellers[0]).toMatchObject({ serves: "within", serves_km: 4, distance_km: 0 });
    const post = (over: Record<string, unknown>) =>
      fetch(`${site.base}/api/sellers/submit`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.72" },
        body: JSON.stringify({
          name: "Reach Applicant",
          mobile: "+91 98765 43210",
          email: "reach-applicant@example.in",
          category_ids: [1],
          business_name: "Reach Pickles",
          city: "Bangalore",
          pincode: "560034",
          address: "22 4th Block",
          id_proof_type: "pan_card",
          plan: "3m",
          id_proof_document: "/uploads/nothing-here.jpg",
          payment_screenshot: "/uploads/nothing-here-either.jpg",
          profile_photo: "/uploads/nor-here.jpg",
          ...over,
        }),
      });
    const withoutKm = await post({ serves: "within" });
    expect(withoutKm.status).toBe(400);
    expect(await withoutKm.json()).toEqual({ error: "Please say how many km you serve, from 1 to 50" });
    const tooFar = await post({ serves: "within", serves_km: 80 });
    expect(tooFar.status).toBe(400);
    expect(await tooFar.json()).toEqual({ error: "Please enter a whole number of km from 1 to 50" });
    const unknown = await post({ serves: "everywhere" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "Please choose how far you serve from the list" });
  });

  it("staff list the sellers without a PIN code; her dashboard asks her for it, in her language", async () => {
    const [without, withPin] = [await sellerWith(null), await sellerWith("560034")];
    const admin = await adminCookie();
    const missing = await page("/admin/sellers?pincode=missing", admin);
    expect(missing).toContain(without.name);
    expect(missing).not.toContain(withPin.name);
    expect(missing).toContain("No PIN code");
    expect(await page("/admin/sellers", admin)).toContain(withPin.name);
    // The API's list reads the same filter.
    const api = (await (
      await fetch(`${site.base}/api/admin/sellers?pincode=missing`, { headers: { Cookie: admin } })
    ).json()) as { sellers: { business_name: string }[] };
    expect(api.sellers.map((s) => s.business_name)).toEqual([without.name]);

    const asked = await page("/seller-dashboard", without.cookie);
    expect(asked).toContain("Add your PIN code");
    expect(asked).toMatch(/<a href="#profile"[^>]*>Add PIN code<\/a>/);
    expect(await page("/hi/seller-dashboard", without.cookie)).toContain("अपना पिन कोड जोड़ें");
    expect(await page("/seller-dashboard", withPin.cookie)).not.toContain("Add your PIN code");
  });
});
