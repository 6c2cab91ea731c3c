import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller, createStaffRow } from "~db/seed/factories";
import { REVIEW_DECISION_REASON_MAX_LENGTH } from "~/lib/review-signals";
import { type SiteUnderTest, startSite } from "../support/site";
import { renderedHtml } from "../support/html";

// The staff's side of reviews people can trust over HTTP against the built server (`npm run build` first):
// /admin/reviews and GET /api/admin/reviews filter by a signal and show each review's signals, a decision's
// reason reaches the audit log from the page and the API (a reason too long is a 400 that moves nothing),
// and the dashboard shows the reviews per month (docs/decisions/222-reviews-people-can-trust.md).

const SECRET = "review-signals-http-test-secret-0123456789";
let base = "";
let db: DB;
let site: SiteUnderTest | undefined;
let staff = "";

beforeAll(async () => {
  site = await startSite("review-signals", { SEED_DEMO: "0", SESSION_SECRET: SECRET });
  ({ base, db } = site);
  const id = await createStaffRow(db, { email: "reviews-moderator@example.in", role: "moderator" });
  const session = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id: session,
      user_id: id,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .execute();
  staff = (await createCookie("__session", { secrets: [SECRET] }).serialize(session)).split(";")[0]!;
}, 60_000);
afterAll(() => site?.stop());

const get = (path: string) => fetch(`${base}${path}`, { headers: { Cookie: staff }, redirect: "manual" });
const send = (path: string, method: string, body: string, type: string) =>
  fetch(`${base}${path}`, {
    method,
    redirect: "manual",
    headers: { "Content-Type": type, Origin: base, Cookie: staff },
    body,
  });
const post = (path: string, fields: Record<string, string>) =>
  send(path, "POST", new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded");

let serial = 0;
async function pendingReview(sellerId: number, name: string, email: string | null = null) {
  const stamp = new Date().toISOString();
  return (
    await db
      .insertInto("reviews")
      .values({
        seller_id: sellerId,
        reviewer_name: name,
        rating: 4,
        review_text: `Neat stitching, on time ${++serial}`,
        status: "pending",
        created_at: stamp,
        updated_at: stamp,
        reviewer_email: email,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}
const auditDetails = async (id: number) => {
  const row = await db
    .selectFrom("audit_log")
    .select("details")
    .where("target_type", "=", "review")
    .where("target_id", "=", String(id))
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? (JSON.parse(row.details!) as Record<string, unknown>) : undefined;
};
const statusOf = async (id: number) =>
  (await db.selectFrom("reviews").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("/admin/reviews with signals", () => {
  it("filters by a signal on the page and the API, shows the chips and the address to staff; an unknown signal lists all", async () => {
    const word = `sig${Date.now().toString(36)}`;
    const seller = await createSeller(db, { business_name: `${word} Tailors` });
    const flagged = await pendingReview(seller, `${word} Asha`, `asha.${word}@example.in`);
    const clean = await pendingReview(seller, `${word} Meera`);

    const page = await get(`/admin/reviews?search=${word}&signal=unconfirmed_email`);
    expect(page.status).toBe(200);
    const html = renderedHtml(await page.text());
    expect(html).toContain(`${word} Asha`);
    expect(html).not.toContain(`${word} Meera`);
    expect(html).toContain("Email not confirmed");
    expect(html).toContain(`asha.${word}@example.in (not confirmed)`);
    expect(html).toMatch(/<option value="unconfirmed_email" selected="">Email not confirmed<\/option>/);

    const unknown = await get(`/admin/reviews?search=${word}&signal=fake`);
    expect(unknown.status).toBe(200);
    const all = renderedHtml(await unknown.text());
    expect(all).toContain(`${word} Asha`);
    expect(all).toContain(`${word} Meera`);

    const api = await get(`/api/admin/reviews?search=${word}&signal=unconfirmed_email`);
    expect(api.status).toBe(200);
    const body = (await api.json()) as { reviews: { id: number; signals: string[] }[]; pagination: { total: number } };
    expect(body.pagination.total).toBe(1);
    expect(body.reviews.map((r) => [r.id, r.signals])).toEqual([[flagged, ["unconfirmed_email"]]]);
    expect(body.reviews[0]).not.toHaveProperty("client_address");
    const everything = (await (await get(`/api/admin/reviews?search=${word}&signal=fake`)).json()) as {
      reviews: { id: number; signals: string[] }[];
    };
    expect(everything.reviews.map((r) => [r.id, r.signals])).toEqual([
      [clean, []],
      [flagged, ["unconfirmed_email"]],
    ]);
  });

  it("keeps the decision's reason in the audit log from the page and the API; a reason too long is a 400 that moves nothing", async () => {
    const seller = await createSeller(db, { business_name: "Reason Crafts" });
    const [one, two, three] = [
      await pendingReview(seller, "Reason One", `one${Date.now()}@example.in`),
      await pendingReview(seller, "Reason Two"),
      await pendingReview(seller, "Reason Three"),
    ];

    const tooLong = await post("/admin/reviews", {
      intent: "one",
      move: "published",
      id: String(one),
      reason: "x".repeat(REVIEW_DECISION_REASON_MAX_LENGTH + 1),
    });
    expect(tooLong.status).toBe(400);
    expect(renderedHtml(await tooLong.text())).toContain(
      `Reason must be at most ${REVIEW_DECISION_REASON_MAX_LENGTH} characters`,
    );
    expect(await statusOf(one)).toBe("pending");

    const decided = await post("/admin/reviews", {
      intent: "one",
      move: "published",
      id: String(one),
      reason: "Rang her: a real customer",
      back: "?signal=unconfirmed_email",
    });
    expect(decided.status).toBe(302);
    expect(decided.headers.get("location")).toBe("/admin/reviews?signal=unconfirmed_email");
    expect(await statusOf(one)).toBe("published");
    expect(await auditDetails(one)).toMatchObject({
      changes: { status: ["pending", "published"] },
      reason: "Rang her: a real customer",
      signals: ["unconfirmed_email"],
    });

    const bulk = await post("/admin/reviews", {
      intent: "bulk",
      move: "rejected",
      "ids[0]": String(two),
      confirmed: "1",
      reason: "Same wording as elsewhere",
    });
    expect(bulk.status).toBe(302);
    expect(await auditDetails(two)).toMatchObject({ reason: "Same wording as elsewhere" });

    const json = "application/json";
    const put = await send(
      `/api/admin/reviews/${three}`,
      "PUT",
      JSON.stringify({ status: "rejected", reason: "Spam" }),
      json,
    );
    expect(put.status).toBe(200);
    expect(await auditDetails(three)).toMatchObject({ changes: { status: ["pending", "rejected"] }, reason: "Spam" });
    const longApi = await send(
      "/api/admin/reviews/bulk",
      "POST",
      JSON.stringify({
        review_ids: [one],
        action: "rejected",
        reason: "y".repeat(REVIEW_DECISION_REASON_MAX_LENGTH + 1),
      }),
      json,
    );
    expect(longApi.status).toBe(400);
    expect(await statusOf(one)).toBe("published");
  });
});

describe("the dashboard's reviews per month", () => {
  it("shows the table of months with the share verified", async () => {
    const res = await get("/admin");
    expect(res.status).toBe(200);
    const html = renderedHtml(await res.text());
    expect(html).toContain("Reviews per month");
    expect(html).toMatch(/data-testid="review-months"/);
    const api = (await (await get("/api/admin/dashboard")).json()) as { reviewMonths: { month: string }[] };
    expect(api.reviewMonths).toHaveLength(6);
  });
});
