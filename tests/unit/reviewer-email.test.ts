import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller, createUserRow } from "~db/seed/factories";
import { reviewFormSchema } from "~/lib/validation/reviews";
import { collectAccountData } from "~/models/account-data.server";
import { insertInvitation } from "~/models/review-invitations.server";
import {
  confirmReviewEmail,
  deleteOwnReview,
  editOwnReview,
  PUBLIC_REVIEW_COLUMNS,
  getOwnReview,
} from "~/models/reviews.server";
import { listOwnPublishedReviews } from "~/models/seller-account.server";
import {
  checkReviewConfirmLink,
  checkReviewManageLink,
  confirmReview,
  REVIEW_CONFIRM_DAYS,
  reviewConfirmParams,
  reviewManageParams,
  submitReview,
} from "~/services/reviewer-email.server";
import { createTestDb } from "../support/test-db";

// A reviewer's address (docs/decisions/222-reviews-people-can-trust.md), on the test's engine: stored
// lower-cased and optional, its signed links, one confirmed address per seller (a second review replaces the
// first once confirmed, also when two confirmations race), verified by a quote request the seller answered,
// her edit and delete, and the address never in what the seller reads.

let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, cleanup } = await createTestDb()));
afterAll(() => cleanup());

let serial = 0;
const address = () => `Reviewer.${++serial}@Example.IN`;
const review = (text = "Lovely blouse, stitched on time.") => ({
  reviewer_name: "Meena",
  rating: 5,
  review_text: text,
});
const origin = { clientAddress: "203.0.113.7", locale: "en-IN" as const };

async function write(sellerId: number, email: string | undefined, text?: string): Promise<number> {
  const created = await submitReview(db, sellerId, { ...review(text), reviewer_email: email }, origin);
  if (!created.ok) throw new Error(created.reason);
  return created.id;
}
const row = (id: number) => db.selectFrom("reviews").selectAll().where("id", "=", id).executeTakeFirst();
const reviewsOf = (sellerId: number) =>
  db.selectFrom("reviews").selectAll().where("seller_id", "=", sellerId).orderBy("id").execute();
const params = (p: Record<string, string>) => new URLSearchParams(p);

/** Confirms as the page's post does: the link read, then the service. */
async function confirm(id: number) {
  const own = (await getOwnReview(db, id))!;
  return confirmReview(db, { ...own, reviewer_email: own.reviewer_email! }, null, "en-IN");
}

describe("the review form's address", () => {
  it("is optional, trimmed and lower-cased; a bad one is a field message", () => {
    const parse = (email: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...review(), rating: "5", reviewer_email: email })) form.set(k, v);
      return parseWithZod(form, { schema: reviewFormSchema });
    };
    const blank = parse("  ");
    expect(blank.status).toBe("success");
    expect(blank.status === "success" && blank.value.reviewer_email).toBeUndefined();
    const typed = parse("  Meena.K@Example.IN ");
    expect(typed.status === "success" && typed.value.reviewer_email).toBe("meena.k@example.in");
    const bad = parse("meena@example");
    expect(bad.status).toBe("error");
    expect(bad.status === "error" && bad.error).toEqual({ reviewer_email: ["forms.review.emailInvalid"] });
  });

  it("is stored lower-cased with the review, a confirmation link mailed to it; none without one", async () => {
    const sellerId = await createSeller(db);
    const email = address();
    const withEmail = await write(sellerId, email.toLowerCase());
    const without = await write(sellerId, undefined);
    expect(await row(withEmail)).toMatchObject({
      reviewer_email: email.toLowerCase(),
      email_confirmed_at: null,
      status: "pending",
    });
    expect((await row(without))?.reviewer_email).toBeNull();
    const mails = await db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", email.toLowerCase())
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Confirm your email address for your review on BWP Directory");
    expect(mails[0]!.text_body).toMatch(/\/review-confirm\?id=\d+&expires=\d+&token=/);
    // None of her typed words: the address could be anyone's.
    expect(mails[0]!.text_body).not.toContain("Meena");
  });

  it("limits the mails to one mailbox: over the limit nothing is stored", async () => {
    const sellerId = await createSeller(db);
    const email = address().toLowerCase();
    for (let i = 0; i < 3; i++) await write(sellerId, email.replace("@", `+${i}@`));
    const refused = await submitReview(db, sellerId, { ...review(), reviewer_email: email }, origin);
    expect(refused).toMatchObject({ ok: false, reason: "too_many" });
    expect(await reviewsOf(sellerId)).toHaveLength(3);
  });
});

