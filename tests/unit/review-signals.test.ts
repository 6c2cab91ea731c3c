import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller, createStaffRow, createUserRow } from "~db/seed/factories";
import type { ReviewStatus, ReviewVerifiedBy } from "~db/schema";
import { REVIEW_DECISION_REASON_MAX_LENGTH, type ReviewSignal } from "~/lib/review-signals";
import { apiReviewUpdateSchema, reviewFiltersFrom, reviewIntentSchema } from "~/lib/validation/reviews";
import { monthlyReviewFigures } from "~/models/admin-stats.server";
import { listAdminReviews, reviewSignalsOf } from "~/models/reviews-admin.server";
import { moderateReviews } from "~/services/reviews-admin.server";
import { createTestDb } from "../support/test-db";

// The staff's side of reviews people can trust (docs/decisions/222-reviews-people-can-trust.md), on the
// engine of the run: each signal on a review that has it and a control that does not, the signal filter,
// the decision's reason and signals in the audit log, and the dashboard's reviews per month.

let db: DB;
let cleanup: () => Promise<void>;
const actor = { id: 0, email: "moderator@example.in", ip: "203.0.113.9" };
beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  actor.id = await createStaffRow(db, { email: actor.email, role: "moderator" });
});
afterAll(() => cleanup());

let serial = 0;
const word = (prefix: string) => `${prefix}${++serial}x${Math.random().toString(36).slice(2, 7)}`;

type ReviewInput = {
  reviewer_name?: string;
  review_text?: string;
  status?: ReviewStatus;
  created_at?: string;
  reviewer_email?: string | null;
  email_confirmed_at?: string | null;
  client_address?: string | null;
  verified_by?: ReviewVerifiedBy | null;
};

