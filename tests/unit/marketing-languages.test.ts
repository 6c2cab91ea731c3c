import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteUnderTest, startSite } from "../support/site";

// The home and marketing pages in Hindi and Kannada, from the built production server (`npm run build`
// first): the page's own words, its data (plan prices, the sample sellers) and its answers (a form's
// redirect, a refused mail link) in the language of its address; English unchanged.

let site: SiteUnderTest | undefined;
let base = "";

beforeAll(async () => {
  site = await startSite("marketing-languages");
  base = site.base;
}, 60_000);

afterAll(() => site?.stop());

async function page(path: string, init?: RequestInit) {
  const response = await fetch(`${base}${path}`, { redirect: "manual", ...init });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

function h1(html: string): string {
  return (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, "");
}

describe("home and marketing pages in three languages", () => {
  it("serves the home page in Hindi with its sample sellers translated on the server, and in English as before", async () => {
    const hindi = await page("/hi");
    expect(hindi.status).toBe(200);
    expect(hindi.html).toContain('<html lang="hi-IN"');
    expect(h1(hindi.html)).toBe("अपने आस-पास के महिलाओं के व्यवसाय खोजें और उनका साथ दें");
    expect(hindi.html).toContain("1.5 लाख+ महिला प्रोफ़ेशनल्स");
    // No featured sellers in a fresh database: the samples, their words in Hindi, their names as they are.
    expect(hindi.html).toContain("हाथ से पेंट की गई साड़ियाँ");
    expect(hindi.html).toMatch(/<h3 translate="no">Kalamkari Threads<\/h3>/);
    expect(hindi.html).toContain('"inLanguage":"hi-IN"');
    expect(hindi.html).toContain('action="/hi/directory"');

    const english = await page("/");
    expect(h1(english.html)).toBe("Discover &amp; support women-led businesses near you");
    expect(english.html).toContain("1.5 Lakh+ women professionals · 8,000+ verified sellers");
  });

  it("shows the plan table in Kannada with prices from the one plan table", async () => {
    const kannada = await page("/kn/list-your-business");
    expect(kannada.status).toBe(200);
    expect(kannada.html).toContain('<html lang="kn-IN"');
    expect(kannada.html).toContain("ಅರ್ಧವಾರ್ಷಿಕ");
    expect(kannada.html).toContain("6 ತಿಂಗಳಿಗೆ");
    expect(kannada.html).toContain("₹1,499");
    expect(kannada.html).toContain('href="/kn/register?plan=6m"');
  });

  it("answers the newsletter form in the page's language", async () => {
    const body = new URLSearchParams({ email: "kannada-reader@example.in", source: "website" });
    const post = await page("/kn/newsletter", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe("/kn/newsletter?status=subscribed");
    const answer = await page("/kn/newsletter?status=subscribed");
    expect(answer.html).toContain("ಚಂದಾದಾರರಾಗಿದ್ದಕ್ಕೆ ಧನ್ಯವಾದ!");
  });

  it("refuses a forged unsubscribe link in Hindi, and shows the privacy policy in Kannada", async () => {
    const forged = await page("/hi/newsletter/unsubscribe?email=a%40example.in&token=forged");
    expect(forged.status).toBe(400);
    expect(forged.html).toContain("सदस्यता छोड़ने का यह लिंक सही नहीं है।");
    const privacy = await page("/kn/privacy");
    expect(privacy.status).toBe(200);
    expect(h1(privacy.html)).toBe("ಗೌಪ್ಯತಾ ನೀತಿ");
    expect(privacy.html).toContain("ಕೊನೆಯದಾಗಿ ಬದಲಿಸಿದ್ದು: ನವೆಂಬರ್ 25, 2026");
  });
});
