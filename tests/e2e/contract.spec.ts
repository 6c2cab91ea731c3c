import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { CATEGORY_SEED } from "~db/seed/categories";
import { pngImage, pngOfAtLeast } from "../support/images";
import { csvRecords } from "../support/csv";
import {
  categoryId,
  type ClientContext,
  createUser,
  expect,
  uniqueClientAddress,
  signInAs,
  test,
  uniqueWord,
} from "./fixtures";

// The spec's own client, call by call: every row of the call tables in visitor-area.md (point 7) and
// signup-and-admin.md (point 7), sent as that client sends it (method, path, JSON or multipart body
// with the spec's field names, the session cookie where the table says "credentials"), checking the
// answer's shape and the {error} shape of refusals.
//
// Pattern: one `call("METHOD /path", async (ctx) => …)` per row, in the order of the spec's table.
// A row of an endpoint not built yet is listed in `notYetBuilt` at the end of its table; the issue
// that builds it moves it into a `call(…)` there.
//
// These are HTTP calls with no page to render, so they run once (in the js-on project).

type Ctx = {
  request: APIRequestContext;
  clientContext: ClientContext;
  page: Page;
  db: import("~db/client").DB;
  makeSeller: (input?: Record<string, unknown>) => Promise<number>;
  makeReview: (
    sellerId: number,
    input?: {
      reviewer_name?: string;
      rating?: number;
      status?: "pending" | "published" | "rejected" | "flagged";
      review_text?: string;
    },
  ) => Promise<number>;
};
type Row = [name: string, run: (ctx: Ctx) => Promise<void>];

function table(title: string, rows: Row[], notYetBuilt: string[] = []) {
  test.describe(`contract: ${title}`, () => {
    test.skip(
      ({ javaScriptEnabled }) => javaScriptEnabled === false,
      "HTTP calls of the spec's client; no page to render, run once",
    );
    for (const [name, run] of rows)
      test(name, async ({ request, clientContext, page, db, makeSeller, makeReview }) =>
        run({ request, clientContext, page, db, makeSeller, makeReview }),
      );
    for (const name of notYetBuilt) test.fixme(`${name} (not built yet)`, async () => {});
  });
}

