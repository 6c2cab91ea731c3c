import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "~db/client";
import { createSeller, createUserRow } from "~db/seed/factories";
import { openingStateText } from "~/components/opening-hours";
import { todayIso } from "~/lib/dates";
import {
  emptyWeek,
  isOpenAt,
  nextChangeAt,
  type OpeningHours,
  openingHoursOfForm,
  openingState,
  WEEKDAYS,
} from "~/lib/opening-hours";
import { openingHoursSpecification } from "~/lib/structured-data";
import { apiApplicationSchema, ownProfileSchema } from "~/lib/validation/application";
import { adminSellerSchema } from "~/lib/validation/sellers-admin";
import { directoryQuerySchema } from "~/lib/validation/directory";
import { updateOwnProfile } from "~/models/seller-account.server";
import { apiSeller, getPublicSeller } from "~/models/sellers.server";
import { saveAdminSeller } from "~/models/sellers-admin.server";
import { listPublicSellers } from "~/services/directory.server";
import { translatorFor } from "~/services/i18n.server";
import { keepCachedWhileStatesHold } from "~/services/open-now.server";
import { createResponseCache } from "../../server/serve-from-cache";
import { atIndianNoon } from "../support/clock";
import { createTestDb } from "../support/test-db";

// Opening hours and open now (docs/decisions/214-opening-hours-one-json-column-state-from-the-clock.md):
// the clock table in India's time whatever the server's zone, the forms' rules, the hours where a seller is
// stored and the open-now filter on both engines (this file runs in the SQLite and the PostgreSQL suite),
// and the response cache's copy of a page that shows the state ending at the closing time.

/** An instant given as India's wall-clock time (UTC+5:30). */
const ist = (local: string) => new Date(`${local}:00+05:30`).getTime();

const ranges = (...list: [string, string][]) => list.map(([opens, closes]) => ({ opens, closes }));

/** Monday to Saturday 10 to 7; Friday also 8 pm to 2 am; Sunday closed; Diwali (9–10 Nov) closed; a short Saturday. */
const SHOP: OpeningHours = {
  week: {
    ...emptyWeek(),
    mon: ranges(["10:00", "19:00"]),
    tue: ranges(["10:00", "19:00"]),
    wed: ranges(["10:00", "19:00"]),
    thu: ranges(["10:00", "19:00"]),
    fri: ranges(["10:00", "19:00"], ["20:00", "02:00"]),
    sat: ranges(["10:00", "19:00"]),
  },
  by_appointment: false,
  special_days: [
    { from: "2026-11-09", to: "2026-11-10", label: "Diwali", hours: [] },
    { from: "2026-11-14", to: "2026-11-14", label: "Short Saturday", hours: ranges(["10:00", "14:00"]) },
  ],
};

const en = translatorFor("en-IN");
const stateAt = (hours: OpeningHours | null, at: number) => {
  const state = openingState(hours, at);
  return state && openingStateText(en, "en-IN", state);
};