describe("the confirmation link", () => {
  it("confirms the address; a forged, another review's or an expired link is refused (400)", async () => {
    const sellerId = await createSeller(db);
    const email = address().toLowerCase();
    const id = await write(sellerId, email);
    const link = reviewConfirmParams({ id, email });
    const checked = await checkReviewConfirmLink(db, params(link));
    expect(checked).toMatchObject({ ok: true, review: { id, reviewer_email: email } });
    expect(await checkReviewConfirmLink(db, params({ ...link, token: `${link.token.slice(0, -2)}xx` }))).toEqual({
      ok: false,
      status: 400,
      why: "invalid",
    });
    const other = await write(sellerId, address().toLowerCase());
    expect(await checkReviewConfirmLink(db, params({ ...link, id: String(other) }))).toMatchObject({ status: 400 });
    expect(
      await checkReviewConfirmLink(db, params({ ...link, expires: String(Number(link.expires) + 1) })),
    ).toMatchObject({
      status: 400,
    });
    const old = reviewConfirmParams({ id, email }, Date.now() - (REVIEW_CONFIRM_DAYS + 1) * 86_400_000);
    expect(await checkReviewConfirmLink(db, params(old))).toEqual({ ok: false, status: 400, why: "expired" });
    expect(await checkReviewConfirmLink(db, params({ id: "x", expires: "1", token: "t" }))).toMatchObject({
      status: 400,
    });
    // a manage link is no confirmation link (another purpose)
    expect(await checkReviewConfirmLink(db, params(reviewManageParams({ id, email })))).toMatchObject({ status: 400 });

    expect(await confirm(id)).toEqual({ ok: true, already: false, replaced: null });
    expect((await row(id))?.email_confirmed_at).not.toBeNull();
    expect(await confirm(id)).toEqual({ ok: true, already: true, replaced: null });
    const manageMail = await db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", email)
      .where("subject", "like", "Your review of %")
      .execute();
    expect(manageMail).toHaveLength(1);
    expect(manageMail[0]!.text_body).toMatch(/\/my-review\?id=\d+&expires=\d+&token=/);
  });

  it("replaces her earlier review of the seller only once the second is confirmed, as an edit", async () => {
    const sellerId = await createSeller(db);
    const otherSeller = await createSeller(db);
    const email = address().toLowerCase();
    const first = await write(sellerId, email, "First visit: good.");
    await confirm(first);
    await db
      .updateTable("reviews")
      .set({ status: "published", seller_reply: "Thank you!", seller_reply_date: "2030-01-02T00:00:00.000Z" })
      .where("id", "=", first)
      .execute();
    // the same address on another seller is another review
    const elsewhere = await write(otherSeller, email);
    expect(await confirm(elsewhere)).toMatchObject({ ok: true, replaced: null });

    const second = await write(sellerId, email, "Second visit: even better.");
    // not confirmed: both stand (staff see two; the first is the published one)
    expect((await reviewsOf(sellerId)).map((r) => r.id)).toEqual([first, second]);
    expect(await confirm(second)).toEqual({ ok: true, already: false, replaced: first });
    const [only] = await reviewsOf(sellerId);
    expect(await reviewsOf(sellerId)).toHaveLength(1);
    expect(only).toMatchObject({
      id: second,
      review_text: "Second visit: even better.",
      status: "pending",
      seller_reply: "Thank you!",
    });
    expect(only!.edited_at).not.toBeNull();
    // the published review left the rating
    const seller = await db
      .selectFrom("sellers")
      .select(["review_count", "avg_rating"])
      .where("id", "=", sellerId)
      .executeTakeFirstOrThrow();
    expect(Number(seller.review_count)).toBe(0);
    const audit = await db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "review.email_confirmed")
      .where("target_id", "=", String(second))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toEqual({ seller_id: sellerId, replaced: first });
  });

  it("leaves one review when two reviews by one address are confirmed at once, and when one link is posted twice", async () => {
    for (let round = 0; round < 3; round++) {
      const sellerId = await createSeller(db);
      const email = address().toLowerCase();
      const earlier = round === 2 ? await write(sellerId, email, "Earlier") : null;
      if (earlier) await confirm(earlier);
      const a = await write(sellerId, email, "A");
      const b = round === 1 ? a : await write(sellerId, email, "B");
      const outcomes = await Promise.all([confirm(a), confirm(b)]);
      expect(outcomes.every((o) => o.ok)).toBe(true);
      const left = await reviewsOf(sellerId);
      expect(left).toHaveLength(1);
      expect(left[0]!.email_confirmed_at).not.toBeNull();
      expect([a, b]).toContain(left[0]!.id);
    }
  });
});