async function review(sellerId: number, input: ReviewInput = {}): Promise<number> {
  const stamp = input.created_at ?? new Date().toISOString();
  const row = await db
    .insertInto("reviews")
    .values({
      seller_id: sellerId,
      reviewer_name: input.reviewer_name ?? `Customer ${word("n")}`,
      rating: 4,
      review_text: input.review_text ?? `Lovely work, thank you ${word("t")}`,
      status: input.status ?? "pending",
      created_at: stamp,
      updated_at: stamp,
      reviewer_email: input.reviewer_email ?? null,
      email_confirmed_at: input.email_confirmed_at ?? null,
      client_address: input.client_address ?? null,
      verified_by: input.verified_by ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const seller = (fields: Parameters<typeof createSeller>[1] = {}) =>
  createSeller(db, { owner_name: `Owner ${word("o")}`, business_name: `Shop ${word("b")}`, ...fields });

async function signalsOf(ids: number[]): Promise<ReviewSignal[][]> {
  const found = await reviewSignalsOf(db, ids);
  return ids.map((id) => found.get(id) ?? []);
}
const has = (signal: ReviewSignal) => (signals: ReviewSignal[]) => signals.includes(signal);

/** A moment `minutes` after a fixed start, as the site stores it. */
const at = (minutes: number, start = "2026-10-05T10:00:00.000Z") =>
  new Date(Date.parse(start) + minutes * 60_000).toISOString();

describe("signals beside a review", () => {
  it("same_text: the same text (trimmed, any case) on two sellers; not on one seller twice, not a short stock phrase", async () => {
    const text = `The embroidery ${word("e")} was wonderful and on time`;
    const [a, b, c] = [await seller(), await seller(), await seller()];
    const copies = [
      await review(a, { review_text: text }),
      await review(b, { review_text: `  ${text.toUpperCase()} ` }),
    ];
    const ownText = `Stitched my blouse ${word("s")} beautifully, thanks`;
    const own = [await review(c, { review_text: ownText }), await review(c, { review_text: ownText })];
    const short = [
      await review(a, { review_text: "Great service" }),
      await review(b, { review_text: "Great service" }),
    ];
    expect((await signalsOf(copies)).map(has("same_text"))).toEqual([true, true]);
    expect((await signalsOf(own)).map(has("same_text"))).toEqual([false, false]);
    expect((await signalsOf(short)).map(has("same_text"))).toEqual([false, false]);
  });

  it("burst: more than 5 reviews of a seller within an hour of one; 5, or one three hours later, is not", async () => {
    const busy = await seller();
    const burst = [];
    for (let i = 0; i < 6; i++) burst.push(await review(busy, { created_at: at(i * 10) }));
    const later = await review(busy, { created_at: at(180) });
    const calm = await seller();
    const five = [];
    for (let i = 0; i < 5; i++) five.push(await review(calm, { created_at: at(i * 10) }));
    expect((await signalsOf(burst)).every(has("burst"))).toBe(true);
    expect((await signalsOf([later]))[0]).not.toContain("burst");
    expect((await signalsOf(five)).some(has("burst"))).toBe(false);
  });

  it("same_address: 3 reviews from one network address within a day; 2, or one 3 days later, or no address is not", async () => {
    const address = `198.51.100.${(serial % 200) + 1}`;
    const sellers = [await seller(), await seller(), await seller()];
    const start = "2026-10-10T08:00:00.000Z";
    const three = [
      await review(sellers[0], { client_address: address, created_at: at(0, start) }),
      await review(sellers[1], { client_address: address, created_at: at(600, start) }),
      await review(sellers[2], { client_address: address, created_at: at(1200, start) }),
    ];
    const laterDays = await review(sellers[0], { client_address: address, created_at: at(3 * 24 * 60, start) });
    const other = `2001:db8::${serial}`;
    const two = [
      await review(sellers[0], { client_address: other, created_at: at(0, start) }),
      await review(sellers[1], { client_address: other, created_at: at(60, start) }),
    ];
    const none = await review(sellers[2], { client_address: null, created_at: at(0, start) });
    expect((await signalsOf(three)).every(has("same_address"))).toBe(true);
    expect((await signalsOf([laterDays, ...two, none])).some(has("same_address"))).toBe(false);
  });

  it("seller_match: her owner name (any case), her listing's or account's email, her mobile in the text; not another's", async () => {
    const owner = `Priya ${word("p")}`;
    const accountEmail = `${word("acc")}@example.in`;
    const user = await createUserRow(db, { email: accountEmail });
    const her = await seller({
      owner_name: owner,
      email: `Listing.${word("l")}@Example.in`,
      mobile: "+919812345670",
      user_id: user.id,
    });
    const listingEmail = (
      await db.selectFrom("sellers").select("email").where("id", "=", her).executeTakeFirstOrThrow()
    ).email.toLowerCase();
    const matches = [
      await review(her, { reviewer_name: `  ${owner.toUpperCase()} ` }),
      await review(her, { reviewer_email: listingEmail }),
      await review(her, { reviewer_email: accountEmail }),
      await review(her, { review_text: "Best tailor in town, call 98123-45670 to book" }),
      await review(her, { reviewer_name: "Ring 98123 45670" }),
    ];
    const controls = [
      await review(her, { reviewer_name: "Kavya Rao", reviewer_email: `${word("k")}@example.in` }),
      await review(her, { review_text: "Called 98123 00000 and she answered at once" }),
      // Her name on another seller's review is no match.
      await review(await seller(), { reviewer_name: owner }),
    ];
    expect((await signalsOf(matches)).map(has("seller_match"))).toEqual([true, true, true, true, true]);
    expect((await signalsOf(controls)).map(has("seller_match"))).toEqual([false, false, false]);
  });

  it("unconfirmed_email: an address given and not confirmed; confirmed, or none, is not", async () => {
    const s = await seller();
    const [unconfirmed, confirmed, none] = [
      await review(s, { reviewer_email: `${word("u")}@example.in` }),
      await review(s, { reviewer_email: `${word("c")}@example.in`, email_confirmed_at: new Date().toISOString() }),
      await review(s),
    ];
    expect(await signalsOf([unconfirmed, confirmed, none])).toEqual([["unconfirmed_email"], [], []]);
  });
});

describe("the signal filter", () => {
  it("lists only the reviews with the signal, each with its signals; an unknown signal is ignored as an unknown status is", async () => {
    const w = word("filter");
    const s = await seller({ business_name: `${w} Crafts` });
    const flagged = await review(s, { reviewer_name: `${w} One`, reviewer_email: `${w}@example.in` });
    const clean = await review(s, { reviewer_name: `${w} Two` });
    const paging = { page: 1, limit: 20 };
    const filtered = await listAdminReviews(
      db,
      reviewFiltersFrom(new URLSearchParams({ search: w, signal: "unconfirmed_email" })),
      paging,
    );
    expect(filtered.total).toBe(1);
    expect(filtered.reviews.map((r) => [r.id, r.signals, r.reviewer_email])).toEqual([
      [flagged, ["unconfirmed_email"], `${w}@example.in`],
    ]);
    const all = await listAdminReviews(db, reviewFiltersFrom(new URLSearchParams({ search: w })), paging);
    expect(all.reviews.map((r) => [r.id, r.signals])).toEqual([
      [clean, []],
      [flagged, ["unconfirmed_email"]],
    ]);
    const unknown = reviewFiltersFrom(new URLSearchParams({ search: w, signal: "spam", status: "bogus" }));
    expect(unknown).toEqual({ search: w, status: "", signal: "" });
    expect((await listAdminReviews(db, unknown, paging)).total).toBe(2);
    // The network address is never in the list (it serves the signals only).
    expect(Object.keys(all.reviews[0]!)).not.toContain("client_address");
  });
});

describe("the decision and its reason in the audit log", () => {
  const auditOf = async (id: number) => {
    const row = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_type", "=", "review")
      .where("target_id", "=", String(id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return { action: row.action, details: JSON.parse(row.details!) as Record<string, unknown> };
  };

  it("keeps the move, the moderator's reason and the signals she saw, for one review and in bulk", async () => {
    const s = await seller();
    const one = await review(s, { reviewer_email: `${word("r")}@example.in` });
    const result = await moderateReviews(db, actor, [one], "published", false, "Known customer, rang her");
    expect(result.ok).toBe(true);
    expect(await auditOf(one)).toEqual({
      action: "review.published",
      details: {
        seller_id: s,
        changes: { status: ["pending", "published"] },
        reason: "Known customer, rang her",
        signals: ["unconfirmed_email"],
      },
    });
    const bulk = [await review(s), await review(s)];
    expect((await moderateReviews(db, actor, bulk, "rejected", true, "Copied text")).ok).toBe(true);
    for (const id of bulk)
      expect((await auditOf(id)).details).toMatchObject({
        changes: { status: ["pending", "rejected"] },
        reason: "Copied text",
        signals: [],
      });
    // Without a reason the row says so; a signal never moves a review by itself.
    const quiet = await review(s, { reviewer_email: `${word("q")}@example.in` });
    await moderateReviews(db, actor, [quiet], "delete", false);
    expect((await auditOf(quiet)).details).toMatchObject({
      changes: { status: ["pending", null] },
      reason: null,
      signals: ["unconfirmed_email"],
    });
  });

  it("takes a reason up to its limit from the page and the API, blank as none", () => {
    const long = "x".repeat(REVIEW_DECISION_REASON_MAX_LENGTH + 1);
    const ok = reviewIntentSchema.safeParse({ intent: "one", move: "published", id: "4", reason: "  Fine  " });
    expect(ok.success && ok.data.reason).toBe("Fine");
    const blank = reviewIntentSchema.safeParse({ intent: "one", move: "published", id: "4", reason: " " });
    expect(blank.success && blank.data.reason).toBeUndefined();
    const tooLong = reviewIntentSchema.safeParse({ intent: "bulk", move: "rejected", ids: ["4"], reason: long });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(
      `Reason must be at most ${REVIEW_DECISION_REASON_MAX_LENGTH} characters`,
    );
    expect(apiReviewUpdateSchema.safeParse({ status: "rejected", reason: long }).success).toBe(false);
  });
});

describe("reviews per month on the dashboard", () => {
  it("counts each month's reviews in India's time: received, published, rejected (not published) and verified", async () => {
    const s = await seller();
    // November 2025 in India: from 2025-10-31T18:30Z.
    await review(s, { status: "published", created_at: "2025-10-31T18:30:00.000Z", verified_by: "invitation" });
    await review(s, { status: "published", created_at: "2025-11-20T09:00:00.000Z" });
    await review(s, { status: "rejected", created_at: "2025-11-21T09:00:00.000Z", verified_by: "quote" });
    await review(s, { status: "pending", created_at: "2025-11-29T18:29:59.000Z" });
    // October 2025 in India, up to a minute before November began there.
    await review(s, { status: "published", created_at: "2025-10-31T18:29:00.000Z" });
    await review(s, { status: "rejected", created_at: "2025-10-02T09:00:00.000Z" });
    // December 2025 (after "now") and August 2025 (before the months asked for) are not counted.
    await review(s, { status: "published", created_at: "2025-12-01T09:00:00.000Z" });
    await review(s, { status: "published", created_at: "2025-08-15T09:00:00.000Z" });
    const months = await monthlyReviewFigures(db, new Date("2025-11-30T06:00:00.000Z"), 3);
    expect(months).toEqual([
      { month: "2025-11", received: 4, published: 1 + 1, rejected: 1, verified: 2 },
      { month: "2025-10", received: 2, published: 1, rejected: 1, verified: 0 },
      { month: "2025-09", received: 0, published: 0, rejected: 0, verified: 0 },
    ]);
  });
});
