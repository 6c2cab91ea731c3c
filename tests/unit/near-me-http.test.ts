import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedPositionOf } from "~db/pincodes";
import { createSeller } from "~db/seed/factories";
import { haversineKm, roundedKm } from "~/lib/geo";
import { renderedHtml } from "../support/html";
import { type SiteUnderTest, startSite } from "../support/site";

// Near me over HTTP against the built production server (`npm run build` first), on the suite's engine:
// GET /api/sellers?near=…&within_km=… exactly as the API documents it (docs/product.md), its 400s naming
// `near`, answers without near unchanged; the directory's near-me pages in the three languages (distances in
// the page's words, an unknown PIN code said beside its field), the response cache keyed by their URL, and
// no visitor's PIN code in the request log.

const WORD = "Kumkumadi"; // this site's database holds only this file's sellers
let site: SiteUnderTest;
const idOf: Record<string, number> = {};
const pincodes: Record<string, string> = {
  koramangala: "560034",
  hsr: "560102",
  indiranagar: "560038",
  whitefield: "560066",
  bandra: "400050",
};

beforeAll(async () => {
  site = await startSite(
    "near-me",
    {},
    {
      prepare: async (db) => {
        for (const [key, pincode] of Object.entries(pincodes))
          idOf[key] = await createSeller(db, {
            business_name: `${WORD} ${key}`,
            city: pincode.startsWith("400") ? "Mumbai" : "Bangalore",
            pincode,
          });
        idOf.unplaced = await createSeller(db, { business_name: `${WORD} unplaced`, city: "Bangalore" });
      },
    },
  );
}, 120_000);
afterAll(async () => site?.stop());

const get = (path: string) => fetch(site.base + path);
type ApiSeller = { business_name: string; distance_km?: number; pincode?: string };
const names = (sellers: ApiSeller[]) => sellers.map((s) => s.business_name.slice(WORD.length + 1));
const km = (from: string, to: string) => roundedKm(haversineKm(storedPositionOf(from)!, storedPositionOf(to)!));