describe("a verified customer by her request for quotes", () => {
  async function requestAnsweredBy(sellerId: number, email: string, status: "answered" | "declined" | "sent") {
    const stamp = "2030-11-12T05:00:00.000Z";
    const category = await db.selectFrom("categories").select("id").executeTakeFirstOrThrow();
    const request = await db
      .insertInto("quote_requests")
      .values({
        category_id: category.id,
        city: "Pune",
        locality: "Kothrud",
        need: "Blouses",
        needed_by: "2030-11-30",
        budget_min: null,
        budget_max: null,
        name: "Meena",
        email,
        mobile: null,
        language: "en-IN",
        from_seller_id: null,
        status: "open",
        created_at: stamp,
        confirmed_at: stamp,
        closed_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("quote_matches")
      .values({
        request_id: request.id,
        seller_id: sellerId,
        position: 1,
        status,
        matched_at: stamp,
        replied_at: status === "sent" ? null : stamp,
        answer: status === "answered" ? "Yes, ₹2,000" : null,
        price: null,
      })
      .execute();
    return stamp;
  }

  it("is verified by 'quote' with the request's date when the seller answered; not when she declined or was not asked", async () => {
    const answered = await createSeller(db);
    const declined = await createSeller(db);
    const unasked = await createSeller(db);
    const email = address().toLowerCase();
    const stamp = await requestAnsweredBy(answered, email, "answered");
    await requestAnsweredBy(declined, email, "declined");
    const ids = [await write(answered, email), await write(declined, email), await write(unasked, email)];
    for (const id of ids) await confirm(id);
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => [r?.verified_by, r?.verified_on])).toEqual([
      ["quote", stamp],
      [null, null],
      [null, null],
    ]);
  });

  it("keeps an invitation's verification; an unconfirmed review is not verified by a quote", async () => {
    const sellerId = await createSeller(db);
    const email = address().toLowerCase();
    await requestAnsweredBy(sellerId, email, "answered");
    const invitation = await insertInvitation(db, sellerId, null);
    const invited = await submitReview(
      db,
      sellerId,
      { ...review(), reviewer_email: email },
      { ...origin, invitationId: invitation.id },
    );
    if (!invited.ok) throw new Error("not written");
    expect((await row(invited.id))?.verified_by).toBe("invitation");
    await confirm(invited.id);
    expect(await row(invited.id)).toMatchObject({ verified_by: "invitation", verified_on: invitation.created_at });
    const unconfirmed = await write(await createSeller(db), email);
    expect((await row(unconfirmed))?.verified_by).toBeNull();
  });
});