/** A category of its own (with one subcategory) for the admin category rows; seeded ones stay untouched. */
async function newCategory(db: import("~db/client").DB, word: string) {
  const stamp = new Date().toISOString();
  const name = `${word} Category`;
  const slug = `${word}-category`;
  const { id } = await db
    .insertInto("categories")
    .values({
      name,
      slug,
      description: null,
      icon: null,
      is_active: 1,
      sort_order: 100,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const sub = await db
    .insertInto("subcategories")
    .values({
      category_id: id,
      name: `${name} Sub`,
      slug: `${slug}-sub`,
      icon: null,
      is_active: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, name, slug, subId: sub.id };
}

async function expectError(res: APIResponse, status: number, message?: string | RegExp) {
  expect(res.status()).toBe(status);
  const body = await res.json();
  expect(Object.keys(body)).toContain("error");
  expect(typeof body.error).toBe("string");
  // Refusals of access and missing records are part of the contract word for word.
  if ([401, 403, 404].includes(status) && message === undefined)
    throw new Error(`a ${status} answer is checked with its message; this one said ${JSON.stringify(body.error)}`);
  if (message instanceof RegExp) expect(body.error).toMatch(message);
  else if (message) expect(body.error).toBe(message);
}

/** A file under /uploads that is not there (or not public): 404 with the plain-text "Not found". */
async function expectNotFoundText(res: APIResponse) {
  expect(res.status()).toBe(404);
  expect(res.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await res.text()).toBe("Not found");
}

const multipartFile = (buffer: Buffer, name = "photo.png", mimeType = "image/png") => ({
  multipart: { file: { name, mimeType, buffer } },
});

/** POST /api/upload exactly as the client sends it (only `file`) → the url it answers. */
async function upload(request: APIRequestContext, hue: number): Promise<string> {
  const res = await request.post("/api/upload", multipartFile(await pngImage(60, 40, hue)));
  expect(res.status()).toBe(201);
  const { url } = await res.json();
  expect(typeof url).toBe("string");
  return url;
}

async function applicationPayload(ctx: Ctx, images: Record<string, unknown>) {
  const word = uniqueWord("contract");
  return {
    name: "Lakshmi Menon",
    mobile: "+91 98450 67890",
    email: `${word}@example.test`,
    category_ids: [await categoryId(ctx.db, "food-and-beverages")],
    subcategory_ids: [],
    business_name: `${word} Kitchen`,
    business_description: "Home-made pickles and podis.",
    city: "Bangalore",
    area: "Jayanagar",
    pincode: "560011",
    address: "22 4th Block",
    id_proof_type: "pan_card",
    amount_paid: 999,
    subscription_months: 3,
    price_range: "below_500",
    tagline: "Grandmother's recipes",
    whatsapp_link: "https://wa.me/919845067890",
    facebook_link: "",
    instagram_link: "https://instagram.com/lakshmi.kitchen",
    youtube_link: "",
    website_link: "",
    ...images,
  };
}

/** Goes through the local OpenID Connect provider's login in a browser without JavaScript, which stops on the callback with the code. */
async function codeFromProvider(page: Page): Promise<string> {
  await page.goto("/seller-login");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await page.locator('input[name="login"]').fill(`${uniqueWord("code")}@gmail.test`);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/auth\/google\/callback\?code=/);
  return new URL(page.url()).searchParams.get("code")!;
}

table("visitor area (visitor-area.md point 7)", [
  [
    "GET /api/users/me",
    async ({ request, page }) => {
      await expectError(await request.get("/api/users/me"), 401, "Not signed in");
      const seller = await signInAs(page.context(), "seller");
      const me = await page.request.get("/api/users/me");
      expect(me.status()).toBe(200);
      expect(await me.json()).toMatchObject({ id: seller.id, email: seller.email, role: "seller" });
    },
  ],
  [
    "GET /api/logout",
    async ({ page }) => {
      await signInAs(page.context(), "seller");
      const out = await page.request.get("/api/logout", { headers: { "Sec-Fetch-Site": "same-origin" } });
      expect(out.status()).toBe(200);
      expect(await out.json()).toEqual({ success: true });
      await expectError(await page.request.get("/api/users/me"), 401, "Not signed in");
    },
  ],
  [
    "GET /api/oauth/google/redirect_url",
    async ({ request }) => {
      const res = await request.get("/api/oauth/google/redirect_url");
      expect(res.status()).toBe(200);
      const { redirectUrl } = await res.json();
      expect(new URL(redirectUrl).origin).toBe(process.env.E2E_OIDC_ISSUER);
    },
  ],
  [
    "POST /api/sessions {code} (the code alone, as the client sends it)",
    async ({ page, clientContext }) => {
      // The callback stops without JavaScript, so the test holds the code like the spec's client does.
      const context = await clientContext({ javaScriptEnabled: false, clientAddress: uniqueClientAddress() });
      const browserPage = await context.newPage();
      const code = await codeFromProvider(browserPage);
      const res = await browserPage.request.post("/api/sessions", { data: { code } });
      expect(res.status()).toBe(201);
      const me = await browserPage.request.get("/api/users/me");
      expect(me.status()).toBe(200);
      expect((await me.json()).role).toBe("seller");

      // A forged code with this browser's fresh state is refused, and nobody is signed in.
      await browserPage.request.get("/api/logout", { headers: { "Sec-Fetch-Site": "same-origin" } });
      await browserPage.request.get("/api/oauth/google/redirect_url");
      await expectError(
        await browserPage.request.post("/api/sessions", { data: { code: "forged-code" } }),
        400,
        "Google sign-in could not be completed. Please try again.",
      );
      await expectError(await browserPage.request.get("/api/users/me"), 401, "Not signed in");
      // A code from a browser that never started a sign-in (no state cookie) is refused too.
      await expectError(
        await page.request.post("/api/sessions", { data: { code } }),
        400,
        "This sign-in link is not valid for this browser. Please start again.",
      );
      // No code at all: the spec's message.
      await expectError(
        await page.request.post("/api/sessions", { data: {} }),
        400,
        "Cannot exchange code for session token: no code provided",
      );
      await context.close();
    },
  ],
  [
    "GET /api/sellers?featured=true&limit=6",
    async ({ request, makeSeller }) => {
      const name = uniqueWord("feat");
      const id = await makeSeller({ business_name: name, is_featured: 1 });
      const plain = await makeSeller({ business_name: `${name} Plain`, is_featured: 0 });
      const res = await request.get("/api/sellers?featured=true&limit=6");
      expect(res.status()).toBe(200);
      const body = await res.json();
      expect(Array.isArray(body.sellers)).toBe(true);
      expect(body.sellers.length).toBeGreaterThan(0);
      expect(body.sellers.length).toBeLessThanOrEqual(6);
      for (const s of body.sellers) expect(s.is_featured).toBe(true);
      // Scoped to this test's two sellers: the featured one is listed, the other is left out.
      const mine = await request.get(`/api/sellers?featured=true&limit=6&search=${name}`);
      expect(mine.status()).toBe(200);
      expect(
        (await mine.json()).sellers.map((s: { id: number; is_featured: boolean }) => [s.id, s.is_featured]),
      ).toEqual([[id, true]]);
      const both = await request.get(`/api/sellers?limit=6&search=${name}`);
      expect((await both.json()).sellers.map((s: { id: number }) => s.id).sort()).toEqual([id, plain].sort());
    },
  ],
  [
    "GET /api/categories",
    async ({ request }) => {
      const list = await (await request.get("/api/categories")).json();
      expect(list.length).toBeGreaterThanOrEqual(16);
      for (const c of list)
        expect(c).toEqual(
          expect.objectContaining({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String) }),
        );
    },
  ],
  [
    "GET /api/categories/subcategories/all",
    async ({ request }) => {
      const list = await (await request.get("/api/categories/subcategories/all")).json();
      expect(list.length).toBeGreaterThan(16);
      for (const s of list)
        expect(s).toEqual(
          expect.objectContaining({
            id: expect.any(Number),
            name: expect.any(String),
            category_id: expect.any(Number),
          }),
        );
    },
  ],
  [
    "GET /api/sellers?page&limit=12 with search, category (slug), city",
    async ({ request, db, makeSeller }) => {
      const word = uniqueWord("dir");
      const food = await categoryId(db, "food-and-beverages");
      const id = await makeSeller({ business_name: `${word} Sweets`, city: "Pune", categoryIds: [food] });
      const res = await request.get(
        `/api/sellers?page=1&limit=12&search=${word}&category=food-and-beverages&city=Pune`,
      );
      expect(res.status()).toBe(200);
      const body = await res.json();
      expect(body.pagination).toEqual({ page: 1, limit: 12, total: 1, pages: 1 });
      expect(body.sellers.map((s: { id: number }) => s.id)).toEqual([id]);
      await expectError(
        await request.get("/api/sellers?page=0&limit=12"),
        400,
        "page must be a whole number of 1 or more",
      );
    },
  ],
  [
    "GET /api/sellers?open_now=true: each seller with opening_hours (the week) and open_now; only the open ones",
    async ({ request, makeSeller }) => {
      const word = uniqueWord("open");
      const always = [{ opens: "00:00", closes: "24:00" }];
      const week = { mon: always, tue: always, wed: always, thu: always, fri: always, sat: always, sun: always };
      const open = await makeSeller({
        business_name: `${word} Open`,
        opening_hours: JSON.stringify({ week, by_appointment: false, special_days: [] }),
      });
      const unsaid = await makeSeller({ business_name: `${word} Unsaid` });
      const all = await (await request.get(`/api/sellers?search=${word}`)).json();
      const byId = Object.fromEntries(all.sellers.map((s: { id: number }) => [s.id, s]));
      expect(byId[open]).toMatchObject({ opening_hours: week, open_now: true });
      expect(byId[unsaid]).toMatchObject({ opening_hours: null, open_now: null });
      const res = await request.get(`/api/sellers?search=${word}&open_now=true`);
      expect(res.status()).toBe(200);
      expect((await res.json()).sellers.map((s: { id: number }) => s.id)).toEqual([open]);
      await expectError(await request.get("/api/sellers?open_now=soon"), 400, "open_now must be true or false");
    },
  ],
  [
    "GET /api/sellers?near=<PIN code or lat,lng>&within_km=<n>: nearest first, with distance_km and pincode",
    async ({ request, db, makeSeller }) => {
      const word = uniqueWord("near");
      const food = await categoryId(db, "food-and-beverages");
      const far = await makeSeller({ business_name: `${word} Far`, pincode: "560066", categoryIds: [food] });
      const here = await makeSeller({ business_name: `${word} Here`, pincode: "560034", categoryIds: [food] });
      const res = await request.get(`/api/sellers?search=${word}&near=560034`);
      expect(res.status()).toBe(200);
      const body = await res.json();
      expect(body.sellers.map((s: { id: number }) => s.id)).toEqual([here, far]);
      expect(body.sellers[0]).toMatchObject({ distance_km: 0, pincode: "560034" });
      expect(body.sellers[1]).toMatchObject({ distance_km: 14.7, pincode: "560066" });
      const within = await (await request.get(`/api/sellers?search=${word}&near=12.926,77.622&within_km=10`)).json();
      expect(within.sellers.map((s: { id: number }) => s.id)).toEqual([here]);
      const plain = await (await request.get(`/api/sellers?search=${word}`)).json();
      expect(plain.sellers[0]).not.toHaveProperty("distance_km");
      await expectError(await request.get("/api/sellers?near=999999"), 400, "near: the PIN code 999999 does not exist");
      await expectError(
        await request.get("/api/sellers?near=12.9"),
        400,
        "near must be a 6-digit PIN code or a position as <lat>,<lng> (degrees)",
      );
    },
  ],
  [
    "GET /api/sellers/{id}",
    async ({ request, makeSeller }) => {
      const id = await makeSeller({ business_name: uniqueWord("one") });
      const body = await (await request.get(`/api/sellers/${id}`)).json();
      expect(body).toMatchObject({ id, reviews: [] });
      await expectError(await request.get("/api/sellers/999999999"), 404, "Seller not found");
    },
  ],
  [
    "POST /api/reviews {seller_id, reviewer_name, rating, review_text}",
    async ({ request, makeSeller }) => {
      const seller_id = await makeSeller({ business_name: uniqueWord("rev") });
      const res = await request.post("/api/reviews", {
        data: { seller_id, reviewer_name: "Anita", rating: 5, review_text: "Lovely sarees, on time." },
      });
      expect(res.status()).toBe(201);
      await expectError(
        await request.post("/api/reviews", {
          data: { seller_id, reviewer_name: "Anita", rating: 9, review_text: "x" },
        }),
        400,
        "Rating must be a whole number from 1 to 5",
      );
    },
  ],
  [
    "POST /api/upload (multipart with only a file)",
    async ({ request, page, db }) => {
      const url = await upload(request, 7);
      const key = url.split("/").pop()!;
      // No purpose: kept private and unattached, never readable without a staff session.
      expect(
        await db.selectFrom("uploads").select(["visibility", "seller_id"]).where("key", "=", key).executeTakeFirst(),
      ).toEqual({ visibility: "private", seller_id: null });
      const anonymous = await request.get(url, { maxRedirects: 0 });
      expect(anonymous.status()).toBe(302);
      expect(anonymous.headers()["location"]).toMatch(/^\/admin\/login/);
      await expectNotFoundText(await request.get(`/uploads/${key}`));
      await signInAs(page.context(), "seller");
      const seller = await page.request.get(url, { maxRedirects: 0 });
      expect(seller.status()).toBe(403);
      expect(await seller.text()).toContain("You do not have permission to view this page.");
      await signInAs(page.context(), "admin");
      const staff = await page.request.get(url);
      expect(staff.status()).toBe(200);
      expect(staff.headers()["content-type"]).toBe("image/webp");
      // Refusals in the {error} shape.
      await expectError(
        await request.post("/api/upload", multipartFile(Buffer.from("<svg onload=alert(1)>"), "x.png")),
        400,
        "Please select a valid image file.",
      );
      await expectError(
        await request.post("/api/upload", multipartFile(await pngOfAtLeast(205 * 1024))),
        413,
        "Image must be smaller than 200KB. Please compress your image first.",
      );
    },
  ],
  [
    "POST /api/sellers/submit with the urls POST /api/upload answered",
    async (ctx) => {
      const { request, db } = ctx;
      const urls = {
        id_proof_document: await upload(request, 1),
        payment_screenshot: await upload(request, 2),
        profile_photo: await upload(request, 3),
        product_images: [await upload(request, 4), await upload(request, 5)],
      };
      const res = await request.post("/api/sellers/submit", { data: await applicationPayload(ctx, urls) });
      expect(res.status()).toBe(201);
      const { seller_id } = await res.json();
      const key = (url: string) => url.split("/").pop()!;
      const rows = await db
        .selectFrom("uploads")
        .select(["key", "visibility", "seller_id"])
        .where("seller_id", "=", seller_id)
        .execute();
      const visibility = Object.fromEntries(rows.map((r) => [r.key, r.visibility]));
      expect(visibility[key(urls.id_proof_document)]).toBe("private");
      expect(visibility[key(urls.payment_screenshot)]).toBe("private");
      expect(visibility[key(urls.profile_photo)]).toBe("public");
      for (const u of urls.product_images) expect(visibility[key(u)]).toBe("public");
      // The ID document stays unreadable without staff; the photo is now public.
      expect((await request.get(urls.id_proof_document, { maxRedirects: 0 })).status()).toBe(302);
      await expectNotFoundText(await request.get(`/uploads/${key(urls.id_proof_document)}`));
      expect((await request.get(`/uploads/${key(urls.profile_photo)}`)).status()).toBe(200);
      // The same uploads cannot be claimed by a second application.
      await expectError(
        await request.post("/api/sellers/submit", { data: await applicationPayload(ctx, urls) }),
        400,
        /not found/,
      );
    },
  ],
  [
    "POST /api/sellers/submit with data-URL images (the client's fallback)",
    async (ctx) => {
      const dataUrl = async (hue: number) =>
        `data:image/png;base64,${(await pngImage(60, 40, hue)).toString("base64")}`;
      const images = {
        id_proof_document: await dataUrl(11),
        payment_screenshot: await dataUrl(12),
        profile_photo: await dataUrl(13),
        product_images: JSON.stringify([await dataUrl(14)]),
      };
      const res = await ctx.request.post("/api/sellers/submit", { data: await applicationPayload(ctx, images) });
      expect(res.status()).toBe(201);
      expect(await res.json()).toMatchObject({ success: true, seller_id: expect.any(Number) });
      const big = `data:image/png;base64,${(await pngOfAtLeast(210 * 1024)).toString("base64")}`;
      await expectError(
        await ctx.request.post("/api/sellers/submit", {
          data: await applicationPayload(ctx, { ...images, payment_screenshot: big }),
        }),
        413,
        "Image must be smaller than 200KB. Please compress your image first.",
      );
      await expectError(
        await ctx.request.post("/api/sellers/submit", { data: await applicationPayload(ctx, { ...images, name: "" }) }),
        400,
        "Name is required",
      );
    },
  ],
  [
    "POST /api/enquiries/contact",
    async ({ request }) => {
      const res = await request.post("/api/enquiries/contact", {
        data: {
          name: "Ritu",
          email: "ritu@example.test",
          mobile: "",
          query_type: "General Inquiry",
          subject: "Hello",
          message: "How do I list my shop?",
        },
      });
      expect(res.status()).toBe(201);
      expect(await res.json()).toMatchObject({ success: true, message: expect.any(String) });
      await expectError(
        await request.post("/api/enquiries/contact", { data: { name: "Ritu" } }),
        400,
        "Please fill all required fields",
      );
    },
  ],
  [
    "POST /api/enquiries/newsletter {email, source: homepage_final_cta}",
    async ({ request }) => {
      const res = await request.post("/api/enquiries/newsletter", {
        data: { email: `${uniqueWord("news")}@example.test`, source: "homepage_final_cta" },
      });
      expect(res.status()).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, message: expect.any(String) });
      await expectError(
        await request.post("/api/enquiries/newsletter", { data: { email: "" } }),
        400,
        "Please enter your email address",
      );
    },
  ],
  [
    "POST /api/auth/login (credentials)",
    async ({ page, db }) => {
      const user = await createUser(db, { role: "seller" });
      const res = await page.request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
      expect(res.status()).toBe(200);
      expect((await res.json()).user.role).toBe("seller");
      expect((await page.request.get("/api/users/me")).status()).toBe(200);
      await expectError(
        await page.request.post("/api/auth/login", { data: { email: user.email, password: "wrong-password" } }),
        401,
        "Invalid email or password. Please try again.",
      );
    },
  ],
]);

