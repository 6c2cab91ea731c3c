import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller } from "~db/seed/factories";
import { emptyWeek, type OpeningHours, WEEKDAYS } from "~/lib/opening-hours";
import { renderedHtml } from "../support/html";
import { pngImage } from "../support/images";
import { type SiteUnderTest, startSite } from "../support/site";

// Opening hours over HTTP against the built production server (`npm run build` first), on the suite's
// engine (docs/decisions/214-opening-hours-one-json-column-state-from-the-clock.md): the API's
// `opening_hours`, `by_appointment`, `special_days` and `open_now`, `open_now=true` on the API and the
// directory, the profile's state and week in the three languages with its JSON-LD, and the application's
// `opening_hours` refused naming the day. The server's clock cannot be moved: the sellers' hours here read
// the same at any time (open all week, closed all week, by appointment, none); tests/unit/open-now.test.ts
// holds the clock table and the cache across a closing time.

const WORD = "Saptahik"; // this site's database holds only this file's sellers
let site: SiteUnderTest;
const idOf: Record<string, number> = {};

const ALWAYS: OpeningHours = {
  week: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ opens: "00:00", closes: "24:00" }]])) as OpeningHours["week"],
  by_appointment: false,
  special_days: [],
};
const CLOSED: OpeningHours = {
  week: emptyWeek(),
  by_appointment: false,
  special_days: [{ from: "2099-01-01", to: "2099-01-02", label: "Far holiday", hours: [] }],
};
const APPOINTMENT: OpeningHours = { week: emptyWeek(), by_appointment: true, special_days: [] };

beforeAll(async () => {
  site = await startSite(
    "open-now",
    {},
    {
      prepare: async (db) => {
        const make = (key: string, hours: OpeningHours | null) =>
          createSeller(db, {
            business_name: `${WORD} ${key}`,
            opening_hours: hours ? JSON.stringify(hours) : null,
          });
        idOf.always = await make("always", ALWAYS);
        idOf.closed = await make("closed", CLOSED);
        idOf.appointment = await make("appointment", APPOINTMENT);
        idOf.none = await make("none", null);
      },
    },
  );
}, 120_000);
afterAll(async () => site?.stop());

const get = (path: string) => fetch(site.base + path);
type ApiSeller = {
  id: number;
  business_name: string;
  opening_hours: unknown;
  by_appointment: boolean;
  special_days: unknown[];
  open_now: boolean | null;
};
const keyOf = (id: number) => Object.keys(idOf).find((key) => idOf[key] === id);

describe("the API's hours", () => {
  it("every seller carries opening_hours (the week), by_appointment, special_days and open_now", async () => {
    const body = (await (await get(`/api/sellers?search=${WORD}`)).json()) as { sellers: ApiSeller[] };
    const byKey = Object.fromEntries(body.sellers.map((s) => [keyOf(s.id), s]));
    expect(byKey.always).toMatchObject({
      opening_hours: ALWAYS.week,
      by_appointment: false,
      special_days: [],
      open_now: true,
    });
    expect(byKey.always.opening_hours).toEqual({
      mon: [{ opens: "00:00", closes: "24:00" }],
      tue: [{ opens: "00:00", closes: "24:00" }],
      wed: [{ opens: "00:00", closes: "24:00" }],
      thu: [{ opens: "00:00", closes: "24:00" }],
      fri: [{ opens: "00:00", closes: "24:00" }],
      sat: [{ opens: "00:00", closes: "24:00" }],
      sun: [{ opens: "00:00", closes: "24:00" }],
    });
    expect(byKey.closed).toMatchObject({
      opening_hours: emptyWeek(),
      special_days: CLOSED.special_days,
      open_now: false,
    });
    expect(byKey.appointment).toMatchObject({ opening_hours: null, by_appointment: true, open_now: null });
    expect(byKey.none).toMatchObject({ opening_hours: null, by_appointment: false, open_now: null });

    const one = (await (await get(`/api/sellers/${idOf.always}`)).json()) as ApiSeller;
    expect(one).toMatchObject({ opening_hours: ALWAYS.week, open_now: true });
  });

  it("open_now=true (or 1) keeps the sellers open at the moment; anything else is refused", async () => {
    for (const value of ["true", "1"]) {
      const body = (await (await get(`/api/sellers?search=${WORD}&open_now=${value}`)).json()) as {
        sellers: ApiSeller[];
        pagination: { total: number };
      };
      expect(body.sellers.map((s) => keyOf(s.id))).toEqual(["always"]);
      expect(body.pagination.total).toBe(1);
    }
    const all = (await (await get(`/api/sellers?search=${WORD}&open_now=false`)).json()) as { sellers: ApiSeller[] };
    expect(all.sellers).toHaveLength(4);
    const bad = await get(`/api/sellers?open_now=maybe`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "open_now must be true or false" });
  });

  it("POST /api/sellers/submit reads opening_hours in the same shape, refusing a bad range naming its day", async () => {
    const missing = {
      id_proof_document: "/uploads/nothing-here.jpg",
      payment_screenshot: "/uploads/nothing-here-either.jpg",
      profile_photo: "/uploads/nor-here.jpg",
    };
    const post = (opening_hours: unknown, images: Record<string, string> = missing) =>
      fetch(`${site.base}/api/sellers/submit`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.71" },
        body: JSON.stringify({
          name: "Hours Applicant",
          mobile: "+91 98765 43210",
          email: "hours-applicant@example.in",
          category_ids: [1],
          business_name: "Hours Pickles",
          city: "Bangalore",
          pincode: "560034",
          address: "22 4th Block",
          id_proof_type: "pan_card",
          plan: "3m",
          ...images,
          opening_hours,
        }),
      });
    const overlapping = await post({
      mon: [{ opens: "10:00", closes: "19:00" }],
      tue: [
        { opens: "10:00", closes: "14:00" },
        { opens: "13:00", closes: "19:00" },
      ],
    });
    expect(overlapping.status).toBe(400);
    expect(await overlapping.json()).toEqual({ error: "opening_hours.tue: ranges must not overlap" });
    const malformed = await post({ wed: "all day" });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toMatch(
      /^opening_hours must be an object of weekdays/,
    );
    // Good hours with real images (data URLs, as the API allows): the application is stored with its week.
    const image = `data:image/png;base64,${(await pngImage(24, 18)).toString("base64")}`;
    const good = await post(
      { mon: [{ opens: "10:00", closes: "19:00" }], fri: [{ opens: "22:00", closes: "02:00" }], sun: [] },
      { id_proof_document: image, payment_screenshot: image, profile_photo: image },
    );
    expect(good.status).toBe(201);
    const { seller_id } = (await good.json()) as { seller_id: number };
    const stored = await site.db
      .selectFrom("sellers")
      .select(["status", "opening_hours"])
      .where("id", "=", seller_id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe("pending");
    expect(JSON.parse(stored.opening_hours!)).toEqual({
      week: {
        ...emptyWeek(),
        mon: [{ opens: "10:00", closes: "19:00" }],
        fri: [{ opens: "22:00", closes: "02:00" }],
      },
      by_appointment: false,
      special_days: [],
    });
  });
});

