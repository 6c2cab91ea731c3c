import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { reloadConfig } from "~/services/config.server";
import { reviewManageParams } from "~/services/reviewer-email.server";
import { postForm } from "../support/accounts";
import { renderedHtml } from "../support/html";
import { type SiteUnderTest, startSite } from "../support/site";

// A reviewer's address over HTTP against the built server (`npm run build` first;
// docs/decisions/222-reviews-people-can-trust.md): the profile's form and the API take it (a bad one is a field
// message and a 400), its mailed link confirms it by a post (a GET changes nothing; forged or expired: 400),
// then her link edits (back to moderation) or deletes her review (a confirm step first); a deleted review's
// link is a 404 in the page's language, an unconfirmed review's a 403. Mails to one mailbox are limited (429).

const SECRET = "reviewer-email-http-test-secret-0123456789";
let base = "";
let db: DB;
let site: SiteUnderTest | undefined;

beforeAll(async () => {
  site = await startSite("reviewer-email", (address) => ({
    SEED_DEMO: "0",
    SESSION_SECRET: SECRET,
    PUBLIC_URL: address,
    TRUST_PROXY: "loopback",
  }));
  ({ base, db } = site);
}, 60_000);
afterAll(() => site?.stop());

let serial = 0;
const client = () => `198.18.${Math.floor(++serial / 250)}.${serial % 250}`;
const address = () => `Reviewer.${++serial}@Example.IN`;

const post = (path: string, fields: Record<string, string>, from = client()) =>
  postForm(base, path, fields, { client: from });
const get = (path: string) => fetch(`${base}${path}`, { redirect: "manual", headers: { "X-Forwarded-For": client() } });
const shown = async (res: Response) => renderedHtml(await res.text());
const review = (email: string) => ({
  reviewer_name: "Meena",
  rating: "4",
  review_text: "Good tailoring.",
  reviewer_email: email,
});
const reviewsOf = (sellerId: number) =>
  db.selectFrom("reviews").selectAll().where("seller_id", "=", sellerId).orderBy("id").execute();
/** The link of the latest mail to `email` whose text has `path`, as path and query. */
async function mailedLink(email: string, path: string): Promise<string> {
  const mails = await db
    .selectFrom("mail_outbox")
    .select("text_body")
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .execute();
  const match = mails.map((m) => new RegExp(`http\\S+${path}\\?\\S+`).exec(m.text_body)?.[0]).find(Boolean);
  if (!match) throw new Error(`no ${path} link mailed to ${email}`);
  const url = new URL(match);
  return `${url.pathname}${url.search}`;
}
const fieldsOf = (link: string, prefix = "") =>
  Object.fromEntries([...new URL(link, base).searchParams].map(([k, v]) => [prefix + k, v]));

