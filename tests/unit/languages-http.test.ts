import { sessionCookieOf, signUpOverApi } from "../support/accounts";
import { renderedHtml } from "../support/html";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { type SiteUnderTest, startSite } from "../support/site";

// The data in three languages over HTTP against the built server (`npm run build` first): where a seller
// lands after sign-in (her language's dashboard: only the Location header, until the language prefixes
// exist), her language on /seller-account (only the three), the profile page and directory cards with
// the `lang` of a seller's text, and the /api answers without the Hindi and Kannada fields.

let base = "";
let db: DB;
let site: SiteUnderTest | undefined;
let categoryId: number;

beforeAll(async () => {
  site = await startSite("languages", (address) => ({
    SEED_DEMO: "0",
    SESSION_SECRET: "languages-test-secret-0123456789abcdef",
    PUBLIC_URL: address,
    TRUST_PROXY: "loopback",
  }));
  ({ base, db } = site);
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
  categoryId = categories[0].id;
}, 60_000);
afterAll(() => site?.stop());

let serial = 0;
const address = () => `198.18.${Math.floor(++serial / 250)}.${serial % 250}`;

/** A seller signed up through POST /api/auth/register: her email and session cookie. */
async function register() {
  const email = `lang-${++serial}-${Date.now().toString(36)}@example.in`;
  const res = await signUpOverApi(base, {
    email,
    categoryId,
    fields: { name: "Lakshmi Rao", city: "Bangalore" },
    headers: { "X-Forwarded-For": address() },
  });
  expect(res.status).toBe(201);
  return { email, cookie: sessionCookieOf(res) };
}

