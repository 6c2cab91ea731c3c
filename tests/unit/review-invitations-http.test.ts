import { randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller, createUserRow } from "~db/seed/factories";
import { insertInvitation } from "~/models/review-invitations.server";
import { parseSettings, SettingsError } from "~/services/config.server";
import { postForm, sessionCookieFor } from "../support/accounts";
import { renderedHtml } from "../support/html";
import { type SiteUnderTest, startSite } from "../support/site";

// A seller's invitations to review her (docs/decisions/222-reviews-people-can-trust.md) over HTTP against the
// built server (`npm run build` first): the daily limit (429 one past it), only the seller who made an
// invitation gets its QR codes and card, and the link works once, for 30 days (GET 200/404/410; the POST writes
// a verified customer's pending review; a second post, or a racing one, gets the 410 page, never a 500).

const SECRET = "invitations-http-test-secret-0123456789";
const PER_DAY = 3;
let base = "";
let db: DB;
let site: SiteUnderTest | undefined;

beforeAll(async () => {
  site = await startSite("invitations", (address) => ({
    SEED_DEMO: "0",
    SESSION_SECRET: SECRET,
    PUBLIC_URL: address,
    TRUST_PROXY: "loopback",
    REVIEW_INVITATIONS_PER_DAY: String(PER_DAY),
  }));
  ({ base, db } = site);
}, 60_000);
afterAll(() => site?.stop());

let serial = 0;
const address = () => `198.18.${200 + Math.floor(++serial / 250)}.${serial % 250}`;

const post = (path: string, fields: Record<string, string>, cookie?: string, client = address()) =>
  postForm(base, path, fields, { cookie, client });
