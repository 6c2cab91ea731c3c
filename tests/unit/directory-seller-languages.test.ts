import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller } from "~db/seed/factories";
import { type SiteUnderTest, startSite } from "../support/site";

// The directory, a seller's profile and their error pages in Hindi and Kannada, over HTTP against the built
// production server (`npm run build` first): the page's words come from its language's catalogue, and the
// server's answers (a report's redirect, the 404s) stay in the page's language. The page's messages also travel
// in its data, so each check reads a rendered element, not just the words. Also the answers a visitor gets
// for addresses no link makes (a bad page number, a hostile search, an id no seller has, a hidden seller):
// statuses and pages, which HTTP shows as well as a browser.

let site: SiteUnderTest | undefined;
let base = "";
let sellerId = 0;
let reviewId = 0;

beforeAll(async () => {
  site = await startSite("dir-languages", {
    SEED_DEMO: "3",
    SESSION_SECRET: "dir-languages-test-secret-0123456789abcdef",
  });
  base = site.base;
  // A listed seller with a published review, from the public API's list.
  const list = (await (await fetch(`${base}/api/sellers?limit=50`)).json()) as {
    sellers: { id: number; review_count: number }[];
  };
  sellerId = list.sellers.find((s) => s.review_count > 0)!.id;
  const review = await site.db
    .selectFrom("reviews")
    .select("id")
    .where("seller_id", "=", sellerId)
    .where("status", "=", "published")
    .executeTakeFirstOrThrow();
  reviewId = review.id;
}, 60_000);

afterAll(() => site?.stop());

async function page(path: string, init?: RequestInit) {
  const res = await fetch(`${base}${path}`, { redirect: "manual", ...init });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

describe("the directory and seller pages in Hindi and Kannada", () => {
  it("the Hindi directory has its heading, search label and result count in Hindi, and links to Hindi profiles", async () => {
    const { status, html } = await page("/hi/directory");
    expect(status).toBe(200);
    expect(html).toMatch(/<html lang="hi-IN"/);
    expect(html).toContain("<h1>महिलाओं के व्यवसाय खोजें</h1>");
    expect(html).toContain('<label for="dir-search">खोजें</label>');
    expect(html).toMatch(/<h2 id="results-heading"[^>]*>\d+ व्यवसाय मिले<\/h2>/);
    expect(html).toContain(`href="/hi/seller/${sellerId}"`);
  });

  it("a Kannada profile's reviews tab is in Kannada, and a report returns to it with thanks in Kannada", async () => {
    const tab = await page(`/kn/seller/${sellerId}?tab=reviews`);
    expect(tab.status).toBe(200);
    expect(tab.html).toMatch(/<html lang="kn-IN"/);
    expect(tab.html).toContain('<h2 id="reviews-heading">ಗ್ರಾಹಕರ ವಿಮರ್ಶೆಗಳು</h2>');
    expect(tab.html).toContain('<legend class="label">ನಿಮ್ಮ ರೇಟಿಂಗ್</legend>');
    const report = await page(`/kn/seller/${sellerId}?tab=reviews`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ intent: "report", review_id: String(reviewId), reason: "spam" }).toString(),
    });
    expect(report.status).toBe(302);
    expect(report.location).toBe(`/kn/seller/${sellerId}?tab=reviews&review=reported#reviews`);
    const thanks = await page(`/kn/seller/${sellerId}?tab=reviews&review=reported`);
    expect(thanks.html).toMatch(/<p class="notice" role="status">ಧನ್ಯವಾದಗಳು\. ನಮ್ಮ ತಂಡ/);
  });

  it("an unknown seller and a refused /go link answer 404 in the page's language", async () => {
    const missing = await page("/kn/seller/999999999");
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("<h1>ಮಾರಾಟಗಾರರು ಸಿಗಲಿಲ್ಲ</h1>");
    const link = await page(`/hi/go/${sellerId}/nowhere`);
    expect(link.status).toBe(404);
    expect(link.html).toContain("<h1>यह लिंक उपलब्ध नहीं है</h1>");
    expect(link.html).toMatch(/role="alert">यह लिंक अब काम नहीं कर रहा/);
  });
});

describe("addresses no link makes", () => {
  it.each([
    ["page=-1", "page=-1"],
    ["page=abc", "page=abc"],
    ["page=99999", "page=99999"],
    ["a hostile search", `search=${encodeURIComponent('"x" OR * NEAR( ); DROP TABLE sellers; -- 🧁')}`],
    ["a 4000-character search", `search=${"a".repeat(4000)}`],
    ["an unknown category and city", "category=no-such&city=Atlantis"],
  ])("the directory never fails on %s", async (_label, query) => {
    const { status, html } = await page(`/directory?${query}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<h2 id="results-heading"[^>]*>\d+ Businesses Found<\/h2>/);
  });

  it.each([
    ["an unknown", "987654321"],
    ["a negative", "-1"],
    ["a non-numeric", "abc"],
    ["a zero", "0"],
  ])("%s seller id answers 404 Seller Not Found, with the way back", async (_label, id) => {
    const { status, html } = await page(`/seller/${id}`);
    expect(status).toBe(404);
    expect(html).toContain("<h1>Seller Not Found</h1>");
    expect(html).toContain("The seller you&#x27;re looking for doesn&#x27;t exist or is no longer active.");
    expect(html).toMatch(/<a [^>]*href="\/directory"[^>]*>Back to Directory<\/a>/);
  });

  it("a seller without a PIN code has no Directions: no link on her profile, and /go's directions is a 404", async () => {
    const id = await createSeller(site!.db, { business_name: "No Pin Crafts", pincode: null });
    const profile = await page(`/seller/${id}`);
    expect(profile.status).toBe(200);
    expect(profile.html).not.toContain(`/go/${id}/directions`);
    expect((await page(`/go/${id}/directions`)).status).toBe(404);
    const placed = await createSeller(site!.db, { business_name: "Placed Crafts", pincode: "560034" });
    expect((await page(`/seller/${placed}`)).html).toContain(`href="/go/${placed}/directions"`);
    expect((await page(`/go/${placed}/directions`)).status).toBe(302);
  });

  it.each([
    ["a pending", { status: "pending" as const }],
    ["an inactive", { status: "inactive" as const }],
    ["an expired", { subscription_end_date: "2021-05-01" }],
  ])("%s seller's profile is a 404, as an unknown one", async (label, fields) => {
    const id = await createSeller(site!.db, { business_name: `Hidden (${label}) Crafts`, ...fields });
    const listed = await createSeller(site!.db, { business_name: `Listed (${label}) Crafts` });
    const { status, html } = await page(`/seller/${id}`);
    expect(status).toBe(404);
    expect(html).toContain("<h1>Seller Not Found</h1>");
    // The same factory's seller without the field is public: the field is what hides her.
    expect((await page(`/seller/${listed}`)).status).toBe(200);
  });
});