table(
  "sign-up and admin (signup-and-admin.md point 7)",
  [
    [
      "GET /api/categories (wizard: id, name, icon)",
      async ({ request, db }) => {
        const categories = (await (await request.get("/api/categories")).json()) as unknown[];
        // The seeded catalogue is in the answer (other tests may add categories, never remove these).
        expect(categories).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ id: await categoryId(db, "food-and-beverages"), name: "Food & Beverages" }),
          ]),
        );
        for (const c of categories)
          expect(c).toEqual(
            expect.objectContaining({ id: expect.any(Number), name: expect.any(String), icon: expect.any(String) }),
          );
      },
    ],
    [
      "GET /api/categories/subcategories/all (wizard: id, name, category_id, icon)",
      async ({ request, db }) => {
        const subcategories = (await (await request.get("/api/categories/subcategories/all")).json()) as unknown[];
        const seeded = await db
          .selectFrom("subcategories")
          .select(["id", "category_id"])
          .where("is_active", "=", 1)
          .orderBy("id")
          .executeTakeFirstOrThrow();
        expect(subcategories).toEqual(expect.arrayContaining([expect.objectContaining(seeded)]));
        for (const s of subcategories) {
          expect(s).toEqual(
            expect.objectContaining({
              id: expect.any(Number),
              name: expect.any(String),
              category_id: expect.any(Number),
            }),
          );
          expect(s).toHaveProperty("icon");
        }
      },
    ],
    [
      "POST /api/auth/register (credentials)",
      async ({ page, db }) => {
        const email = `${uniqueWord("reg")}@example.test`;
        const payload = {
          name: "Savitha",
          email,
          password: "a-good-password",
          mobile: "+91 98860 11223",
          city: "Mumbai",
          locality: "Bandra",
          category_ids: [await categoryId(db, "home-and-lifestyle")],
          subcategory_ids: [],
        };
        const res = await page.request.post("/api/auth/register", { data: payload });
        expect(res.status()).toBe(201);
        expect((await (await page.request.get("/api/users/me")).json()).role).toBe("seller");
        expect((await page.request.get("/seller-dashboard", { maxRedirects: 0 })).status()).toBe(200);
        await expectError(
          await page.request.post("/api/auth/register", { data: payload }),
          409,
          "An account with this email already exists. Please sign in instead.",
        );
        await expectError(
          await page.request.post("/api/auth/register", { data: { ...payload, email: "x" } }),
          400,
          "Email is invalid",
        );
      },
    ],
    [
      "POST /api/admin/login (credentials)",
      async ({ page, db }) => {
        const admin = await createUser(db, { role: "admin" });
        const res = await page.request.post("/api/admin/login", {
          data: { email: admin.email, password: admin.password },
        });
        expect(res.status()).toBe(200);
        expect((await page.request.get("/api/admin/verify")).status()).toBe(200);
        await expectError(
          await page.request.post("/api/admin/login", { data: { email: admin.email, password: "nope-nope" } }),
          401,
          "Invalid admin credentials. Please check your email and password.",
        );
      },
    ],
    [
      "GET /api/admin/verify (credentials)",
      async ({ request, page }) => {
        await expectError(await request.get("/api/admin/verify"), 401, "Authentication required");
        await signInAs(page.context(), "admin");
        expect(await (await page.request.get("/api/admin/verify")).json()).toMatchObject({
          authenticated: true,
          user: { role: "admin" },
        });
      },
    ],
    [
      "GET /api/admin/dashboard",
      async ({ request, page }) => {
        await expectError(await request.get("/api/admin/dashboard"), 401, "Authentication required");
        await signInAs(page.context(), "moderator");
        const body = await (await page.request.get("/api/admin/dashboard")).json();
        for (const key of [
          "total_sellers",
          "paid_sellers",
          "active_sellers",
          "verified_sellers",
          "total_reviews",
          "total_enquiries",
          "new_enquiries",
          "newsletter_subscribers",
          "total_categories",
        ])
          expect(typeof body.stats[key]).toBe("number");
        expect(Array.isArray(body.notifications)).toBe(true);
        expect(body.activity).toHaveLength(12);
        expect(body.activity[11]).toEqual({
          week_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          applications: expect.any(Number),
          reviews: expect.any(Number),
          enquiries: expect.any(Number),
        });
      },
    ],
    [
      "POST /api/admin/seed-data",
      async ({ page, db }) => {
        await signInAs(page.context(), "moderator");
        await expectError(
          await page.request.post("/api/admin/seed-data"),
          403,
          "You do not have permission to do this",
        );
        await signInAs(page.context(), "admin");
        // Counted by the seed's own names: categories other tests add cannot move the figure.
        const seeded = async () =>
          Number(
            (
              await db
                .selectFrom("categories")
                .select((eb) => eb.fn.countAll<number>().as("n"))
                .where(
                  "name",
                  "in",
                  CATEGORY_SEED.map((c) => c.name),
                )
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect(await seeded()).toBe(CATEGORY_SEED.length);
        const res = await page.request.post("/api/admin/seed-data");
        expect(res.status()).toBe(200);
        expect((await res.json()).message).toBe("Seed data created successfully!");
        expect(await seeded()).toBe(CATEGORY_SEED.length); // idempotent: each seed category once
      },
    ],
    [
      "GET /api/admin/sellers (search, status, verified, paid)",
      async ({ page, makeSeller }) => {
        await signInAs(page.context(), "admin");
        const word = uniqueWord("adminapi");
        const id = await makeSeller({ business_name: `${word} Sarees`, status: "pending", is_verified: 0, is_paid: 0 });
        const body = await (
          await page.request.get(`/api/admin/sellers?search=${word}&status=pending&verified=false&paid=false`)
        ).json();
        expect(body.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });
        expect(body.sellers[0]).toMatchObject({
          id,
          business_name: `${word} Sarees`,
          status: "pending",
          is_verified: false,
          is_paid: false,
        });
        await expectError(await page.request.get("/api/admin/sellers?limit=101"), 400, "limit must be 20, 50 or 100");
      },
    ],
    [
      "GET /api/admin/sellers/export (Accept text/csv)",
      async ({ page, makeSeller }) => {
        await signInAs(page.context(), "admin");
        const word = uniqueWord("csvx");
        const id = await makeSeller({ business_name: `${word} Pickles`, owner_name: "=Asha", city: "Mysuru" });
        const res = await page.request.get(`/api/admin/sellers/export?search=${word}`, {
          headers: { Accept: "text/csv" },
        });
        expect(res.status()).toBe(200);
        expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
        expect(res.headers()["content-disposition"]).toMatch(
          /^attachment; filename="bwp_sellers_export_\d{4}-\d{2}-\d{2}\.csv"$/,
        );
        // Her row, found by her word: its cells under the right headers, a formula neutralised.
        const rows = csvRecords(await res.text());
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          ID: String(id),
          "Business Name": `${word} Pickles`,
          "Owner Name": "'=Asha",
          City: "Mysuru",
        });
      },
    ],
    [
      "POST /api/admin/sellers/bulk {seller_ids, action}",
      async ({ page, db, makeSeller }) => {
        await signInAs(page.context(), "admin");
        const ids = [await makeSeller({ status: "pending" }), await makeSeller({ status: "pending" })];
        const res = await page.request.post("/api/admin/sellers/bulk", { data: { seller_ids: ids, action: "verify" } });
        expect(res.status()).toBe(200);
        expect((await res.json()).message).toBe("Bulk action verify completed successfully");
        const rows = await db.selectFrom("sellers").select(["status", "is_verified"]).where("id", "in", ids).execute();
        expect(rows).toEqual([
          { status: "active", is_verified: 1 },
          { status: "active", is_verified: 1 },
        ]);
        await expectError(
          await page.request.post("/api/admin/sellers/bulk", { data: { seller_ids: [], action: "verify" } }),
          400,
          "Please select sellers first",
        );
        await expectError(
          await page.request.post("/api/admin/sellers/bulk", { data: { seller_ids: ids, action: "explode" } }),
          400,
          "action must be one of approve, deactivate, verify, feature",
        );
        await expectError(
          await page.request.post("/api/admin/sellers/bulk", { data: { seller_ids: [999999999], action: "verify" } }),
          404,
          "Seller not found. It may have been deleted meanwhile.",
        );
        await expectError(
          await page.request.post("/api/admin/sellers/bulk", {
            data: { seller_ids: ids, action: "verify" },
            headers: { Origin: "https://evil.example" },
          }),
          403,
          "Cross-site requests are not allowed.",
        );
      },
    ],
    [
      "DELETE /api/admin/sellers/{id}",
      async ({ page, db, makeSeller }) => {
        const id = await makeSeller();
        await signInAs(page.context(), "moderator");
        await expectError(
          await page.request.delete(`/api/admin/sellers/${id}`),
          403,
          "You do not have permission to do this",
        );
        await signInAs(page.context(), "admin");
        expect((await page.request.delete(`/api/admin/sellers/${id}`)).status()).toBe(200);
        expect(await db.selectFrom("sellers").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
        await expectError(
          await page.request.delete(`/api/admin/sellers/${id}`),
          404,
          "Seller not found. It may have been deleted meanwhile.",
        );
      },
    ],
    [
      "GET /api/sellers/admin/{id}",
      async ({ request, page, makeSeller, db }) => {
        const fashion = await categoryId(db, "fashion-and-apparel");
        const id = await makeSeller({
          business_name: "Record Crafts",
          owner_name: "Rekha",
          tagline: "Hand block prints",
          locality: "Indiranagar",
          instagram: "https://instagram.com/rekha",
          categoryIds: [fashion],
        });
        await expectError(await request.get(`/api/sellers/admin/${id}`), 401, "Authentication required");
        await signInAs(page.context(), "admin");
        const res = await page.request.get(`/api/sellers/admin/${id}`);
        expect(res.status()).toBe(200);
        const seller = await res.json();
        // Every field of the spec's admin view of a seller.
        for (const key of [
          "id",
          "owner_name",
          "business_name",
          "email",
          "mobile",
          "city",
          "locality",
          "address",
          "business_description",
          "tagline_new",
          "price_range",
          "categories",
          "category_ids",
          "subcategory_ids",
          "website",
          "whatsapp_link",
          "facebook_link",
          "instagram",
          "youtube_link",
          "profile_photo",
          "id_proof_type",
          "id_proof_document",
          "aadhaar_number",
          "gst_number",
          "payment_screenshot",
          "payment_status",
          "subscription_start_date",
          "subscription_end_date",
          "subscription_months",
          "amount_paid",
          "status",
          "is_verified",
          "is_featured",
          "is_paid",
          "admin_notes",
        ])
          expect(Object.keys(seller), key).toContain(key);
        expect(seller).toMatchObject({
          id,
          owner_name: "Rekha",
          business_name: "Record Crafts",
          tagline_new: "Hand block prints",
          locality: "Indiranagar",
          category_ids: [fashion],
          is_paid: true,
        });
        await expectError(await page.request.get("/api/sellers/admin/999999999"), 404, "Seller not found");
        await signInAs(page.context(), "moderator");
        await expectError(
          await page.request.get(`/api/sellers/admin/${id}`),
          403,
          "You do not have permission to do this",
        );
      },
    ],
    [
      "PUT /api/sellers/admin/{id} (some fields, or the whole record)",
      async ({ page, db, makeSeller }) => {
        const fashion = await categoryId(db, "fashion-and-apparel");
        // A seller who only signed up: no business name or address yet, still editable.
        const id = await makeSeller({
          business_name: null,
          address: null,
          status: "pending",
          is_paid: 0,
          categoryIds: [fashion],
        });
        await signInAs(page.context(), "admin");
        const some = await page.request.put(`/api/sellers/admin/${id}`, {
          data: { is_featured: true, tagline_new: "Bridal blouses", owner_name: "Meena K" },
        });
        expect(some.status()).toBe(200);
        expect((await some.json()).seller).toMatchObject({
          is_featured: true,
          tagline_new: "Bridal blouses",
          owner_name: "Meena K",
          status: "pending",
        });
        // The whole record as GET answered it, changed and sent back.
        const record = await (await page.request.get(`/api/sellers/admin/${id}`)).json();
        const whole = await page.request.put(`/api/sellers/admin/${id}`, {
          data: {
            ...record,
            business_name: "Meena Tailors",
            status: "active",
            amount_paid: 999,
            subscription_months: 3,
          },
        });
        expect(whole.status()).toBe(200);
        const saved = await db
          .selectFrom("sellers")
          .select([
            "business_name",
            "status",
            "amount_paid",
            "subscription_months",
            "subscription_start_date",
            "owner_name",
          ])
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        expect(saved).toMatchObject({
          business_name: "Meena Tailors",
          status: "active",
          amount_paid: 999,
          subscription_months: 3,
          owner_name: "Meena K",
        });
        expect(saved.subscription_start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        await expectError(
          await page.request.put(`/api/sellers/admin/${id}`, { data: { status: "archived" } }),
          400,
          /status must be one of/,
        );
        await expectError(
          await page.request.put(`/api/sellers/admin/${id}`, { data: { email: "not-an-email" } }),
          400,
          "Email is invalid",
        );
        await expectError(
          await page.request.put(`/api/sellers/admin/${id}`, { data: { category_ids: [999999] } }),
          400,
          "Please select categories from the list",
        );
        await expectError(
          await page.request.put("/api/sellers/admin/999999999", { data: { status: "active" } }),
          404,
          "Seller not found",
        );
        await expectError(
          await page.request.put(`/api/sellers/admin/${id}`, {
            data: { status: "inactive" },
            headers: { Origin: "https://evil.example" },
          }),
          403,
          "Cross-site requests are not allowed.",
        );
        expect(
          (await db.selectFrom("sellers").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
        ).toBe("active");
        await signInAs(page.context(), "moderator");
        await expectError(
          await page.request.put(`/api/sellers/admin/${id}`, { data: { status: "inactive" } }),
          403,
          "You do not have permission to do this",
        );
      },
    ],
    [
      "POST /api/sellers/{id}/verify",
      async ({ page, db, makeSeller }) => {
        const id = await makeSeller({ status: "pending", is_verified: 0 });
        await signInAs(page.context(), "admin");
        const res = await page.request.post(`/api/sellers/${id}/verify`);
        expect(res.status()).toBe(200);
        expect((await res.json()).message).toBe("Seller verified successfully!");
        expect(
          await db
            .selectFrom("sellers")
            .select(["status", "is_verified"])
            .where("id", "=", id)
            .executeTakeFirstOrThrow(),
        ).toEqual({ status: "active", is_verified: 1 });
        await expectError(
          await page.request.post("/api/sellers/999999999/verify"),
          404,
          "Seller not found. It may have been deleted meanwhile.",
        );
      },
    ],
    [
      "GET /api/admin/sellers/{id}/identity-card (format=view, format=download, none)",
      async ({ request, page, makeSeller }) => {
        const name = `${uniqueWord("card")} <b>&</b> Crafts`;
        const id = await makeSeller({
          business_name: name,
          status: "active",
          is_verified: 1,
          is_paid: 1,
          subscription_start_date: "2026-01-01",
          subscription_end_date: "2099-01-01",
        });
        const unverified = await makeSeller({ status: "active", is_verified: 0, is_paid: 1 });
        await expectError(await request.get(`/api/admin/sellers/${id}/identity-card`), 401, "Authentication required");
        await signInAs(page.context(), "moderator");
        await expectError(
          await page.request.get(`/api/admin/sellers/${id}/identity-card`),
          403,
          "You do not have permission to do this",
        );
        await signInAs(page.context(), "admin");
        for (const query of ["", "?format=view"]) {
          const res = await page.request.get(`/api/admin/sellers/${id}/identity-card${query}`);
          expect(res.status()).toBe(200);
          expect(res.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
          expect(res.headers()["content-disposition"]).toBe("inline");
          const svg = await res.text();
          expect(svg).toContain("&lt;b&gt;&amp;&lt;/b&gt; Crafts");
          expect(svg).not.toContain("<b>");
        }
        const download = await page.request.get(`/api/admin/sellers/${id}/identity-card?format=download`);
        expect(download.headers()["content-disposition"]).toMatch(
          new RegExp(`^attachment; filename="BWP_Identity_Card_card[a-z]+_b_b_Crafts_${id}\\.svg"$`),
        );
        await expectError(
          await page.request.get(`/api/admin/sellers/${unverified}/identity-card`),
          409,
          "Not Verified",
        );
        await expectError(
          await page.request.get("/api/admin/sellers/999999999/identity-card"),
          404,
          "Seller not found",
        );
        await expectError(
          await page.request.get(`/api/admin/sellers/${id}/identity-card?format=pdf`),
          400,
          "format must be view or download",
        );
      },
    ],
    [
      "GET /api/admin/reviews (status, search, page, limit)",
      async ({ request, page, makeSeller, makeReview }) => {
        const word = uniqueWord("apirev");
        const id = await makeReview(await makeSeller({ business_name: `${word} Shop` }), {
          reviewer_name: `${word} R`,
          status: "pending",
          rating: 4,
        });
        await expectError(await request.get("/api/admin/reviews"), 401, "Authentication required");
        await signInAs(page.context(), "moderator");
        const body = await (
          await page.request.get(`/api/admin/reviews?status=pending&search=${word}&page=1&limit=20`)
        ).json();
        expect(body.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });
        expect(body.reviews[0]).toMatchObject({
          id,
          reviewer_name: `${word} R`,
          rating: 4,
          status: "pending",
          seller_name: `${word} Shop`,
        });
        await expectError(await page.request.get("/api/admin/reviews?limit=101"), 400, "limit must be 20, 50 or 100");
      },
    ],
    [
      "PUT /api/admin/reviews/{id} {status}",
      async ({ page, db, makeSeller, makeReview }) => {
        const id = await makeReview(await makeSeller(), { status: "pending" });
        await signInAs(page.context(), "moderator");
        const res = await page.request.put(`/api/admin/reviews/${id}`, { data: { status: "published" } });
        expect(res.status()).toBe(200);
        expect((await res.json()).message).toBe("Review approved and published successfully!");
        expect(
          (await db.selectFrom("reviews").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
        ).toBe("published");
        await expectError(
          await page.request.put(`/api/admin/reviews/${id}`, { data: { status: "published" } }),
          409,
          "A published review cannot be published.",
        );
        await expectError(
          await page.request.put(`/api/admin/reviews/${id}`, { data: { status: "flagged" } }),
          400,
          "status must be published or rejected",
        );
        await expectError(
          await page.request.put("/api/admin/reviews/999999999", { data: { status: "rejected" } }),
          404,
          "Review not found. It may have been deleted meanwhile.",
        );
      },
    ],
    [
      "DELETE /api/admin/reviews/{id}",
      async ({ page, db, makeSeller, makeReview }) => {
        const id = await makeReview(await makeSeller(), { status: "published" });
        await signInAs(page.context(), "moderator");
        const res = await page.request.delete(`/api/admin/reviews/${id}`);
        expect(res.status()).toBe(200);
        expect((await res.json()).message).toBe("Review deleted successfully.");
        expect(await db.selectFrom("reviews").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
        await expectError(
          await page.request.delete(`/api/admin/reviews/${id}`),
          404,
          "Review not found. It may have been deleted meanwhile.",
        );
      },
    ],
    [
      "POST /api/admin/reviews/bulk {review_ids, action}",
      async ({ page, db, makeSeller, makeReview }) => {
        const seller = await makeSeller();
        const ids = [await makeReview(seller, { status: "pending" }), await makeReview(seller, { status: "pending" })];
        await signInAs(page.context(), "moderator");
        const res = await page.request.post("/api/admin/reviews/bulk", {
          data: { review_ids: ids, action: "rejected" },
        });
        expect(res.status()).toBe(200);
        expect((await res.json()).message).toBe("Bulk reject completed successfully!");
        expect(
          (await db.selectFrom("reviews").select("status").where("id", "in", ids).execute()).map((r) => r.status),
        ).toEqual(["rejected", "rejected"]);
        await expectError(
          await page.request.post("/api/admin/reviews/bulk", { data: { review_ids: [], action: "delete" } }),
          400,
          "Please select reviews to perform bulk action.",
        );
        await expectError(
          await page.request.post("/api/admin/reviews/bulk", { data: { review_ids: ids, action: "archive" } }),
          400,
          "action must be published, rejected or delete",
        );
      },
    ],
    [
      "GET /api/admin/categories",
      async ({ request, page, db }) => {
        const cat = await newCategory(db, uniqueWord("apicat"));
        await expectError(await request.get("/api/admin/categories"), 401, "Authentication required");
        await signInAs(page.context(), "moderator");
        await expectError(
          await page.request.get("/api/admin/categories"),
          403,
          "You do not have permission to do this",
        );
        await page.context().clearCookies();
        await signInAs(page.context(), "admin");
        const body = await (await page.request.get("/api/admin/categories")).json();
        expect(body.categories.find((c: { id: number }) => c.id === cat.id)).toEqual({
          id: cat.id,
          name: cat.name,
          slug: cat.slug,
          description: null,
          icon: null,
          is_active: true,
          subcategory_count: 1,
          seller_count: 0,
        });
      },
    ],
    [
      "GET /api/admin/subcategories",
      async ({ page, db }) => {
        const cat = await newCategory(db, uniqueWord("apisub"));
        await signInAs(page.context(), "admin");
        const body = await (await page.request.get("/api/admin/subcategories")).json();
        expect(body.subcategories.find((s: { id: number }) => s.id === cat.subId)).toEqual({
          id: cat.subId,
          category_id: cat.id,
          name: `${cat.name} Sub`,
          slug: `${cat.slug}-sub`,
          icon: null,
          category_name: cat.name,
          category_icon: null,
          is_active: true,
          seller_count: 0,
        });
      },
    ],
    [
      "PUT /api/admin/categories/{id} {is_active}",
      async ({ page, db }) => {
        const cat = await newCategory(db, uniqueWord("apiput"));
        await signInAs(page.context(), "admin");
        const res = await page.request.put(`/api/admin/categories/${cat.id}`, { data: { is_active: false } });
        expect(res.status()).toBe(200);
        expect((await res.json()).message).toBe("Category deactivated successfully!");
        expect(
          (await db.selectFrom("categories").select("is_active").where("id", "=", cat.id).executeTakeFirstOrThrow())
            .is_active,
        ).toBe(0);
        await expectError(
          await page.request.put(`/api/admin/categories/${cat.id}`, { data: { is_active: "inactive" } }),
          400,
          "is_active must be true or false",
        );
        await expectError(
          await page.request.put("/api/admin/categories/999999999", { data: { is_active: true } }),
          404,
          "Category not found",
        );
      },
    ],
    [
      "DELETE /api/admin/categories/{id}",
      async ({ page, db }) => {
        const cat = await newCategory(db, uniqueWord("apidel"));
        await signInAs(page.context(), "admin");
        const res = await page.request.delete(`/api/admin/categories/${cat.id}`);
        expect(res.status()).toBe(200);
        expect((await res.json()).message).toBe(`Category "${cat.name}" with its 1 subcategory deleted successfully.`);
        expect(
          await db.selectFrom("subcategories").select("id").where("id", "=", cat.subId).executeTakeFirst(),
        ).toBeUndefined();
        await expectError(await page.request.delete(`/api/admin/categories/${cat.id}`), 404, "Category not found");
      },
    ],
    [
      "DELETE /api/admin/subcategories/{id}",
      async ({ page, db }) => {
        const cat = await newCategory(db, uniqueWord("apisubdel"));
        await signInAs(page.context(), "admin");
        const res = await page.request.delete(`/api/admin/subcategories/${cat.subId}`);
        expect(res.status()).toBe(200);
        expect((await res.json()).message).toBe(`Subcategory "${cat.name} Sub" deleted successfully.`);
        expect(
          await db.selectFrom("categories").select("id").where("id", "=", cat.id).executeTakeFirst(),
        ).toBeDefined();
        await expectError(
          await page.request.delete(`/api/admin/subcategories/${cat.subId}`),
          404,
          "Subcategory not found",
        );
      },
    ],
    [
      "GET /api/admin/enquiries (page, limit=20, search, status, query_type)",
      async ({ request, page }) => {
        const word = uniqueWord("apienq");
        const sent = await request.post("/api/enquiries/contact", {
          data: {
            name: `${word} Ritu`,
            email: `${word}@example.test`,
            mobile: "",
            query_type: "Feedback",
            subject: "Hello",
            message: "Lovely site",
          },
        });
        expect(sent.status()).toBe(201);
        await expectError(await request.get("/api/admin/enquiries"), 401, "Authentication required");
        await signInAs(page.context(), "moderator");
        const body = await (
          await page.request.get(`/api/admin/enquiries?page=1&limit=20&search=${word}&status=new&query_type=Feedback`)
        ).json();
        expect(body.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });
        expect(body.enquiries[0]).toMatchObject({
          name: `${word} Ritu`,
          email: `${word}@example.test`,
          mobile: null,
          query_type: "Feedback",
          subject: "Hello",
          message: "Lovely site",
          status: "new",
          admin_notes: null,
        });
        expect(typeof body.enquiries[0].id).toBe("number");
        expect(typeof body.enquiries[0].created_at).toBe("string");
        await expectError(
          await page.request.get("/api/admin/enquiries?limit=101"),
          400,
          "limit must be a whole number from 1 to 100",
        );
        await expectError(
          await page.request.get("/api/admin/enquiries?status=archived"),
          400,
          "status must be one of new, in_progress, resolved, closed",
        );
      },
    ],
    [
      "PUT /api/admin/enquiries/{id} {status, admin_notes}",
      async ({ request, page, db }) => {
        const word = uniqueWord("putenq");
        await request.post("/api/enquiries/contact", {
          data: { name: word, email: `${word}@example.test`, query_type: "Other", message: "Question" },
        });
        const { id } = await db
          .selectFrom("enquiries")
          .select("id")
          .where("email", "=", `${word}@example.test`)
          .executeTakeFirstOrThrow();
        await expectError(
          await request.put(`/api/admin/enquiries/${id}`, { data: { status: "resolved", admin_notes: "" } }),
          401,
          "Authentication required",
        );
        await signInAs(page.context(), "moderator");
        const res = await page.request.put(`/api/admin/enquiries/${id}`, {
          data: { status: "resolved", admin_notes: "Answered by phone" },
        });
        expect(res.status()).toBe(200);
        expect(await res.json()).toMatchObject({ success: true, message: `Enquiry from ${word} updated: Resolved.` });
        expect(
          await db
            .selectFrom("enquiries")
            .select(["status", "admin_notes"])
            .where("id", "=", id)
            .executeTakeFirstOrThrow(),
        ).toEqual({ status: "resolved", admin_notes: "Answered by phone" });
        await expectError(
          await page.request.put(`/api/admin/enquiries/${id}`, { data: { status: "new", admin_notes: "" } }),
          400,
          "status must be one of in_progress, resolved, closed",
        );
        await expectError(
          await page.request.put("/api/admin/enquiries/999999999", { data: { status: "closed", admin_notes: "" } }),
          404,
          "Enquiry not found. It may have been deleted meanwhile.",
        );
      },
    ],
    [
      "GET /api/admin/enquiries/export → enquiries.csv",
      async ({ request, page }) => {
        await expectError(await request.get("/api/admin/enquiries/export"), 401, "Authentication required");
        await signInAs(page.context(), "moderator");
        await expectError(
          await page.request.get("/api/admin/enquiries/export"),
          403,
          "You do not have permission to do this",
        );
        await signInAs(page.context(), "admin");
        const res = await page.request.get("/api/admin/enquiries/export");
        expect(res.status()).toBe(200);
        expect(res.headers()["content-type"]).toMatch(/^text\/csv/);
        expect(res.headers()["content-disposition"]).toBe('attachment; filename="enquiries.csv"');
        expect((await res.text()).replace(/^\uFEFF/, "").split("\n")[0]).toBe(
          "ID,Name,Email,Mobile,Query Type,Subject,Message,Status,Admin Notes,Created At,Updated At",
        );
      },
    ],
    [
      "GET /api/admin/newsletter-subscriptions (page, limit=20, search, status, source)",
      async ({ request, page }) => {
        const email = `${uniqueWord("apinews")}@example.test`;
        expect(
          (await request.post("/api/enquiries/newsletter", { data: { email, source: "homepage_final_cta" } })).status(),
        ).toBe(200);
        await expectError(await request.get("/api/admin/newsletter-subscriptions"), 401, "Authentication required");
        await signInAs(page.context(), "moderator");
        const body = await (
          await page.request.get(
            `/api/admin/newsletter-subscriptions?page=1&limit=20&search=${encodeURIComponent(email)}&status=active&source=homepage_final_cta`,
          )
        ).json();
        expect(body.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });
        expect(body.subscriptions[0]).toMatchObject({ email, status: "active", source: "homepage_final_cta" });
        expect(typeof body.subscriptions[0].created_at).toBe("string");
        await expectError(
          await page.request.get("/api/admin/newsletter-subscriptions?limit=101"),
          400,
          "limit must be a whole number from 1 to 100",
        );
      },
    ],
    [
      "GET /api/admin/newsletter-subscriptions/export → newsletter.csv",
      async ({ request, page }) => {
        await expectError(
          await request.get("/api/admin/newsletter-subscriptions/export"),
          401,
          "Authentication required",
        );
        await signInAs(page.context(), "moderator");
        await expectError(
          await page.request.get("/api/admin/newsletter-subscriptions/export"),
          403,
          "You do not have permission to do this",
        );
        await signInAs(page.context(), "admin");
        const res = await page.request.get("/api/admin/newsletter-subscriptions/export");
        expect(res.status()).toBe(200);
        expect(res.headers()["content-disposition"]).toBe('attachment; filename="newsletter.csv"');
        expect((await res.text()).replace(/^\uFEFF/, "").split("\n")[0]).toBe(
          "ID,Email,Status,Source,Subscribed At,Updated At",
        );
      },
    ],
  ],
  [
    // Admin calls of the spec's tables that the back-office issues build; each becomes a row above.
  ],
);