describe("the clock table, in India's time", () => {
  const table: [string, string | null, boolean | null][] = [
    // a Monday in the day, at closing, before opening
    ["2026-11-16T12:00", "Open · closes 7 pm", true],
    ["2026-11-16T18:59", "Open · closes 7 pm", true],
    ["2026-11-16T19:00", "Closed · opens Tuesday 10 am", false],
    ["2026-11-16T09:59", "Closed · opens 10 am", false],
    // Saturday night: Sunday is closed, Monday opens
    ["2026-11-21T20:00", "Closed · opens Monday 10 am", false],
    // Friday's range past midnight: open until 2 am on Saturday
    ["2026-11-20T23:30", "Open · closes 2 am", true],
    ["2026-11-21T00:00", "Open · closes 2 am", true],
    ["2026-11-21T01:59", "Open · closes 2 am", true],
    ["2026-11-21T02:00", "Closed · opens 10 am", false],
    // special days: closed for Diwali (two days), a shorter Saturday
    ["2026-11-09T12:00", "Closed today (Diwali)", false],
    ["2026-11-10T18:00", "Closed today (Diwali)", false],
    ["2026-11-14T13:00", "Open · closes 2 pm", true],
    ["2026-11-14T15:00", "Closed · opens Monday 10 am", false],
  ];

  for (const zone of ["UTC", "America/Los_Angeles"]) {
    it.each(table)(`at %s (server in ${zone}): %s`, (local, text, open) => {
      const before = process.env.TZ;
      process.env.TZ = zone;
      try {
        expect(stateAt(SHOP, ist(local))).toBe(text);
        expect(isOpenAt(SHOP, ist(local))).toBe(open);
      } finally {
        process.env.TZ = before;
      }
    });
  }

  it("by appointment, no hours", () => {
    const appointment: OpeningHours = { week: emptyWeek(), by_appointment: true, special_days: [] };
    expect(stateAt(appointment, ist("2026-11-16T12:00"))).toBe("By appointment");
    expect(isOpenAt(appointment, ist("2026-11-16T12:00"))).toBeNull();
    expect(nextChangeAt(appointment, ist("2026-11-16T12:00"))).toBeNull();
    expect(openingState(null, ist("2026-11-16T12:00"))).toBeNull();
    expect(isOpenAt(null, ist("2026-11-16T12:00"))).toBeNull();
  });

  it("open every hour of the week reads as open, with no closing; in Hindi and Kannada too", () => {
    const always: OpeningHours = {
      week: Object.fromEntries(WEEKDAYS.map((d) => [d, ranges(["00:00", "24:00"])])) as OpeningHours["week"],
      by_appointment: false,
      special_days: [],
    };
    expect(stateAt(always, ist("2026-11-16T03:00"))).toBe("Open");
    const state = openingState(SHOP, ist("2026-11-21T20:00"))!;
    expect(openingStateText(translatorFor("hi-IN"), "hi-IN", state)).toContain("सोमवार");
    expect(openingStateText(translatorFor("kn-IN"), "kn-IN", state)).toContain("ಸೋಮವಾರ");
  });

  it("the next change is the next opening, closing or Indian midnight", () => {
    expect(nextChangeAt(SHOP, ist("2026-11-16T12:00"))).toBe(ist("2026-11-16T19:00"));
    expect(nextChangeAt(SHOP, ist("2026-11-16T19:00"))).toBe(ist("2026-11-17T00:00"));
    expect(nextChangeAt(SHOP, ist("2026-11-17T08:15"))).toBe(ist("2026-11-17T10:00"));
    expect(nextChangeAt(SHOP, ist("2026-11-21T00:30"))).toBe(ist("2026-11-21T02:00"));
  });

  it("JSON-LD: a specification per range, special days with their dates", () => {
    const specs = openingHoursSpecification(SHOP)!;
    expect(specs).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Friday",
      opens: "20:00",
      closes: "02:00",
    });
    expect(specs).toContainEqual({
      "@type": "OpeningHoursSpecification",
      opens: "00:00",
      closes: "00:00",
      validFrom: "2026-11-09",
      validThrough: "2026-11-10",
      description: "Diwali",
    });
    expect(specs.filter((s) => s.dayOfWeek)).toHaveLength(7);
  });
});

