import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller } from "~db/seed/factories";
import { renderedHtml } from "../support/html";
import { type SiteUnderTest, startSite } from "../support/site";

// Over HTTP against the built server (`npm run build` first): the catalogue's names in the page's language
// (staff's Hindi and Kannada names, not English marked as a name) and the API's sign-in answer sending a
// seller to the dashboard in her language (the API's own fields stay English).

let site: SiteUnderTest | undefined;
let base = "";
let fashion = { id: 0, slug: "" };

beforeAll(async () => {
  site = await startSite("languages-leftovers", {
    SEED_DEMO: "0",
    SESSION_SECRET: "languages-leftovers-secret-0123456789abcdef",
  });
  base = site.base;
  fashion = await site.db
    .selectFrom("categories")
    .select(["id", "slug"])
    .where("name", "=", "Fashion & Apparel")
    .executeTakeFirstOrThrow();
}, 60_000);
afterAll(() => site?.stop());

const html = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  expect(res.status).toBe(200);
  return res.text();
};

describe("category names in the page's language", () => {
  it("the application, a directory card and a profile show the Hindi or Kannada name", async () => {
    const id = await createSeller(site!.db, { business_name: "Resham Ghar", categoryIds: [fashion.id] });
    const application = await html("/hi/register");
    expect(application).toMatch(
      new RegExp(`value="${fashion.id}"/><span aria-hidden="true">[^<]+</span> <span>फ़ैशन और कपड़े</span>`),
    );
    expect(application).toContain("<span>साड़ियाँ</span>");
    expect(await html(`/hi/directory?category=${fashion.slug}`)).toContain('<span class="chip">फ़ैशन और कपड़े</span>');
    const profile = await html(`/kn/seller/${id}`);
    expect(profile).toMatch(new RegExp(`href="/kn/directory\\?category=${fashion.slug}"[^>]*>ಫ್ಯಾಷನ್ ಮತ್ತು ಉಡುಪು</a>`));
    // English stays English, and the API keeps the English name.
    expect(await html(`/seller/${id}`)).toMatch(
      new RegExp(`href="/directory\\?category=${fashion.slug}"[^>]*>Fashion &amp; Apparel</a>`),
    );
    const api = (await (await fetch(`${base}/api/sellers/${id}`)).json()) as { category_refs: { name: string }[] };
    expect(api.category_refs.map((c) => c.name)).toEqual(["Fashion & Apparel"]);
  });
});

describe("category names are translated text, not names", () => {
  it("a featured card on the home page, the directory's filter and the quote form show the page's language, unmarked", async () => {
    await createSeller(site!.db, { business_name: "Chunri Ghar", is_featured: 1, categoryIds: [fashion.id] });
    const home = renderedHtml(await html("/hi"));
    expect(home).toContain('<span class="chip">फ़ैशन और कपड़े</span>');
    expect(home).toContain('<h3 translate="no">Chunri Ghar</h3>');
    expect(renderedHtml(await html("/kn/directory"))).toContain(
      `<option value="${fashion.slug}">ಫ್ಯಾಷನ್ ಮತ್ತು ಉಡುಪು</option>`,
    );
    expect(renderedHtml(await html("/hi/ask-for-a-quote"))).toContain(
      `<option value="${fashion.slug}">फ़ैशन और कपड़े</option>`,
    );
    // Cities stay names.
    expect(renderedHtml(await html("/kn/directory"))).toContain('<option value="Pune" translate="no">Pune</option>');
  });
});

describe("POST /api/auth/login", () => {
  it("answers redirectTo with the dashboard in the seller's language", async () => {
    const email = `leftovers-${Date.now().toString(36)}@example.in`;
    const headers = { "Content-Type": "application/json", Origin: base };
    const registered = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "Asha Devi",
        email,
        password: "pass-word-1",
        mobile: "+919876543210",
        city: "Bangalore",
        locality: "",
        category_ids: [fashion.id],
        subcategory_ids: [],
      }),
    });
    expect(registered.status).toBe(201);
    await site!.db.updateTable("users").set({ language: "hi-IN" }).where("email", "=", email).execute();
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password: "pass-word-1" }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { redirectTo: string }).redirectTo).toBe("/hi/seller-dashboard");
  });
});

describe("the WhatsApp share link", () => {
  it("from a Kannada profile shares Kannada words and the Kannada profile's address", async () => {
    const id = await createSeller(site!.db, { business_name: "Ragi Mane", city: "Mysuru", categoryIds: [fashion.id] });
    const share = async (prefix: string) => {
      const res = await fetch(`${base}${prefix}/go/${id}/share`, { redirect: "manual" });
      expect(res.status).toBe(302);
      return new URL(res.headers.get("location")!).searchParams.get("text");
    };
    expect(await share("/kn")).toBe(
      `Ragi Mane — Mysuru ನಲ್ಲಿ ಫ್ಯಾಷನ್ ಮತ್ತು ಉಡುಪು, BWP Directory ಯಲ್ಲಿ: ${base}/kn/seller/${id}`,
    );
    expect(await share("")).toBe(`Ragi Mane — Fashion & Apparel in Mysuru, on BWP Directory: ${base}/seller/${id}`);
  });
});
