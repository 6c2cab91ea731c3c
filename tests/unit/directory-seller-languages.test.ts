import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteUnderTest, startSite } from "../support/site";

// The directory, a seller's profile and their error pages in Hindi and Kannada, over HTTP against the built
// production server (`npm run build` first): the page's words come from its language's catalogue, and so do
// the messages the server writes (a refused report, the 404s).

let site: SiteUnderTest | undefined;
let base = "";
let sellerId = 0;

beforeAll(async () => {
  site = await startSite("dir-languages", { SEED_DEMO: "3" });
  base = site.base;
  // A listed seller: the first of the public API's list.
  const list = (await (await fetch(`${base}/api/sellers?limit=1`)).json()) as { sellers: { id: number }[] };
  sellerId = list.sellers[0].id;
}, 60_000);

afterAll(() => site?.stop());

async function page(path: string, init?: RequestInit) {
  const res = await fetch(`${base}${path}`, { redirect: "manual", ...init });
  return { status: res.status, html: await res.text() };
}

describe("the directory and seller pages in Hindi and Kannada", () => {
  it("the Hindi directory has its heading, search label and result count in Hindi, and links to Hindi profiles", async () => {
    const { status, html } = await page("/hi/directory");
    expect(status).toBe(200);
    expect(html).toMatch(/<html lang="hi-IN"/);
    expect(html).toContain("<h1>महिलाओं के व्यवसाय खोजें</h1>");
    expect(html).toMatch(/<h2 id="results-heading"[^>]*>\d+ व्यवसाय मिले<\/h2>/);
    expect(html).toContain(`href="/hi/seller/${sellerId}"`);
  });

  it("a Kannada profile's reviews tab is in Kannada, and a report of an unknown review is refused in Kannada", async () => {
    const tab = await page(`/kn/seller/${sellerId}?tab=reviews`);
    expect(tab.status).toBe(200);
    expect(tab.html).toMatch(/<html lang="kn-IN"/);
    expect(tab.html).toContain("ಗ್ರಾಹಕರ ವಿಮರ್ಶೆಗಳು");
    expect(tab.html).toContain("ವಿಮರ್ಶೆ ಬರೆಯಿರಿ");
    const refused = await page(`/kn/seller/${sellerId}?tab=reviews`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ intent: "report", review_id: "999999999", reason: "spam" }).toString(),
    });
    expect(refused.status).toBe(404);
    expect(refused.html).toContain("ಈ ವಿಮರ್ಶೆ ಸಿಗಲಿಲ್ಲ");
  });

  it("an unknown seller and a refused /go link answer 404 in the page's language", async () => {
    const missing = await page("/kn/seller/999999999");
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("ಮಾರಾಟಗಾರರು ಸಿಗಲಿಲ್ಲ");
    const link = await page(`/hi/go/${sellerId}/nowhere`);
    expect(link.status).toBe(404);
    expect(link.html).toContain("यह लिंक उपलब्ध नहीं है");
  });
});