describe("the forms' rules", () => {
  const base = { business_name: "Hours Shop", city: "Bangalore", pincode: "560034", address: "1 Road" };
  const errors = (fields: Record<string, string>) => {
    const result = ownProfileSchema.safeParse({ ...base, ...fields });
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("takes ranges as typed (several, past midnight, hours alone), blank days closed", () => {
    const parsed = ownProfileSchema.parse({
      ...base,
      hours_mon: "10-13, 16:00 – 20:30",
      hours_fri: "20:00-02:00",
      hours_sat: "9.30 to 24",
    });
    expect(parsed.hours_mon).toEqual(ranges(["10:00", "13:00"], ["16:00", "20:30"]));
    expect(parsed.hours_fri).toEqual(ranges(["20:00", "02:00"]));
    expect(parsed.hours_sat).toEqual(ranges(["09:30", "24:00"]));
    expect(parsed.hours_sun).toEqual([]);
  });

  it("refuses ranges out of order, overlapping (also past midnight into the next day), unreadable", () => {
    expect(errors({ hours_mon: "14:00-18:00, 10:00-13:00" })).toEqual({ hours_mon: "forms.hours.order" });
    expect(errors({ hours_tue: "10:00-14:00, 13:00-18:00" })).toEqual({ hours_tue: "forms.hours.overlap" });
    expect(errors({ hours_fri: "20:00-03:00", hours_sat: "02:00-10:00" })).toEqual({
      hours_sat: "forms.hours.overlap",
    });
    expect(errors({ hours_wed: "ten to seven" })).toEqual({ hours_wed: "forms.hours.time" });
    expect(errors({ hours_thu: "10:00-10:00" })).toEqual({ hours_thu: "forms.hours.time" });
    expect(errors({ hours_thu: "25:00-26:00" })).toEqual({ hours_thu: "forms.hours.time" });
  });

  it("a special day needs its start, an end not before it, and what it is", () => {
    expect(errors({ special_1_from: "2026-11-09", special_1_to: "2026-11-08", special_1_label: "Diwali" })).toEqual({
      special_1_from: "forms.hours.dates",
    });
    expect(errors({ special_2_from: "2026-11-09" })).toEqual({ special_2_label: "forms.hours.label" });
    expect(errors({ special_1_hours: "10:00-12:00", special_1_label: "Short" })).toEqual({
      special_1_from: "forms.hours.dates",
    });
  });

  it("the API's opening_hours: the issue's shape; a bad range is refused naming where", () => {
    const ok = apiApplicationSchema.safeParse({
      opening_hours: { mon: [{ opens: "10:00", closes: "19:00" }], sun: [] },
    });
    // Other fields are missing, but opening_hours itself is read without an issue.
    expect(ok.success).toBe(false);
    if (!ok.success) expect(ok.error.issues.some((i) => i.path[0] === "opening_hours")).toBe(false);
    const bad = apiApplicationSchema.safeParse({ opening_hours: { tue: [{ opens: "19:00", closes: "7pm" }] } });
    expect(bad.success).toBe(false);
    if (!bad.success)
      expect(bad.error.issues.find((i) => i.path[0] === "opening_hours")?.message).toMatch(/^opening_hours\.tue: /);
  });
});

let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const t = await createTestDb();
  db = t.db;
  cleanup = t.cleanup;
});
afterAll(async () => cleanup?.());
afterEach(() => vi.useRealTimers());

const every = (from: string, to: string) =>
  Object.fromEntries(WEEKDAYS.map((d) => [`hours_${d}`, `${from}-${to}`])) as Record<string, string>;