const postForm = (path: string, fields: Record<string, string>, cookie = "") =>
  fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      "X-Forwarded-For": address(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

describe("a seller's language", () => {
  it("sign-in sends her to her dashboard in her language", async () => {
    const { email } = await register();
    const signIn = () => postForm("/seller-login", { email, password: "pass-word-1" });
    const english = await signIn();
    expect(english.status).toBe(302);
    expect(english.headers.get("location")).toBe("/seller-dashboard");

    await db.updateTable("users").set({ language: "hi-IN" }).where("email", "=", email).execute();
    const hindi = await signIn();
    expect(hindi.status).toBe(302);
    expect(hindi.headers.get("location")).toBe("/hi/seller-dashboard");
    // A page she asked for still wins.
    const asked = await postForm("/seller-login", { email, password: "pass-word-1", redirectTo: "/seller-account" });
    expect(asked.headers.get("location")).toBe("/seller-account");
  });

  it("a Hindi sign-in page says 'too many attempts' in Hindi (the /api in English)", async () => {
    const from = address();
    const attempt = (path: string) =>
      fetch(`${base}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": from },
        body: new URLSearchParams({ email: `nobody-${++serial}@example.in`, password: "wrong-password" }).toString(),
      });
    for (let i = 0; i < 10; i++) expect((await attempt("/hi/seller-login")).status).toBe(401);
    const refused = await attempt("/hi/seller-login");
    expect(refused.status).toBe(429);
    const page = renderedHtml(await refused.text());
    expect(page).toContain("बहुत ज़्यादा कोशिशें हो गईं। कृपया 15 मिनट रुककर दोबारा कोशिश करें।");
    expect(page).not.toContain("forms.tooMany");
    const api = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, "X-Forwarded-For": from },
      body: JSON.stringify({ email: "nobody@example.in", password: "wrong-password" }),
    });
    expect(api.status).toBe(429);
    expect(((await api.json()) as { error: string }).error).toBe(
      "Too many attempts. Please wait 15 minutes and try again.",
    );
  });

  it("a wrong pair on the Hindi and Kannada sign-in pages is answered in their language (the /api in English)", async () => {
    const wrong = { email: `nobody-${++serial}@example.in`, password: "wrong-password" };
    const hindi = await postForm("/hi/seller-login", wrong);
    expect(hindi.status).toBe(401);
    const hindiPage = renderedHtml(await hindi.text());
    expect(hindiPage).toContain("ईमेल या पासवर्ड सही नहीं है। कृपया दोबारा कोशिश करें।");
    expect(hindiPage).not.toContain("forms.login.invalid");
    const kannada = await postForm("/kn/seller-login", wrong);
    expect(kannada.status).toBe(401);
    expect(renderedHtml(await kannada.text())).toContain("ಇಮೇಲ್ ಅಥವಾ ಪಾಸ್‌ವರ್ಡ್ ಸರಿಯಾಗಿಲ್ಲ. ದಯವಿಟ್ಟು ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.");
    const api = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, "X-Forwarded-For": address() },
      body: JSON.stringify(wrong),
    });
    expect(api.status).toBe(401);
    expect(((await api.json()) as { error: string }).error).toBe("Invalid email or password. Please try again.");
  });

  it("her dashboard's fields for her own Hindi and Kannada words speak the page's language", async () => {
    const { cookie } = await register();
    const dashboard = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      return renderedHtml(await res.text());
    };
    const hindi = await dashboard("/hi/seller-dashboard");
    expect(hindi).toContain("हिन्दी और कन्नड़ में");
    expect(hindi).toContain("वैकल्पिक। साइट को हिन्दी या कन्नड़ में पढ़ने वाले लोग इन्हें देखते हैं;");
    expect(hindi).toContain("हिन्दी में टैगलाइन");
    expect(hindi).toContain("कन्नड़ (ಕನ್ನಡ) में आपके व्यवसाय के बारे में");
    expect(hindi).not.toMatch(/In Hindi|Tagline in|About your business in|Visitors reading/);
    const kannada = await dashboard("/kn/seller-dashboard");
    expect(kannada).toContain("ಹಿಂದಿ ಮತ್ತು ಕನ್ನಡ ಭಾಷೆಗಳಲ್ಲಿ");
    expect(kannada).toContain("ಕನ್ನಡ ಭಾಷೆಯಲ್ಲಿ ಟ್ಯಾಗ್‌ಲೈನ್");
    expect(kannada).toContain("ಹಿಂದಿ (हिन्दी) ಭಾಷೆಯಲ್ಲಿ ನಿಮ್ಮ ವ್ಯಾಪಾರದ ಬಗ್ಗೆ");
    const english = await dashboard("/seller-dashboard");
    expect(english).toContain("In Hindi and Kannada");
    expect(english).toContain("Tagline in Hindi (हिन्दी)");
  });

  it("the Hindi sign-up answers a taken address and an expired step in Hindi", async () => {
    const { email } = await register();
    const step1 = {
      name: "Asha Rao",
      email,
      mobile: "9876543210",
      password: "long-enough-1",
      confirm_password: "long-enough-1",
    };
    const taken = await postForm("/hi/seller-signup", { intent: "continue", ...step1 });
    expect(taken.status).toBe(400);
    const takenPage = renderedHtml(await taken.text());
    expect(takenPage).toContain("इस ईमेल से पहले से एक खाता है। कृपया साइन इन करें।");
    expect(takenPage).not.toContain("Please sign in instead");
    // step 2 without the sealed password of step 1 (it expired, or was never given)
    const expired = await postForm("/hi/seller-signup", {
      intent: "create",
      name: "Asha Rao",
      email: `new-${email}`,
      mobile: "9876543210",
    });
    expect(expired.status).toBe(400);
    expect(renderedHtml(await expired.text())).toContain("आपके साइन-अप में बहुत समय लग गया। कृपया अपना पासवर्ड फिर से लिखें।");
  });

  it("she chooses it on /seller-account: one of the three, anything else refused with the message", async () => {
    const { email, cookie } = await register();
    const page = await (await fetch(`${base}/seller-account`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain('<option value="hi-IN" lang="hi-IN" translate="no">हिन्दी</option>');
    expect(page).toContain('<option value="kn-IN" lang="kn-IN" translate="no">ಕನ್ನಡ</option>');

    const refused = await postForm("/seller-account", { intent: "language", language: "fr-FR" }, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(ACCOUNT_MESSAGES.languageUnknown);
    const stored = () => db.selectFrom("users").select("language").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ language: "en-IN" });

    const saved = await postForm("/seller-account", { intent: "language", language: "kn-IN" }, cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/seller-account?done=language#language");
    expect(await stored()).toEqual({ language: "kn-IN" });
    const after = await (await fetch(`${base}/seller-account?done=language`, { headers: { Cookie: cookie } })).text();
    expect(after).toContain(ACCOUNT_MESSAGES.languageSaved);
    expect(after).toMatch(/<option value="kn-IN" lang="kn-IN" translate="no" selected="">ಕನ್ನಡ<\/option>/);
  });
});

describe("a seller's text on the public pages and in /api", () => {
  it("shows the original (with its lang when in another script) on an English page; /api keeps the spec's fields", async () => {
    const word = `Langtest${Date.now().toString(36)}`;
    const kannada = await createSeller(db, {
      business_name: `${word} Hoova`,
      tagline: "ಮದುವೆಗೆ ಹೂವಿನ ಅಲಂಕಾರ",
      description: "ಜಯನಗರದಲ್ಲಿ ಹೂವಿನ ಅಲಂಕಾರ.",
      categoryIds: [categoryId],
    });
    const english = await createSeller(db, {
      business_name: `${word} Stitches`,
      tagline: "Blouses stitched to fit",
      tagline_hi: "नाप से सिले ब्लाउज़",
      tagline_kn: "ಅಳತೆಗೆ ತಕ್ಕ ರವಿಕೆ",
      categoryIds: [categoryId],
    });
    await db.updateTable("categories").set({ name_hi: "फ़ैशन", name_kn: "ಫ್ಯಾಷನ್" }).where("id", "=", categoryId).execute();

    const profile = await (await fetch(`${base}/seller/${kannada}`)).text();
    expect(profile).toContain('<p style="margin:0" lang="kn" translate="no">ಮದುವೆಗೆ ಹೂವಿನ ಅಲಂಕಾರ</p>');
    expect(profile).toContain('<p style="white-space:pre-line" lang="kn" translate="no">ಜಯನಗರದಲ್ಲಿ ಹೂವಿನ ಅಲಂಕಾರ.</p>');
    const englishProfile = await (await fetch(`${base}/seller/${english}`)).text();
    expect(englishProfile).toContain('<p style="margin:0" translate="no">Blouses stitched to fit</p>');
    expect(englishProfile).not.toContain("नाप से सिले");

    const directory = await (await fetch(`${base}/directory?search=${word}`)).text();
    expect(directory).toMatch(/<p class="tagline" lang="kn" translate="no">(<mark>)?ಮದುವೆಗೆ/);
    expect(directory).toMatch(/<p class="tagline" translate="no">(<mark>)?Blouses/);

    const one = (await (await fetch(`${base}/api/sellers/${english}`)).json()) as Record<string, unknown>;
    expect(one.tagline).toBe("Blouses stitched to fit");
    expect(one).not.toHaveProperty("translations");
    expect(one).not.toHaveProperty("subcategories");
    expect(Object.keys((one.category_refs as object[])[0]).sort()).toEqual(["id", "name", "slug"]);
    const list = await (await fetch(`${base}/api/sellers?search=${word}`)).text();
    expect(list).not.toContain("translations");
    expect(list).not.toContain("नाप");
    for (const path of ["/api/categories", "/api/categories/subcategories/all"]) {
      const body = await (await fetch(`${base}${path}`)).text();
      expect(body, path).not.toContain("name_hi");
      expect(body, path).not.toContain("name_kn");
    }
  });
});
