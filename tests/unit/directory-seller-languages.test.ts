import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteUnderTest, startSite } from "../support/site";

// The directory, a seller's profile and their error pages in Hindi and Kannada, over HTTP against the built
// production server (`npm run build` first): the page's words come from its language's catalogue, and the
// server's answers (a report's redirect, the 404s) stay in the page's language. The page's messages also travel
// in its data, so each check reads a rendered element, not just the words.

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
