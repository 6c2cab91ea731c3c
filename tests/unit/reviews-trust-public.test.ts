import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createReviewRow, createSeller } from "~db/seed/factories";
import { reviewSortOf } from "~/lib/validation/reviews";
import { readContentVersion } from "~/models/content-version.server";
import { listPublishedReviews, reviewFigures } from "~/models/reviews.server";
import { renderedHtml } from "../support/html";
import { type SiteUnderTest, startSite } from "../support/site";
import { createTestDb } from "../support/test-db";

// What a visitor sees of a seller's reviews (docs/decisions/222-reviews-people-can-trust.md): the breakdown by
// stars and the verified customers' count (published reviews only), the orders of the list, each review's
// marks, the API's fields, the JSON-LD, and the review policy page in three languages. The model on a test
// database, the pages and the API from the built server (`npm run build` first), on both engines.

/** One review of each status, plus the published ones the orders are read on. */
async function sellerWithReviews(db: DB) {
  const sellerId = await createSeller(db, { business_name: "Trust Tailors" });
  const day = (n: number) => `2030-05-${String(n).padStart(2, "0")}T10:00:00.000Z`;
  const email = `trust-${sellerId}@example.test`;
  const ids = {
    // published: 5★ verified (invitation), 3★ plain, 5★ newest plain, 1★ verified (quote), edited, confirmed
    invited: await createReviewRow(db, sellerId, {
      reviewer_name: "Invited Ila",
      rating: 5,
      created_at: day(1),
      verified_by: "invitation",
      verified_on: day(1),
      reviewer_email: email,
      email_confirmed_at: day(1),
      client_address: "198.51.100.77",
    }),
    plain: await createReviewRow(db, sellerId, { reviewer_name: "Plain Pooja", rating: 3, created_at: day(2) }),
    newest: await createReviewRow(db, sellerId, { reviewer_name: "Newest Neha", rating: 5, created_at: day(4) }),
    quoted: await createReviewRow(db, sellerId, {
      reviewer_name: "Quoted Quratul",
      rating: 1,
      created_at: day(3),
      verified_by: "quote",
      verified_on: "2030-11-12",
      edited_at: day(5),
    }),
    // never counted, never shown
    pending: await createReviewRow(db, sellerId, { reviewer_name: "Pending Padma", rating: 2, status: "pending" }),
    rejected: await createReviewRow(db, sellerId, { reviewer_name: "Rejected Rani", rating: 2, status: "rejected" }),
    flagged: await createReviewRow(db, sellerId, {
      reviewer_name: "Flagged Fatima",
      rating: 4,
      status: "flagged",
      verified_by: "invitation",
      verified_on: day(1),
    }),
  };
  return { sellerId, ids, email };
}

describe("the model: breakdown, verified count, orders", () => {
  let db: DB;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, cleanup } = await createTestDb()));
  afterAll(() => cleanup());

  it("counts published reviews only, by stars, and the verified customers' among them", async () => {
    const { sellerId } = await sellerWithReviews(db);
    expect(await reviewFigures(db, sellerId)).toEqual({
      rating_breakdown: { "5": 2, "4": 0, "3": 1, "2": 0, "1": 1 },
      verified_review_count: 2,
    });
    // The stored rating (triggers) counts the same reviews.
    const seller = await db
      .selectFrom("sellers")
      .select(["review_count", "avg_rating"])
      .where("id", "=", sellerId)
      .executeTakeFirstOrThrow();
    expect(seller).toEqual({ review_count: 4, avg_rating: 3.5 });
    const none = await createSeller(db);
    expect(await reviewFigures(db, none)).toEqual({
      rating_breakdown: { "5": 0, "4": 0, "3": 0, "2": 0, "1": 0 },
      verified_review_count: 0,
    });
  });

  it("orders the published reviews newest, highest, lowest or verified first, the newest first within each", async () => {
    const { sellerId, ids } = await sellerWithReviews(db);
    const order = async (sort: ReturnType<typeof reviewSortOf>) =>
      (await listPublishedReviews(db, { sellerId }, sort)).map((r) => r.id);
    expect(await order("newest")).toEqual([ids.newest, ids.quoted, ids.plain, ids.invited]);
    // two 5★: the newer first
    expect(await order("highest")).toEqual([ids.newest, ids.invited, ids.plain, ids.quoted]);
    expect(await order("lowest")).toEqual([ids.quoted, ids.plain, ids.newest, ids.invited]);
    // two verified: the newer (quote, day 3) before the older (invitation, day 1); then the rest newest first
    expect(await order("verified")).toEqual([ids.quoted, ids.invited, ids.newest, ids.plain]);
  });

  it("reads an unknown or missing sort as the newest first", () => {
    expect(reviewSortOf("highest")).toBe("highest");
    expect(reviewSortOf("verified")).toBe("verified");
    for (const value of [null, undefined, "", "HIGHEST", "rating desc; drop table reviews", "__proto__", "toString"])
      expect(reviewSortOf(value)).toBe("newest");
  });

  it("moves the public content version when a published review's marks change (the cached profile)", async () => {
    const { ids } = await sellerWithReviews(db);
    const before = await readContentVersion(db);
    await db
      .updateTable("reviews")
      .set({ email_confirmed_at: "2030-05-06T10:00:00.000Z" })
      .where("id", "=", ids.plain)
      .execute();
    const confirmed = await readContentVersion(db);
    expect(confirmed).toBeGreaterThan(before);
    await db
      .updateTable("reviews")
      .set({ edited_at: "2030-05-07T10:00:00.000Z" })
      .where("id", "=", ids.newest)
      .execute();
    expect(await readContentVersion(db)).toBeGreaterThan(confirmed);
    // a pending review's are not public
    const unchanged = await readContentVersion(db);
    await db.updateTable("reviews").set({ verified_by: "quote" }).where("id", "=", ids.pending).execute();
    expect(await readContentVersion(db)).toBe(unchanged);
  });
});

