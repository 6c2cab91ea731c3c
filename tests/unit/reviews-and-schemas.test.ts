import { parseWithZod } from "@conform-to/zod/v4";
import { englishMessage as english } from "~/services/api.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { apiReviewSchema, isReviewIncomplete, reviewSchema } from "~/lib/validation/reviews";
import { directoryQuerySchema } from "~/lib/validation/directory";
import { parseId } from "~/lib/validation/params";
import { createReview, sweepReviewAddresses } from "~/models/reviews.server";
import { insertInvitation } from "~/models/review-invitations.server";
import { searchWords } from "~/lib/search-text";
import { createTestDb } from "../support/test-db";

let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, cleanup } = await createTestDb()));
afterAll(() => cleanup());

describe("createReview", () => {
  it("stores a review as pending for a public seller", async () => {
    const sellerId = await createSeller(db);
    const result = await createReview(
      db,
      sellerId,
      {
        reviewer_name: "Asha",
        rating: 5,
        review_text: "<script>alert(1)</script> lovely",
      },
      { clientAddress: "203.0.113.9" },
    );
    expect(result.ok).toBe(true);
    const row = await db.selectFrom("reviews").selectAll().where("seller_id", "=", sellerId).executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    expect(row.review_text).toBe("<script>alert(1)</script> lovely");
    expect(row.client_address).toBe("203.0.113.9");
    expect(row.verified_by).toBeNull();
  });

  it("writes a review through an invitation once: a verified customer's, the invitation used", async () => {
    const sellerId = await createSeller(db);
    const invitation = await insertInvitation(db, sellerId, "Meena");
    const review = { reviewer_name: "Meena", rating: 5, review_text: "Lovely blouse." };
    const first = createReview(db, sellerId, review, { clientAddress: null, invitationId: invitation.id });
    const second = createReview(db, sellerId, review, { clientAddress: null, invitationId: invitation.id });
    const results = await Promise.all([first, second]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "invitation_used" }]);
    const rows = await db.selectFrom("reviews").selectAll().where("seller_id", "=", sellerId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      verified_by: "invitation",
      verified_on: invitation.created_at,
      invitation_id: invitation.id,
    });
    const used = await db
      .selectFrom("review_invitations")
      .selectAll()
      .where("id", "=", invitation.id)
      .executeTakeFirstOrThrow();
    expect(used.review_id).toBe(rows[0]!.id);
    const otherSeller = await createSeller(db);
    expect(await createReview(db, otherSeller, review, { clientAddress: null, invitationId: invitation.id })).toEqual({
      ok: false,
      reason: "invitation_used",
    });
  });

  it("forgets a review's network address after 30 days, keeping the review", async () => {
    const sellerId = await createSeller(db);
    const review = { reviewer_name: "Asha", rating: 4, review_text: "Good." };
    const made = await createReview(db, sellerId, review, { clientAddress: "198.51.100.7" });
    if (!made.ok) throw new Error(made.reason);
    const addressOf = async () =>
      (await db.selectFrom("reviews").select("client_address").where("id", "=", made.id).executeTakeFirstOrThrow())
        .client_address;
    await sweepReviewAddresses(db, Date.now() + 29 * 86_400_000);
    expect(await addressOf()).toBe("198.51.100.7");
    await sweepReviewAddresses(db, Date.now() + 31 * 86_400_000);
    expect(await addressOf()).toBeNull();
  });

  it("refuses an expired invitation", async () => {
    const sellerId = await createSeller(db);
    const invitation = await insertInvitation(db, sellerId, null, new Date(Date.now() - 31 * 86_400_000));
    const review = { reviewer_name: "Asha", rating: 4, review_text: "Good." };
    expect(await createReview(db, sellerId, review, { clientAddress: null, invitationId: invitation.id })).toEqual({
      ok: false,
      reason: "invitation_used",
    });
    expect(await db.selectFrom("reviews").select("id").where("seller_id", "=", sellerId).execute()).toEqual([]);
  });

  it("refuses a review of a seller that is not public", async () => {
    const sellerId = await createSeller(db, { status: "inactive" });
    expect(
      await createReview(db, sellerId, { reviewer_name: "A", rating: 3, review_text: "x" }, { clientAddress: null }),
    ).toEqual({
      ok: false,
      reason: "seller_not_found",
    });
    expect(
      await createReview(db, 123456789, { reviewer_name: "A", rating: 3, review_text: "x" }, { clientAddress: null }),
    ).toEqual({
      ok: false,
      reason: "seller_not_found",
    });
  });
});

