import { CATEGORY_SEED } from "~db/seed/categories";
import { categoryId, expect, uniqueClientAddress, test, uniqueWord, HTTP_ONLY } from "./fixtures";

// The JSON API over real HTTP; the request context has no browser, so these run once (js-on project).
test.describe("public API", HTTP_ONLY, () => {
  test("GET /api/sellers filters, pages and returns the spec's shape", async ({ request, db, makeSeller }) => {
    const word = uniqueWord("api");
    const food = await categoryId(db, "food-and-beverages");
    const id = await makeSeller({
      business_name: `${word} Foods`,
      city: "Delhi",
      categoryIds: [food],
      is_featured: 1,
      product_images: JSON.stringify(["demo-product-1.webp"]),
      languages: JSON.stringify(["Hindi"]),
    });
    await makeSeller({ business_name: `${word} Two`, city: "Mumbai" });
    const res = await request.get(`/api/sellers?search=${word}&city=Delhi&category=food-and-beverages&limit=5&page=1`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.pagination).toEqual({ page: 1, limit: 5, total: 1, pages: 1 });
    const s = body.sellers[0];
    expect(s.id).toBe(id);
    for (const field of [
      "business_name",
      "owner_name",
      "profile_photo",
      "logo",
      "is_featured",
      "is_verified",
      "tagline",
      "tagline_new",
      "description",
      "business_description",
      "locality",
      "city",
      "categories",
      "avg_rating",
      "review_count",
      "views_count",
      "offers_text",
      "price_range",
      "languages",
      "subscription_end_date",
      "website",
      "mobile",
      "address",
      "whatsapp_link",
      "facebook_link",
      "instagram",
      "youtube_link",
      "product_images",
      "created_at",
    ]) {
      expect(s, field).toHaveProperty(field);
    }
    expect(s.categories).toBe("Food & Beverages");
    expect(JSON.parse(s.product_images)).toEqual(["/uploads/demo-product-1.webp"]);
    expect(s.languages).toEqual(["Hindi"]);
    expect(s).not.toHaveProperty("email");
    expect(s).not.toHaveProperty("id_proof_document");

    const featured = await (await request.get(`/api/sellers?featured=true&limit=6`)).json();
    expect(featured.sellers.length).toBeGreaterThan(0);
    expect(featured.sellers.every((x: { is_featured: boolean }) => x.is_featured)).toBe(true);
    expect(featured.sellers.length).toBeLessThanOrEqual(6);
  });

  for (const [qs, message] of [
    ["page=-1", "page must be a whole number of 1 or more"],
    ["page=abc", "page must be a whole number of 1 or more"],
    ["limit=0", "limit must be a whole number from 1 to 50"],
    ["limit=1000", "limit must be a whole number from 1 to 50"],
    ["featured=maybe", "featured must be true or false"],
  ] as const) {
    test(`GET /api/sellers?${qs} is a 400 with a message`, async ({ request }) => {
      const res = await request.get(`/api/sellers?${qs}`);
      expect(res.status()).toBe(400);
      expect(await res.json()).toEqual({ error: message });
    });
  }

  test("GET /api/sellers past the last page, with hostile search, or unknown filters is an empty 200", async ({
    request,
    makeSeller,
  }) => {
    await makeSeller({ business_name: uniqueWord("exists") });
    const past = await (await request.get("/api/sellers?page=99999")).json();
    expect(past.sellers).toEqual([]);
    expect(past.pagination.page).toBe(99999);
    expect(past.pagination.total).toBeGreaterThan(0);
    for (const qs of [
      `search=${encodeURIComponent('") OR 1=1 -- NEAR(*) zqxjw')}`,
      `search=${"z".repeat(4000)}`,
      "category=nope&city=Gotham",
      `search=${encodeURIComponent("🧁")}`,
    ]) {
      const res = await request.get(`/api/sellers?${qs}`);
      expect(res.status(), qs).toBe(200);
      const body = await res.json();
      expect(body.sellers, qs).toEqual([]);
      expect(body.pagination.total, qs).toBe(0);
    }
  });

  test("GET /api/sellers/{id} returns the seller with published reviews, 404 JSON otherwise", async ({
    request,
    makeSeller,
    makeReview,
  }) => {
    const id = await makeSeller({ business_name: uniqueWord("one") });
    await makeReview(id, { reviewer_name: "Shown", status: "published" });
    await makeReview(id, { reviewer_name: "Hidden", status: "pending" });
    const res = await request.get(`/api/sellers/${id}`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.reviews.map((r: { reviewer_name: string }) => r.reviewer_name)).toEqual(["Shown"]);
    for (const bad of ["987654321", "-5", "abc", "0"]) {
      const r = await request.get(`/api/sellers/${bad}`);
      expect(r.status(), bad).toBe(404);
      expect(await r.json()).toEqual({ error: "Seller not found" });
    }
    const pending = await makeSeller({ status: "pending" });
    expect((await request.get(`/api/sellers/${pending}`)).status()).toBe(404);
  });

  test("GET /api/categories and /api/categories/subcategories/all", async ({ request }) => {
    const cats = await (await request.get("/api/categories")).json();
    // The sixteen seeded categories (other tests may add their own meanwhile).
    const names = cats.map((c: { name: string }) => c.name);
    for (const seeded of CATEGORY_SEED) expect(names).toContain(seeded.name);
    expect(cats[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String) });
    const subs = await (await request.get("/api/categories/subcategories/all")).json();
    expect(subs.length).toBeGreaterThan(60);
    expect(subs[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      category_id: expect.any(Number),
    });
  });

  test("POST /api/reviews stores a pending review (201) and refuses bad input (400)", async ({
    request,
    db,
    makeSeller,
  }) => {
    const id = await makeSeller({ business_name: uniqueWord("postrev") });
    const name = uniqueWord("ApiReviewer");
    const ok = await request.post("/api/reviews", {
      data: { seller_id: id, reviewer_name: name, rating: 5, review_text: "Excellent" },
    });
    expect(ok.status()).toBe(201);
    expect(await ok.json()).toMatchObject({ success: true });
    expect(
      (await db.selectFrom("reviews").select("status").where("reviewer_name", "=", name).executeTakeFirstOrThrow())
        .status,
    ).toBe("pending");

    const cases: [unknown, number, string][] = [
      [
        { seller_id: id, reviewer_name: "A", rating: 0, review_text: "x" },
        400,
        "Rating must be a whole number from 1 to 5",
      ],
      [
        { seller_id: id, reviewer_name: "A", rating: 6, review_text: "x" },
        400,
        "Rating must be a whole number from 1 to 5",
      ],
      [
        { seller_id: id, reviewer_name: "A", rating: 2.5, review_text: "x" },
        400,
        "Rating must be a whole number from 1 to 5",
      ],
      [
        { seller_id: id, reviewer_name: "A", rating: "five", review_text: "x" },
        400,
        "Rating must be a whole number from 1 to 5",
      ],
      [{ seller_id: id, rating: 4, review_text: "x" }, 400, "Please fill all fields and select a rating"],
      [{ seller_id: id, reviewer_name: "A", rating: 4 }, 400, "Please fill all fields and select a rating"],
      [{ reviewer_name: "A", rating: 4, review_text: "x" }, 400, "Please fill all fields and select a rating"],
      [
        { seller_id: id, reviewer_name: "A", rating: 4, review_text: "x".repeat(10_000) },
        400,
        "Review must be at most 2,000 characters",
      ],
      [{ seller_id: 987654321, reviewer_name: "A", rating: 4, review_text: "x" }, 404, "Seller not found"],
      [{ seller_id: "abc", reviewer_name: "A", rating: 4, review_text: "x" }, 400, "seller_id must be a seller's id"],
    ];
    for (const [payload, status, error] of cases) {
      const res = await request.post("/api/reviews", {
        data: payload,
        headers: { "X-Forwarded-For": uniqueClientAddress() },
      });
      expect(res.status(), JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(await res.json()).toEqual({ error });
    }
    const notJson = await request.post("/api/reviews", {
      form: { seller_id: String(id), reviewer_name: "A", rating: "4", review_text: "x" },
    });
    expect(notJson.status()).toBe(415);
    expect(await notJson.json()).toEqual({ error: "Send the request body as JSON (Content-Type: application/json)." });
    // Bytes, not a string: Playwright would send a string that is not JSON as a JSON string ("\"{not json\"").
    const broken = await request.post("/api/reviews", {
      data: Buffer.from("{not json"),
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status()).toBe(400);
    expect(await broken.json()).toEqual({ error: "Request body is not valid JSON." });
    expect((await db.selectFrom("reviews").select("id").where("seller_id", "=", id).execute()).length).toBe(1);
  });

  test("unknown /api paths answer JSON 404", async ({ request }) => {
    const res = await request.get("/api/no-such-thing");
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});