describe("the hours where a seller is stored, and open now", () => {
  it("her own profile stores them, and staff's editor", async () => {
    const user = await createUserRow(db, { email: "hours-owner@example.in", name: "Hours Owner" });
    const sellerId = await createSeller(db, { user_id: user.id, status: "pending" });
    const input = ownProfileSchema.parse({
      business_name: "Own Hours",
      city: "Bangalore",
      pincode: "560034",
      address: "1 Road",
      hours_mon: "10:00-19:00",
      special_1_from: "2026-11-09",
      special_1_to: "2026-11-10",
      special_1_label: "Diwali",
    });
    expect(await updateOwnProfile(db, user.id, input)).toBe("saved");
    const row = await db
      .selectFrom("sellers")
      .select("opening_hours")
      .where("id", "=", sellerId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.opening_hours!)).toEqual({
      week: { ...emptyWeek(), mon: ranges(["10:00", "19:00"]) },
      by_appointment: false,
      special_days: [{ from: "2026-11-09", to: "2026-11-10", label: "Diwali", hours: [] }],
    });
    // Nothing said: no hours.
    expect(
      await updateOwnProfile(
        db,
        user.id,
        ownProfileSchema.parse({ business_name: "Own Hours", city: "Bangalore", pincode: "560034", address: "1 Road" }),
      ),
    ).toBe("saved");
    expect(
      (await db.selectFrom("sellers").select("opening_hours").where("id", "=", sellerId).executeTakeFirstOrThrow())
        .opening_hours,
    ).toBeNull();

    const actor = { id: 1, email: "staff@example.in", ip: "127.0.0.1" };
    const saved = await saveAdminSeller(
      db,
      actor as never,
      null,
      adminSellerSchema.parse({
        name: "Staff Hours",
        email: "staff-hours@example.in",
        mobile: "+919876543210",
        category_ids: ["1"],
        city: "Mumbai",
        status: "pending",
        payment_status: "pending",
        by_appointment: "on",
      }),
      {},
    );
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    const staffRow = await db
      .selectFrom("sellers")
      .select("opening_hours")
      .where("id", "=", saved.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(staffRow.opening_hours!)).toMatchObject({ by_appointment: true });
  });

  it("open_now keeps the sellers open at the moment; the API's fields say it", async () => {
    atIndianNoon();
    const base = { business_name: "x", city: "Bangalore", pincode: "560034", address: "1 Road" };
    const hoursOf = (fields: Record<string, string>) =>
      JSON.stringify(openingHoursOfForm(ownProfileSchema.parse({ ...base, ...fields })));
    const WORD = "Nowopen";
    const today = todayIso();
    const ids = {
      open: await createSeller(db, { business_name: `${WORD} open`, opening_hours: hoursOf(every("10:00", "19:00")) }),
      later: await createSeller(db, {
        business_name: `${WORD} later`,
        opening_hours: hoursOf(every("14:00", "15:00")),
      }),
      night: await createSeller(db, {
        business_name: `${WORD} night`,
        opening_hours: hoursOf(every("20:00", "13:00")),
      }),
      festival: await createSeller(db, {
        business_name: `${WORD} festival`,
        opening_hours: hoursOf({
          ...every("10:00", "19:00"),
          special_1_from: today,
          special_1_to: today,
          special_1_label: "Diwali",
        }),
      }),
      appointment: await createSeller(db, {
        business_name: `${WORD} appointment`,
        opening_hours: hoursOf({ by_appointment: "on" }),
      }),
      none: await createSeller(db, { business_name: `${WORD} none` }),
    };
    const query = directoryQuerySchema.parse({ search: WORD, open_now: "true" });
    const open = await listPublicSellers(db, query);
    expect(open.sellers.map((s) => s.id).sort()).toEqual([ids.open, ids.night].sort());
    expect(open.pagination.total).toBe(2);
    const listing = await listPublicSellers(db, directoryQuerySchema.parse({ open_now: "1", limit: "50" }));
    expect(
      listing.sellers
        .map((s) => s.id)
        .filter((id) => Object.values(ids).includes(id))
        .sort(),
    ).toEqual([ids.open, ids.night].sort());
    const all = await listPublicSellers(db, directoryQuerySchema.parse({ search: WORD }));
    expect(all.pagination.total).toBe(6);

    const api = (id: number) =>
      apiSeller(
        all.sellers.find((s) => s.id === id)!,
        Date.now(),
      );
    expect(api(ids.open)).toMatchObject({
      open_now: true,
      opening_hours: Object.fromEntries(WEEKDAYS.map((d) => [d, ranges(["10:00", "19:00"])])),
    });
    expect(api(ids.later).open_now).toBe(false);
    expect(api(ids.festival).open_now).toBe(false);
    expect(api(ids.appointment)).toMatchObject({ open_now: null, opening_hours: null, by_appointment: true });
    expect(api(ids.none)).toMatchObject({ open_now: null, opening_hours: null });
    expect("hours" in api(ids.open)).toBe(false);

    const profile = (await getPublicSeller(db, ids.festival))!;
    expect(stateAt(profile.hours, Date.now())).toBe("Closed today (Diwali)");
  });
});

describe("the response cache across a closing time", () => {
  let server: Server;
  let now = ist("2026-11-16T18:58");
  let renders = 0;
  const hours: OpeningHours = { ...SHOP, special_days: [] };

  beforeAll(async () => {
    const cache = createResponseCache({
      maxBytes: 1024 * 1024,
      contentVersion: async () => 1,
      now: () => now,
    });
    const app = express();
    app.use(cache.fill);
    // A page that shows the state, as the profile's loader does: rendered from the clock, and its copy
    // ends at her next opening or closing.
    app.get("/profile", (_req, res) => {
      renders++;
      keepCachedWhileStatesHold([{ hours }], now);
      res.setHeader("Cache-Control", "public, max-age=0");
      res.type("html").send(`<p>${stateAt(hours, now)}</p>`);
    });
    server = createServer((req, res) => {
      const answered = cache.answer(req, res, app);
      if (answered === false) return void app(req, res);
      void answered.then((hit) => hit || app(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async () => {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/profile`);
    return { cache: res.headers.get("X-Cache"), body: await res.text() };
  };

  it("serves 'Open · closes 7 pm' from the cache until 7 pm, never after", async () => {
    expect(await get()).toEqual({ cache: "MISS", body: "<p>Open · closes 7 pm</p>" });
    now = ist("2026-11-16T18:59") + 59_000;
    expect(await get()).toEqual({ cache: "HIT", body: "<p>Open · closes 7 pm</p>" });
    now = ist("2026-11-16T19:00");
    expect(await get()).toEqual({ cache: "MISS", body: "<p>Closed · opens Tuesday 10 am</p>" });
    expect(renders).toBe(2);
  });
});