describe("the profile's review form with an address", () => {
  it("refuses a bad address at the field (400, in the page's language), typed values kept; stores none when blank", async () => {
    const sellerId = await createSeller(db);
    const bad = await post(`/seller/${sellerId}?tab=reviews`, review("meena@example"));
    expect(bad.status).toBe(400);
    const page = await shown(bad);
    expect(page).toContain("Please enter a valid email address, or leave it blank");
    expect(page).toContain('value="meena@example"');
    const hindi = await post(`/hi/seller/${sellerId}?tab=reviews`, review("meena@"));
    expect(hindi.status).toBe(400);
    expect(await shown(hindi)).toContain("कृपया सही ईमेल पता लिखें, या इसे खाली छोड़ दें");
    expect(await reviewsOf(sellerId)).toEqual([]);

    const blank = await post(`/seller/${sellerId}?tab=reviews`, review(""));
    expect(blank.status).toBe(302);
    expect(blank.headers.get("location")).toContain("review=submitted");
    expect((await reviewsOf(sellerId)).map((r) => r.reviewer_email)).toEqual([null]);
  });

  it("confirms by a post, then her link edits (pending again) and deletes her review; the deleted review's link is a 404", async () => {
    const sellerId = await createSeller(db, { business_name: "Lakshmi Tailors" });
    const typed = address();
    const email = typed.toLowerCase();
    const sent = await post(`/seller/${sellerId}?tab=reviews`, review(typed));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/seller/${sellerId}?tab=reviews&review=confirm#reviews`);
    const [stored] = await reviewsOf(sellerId);
    expect(stored).toMatchObject({
      reviewer_email: email,
      email_confirmed_at: null,
      client_address: expect.any(String),
    });

    const confirmLink = await mailedLink(email, "/review-confirm");
    const opened = await get(confirmLink);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("no-store");
    expect(await shown(opened)).toContain("Confirm my address");
    expect((await reviewsOf(sellerId))[0]!.email_confirmed_at).toBeNull(); // a GET (a mail scanner) changes nothing

    const forged = await post(confirmLink, { ...fieldsOf(confirmLink), token: "forged" });
    expect(forged.status).toBe(400);
    expect(await shown(forged)).toContain("This link is not valid.");
    const expired = await get(confirmLink.replace(/expires=\d+/, "expires=1000"));
    expect(expired.status).toBe(400);

    const confirmed = await post(confirmLink, fieldsOf(confirmLink));
    expect(confirmed.status).toBe(200);
    const done = await shown(confirmed);
    expect(done).toContain("Thank you. Your address is confirmed.");
    expect((await reviewsOf(sellerId))[0]!.email_confirmed_at).not.toBeNull();

    const manage = await mailedLink(email, "/my-review");
    expect(done).toContain(manage.split("?")[0]);
    const page = await get(manage);
    expect(page.status).toBe(200);
    const html = await shown(page);
    expect(html).toContain("Lakshmi Tailors");
    expect(html).toContain("Good tailoring.");

    // the edit form's honeypot refuses a bot
    const bot = await post(manage, {
      ...fieldsOf(manage, "link_"),
      intent: "edit",
      reviewer_name: "Bot",
      rating: "1",
      review_text: "spam",
      company_website: "http://spam.example",
    });
    expect(bot.status).toBe(400);
    const missing = await post(manage, { ...fieldsOf(manage, "link_"), intent: "edit", reviewer_name: "Meena" });
    expect(missing.status).toBe(400);
    expect(await shown(missing)).toContain("Please fill all fields and select a rating");

    await db.updateTable("reviews").set({ status: "published" }).where("seller_id", "=", sellerId).execute();
    const edited = await post(manage, {
      ...fieldsOf(manage, "link_"),
      intent: "edit",
      reviewer_name: "Meena K",
      rating: "5",
      review_text: "Better than I said.",
    });
    expect(edited.status).toBe(302);
    expect(edited.headers.get("location")).toMatch(/^\/my-review\?id=\d+&expires=\d+&token=[^&]+&saved=1$/);
    expect((await reviewsOf(sellerId))[0]).toMatchObject({
      status: "pending",
      reviewer_name: "Meena K",
      rating: 5,
      review_text: "Better than I said.",
      edited_at: expect.any(String),
    });
    expect(await shown(await get(edited.headers.get("location")!))).toContain("Your review is pending");

    const ask = await post(manage, { ...fieldsOf(manage, "link_"), intent: "delete" });
    expect(ask.status).toBe(200);
    expect(await shown(ask)).toContain("Yes, delete my review");
    expect(await reviewsOf(sellerId)).toHaveLength(1);
    const deleted = await post(manage, { ...fieldsOf(manage, "link_"), intent: "delete-confirmed" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/my-review?deleted=1");
    expect(await reviewsOf(sellerId)).toEqual([]);
    expect(await shown(await get("/my-review?deleted=1"))).toContain("Your review is deleted.");

    const gone = await get(manage);
    expect(gone.status).toBe(404);
    expect(await shown(gone)).toContain("This review no longer exists.");
    const goneHindi = await get(`/hi${manage}`);
    expect(goneHindi.status).toBe(404);
    expect(await shown(goneHindi)).toContain("यह समीक्षा अब मौजूद नहीं है।");
    expect((await get(confirmLink)).status).toBe(404);
  });

  it("refuses her link to an unconfirmed review (403) and a link without its fields (400)", async () => {
    const sellerId = await createSeller(db);
    const email = address().toLowerCase();
    expect((await post(`/seller/${sellerId}?tab=reviews`, review(email))).status).toBe(302);
    const [stored] = await reviewsOf(sellerId);
    const previous = process.env.SESSION_SECRET;
    process.env.SESSION_SECRET = SECRET;
    reloadConfig();
    const params = new URLSearchParams(reviewManageParams({ id: stored!.id, email })).toString();
    process.env.SESSION_SECRET = previous;
    reloadConfig();
    const refused = await get(`/my-review?${params}`);
    expect(refused.status).toBe(403);
    expect(await shown(refused)).toContain("is not confirmed yet");
    expect((await post(`/my-review?${params}`, { intent: "delete-confirmed" })).status).toBe(400);
    expect((await get("/my-review")).status).toBe(400);
    expect((await get("/review-confirm?id=1")).status).toBe(400);
  });

  it("limits the mails to one mailbox (429 with Retry-After), on the page and the API", async () => {
    const sellerId = await createSeller(db);
    const email = address().toLowerCase();
    for (let i = 0; i < 3; i++) expect((await post(`/seller/${sellerId}?tab=reviews`, review(email))).status).toBe(302);
    const page = await post(`/seller/${sellerId}?tab=reviews`, review(email.replace("@", "+x@")));
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await shown(page)).toContain("Too many attempts.");
    const api = await fetch(`${base}/api/reviews`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": client() },
      body: JSON.stringify({ seller_id: sellerId, ...review(email), rating: 5 }),
    });
    expect(api.status).toBe(429);
    expect(await reviewsOf(sellerId)).toHaveLength(3);
  });
});

describe("POST /api/reviews with reviewer_email", () => {
  it("stores it lower-cased, optional; a bad one is a 400", async () => {
    const sellerId = await createSeller(db);
    const send = (body: Record<string, unknown>) =>
      fetch(`${base}/api/reviews`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": client() },
        body: JSON.stringify({ seller_id: sellerId, reviewer_name: "Meena", rating: 4, review_text: "Good.", ...body }),
      });
    const bad = await send({ reviewer_email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Please enter a valid email address, or leave it blank" });
    const typed = address();
    expect((await send({ reviewer_email: typed })).status).toBe(201);
    expect((await send({})).status).toBe(201);
    expect((await reviewsOf(sellerId)).map((r) => r.reviewer_email)).toEqual([typed.toLowerCase(), null]);
    expect(await mailedLink(typed.toLowerCase(), "/review-confirm")).toMatch(/^\/review-confirm\?/);
  });
});