type JsonLdBusiness = { "@type"?: string; aggregateRating?: unknown; review?: { author: { name: string } }[] };

describe("the profile, the API and the policy page (built server)", () => {
  let site: SiteUnderTest | undefined;
  let base = "";
  let seller: Awaited<ReturnType<typeof sellerWithReviews>>;
  beforeAll(async () => {
    site = await startSite("reviews-trust");
    base = site.base;
    seller = await sellerWithReviews(site.db);
  }, 60_000);
  afterAll(() => site?.stop());

  async function page(path: string) {
    const response = await fetch(`${base}${path}`, { redirect: "manual" });
    return { status: response.status, html: await response.text() };
  }

  /** The reviewers' names in the order the page shows them. */
  function shownOrder(html: string): string[] {
    return [
      ...renderedHtml(html).matchAll(/<article class="review"[^>]*>[\s\S]*?<strong translate="no">([^<]+)<\/strong>/g),
    ].map((m) => m[1] as string);
  }

  function jsonLdBusiness(html: string): JsonLdBusiness {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] as string) as JsonLdBusiness,
    );
    const business = blocks.find((b) => b["@type"] === "LocalBusiness");
    expect(business).toBeDefined();
    return business as JsonLdBusiness;
  }

  it("shows the breakdown, the verified count, the sort links and each review's marks; never an address", async () => {
    const { status, html } = await page(`/seller/${seller.sellerId}?tab=reviews`);
    expect(status).toBe(200);
    const shown = renderedHtml(html);
    expect(shown).toContain("5 stars: 2 reviews");
    expect(shown).toContain("4 stars: 0 reviews");
    expect(shown).toContain("1 star: 1 review");
    expect(shown).toContain("2 reviews from verified customers");
    for (const sort of ["newest", "highest", "lowest", "verified"])
      expect(shown).toContain(`href="/seller/${seller.sellerId}?tab=reviews&amp;sort=${sort}#reviews"`);
    expect(shown).toContain("invited by the seller");
    expect(shown).toContain("asked for a quote on 12 Nov 2030");
    expect(shown).toContain("email confirmed");
    expect(shown).toContain(">edited<");
    expect(shown).toContain('href="/review-policy"');
    expect(shownOrder(html)).toEqual(["Newest Neha", "Quoted Quratul", "Plain Pooja", "Invited Ila"]);
    // never the reviewer's address nor the network address, in the page or its data
    expect(html).not.toContain(seller.email);
    expect(html).not.toContain("198.51.100.77");
    expect(html).not.toContain("Pending Padma");
    expect(html).not.toContain("Flagged Fatima");
  });

  it("reorders the reviews by ?sort=, each order its own cached answer; an unknown sort is the newest first", async () => {
    const path = `/seller/${seller.sellerId}?tab=reviews&sort=`;
    const highest = ["Newest Neha", "Invited Ila", "Plain Pooja", "Quoted Quratul"];
    const lowest = ["Quoted Quratul", "Plain Pooja", "Newest Neha", "Invited Ila"];
    expect(shownOrder((await page(`${path}highest`)).html)).toEqual(highest);
    expect(shownOrder((await page(`${path}lowest`)).html)).toEqual(lowest);
    // again, from the response cache: still each its own order
    expect(shownOrder((await page(`${path}highest`)).html)).toEqual(highest);
    expect(shownOrder((await page(`${path}lowest`)).html)).toEqual(lowest);
    const verified = await page(`${path}verified`);
    expect(shownOrder(verified.html)).toEqual(["Quoted Quratul", "Invited Ila", "Newest Neha", "Plain Pooja"]);
    expect(verified.html).toMatch(/aria-current="true"[^>]*>Verified first</);
    for (const bad of ["bogus", "%27%3B--", "highest%00", "x".repeat(300)]) {
      const answer = await page(`${path}${bad}`);
      expect(answer.status).toBe(200);
      expect(shownOrder(answer.html)).toEqual(["Newest Neha", "Quoted Quratul", "Plain Pooja", "Invited Ila"]);
    }
  });

  it("gives the JSON-LD the published reviews only: the rating of four, a Review per shown review", async () => {
    for (const sort of ["newest", "lowest"]) {
      const { html } = await page(`/seller/${seller.sellerId}?tab=reviews&sort=${sort}`);
      const business = jsonLdBusiness(html);
      expect(business.aggregateRating).toEqual({
        "@type": "AggregateRating",
        ratingValue: 3.5,
        reviewCount: 4,
        bestRating: 5,
        worstRating: 1,
      });
      const authors = (business.review ?? []).map((r) => r.author.name);
      expect(authors).toEqual(shownOrder(html));
    }
  });

  it("carries rating_breakdown, verified_review_count and each review's verified and edited in the API, never an address", async () => {
    const response = await fetch(`${base}/api/sellers/${seller.sellerId}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(seller.email);
    expect(text).not.toContain("198.51.100.77");
    expect(text).not.toContain("reviewer_email");
    expect(text).not.toContain("client_address");
    const body = JSON.parse(text) as {
      rating_breakdown: unknown;
      verified_review_count: number;
      reviews: Record<string, unknown>[];
    };
    expect(body.rating_breakdown).toEqual({ "5": 2, "4": 0, "3": 1, "2": 0, "1": 1 });
    expect(body.verified_review_count).toBe(2);
    expect(body.reviews.map((r) => [r.reviewer_name, r.verified, r.edited])).toEqual([
      ["Newest Neha", false, false],
      ["Quoted Quratul", true, true],
      ["Plain Pooja", false, false],
      ["Invited Ila", true, false],
    ]);
    expect(Object.keys(body.reviews[0] as object).sort()).toEqual(
      [
        "id",
        "seller_id",
        "reviewer_name",
        "rating",
        "review_text",
        "created_at",
        "seller_reply",
        "seller_reply_date",
        "verified",
        "edited",
      ].sort(),
    );
    const lowest = (await (await fetch(`${base}/api/sellers/${seller.sellerId}?sort=lowest`)).json()) as {
      reviews: { reviewer_name: string }[];
    };
    expect(lowest.reviews[0]?.reviewer_name).toBe("Quoted Quratul");
  });

  it("serves the review policy in English, Hindi and Kannada, and 404 under an unknown prefix", async () => {
    const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
    const english = await page("/review-policy");
    expect(english.status).toBe(200);
    expect(h1(english.html)).toBe("Review Policy");
    expect(renderedHtml(english.html)).toContain("a seller cannot see a review before it is published");
    expect(renderedHtml(english.html)).toContain("there is no “rate us first” step");
    const hindi = await page("/hi/review-policy");
    expect(hindi.status).toBe(200);
    expect(hindi.html).toContain('<html lang="hi-IN"');
    expect(h1(hindi.html)).toBe("समीक्षा नीति");
    const kannada = await page("/kn/review-policy");
    expect(kannada.status).toBe(200);
    expect(kannada.html).toContain('<html lang="kn-IN"');
    expect(h1(kannada.html)).toBe("ವಿಮರ್ಶೆ ನೀತಿ");
    expect((await page("/xx/review-policy")).status).toBe(404);
    const sitemap = await (await fetch(`${base}/sitemaps/pages-1.xml`)).text();
    expect(sitemap).toContain("/review-policy</loc>");
  });
});