const get = (path: string, cookie?: string) =>
  fetch(`${base}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
const shown = async (res: Response) => renderedHtml(await res.text());

/** A session cookie for a user of the site's database. */
const sessionCookie = (userId: number) => sessionCookieFor(db, userId, SECRET);

async function signedInSeller(status: "active" | "pending" = "active") {
  const stamp = new Date().toISOString();
  const email = `invite-seller-${++serial}@example.in`;
  const user = await createUserRow(db, {
    email,
    name: "Seller",
    role: "seller",
    is_active: 1,
    language: "en-IN",
    created_at: stamp,
    updated_at: stamp,
  });
  const business = `Invite Crafts ${serial}`;
  const sellerId = await createSeller(db, { user_id: user.id, email, business_name: business, status });
  return { sellerId, business, cookie: await sessionCookie(user.id) };
}

const invitationsOf = (sellerId: number) =>
  db.selectFrom("review_invitations").selectAll().where("seller_id", "=", sellerId).orderBy("id").execute();
const reviewsOf = (sellerId: number) =>
  db.selectFrom("reviews").selectAll().where("seller_id", "=", sellerId).orderBy("id").execute();

/** The invitation's link as her dashboard lists it (path only). */
async function linkOnDashboard(cookie: string, id: number, prefix = ""): Promise<string> {
  const html = await (await get(`${prefix}/seller-dashboard`, cookie)).text();
  const match = new RegExp(`${base}(/[a-z/]*write-a-review/${id}/[A-Za-z0-9_-]+)`).exec(html);
  expect(match, `the dashboard lists invitation ${id}`).not.toBeNull();
  return match![1]!;
}

/** Waits for midnight in India to pass when it is near: the test and the server count one day's invitations. */
async function awayFromIndianMidnight() {
  const day = 86_400_000;
  const offset = 5.5 * 3_600_000;
  const wait = Math.floor((Date.now() + offset) / day) * day + day - offset - Date.now();
  if (wait < 10_000) await new Promise((resolve) => setTimeout(resolve, wait + 1));
}

describe("REVIEW_INVITATIONS_PER_DAY", () => {
  it("is 30 unless set, and a whole number from 1 to 1000", () => {
    expect(parseSettings({}).reviewInvitationsPerDay).toBe(30);
    expect(parseSettings({ REVIEW_INVITATIONS_PER_DAY: "5" }).reviewInvitationsPerDay).toBe(5);
    for (const bad of ["0", "1001", "2.5", "many"]) {
      let problems: string[] = [];
      try {
        parseSettings({ REVIEW_INVITATIONS_PER_DAY: bad });
      } catch (error) {
        if (error instanceof SettingsError) problems = error.problems;
      }
      expect(problems, bad).toEqual([
        "REVIEW_INVITATIONS_PER_DAY: must be a whole number of invitations from 1 to 1000",
      ]);
    }
  });
});

describe("making invitations on the dashboard", () => {
  it(`makes ${PER_DAY} a day and refuses one more with 429 and a clear message`, { timeout: 30_000 }, async () => {
    await awayFromIndianMidnight();
    const seller = await signedInSeller();
    for (let n = 1; n <= PER_DAY; n++) {
      const res = await post("/seller-dashboard", { intent: "invite", customer_name: `Meena ${n}` }, seller.cookie);
      expect(res.status).toBe(302);
      const [, id] = /invited=(\d+)/.exec(res.headers.get("location") ?? "") ?? [];
      expect(Number(id)).toBeGreaterThan(0);
    }
    const refused = await post("/seller-dashboard", { intent: "invite", customer_name: "Meena 4" }, seller.cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await shown(refused);
    expect(html).toContain(`You have made ${PER_DAY} invitations today, the most in a day.`);
    // What she typed survives the refusal.
    expect(html).toContain('value="Meena 4"');
    expect((await invitationsOf(seller.sellerId)).map((i) => i.customer_name)).toEqual([
      "Meena 1",
      "Meena 2",
      "Meena 3",
    ]);
    // Yesterday's (in India) do not count: one made 25 hours ago leaves today's count as it was.
    const other = await signedInSeller();
    await insertInvitation(db, other.sellerId, null, new Date(Date.now() - 25 * 3_600_000));
    for (let n = 1; n <= PER_DAY; n++)
      expect((await post("/seller-dashboard", { intent: "invite" }, other.cookie)).status).toBe(302);
    expect((await post("/seller-dashboard", { intent: "invite" }, other.cookie)).status).toBe(429);
  });

  it("lists her invitations with their state, share links and QR codes, never a review's words", async () => {
    const seller = await signedInSeller();
    const made = await post("/seller-dashboard", { intent: "invite", customer_name: "Asha <b>" }, seller.cookie);
    expect(made.status).toBe(302);
    const [invitation] = await invitationsOf(seller.sellerId);
    const page = await get(made.headers.get("location")!, seller.cookie);
    expect(page.status).toBe(200);
    const html = await shown(page);
    expect(html).toContain("Invitation made: share its link below.");
    expect(html).toContain("Asha &lt;b&gt;");
    expect(html).not.toContain("Asha <b>");
    expect(html).toContain("Not used yet · works until");
    expect(html).toContain("https://wa.me/?text=Hello%20Asha%20%3Cb%3E%2C%20thank%20you%20for%20coming%20to%20");
    expect(html).toContain("sms:?&amp;body=Hello%20Asha");
    expect(html).toContain(`/seller-dashboard/invitations/${invitation!.id}/qr.png?lang=en-IN`);
    expect(html).toContain(`/seller-dashboard/invitations/${invitation!.id}/card`);
    expect(html).toContain('href="/review-policy"');
    // Used: the dashboard says so, without the review written with it (pending, not hers to see).
    const link = await linkOnDashboard(seller.cookie, invitation!.id);
    const written = await post(link, { reviewer_name: "Asha", rating: "2", review_text: "Secret words of Asha." });
    expect(written.status).toBe(302);
    const after = await shown(await get("/seller-dashboard", seller.cookie));
    expect(after).toMatch(/Used on \d/);
    expect(after).not.toContain("Secret words of Asha.");
    // In Hindi, the link and the share text are Hindi's.
    const hindi = await (await get("/hi/seller-dashboard", seller.cookie)).text();
    expect(hindi).toContain("आमंत्रण");
  });

  it("refuses a name too long (400) and a listing that is not live (409)", async () => {
    const seller = await signedInSeller();
    const long = await post("/seller-dashboard", { intent: "invite", customer_name: "x".repeat(81) }, seller.cookie);
    expect(long.status).toBe(400);
    expect(await shown(long)).toContain("Name must be at most 80 characters");
    const pending = await signedInSeller("pending");
    const refused = await post("/seller-dashboard", { intent: "invite" }, pending.cookie);
    expect(refused.status).toBe(409);
    expect(await shown(refused)).toContain("Your listing must be live in the directory before customers can review it");
    expect(await invitationsOf(seller.sellerId)).toEqual([]);
    expect(await invitationsOf(pending.sellerId)).toEqual([]);
  });
});

describe("the QR codes and the card", () => {
  it("answer the seller who made the invitation: a PNG and an SVG of its link in the page's language", async () => {
    const seller = await signedInSeller();
    expect((await post("/seller-dashboard", { intent: "invite" }, seller.cookie)).status).toBe(302);
    const [invitation] = await invitationsOf(seller.sellerId);
    const id = invitation!.id;
    const link = await linkOnDashboard(seller.cookie, id);
    const hindiLink = await linkOnDashboard(seller.cookie, id, "/hi");
    expect(hindiLink).toBe(`/hi${link}`);

    const png = await get(`/seller-dashboard/invitations/${id}/qr.png?lang=en-IN`, seller.cookie);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("cache-control")).toContain("no-store");
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: a square of at least 200 pixels (10 a module), large enough to print.
    expect(bytes.readUInt32BE(16)).toBe(bytes.readUInt32BE(20));
    expect(bytes.readUInt32BE(16)).toBeGreaterThanOrEqual(200);

    const svg = await get(`/seller-dashboard/invitations/${id}/qr.svg?lang=hi-IN`, seller.cookie);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const text = await svg.text();
    expect(text).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain("<path");
    // The code is the Hindi link's (the same modules the library draws for it), not the English one's.
    const expected = (url: string) => QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
    expect(text).toBe(await expected(`${base}${hindiLink}`));
    expect(text).not.toBe(await expected(`${base}${link}`));
    expect((await get(`/seller-dashboard/invitations/${id}/qr.svg?lang=xx-YY`, seller.cookie)).status).toBe(400);

    const card = await get(`/kn/seller-dashboard/invitations/${id}/card`, seller.cookie);
    expect(card.status).toBe(200);
    const cardHtml = await shown(card);
    expect(cardHtml).toContain(seller.business);
    expect(cardHtml).toContain("ನಮ್ಮ ಬಗ್ಗೆ ಇತರರಿಗೆ ತಿಳಿಸಿ");
    expect(cardHtml).toContain(`${base}/kn${link}`);
    expect(cardHtml).toContain(`/seller-dashboard/invitations/${id}/qr.svg?lang=kn-IN`);
  });

  it("are a 404 for another seller and ask a signed-out visitor to sign in", async () => {
    const owner = await signedInSeller();
    const other = await signedInSeller();
    expect((await post("/seller-dashboard", { intent: "invite", customer_name: "Private" }, owner.cookie)).status).toBe(
      302,
    );
    const [invitation] = await invitationsOf(owner.sellerId);
    const id = invitation!.id;
    for (const path of [
      `/seller-dashboard/invitations/${id}/qr.png`,
      `/seller-dashboard/invitations/${id}/qr.svg`,
      `/seller-dashboard/invitations/${id}/card`,
    ]) {
      expect((await get(path, owner.cookie)).status, path).toBe(200);
      const refused = await get(path, other.cookie);
      expect(refused.status, path).toBe(404);
      expect(await refused.text()).not.toContain("write-a-review");
      const signedOut = await get(path);
      expect(signedOut.status, path).toBe(302);
      expect(signedOut.headers.get("location")).toMatch(/^\/seller-login\?redirectTo=/);
    }
    expect((await get("/seller-dashboard/invitations/99999999/qr.svg", owner.cookie)).status).toBe(404);
    expect(await shown(await get("/seller-dashboard", other.cookie))).not.toContain("Private");
  });
});

describe("the invitation's page", () => {
  it("shows the form (name prefilled) for a usable link, 404 for a forged or unknown one, 410 for an expired one", async () => {
    const seller = await signedInSeller();
    const invitation = await insertInvitation(db, seller.sellerId, "Kavya");
    const link = await linkOnDashboard(seller.cookie, invitation.id);
    const page = await get(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await shown(page);
    expect(html).toContain(seller.business);
    expect(html).toContain('value="Kavya"');
    expect(html).toContain('name="company_website"');
    expect(html).toContain('<meta name="robots" content="noindex"');

    const token = link.split("/").pop()!;
    expect((await get(`/write-a-review/${invitation.id}/${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await get(`/write-a-review/99999999/${token}`)).status).toBe(404);
    expect((await get(`/write-a-review/abc/${token}`)).status).toBe(404);
    expect((await post(`/write-a-review/${invitation.id}/forged`, { reviewer_name: "A" })).status).toBe(404);

    const old = await insertInvitation(db, seller.sellerId, null, new Date(Date.now() - 31 * 86_400_000));
    const oldLink = await linkOnDashboard(seller.cookie, old.id);
    const expired = await get(oldLink);
    expect(expired.status).toBe(410);
    expect(await shown(expired)).toContain("This invitation has expired");
    const hindi = await get(`/hi${oldLink}`);
    expect(hindi.status).toBe(410);
    expect(await shown(hindi)).toContain("यह आमंत्रण समाप्त हो गया है");
    const kannada = await get(`/kn${oldLink}`);
    expect(await shown(kannada)).toContain("ಈ ಆಹ್ವಾನದ ಅವಧಿ ಮುಗಿದಿದೆ");
    const late = await post(oldLink, { reviewer_name: "A", rating: "5", review_text: "Late." });
    expect(late.status).toBe(410);
    expect(await reviewsOf(seller.sellerId)).toEqual([]);
  });

  it("writes one verified, pending review whatever its stars; the link then answers 410", async () => {
    const seller = await signedInSeller();
    const invitation = await insertInvitation(db, seller.sellerId, "Lata");
    const link = await linkOnDashboard(seller.cookie, invitation.id);
    // Bad input: the form again, 400, nothing written, the link still usable.
    const bad = await post(link, { reviewer_name: "Lata", rating: "", review_text: "" });
    expect(bad.status).toBe(400);
    expect(await shown(bad)).toContain('value="Lata"');
    // The honeypot: refused, nothing written.
    const bot = await post(link, { reviewer_name: "Bot", rating: "5", review_text: "Great", company_website: "x" });
    expect(bot.status).not.toBe(302);
    expect(await reviewsOf(seller.sellerId)).toEqual([]);

    const client = address();
    const written = await post(
      link,
      { reviewer_name: "Lata", rating: "1", review_text: "Late delivery." },
      undefined,
      client,
    );
    expect(written.status).toBe(302);
    expect(written.headers.get("location")).toBe(`${link}?sent=1`);
    const thanks = await get(written.headers.get("location")!);
    expect(thanks.status).toBe(200);
    expect(await shown(thanks)).toContain("Thank you for your review");
    const [review] = await reviewsOf(seller.sellerId);
    expect(review).toMatchObject({
      reviewer_name: "Lata",
      rating: 1,
      status: "pending",
      verified_by: "invitation",
      invitation_id: invitation.id,
      client_address: client,
    });

    const again = await post(link, { reviewer_name: "Lata", rating: "5", review_text: "Changed my mind." });
    expect(again.status).toBe(410);
    expect(await shown(again)).toContain("This invitation has been used");
    const reopened = await get(link);
    expect(reopened.status).toBe(410);
    expect(await shown(reopened)).toContain("Each invitation link works once");
    expect(await reviewsOf(seller.sellerId)).toHaveLength(1);
  });

  it("her own account never reviews her listing: her link and her profile show her where reviews come from without the form, every post is a 403", async () => {
    const seller = await signedInSeller();
    const invitation = await insertInvitation(db, seller.sellerId, "Kavya");
    const link = await linkOnDashboard(seller.cookie, invitation.id);
    const review = { reviewer_name: "Me", rating: "5", review_text: "The best shop." };
    const ownWords = "You cannot review your own business. Invite your customers to write one from your dashboard.";

    const preview = await get(link, seller.cookie);
    expect(preview.status).toBe(200);
    const previewHtml = await shown(preview);
    expect(previewHtml).toContain("This is the page your customer sees.");
    expect(previewHtml).not.toContain('name="review_text"');
    expect(await shown(await get(`/hi${link}`, seller.cookie))).toContain("यह वही पेज है जो आपके ग्राहक को दिखेगा।");

    // Her own profile: the place of the form says where its reviews come from, in her language.
    const ownProfile = await get(`/seller/${seller.sellerId}?tab=reviews`, seller.cookie);
    expect(ownProfile.status).toBe(200);
    const ownProfileHtml = await ownProfile.text();
    expect(renderedHtml(ownProfileHtml)).toContain("This is your own business: its reviews come from your customers.");
    expect(ownProfileHtml).toContain('href="/seller-dashboard#invitations"');
    expect(ownProfileHtml).not.toContain('name="review_text"');
    const ownProfileHi = await get(`/hi/seller/${seller.sellerId}?tab=reviews`, seller.cookie);
    expect(await ownProfileHi.text()).toContain('href="/hi/seller-dashboard#invitations"');

    // The link's post, the profile's form and the API, each with her session: refused, her words kept, nothing written.
    // (Her link's page answers with the note it shows her in place of the form.)
    const viaLink = await post(link, review, seller.cookie);
    expect(viaLink.status).toBe(403);
    expect(await shown(viaLink)).toContain("This is the page your customer sees.");
    const viaProfile = await post(`/kn/seller/${seller.sellerId}?tab=reviews`, review, seller.cookie);
    expect(viaProfile.status).toBe(403);
    const viaProfileHtml = await shown(viaProfile);
    expect(viaProfileHtml).toContain("ನಿಮ್ಮದೇ ವ್ಯಾಪಾರದ ವಿಮರ್ಶೆಯನ್ನು ನೀವು ಬರೆಯಲು ಸಾಧ್ಯವಿಲ್ಲ.");
    expect(viaProfileHtml).toContain("The best shop.");
    const viaApi = await fetch(`${base}/api/reviews`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address(), Cookie: seller.cookie },
      body: JSON.stringify({ seller_id: seller.sellerId, ...review, rating: 5 }),
    });
    expect(viaApi.status).toBe(403);
    expect(await viaApi.json()).toEqual({ error: ownWords });
    expect(await reviewsOf(seller.sellerId)).toEqual([]);

    // Another seller's account reviews her like anyone, and her link still works for her customer.
    const other = await signedInSeller();
    expect(await (await get(`/seller/${seller.sellerId}?tab=reviews`, other.cookie)).text()).toContain(
      'name="review_text"',
    );
    expect((await post(`/seller/${seller.sellerId}`, review, other.cookie)).status).toBe(302);
    expect(await shown(await get(link))).toContain('name="review_text"');
    const customer = await post(link, { reviewer_name: "Kavya", rating: "4", review_text: "Lovely work." });
    expect(customer.status).toBe(302);
    expect((await reviewsOf(seller.sellerId)).map((r) => r.reviewer_name)).toEqual(["Me", "Kavya"]);
  });

  it("with her address: stores it, mails its confirmation link and says so on the thank-you", async () => {
    const seller = await signedInSeller();
    const invitation = await insertInvitation(db, seller.sellerId, null);
    const link = await linkOnDashboard(seller.cookie, invitation.id);
    const email = `lata.${randomBytes(6).toString("hex")}@example.com`;
    const written = await post(link, {
      reviewer_name: "Lata",
      rating: "4",
      review_text: "Neat stitching.",
      reviewer_email: email.toUpperCase(),
    });
    expect(written.status).toBe(302);
    expect(written.headers.get("location")).toBe(`${link}?sent=confirm`);
    const thanks = await get(written.headers.get("location")!);
    expect(await shown(thanks)).toContain("We emailed you a link to confirm your address.");
    const [review] = await reviewsOf(seller.sellerId);
    expect(review).toMatchObject({ reviewer_email: email, email_confirmed_at: null, verified_by: "invitation" });
    const mails = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toMatch(/\/review-confirm\?\S*id=\d+/);
  });

  it("takes one review from two posts racing with one link: the other gets the 410 page", async () => {
    const seller = await signedInSeller();
    const invitation = await insertInvitation(db, seller.sellerId, null);
    const link = await linkOnDashboard(seller.cookie, invitation.id);
    const review = { reviewer_name: "Ritu", rating: "4", review_text: "Neat stitching." };
    const answers = await Promise.all([post(link, review), post(link, review), post(link, review)]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 410, 410]);
    expect(await reviewsOf(seller.sellerId)).toHaveLength(1);
  });
});