describe("the pages", () => {
  const stateLine = (html: string) => /data-testid="opening-state"[^>]*>([^<]*)</.exec(renderedHtml(html))?.[1];

  it.each([
    ["", "Open", "Monday", "By appointment"],
    ["/hi", "खुला है", "सोमवार", "अपॉइंटमेंट से"],
    ["/kn", "ತೆರೆದಿದೆ", "ಸೋಮವಾರ", "ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್ ಮೂಲಕ"],
  ])(
    "%s/seller/{id} says her state now and her week in the page's language",
    async (prefix, open, monday, byAppointment) => {
      const html = await (await get(`${prefix}/seller/${idOf.always}`)).text();
      expect(stateLine(html)).toBe(open);
      expect(renderedHtml(html)).toMatch(new RegExp(`data-testid="opening-week"[\\s\\S]*${monday}`));
      expect(stateLine(await (await get(`${prefix}/seller/${idOf.appointment}`)).text())).toBe(byAppointment);
      expect(stateLine(await (await get(`${prefix}/seller/${idOf.none}`)).text())).toBeUndefined();
    },
  );

  it("the profile's JSON-LD carries openingHoursSpecification and the special days", async () => {
    const html = await (await get(`/seller/${idOf.closed}`)).text();
    expect(stateLine(html)).toBe("Closed");
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    const business = blocks.flat().find((b: { "@type"?: string }) => b["@type"] === "LocalBusiness");
    expect(business.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        opens: "00:00",
        closes: "00:00",
        validFrom: "2099-01-01",
        validThrough: "2099-01-02",
        description: "Far holiday",
      },
    ]);
  });

  it("/directory?open_now=1 keeps the open sellers, each card with its badge; the chip removes it", async () => {
    const cards = (html: string) =>
      [
        ...renderedHtml(html).matchAll(/<a [^>]*data-testid="seller-card"[^>]*href="(?:\/hi|\/kn)?\/seller\/(\d+)"/g),
      ].map((m) => keyOf(Number(m[1])));
    const all = await (await get(`/directory?search=${WORD}`)).text();
    expect(cards(all).sort()).toEqual(["always", "appointment", "closed", "none"]);
    expect(renderedHtml(all).match(/data-testid="open-now-badge"/g)).toHaveLength(1);
    const open = await (await get(`/kn/directory?search=${WORD}&open_now=1`)).text();
    expect(cards(open)).toEqual(["always"]);
    expect(renderedHtml(open)).toContain("ಈಗ ತೆರೆದಿದೆ");
    expect(open).toMatch(/<input type="checkbox" name="open_now" checked="" value="1"\/>/);
    expect(open).toContain('<meta name="robots" content="noindex,follow"');
    expect(renderedHtml(open)).toMatch(/aria-label="ಫಿಲ್ಟರ್ ತೆಗೆಯಿರಿ: ಈಗ ತೆರೆದಿರುವವು"/);
  });
});