describe("review schema", () => {
  const form = (entries: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(entries)) fd.set(k, v);
    const submission = parseWithZod(fd, { schema: reviewSchema });
    // The schema's messages are catalogue keys; the page shows them in its language, here in English.
    const error =
      submission.status === "error"
        ? Object.fromEntries(
            Object.entries(submission.error ?? {}).map(([name, list]) => [name, list?.map((m) => english(m))]),
          )
        : undefined;
    return { ...submission, error };
  };

  it("accepts a complete review and trims it", () => {
    const s = form({ reviewer_name: "  Asha ", rating: "4", review_text: " Great " });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toEqual({ reviewer_name: "Asha", rating: 4, review_text: "Great" });
  });

  it.each([["0"], ["6"], ["2.5"], ["five"], ["-1"]])("refuses rating %s", (rating) => {
    const s = form({ reviewer_name: "A", rating, review_text: "ok" });
    expect(s.status).toBe("error");
    expect(s.error?.rating?.[0]).toMatch(/Rating must be a whole number from 1 to 5/);
  });

  it("names each missing field", () => {
    const s = form({});
    expect(s.error?.reviewer_name).toEqual(["Please enter your name"]);
    expect(s.error?.rating).toEqual(["Please select a rating"]);
    expect(s.error?.review_text).toEqual(["Please write your review"]);
    expect(isReviewIncomplete({})).toBe(true);
    expect(isReviewIncomplete({ reviewer_name: "a", rating: 3, review_text: "b" })).toBe(false);
  });

  it("refuses a 10,000-character review", () => {
    const s = form({ reviewer_name: "A", rating: "3", review_text: "x".repeat(10_000) });
    expect(s.error?.review_text?.[0]).toMatch(/at most 2,000 characters/);
  });

  it("API schema needs a positive whole seller id and a numeric rating", () => {
    expect(apiReviewSchema.safeParse({ seller_id: 1, reviewer_name: "a", rating: 5, review_text: "b" }).success).toBe(
      true,
    );
    expect(apiReviewSchema.safeParse({ seller_id: -1, reviewer_name: "a", rating: 5, review_text: "b" }).success).toBe(
      false,
    );
    expect(
      apiReviewSchema.safeParse({ seller_id: 1, reviewer_name: "a", rating: "great", review_text: "b" }).success,
    ).toBe(false);
  });
});

describe("directory query schema", () => {
  it("defaults and coerces", () => {
    expect(directoryQuerySchema.parse({})).toEqual({
      search: "",
      category: "",
      city: "",
      featured: false,
      open_now: false,
      near: "",
      page: 1,
      limit: 12,
    });
    expect(directoryQuerySchema.parse({ page: "3", limit: "6", featured: "true", search: "  cakes " })).toMatchObject({
      page: 3,
      limit: 6,
      featured: true,
      search: "cakes",
    });
  });
  it.each([["-1"], ["abc"], ["0"], ["1.5"]])("refuses page=%s", (page) => {
    expect(directoryQuerySchema.safeParse({ page }).success).toBe(false);
  });
  it("caps search text at 100 characters", () => {
    expect(directoryQuerySchema.parse({ search: "a".repeat(4000) }).search).toHaveLength(100);
  });
});

describe("parseId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["0", null],
    ["-3", null],
    ["abc", null],
    ["1e3", null],
    ["01", null],
    ["99999999999999999999", null],
    [undefined, null],
  ])("%s → %s", (raw, expected) => expect(parseId(raw)).toBe(expected));
});

describe("searchWords", () => {
  it("keeps the words, folded, and drops search syntax", () => {
    expect(searchWords('cakes "near" (OR) * mehta cakes')).toEqual(["cakes", "near", "or", "mehta"]);
    expect(searchWords("🧁 ***")).toBeNull();
    expect(searchWords("Café Déjà")).toEqual(["cafe", "deja"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
  });
});