describe("GET /api/sellers with near", () => {
  it("answers nearest first, each with distance_km (one decimal) and pincode; within_km keeps those within", async () => {
    const res = await get(`/api/sellers?search=${WORD}&near=560034`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { sellers: ApiSeller[]; pagination: { total: number } };
    expect(names(body.sellers)).toEqual(["koramangala", "hsr", "indiranagar", "whitefield", "bandra"]);
    expect(body.pagination.total).toBe(5);
    for (const seller of body.sellers) {
      const pincode = pincodes[seller.business_name.slice(WORD.length + 1)];
      expect(seller.pincode).toBe(pincode);
      expect(seller.distance_km).toBe(km("560034", pincode));
    }
    expect(body.sellers[1].distance_km).toBe(2.9);

    const within = (await (await get(`/api/sellers?search=${WORD}&near=560034&within_km=5`)).json()) as {
      sellers: ApiSeller[];
    };
    expect(names(within.sellers)).toEqual(["koramangala", "hsr"]);

    // A position: the same order from Koramangala's centre.
    const position = (await (await get(`/api/sellers?search=${WORD}&near=12.926,77.622&within_km=10`)).json()) as {
      sellers: ApiSeller[];
    };
    expect(names(position.sellers)).toEqual(["koramangala", "hsr", "indiranagar"]);
    expect(position.sellers[0].distance_km).toBe(0);
  });

  it("refuses an unknown PIN code and a malformed position with 400 naming near", async () => {
    const cases: [string, string][] = [
      ["near=999999", "near: the PIN code 999999 does not exist"],
      ["near=182101", "near: the PIN code 182101 has no known position"],
      ["near=56003", "near must be a 6-digit PIN code or a position as <lat>,<lng> (degrees)"],
      ["near=12.9,300", "near must be a 6-digit PIN code or a position as <lat>,<lng> (degrees)"],
      ["near=here", "near must be a 6-digit PIN code or a position as <lat>,<lng> (degrees)"],
      ["near=560034&within_km=0", "within_km must be a number of kilometres greater than 0 and at most 1000"],
      ["near=560034&within_km=five", "within_km must be a number of kilometres greater than 0 and at most 1000"],
    ];
    for (const [query, error] of cases) {
      const res = await get(`/api/sellers?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toEqual({ error });
    }
  });

  it("without near the answer is as before: no distance_km, no pincode", async () => {
    const body = (await (await get(`/api/sellers?search=${WORD}`)).json()) as { sellers: ApiSeller[] };
    expect(body.sellers.length).toBe(6);
    for (const seller of body.sellers) {
      expect(seller).not.toHaveProperty("distance_km");
      expect(seller).not.toHaveProperty("pincode");
    }
  });
});

describe("POST /api/sellers/submit with a pincode", () => {
  const payload = (pincode: string) => ({
    name: "Pin Applicant",
    mobile: "+91 98765 43210",
    email: "pin-applicant@example.in",
    category_ids: [1],
    business_name: "Pin Pickles",
    city: "Bangalore",
    pincode,
    address: "22 4th Block",
    id_proof_type: "pan_card",
    plan: "3m",
    id_proof_document: "/uploads/nothing-here.jpg",
    payment_screenshot: "/uploads/nothing-here-either.jpg",
    profile_photo: "/uploads/nor-here.jpg",
  });
  it("refuses one that does not exist and one of another shape, naming the field", async () => {
    const post = (pincode: string) =>
      fetch(`${site.base}/api/sellers/submit`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.61" },
        body: JSON.stringify(payload(pincode)),
      });
    const unknown = await post("999999");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: "pincode: This PIN code does not exist. Please check its six digits",
    });
    const shape = await post("5600");
    expect(shape.status).toBe(400);
    expect(await shape.json()).toEqual({ error: "Please enter your six-digit PIN code, e.g. 560034" });
  });
});

describe("the directory near a PIN code", () => {
  // The cards' sellers, in the page's order, by the key each was made with.
  const cards = (html: string) =>
    [...renderedHtml(html).matchAll(/<a [^>]*data-testid="seller-card"[^>]*>/g)].map((m) => {
      const id = Number(/href="(?:\/hi|\/kn)?\/seller\/(\d+)"/.exec(m[0])?.[1]);
      return Object.keys(idOf).find((key) => idOf[key] === id);
    });
  const distances = (html: string) =>
    [...renderedHtml(html).matchAll(/data-testid="distance"[^>]*>([^<]*)</g)].map((m) => m[1]);

  it.each([
    ["", "km"],
    ["/hi", "कि.मी."],
    ["/kn", "ಕಿ.ಮೀ."],
  ])("%s/directory?near=560034 lists nearest first with each distance in the page's words", async (prefix, unit) => {
    const res = await get(`${prefix}/directory?search=${WORD}&near=560034&within_km=10`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(cards(html)).toEqual(["koramangala", "hsr", "indiranagar"]);
    expect(distances(html)).toEqual([`0 ${unit}`, `2.9 ${unit}`, `${km("560034", "560038")} ${unit}`]);
    expect(html).toContain('<meta name="robots" content="noindex,follow"');
    // The field keeps the PIN code, the distance its choice.
    expect(html).toMatch(/<input[^>]*name="near"[^>]*value="560034"/);
    expect(html).toMatch(/<option value="10" selected="">/);
  });

  it("says an unknown PIN code beside its field and lists without it", async () => {
    const res = await get(`/directory?search=${WORD}&near=999999`);
    expect(res.status).toBe(200);
    const html = renderedHtml(await res.text());
    expect(html).toContain("The PIN code 999999 does not exist. Please check its six digits.");
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="dir-near-error"/);
    expect(cards(html)).toHaveLength(6);
    expect(distances(html)).toEqual([]);
    const hindi = renderedHtml(await (await get(`/hi/directory?near=12345`)).text());
    expect(hindi).toContain("कृपया छह अंकों का पिन कोड डालें, जैसे 560034।");
  });

  it("is kept by the response cache per URL: the same address answers the same list", async () => {
    const path = `/directory?search=${WORD}&near=560066`;
    const first = await get(path);
    const firstCards = cards(await first.text());
    const second = await get(path);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(cards(await second.text())).toEqual(firstCards);
    expect(firstCards[0]).toBe("whitefield");
    const other = await get(`/directory?search=${WORD}&near=400050`);
    expect(other.headers.get("x-cache")).toBe("MISS");
    expect(cards(await other.text())[0]).toBe("bandra");
  });

  it("never writes the visitor's PIN code or position to the log", async () => {
    await get(`/directory?near=560095&search=${WORD}`);
    await get(`/api/sellers?near=12.93,77.63`);
    await expect
      .poll(
        () =>
          site.server
            .logLines()
            .filter((l) => String((l.req as { path?: string } | undefined)?.path ?? "").includes("near=")).length,
      )
      .toBeGreaterThanOrEqual(2);
    const lines = site.server.output();
    expect(lines).not.toContain("560095");
    expect(lines).not.toContain("77.63");
    expect(lines).toContain("near=[redacted]");
  });
});