describe("her own review", () => {
  it("is refused to a link of an unconfirmed review (403), a deleted one's (404) or a forged one (400)", async () => {
    const sellerId = await createSeller(db);
    const email = address().toLowerCase();
    const id = await write(sellerId, email);
    const link = reviewManageParams({ id, email });
    expect(await checkReviewManageLink(db, params(link))).toEqual({ ok: false, status: 403, why: "unconfirmed" });
    expect(await editOwnReview(db, id, email, review("Changed"), null)).toBe(false);
    expect(await deleteOwnReview(db, id, email, null)).toBe(false);
    await confirm(id);
    expect(await checkReviewManageLink(db, params(link))).toMatchObject({ ok: true, review: { id } });
    expect(await checkReviewManageLink(db, params({ ...link, token: "forged" }))).toMatchObject({ status: 400 });
    expect(await checkReviewManageLink(db, params(reviewConfirmParams({ id, email })))).toMatchObject({ status: 400 });
    // another address's link to the same review
    expect(await checkReviewManageLink(db, params(reviewManageParams({ id, email: "else@example.in" })))).toMatchObject(
      { status: 400 },
    );
    await deleteOwnReview(db, id, email, null);
    expect(await checkReviewManageLink(db, params(link))).toEqual({ ok: false, status: 404, why: "gone" });
  });

  it("an edit goes back to moderation with edited_at; a delete takes a published review out of the rating", async () => {
    const sellerId = await createSeller(db);
    const email = address().toLowerCase();
    const id = await write(sellerId, email);
    const other = await write(sellerId, undefined);
    await confirm(id);
    await db.updateTable("reviews").set({ status: "published", rating: 1 }).where("id", "in", [id, other]).execute();
    await db.updateTable("reviews").set({ rating: 5 }).where("id", "=", other).execute();
    const rating = () =>
      db
        .selectFrom("sellers")
        .select(["avg_rating", "review_count"])
        .where("id", "=", sellerId)
        .executeTakeFirstOrThrow();
    expect(await rating()).toMatchObject({ review_count: 2 });
    expect(Number((await rating()).avg_rating)).toBe(3);

    expect(
      await editOwnReview(db, id, email, { reviewer_name: "Meena K", rating: 2, review_text: "Changed" }, "198.18.0.9"),
    ).toBe(true);
    const edited = await row(id);
    expect(edited).toMatchObject({ status: "pending", reviewer_name: "Meena K", rating: 2, review_text: "Changed" });
    expect(edited?.edited_at).not.toBeNull();
    expect(Number((await rating()).avg_rating)).toBe(5);

    await db.updateTable("reviews").set({ status: "published" }).where("id", "=", id).execute();
    expect(Number((await rating()).avg_rating)).toBe(3.5);
    expect(await deleteOwnReview(db, id, email, "198.18.0.9")).toBe(true);
    expect(await row(id)).toBeUndefined();
    expect(await rating()).toMatchObject({ review_count: 1 });
    expect(Number((await rating()).avg_rating)).toBe(5);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "ip"])
      .where("target_type", "=", "review")
      .where("target_id", "=", String(id))
      .where("action", "in", ["review.edit_by_writer", "review.delete_by_writer"])
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "review.edit_by_writer", ip: "198.18.0.9" },
      { action: "review.delete_by_writer", ip: "198.18.0.9" },
    ]);
  });
});

describe("the seller never reads the address", () => {
  it("is not in the public columns, her dashboard's reviews or her data export", async () => {
    expect(PUBLIC_REVIEW_COLUMNS as readonly string[]).not.toContain("reviewer_email");
    const stamp = new Date().toISOString();
    const user = await createUserRow(db, {
      email: `owner-${++serial}@example.in`,
      name: "Owner",
      role: "seller",
      is_active: 1,
      email_verified_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    });
    const sellerId = await createSeller(db, { user_id: user.id });
    const email = address().toLowerCase();
    const id = await write(sellerId, email);
    await confirm(id);
    await db.updateTable("reviews").set({ status: "published" }).where("id", "=", id).execute();
    const dashboard = await listOwnPublishedReviews(db, user.id);
    expect(dashboard.map((r) => r.id)).toEqual([id]);
    expect(JSON.stringify(dashboard)).not.toContain(email);
    const exported = await collectAccountData(db, user.id);
    expect(exported?.reviews.map((r) => r.id)).toEqual([id]);
    expect(JSON.stringify(exported)).not.toContain(email);
  });
});

describe("confirmReviewEmail (the model)", () => {
  it("refuses an address that is not the review's", async () => {
    const sellerId = await createSeller(db);
    const id = await write(sellerId, address().toLowerCase());
    expect(await confirmReviewEmail(db, id, "someone@example.in", null, null)).toEqual({
      ok: false,
      reason: "not_found",
    });
  });
});
