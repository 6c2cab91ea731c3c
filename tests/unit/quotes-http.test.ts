import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller, createUserRow } from "~db/seed/factories";
import { addDays, todayIso } from "~/lib/dates";
import type { Locale } from "~/lib/locales";
import { type SiteUnderTest, startSite } from "../support/site";
import { hashPassword } from "~/services/password.server";
import { categoryIdBySlug } from "../support/test-db";
import { csvRecords, csvRows } from "../support/csv";
import { postForm, sessionCookieFor } from "../support/accounts";
import { renderedHtml } from "../support/html";

// Ask for a quote over HTTP against the built server (`npm run build` first): bad input is a clear message
// and a 400 with nothing stored, the signed link is required (a GET changes nothing, a forged or reused
// link does nothing), and a seller can answer only what was sent to her, once.

const SECRET = "quotes-http-test-secret-0123456789abcdef";
let base = "";
let db: DB;
let site: SiteUnderTest | undefined;
let fashion = 0;

beforeAll(async () => {
  site = await startSite("quotes", (address) => ({
    SEED_DEMO: "0",
    SESSION_SECRET: SECRET,
    PUBLIC_URL: address,
    TRUST_PROXY: "loopback",
  }));
  ({ base, db } = site);
  fashion = await categoryIdBySlug(db, "fashion-and-apparel");
}, 60_000);
afterAll(() => site?.stop());

let serial = 0;
const address = () => `198.18.${Math.floor(++serial / 250)}.${serial % 250}`;

const valid = (email: string): Record<string, string> => ({
  category: "fashion-and-apparel",
  city: "Pune",
  locality: "Kothrud",
  need: "Six blouses stitched with lining",
  needed_by: addDays(todayIso(), 10),
  budget_min: "2000",
  budget_max: "3000",
  name: "Asha",
  email,
  mobile: "",
  consent: "on",
});

const post = (path: string, fields: Record<string, string>, cookie?: string, client = address()) =>
  postForm(base, path, fields, { cookie, client });

/** What the page renders (its messages also travel in its data, so the whole text proves nothing). */
const shown = async (res: Response) => renderedHtml(await res.text());
const requestsOf = (email: string) => db.selectFrom("quote_requests").selectAll().where("email", "=", email).execute();
const mailsTo = (email: string) =>
  db.selectFrom("mail_outbox").select(["subject", "text_body"]).where("to_address", "=", email).orderBy("id").execute();
// The hidden field of a request's answer form: a bare `value="7"` is also an opening-hours option.
const requestField = (id: number) => `name="request_id" value="${id}"`;
const matchesOf = (id: number) => db.selectFrom("quote_matches").selectAll().where("request_id", "=", id).execute();
const matchedSellers = async (id: number) => (await matchesOf(id)).map((m) => m.seller_id).sort((a, b) => a - b);

/** A session cookie for a user of the site's database. */
const sessionCookie = (userId: number) => sessionCookieFor(db, userId, SECRET);

async function signedInSeller(city: string, language: Locale = "en-IN") {
  const stamp = new Date().toISOString();
  const email = `seller-${++serial}@example.in`;
  const user = await createUserRow(db, {
    email,
    name: "Seller",
    role: "seller",
    is_active: 1,
    language,
    created_at: stamp,
    updated_at: stamp,
  });
  const business = `Business ${serial}`;
  const sellerId = await createSeller(db, {
    user_id: user.id,
    email,
    city,
    is_verified: 1,
    categoryIds: [fashion],
    owner_name: `Owner ${serial}`,
    business_name: business,
  });
  return { sellerId, email, business, cookie: await sessionCookie(user.id) };
}

/** Asks in `city` (through the form, in the language of `prefix`) and confirms by the mailed link. */
async function askAndConfirmIn(city: string, email: string, prefix = "", fields: Record<string, string> = {}) {
  expect((await post(`${prefix}/ask-for-a-quote`, { ...valid(email), city, ...fields })).status).toBe(302);
  const [mail] = await mailsTo(email);
  const params = Object.fromEntries(new URL(/http\S+\/quote-request\?\S+/.exec(mail!.text_body)![0]).searchParams);
  expect((await post(`${prefix}/quote-request`, { ...params, intent: "confirm" })).status).toBe(302);
  const [request] = await requestsOf(email);
  return request!;
}

describe("the request form", () => {
  it.each([
    ["an unknown category", { category: "no-such-trade" }, "Please choose a category from the list"],
    ["an unknown city", { city: "Atlantis" }, "Please choose a city from the list"],
    ["an empty need", { need: "   " }, "Please describe what you need"],
    ["a past date", { needed_by: addDays(todayIso(), -1) }, "The date cannot be in the past"],
    ["a budget below zero", { budget_min: "-5" }, "Please enter the budget in whole rupees (0 or more)"],
    ["a budget with letters", { budget_max: "3k" }, "Please enter the budget in whole rupees (0 or more)"],
    [
      "a budget upside down",
      { budget_min: "5000", budget_max: "100" },
      "The highest budget cannot be below the lowest",
    ],
    ["no consent", { consent: "" }, "Please agree to share your contact with the sellers who answer"],
    ["a mobile outside the one rule", { mobile: "12345" }, "Please enter a valid mobile number"],
  ])("refuses %s with a clear message, keeps what she typed and stores nothing", async (_, change, message) => {
    const email = `bad-${++serial}@example.in`;
    const res = await post("/ask-for-a-quote", { ...valid(email), ...change });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(renderedHtml(html)).toContain(message);
    expect(html).toContain('value="Kothrud"');
    expect(await requestsOf(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("refuses an address staff marked as spam twice, however it is typed, and stores nothing", async () => {
    const email = `spammer-${++serial}@example.in`;
    await db.insertInto("quote_spam_marks").values({ email, count: 2, updated_at: new Date().toISOString() }).execute();
    const res = await post("/ask-for-a-quote", { ...valid(` ${email.toUpperCase()} `) });
    expect(res.status).toBe(403);
    expect(await shown(res)).toContain("We cannot take requests from this email address. Please contact us.");
    expect(await requestsOf(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("answers both of its limits with 429 and Retry-After: the form's per client and the confirmation mails' per mailbox", async () => {
    const client = address();
    const statuses: number[] = [];
    let last: Response | undefined;
    // RATE_LIMIT_QUOTE: 5 an hour from one client (each to its own address).
    for (let i = 0; i < 6; i++) {
      last = await post("/ask-for-a-quote", valid(`client-${++serial}@example.in`), undefined, client);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // The acknowledgement limit: 3 confirmation mails an hour to one mailbox, a "+tag" being the same one.
    const mailbox = `tagged-${++serial}`;
    const typed = [`${mailbox}@example.in`, `${mailbox}+a@example.in`, `${mailbox.toUpperCase()}@example.in`];
    for (const email of typed) expect((await post("/ask-for-a-quote", valid(email))).status, email).toBe(302);
    const tagged = await post("/ask-for-a-quote", valid(`${mailbox}+b@example.in`));
    expect(tagged.status).toBe(429);
    expect(Number(tagged.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await tagged.text()).toContain('value="Kothrud"');
    expect(await requestsOf(`${mailbox}+b@example.in`)).toEqual([]);
  });

  it('refuses a "+tag" of an address marked as spam twice: the marks are the mailbox\'s', async () => {
    const email = `marked-${++serial}@example.in`;
    await db.insertInto("quote_spam_marks").values({ email, count: 2, updated_at: new Date().toISOString() }).execute();
    const tagged = email.replace("@", "+new@");
    const res = await post("/ask-for-a-quote", valid(tagged));
    expect(res.status).toBe(403);
    expect(await requestsOf(tagged)).toEqual([]);
  });

  it("answers in the page's language (Kannada)", async () => {
    const res = await post("/kn/ask-for-a-quote", { ...valid(`kn-${++serial}@example.in`), need: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('lang="kn-IN"');
    expect(renderedHtml(html)).toContain("ದಯವಿಟ್ಟು ನಿಮಗೆ ಏನು ಬೇಕು ಎಂದು ತಿಳಿಸಿ");
  });
});

describe("her request's page in her language", () => {
  it("shows the category's Kannada name, not the English one marked as a name", async () => {
    const email = `kn-link-${++serial}@example.in`;
    expect((await post("/kn/ask-for-a-quote", valid(email))).status).toBe(302);
    const [mail] = await mailsTo(email);
    const link = /http\S+\/kn\/quote-request\?\S+/.exec(mail!.text_body)![0];
    const html = await (await fetch(link)).text();
    expect(html).toContain('<dd>ಫ್ಯಾಷನ್ ಮತ್ತು ಉಡುಪು<!-- --> · <span translate="no">Kothrud</span>');
  });
});

describe("the confirmation link and the answers", () => {
  it("sends nothing before she confirms by POST; a forged or reused link does nothing; sellers answer once, only their own", async () => {
    const city = "Pune";
    const asked = await signedInSeller(city);
    const other = await signedInSeller(city);
    const stranger = await signedInSeller("Chennai");
    const email = `asha-${++serial}@example.in`;

    const res = await post("/ask-for-a-quote", { ...valid(email), seller: String(asked.sellerId) });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ask-for-a-quote?sent=1");
    const [request] = await requestsOf(email);
    expect(request).toMatchObject({ status: "pending", from_seller_id: asked.sellerId });
    const [mail] = await mailsTo(email);
    const link = /http\S+\/quote-request\?\S+/.exec(mail!.text_body)![0];
    const path = link.slice(link.indexOf("/quote-request"));

    // a GET (a mail scanner) only shows the button
    const page = await fetch(`${base}${path}`);
    expect(page.status).toBe(200);
    expect(await shown(page)).toContain("Confirm and send");
    expect(await matchesOf(request!.id)).toEqual([]);
    expect(await mailsTo(asked.email)).toEqual([]);

    const params = Object.fromEntries(new URL(link).searchParams);
    // The page's form posts to its own address, the link's query included (the page is drawn from it).
    const onLink = (fields: Record<string, string>, intent: string) =>
      post(`/quote-request?${new URLSearchParams(fields).toString()}`, { ...fields, intent });
    const forged = await onLink({ ...params, token: `${params.token!.slice(0, -2)}xx` }, "confirm");
    expect(forged.status).toBe(400);
    expect(await shown(forged)).toContain("This link is not valid");
    expect(await matchesOf(request!.id)).toEqual([]);

    expect((await onLink(params, "confirm")).status).toBe(302);
    const matches = await matchesOf(request!.id);
    expect(matches.map((m) => m.seller_id)).toEqual([asked.sellerId, other.sellerId]);
    const [sellerMail] = await mailsTo(asked.email);
    expect(sellerMail!.text_body).toContain("Six blouses stitched with lining");
    expect(sellerMail!.text_body).not.toContain(email);

    const reused = await onLink(params, "confirm");
    expect(reused.status).toBe(409);
    expect(await shown(reused)).toContain("This request is already confirmed");
    expect(await matchesOf(request!.id)).toHaveLength(2);

    // the dashboard shows the request without her contact until the seller answers
    const before = await (await fetch(`${base}/seller-dashboard`, { headers: { Cookie: asked.cookie } })).text();
    expect(before).toContain("Six blouses stitched with lining");
    expect(before).not.toContain(email);

    const answer = {
      intent: "quote_answer",
      request_id: String(request!.id),
      answer: "Yes, by the 9th",
      price: "2800",
    };
    // Her dashboard has no card for a request not sent to her, so no place for a message: the status says it
    // (only a forged post gets here).
    expect((await post("/seller-dashboard", answer, stranger.cookie)).status).toBe(404);
    const badPrice = await post("/seller-dashboard", { ...answer, price: "-1" }, asked.cookie);
    expect(badPrice.status).toBe(400);
    expect(await shown(badPrice)).toContain("Please enter the budget in whole rupees (0 or more)");
    expect((await post("/seller-dashboard", answer, asked.cookie)).status).toBe(302);
    const second = await post("/seller-dashboard", { ...answer, answer: "Again" }, asked.cookie);
    expect(second.status).toBe(409);
    expect(await shown(second)).toContain("You have already answered this request.");
    const after = await (await fetch(`${base}/seller-dashboard`, { headers: { Cookie: asked.cookie } })).text();
    expect(after).toContain(email);
    const answerMail = (await mailsTo(email)).at(-1)!;
    expect(answerMail.text_body).toContain("Yes, by the 9th");
    expect(answerMail.text_body).toContain(`/seller/${asked.sellerId}`);
    expect(answerMail.text_body).toContain(asked.email);

    // she withdraws: the other seller can no longer answer
    expect((await onLink(params, "withdraw")).status).toBe(302);
    const late = await post("/seller-dashboard", { ...answer, answer: "Me too" }, other.cookie);
    expect(late.status).toBe(409);
    expect(await shown(late)).toContain("This request was withdrawn: it can no longer be answered.");
    expect((await matchesOf(request!.id)).find((m) => m.seller_id === other.sellerId)).toMatchObject({
      status: "sent",
      answer: null,
    });
  });
});

describe("her answers on her profile", () => {
  // In a city of their own: the other tests count the sellers a Pune request reaches, in any order.
  async function sellerWithRequests(replies: (number | null)[]) {
    const sellerId = await createSeller(db, { city: "Nashik", is_verified: 1, categoryIds: [fashion] });
    const now = Date.now();
    for (const [i, hours] of replies.entries()) {
      const matchedAt = new Date(now - (i + 1) * 86_400_000).toISOString();
      const request = await db
        .insertInto("quote_requests")
        .values({
          category_id: fashion,
          city: "Nashik",
          locality: "Kothrud",
          need: "Blouses",
          needed_by: addDays(todayIso(), 10),
          name: "Asha",
          email: `figures-${++serial}@example.in`,
          language: "en-IN",
          status: "open",
          created_at: matchedAt,
          confirmed_at: matchedAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("quote_matches")
        .values({
          request_id: request.id,
          seller_id: sellerId,
          position: 1,
          status: hours === null ? "sent" : "answered",
          matched_at: matchedAt,
          replied_at: hours === null ? null : new Date(Date.parse(matchedAt) + hours * 3_600_000).toISOString(),
        })
        .execute();
    }
    return sellerId;
  }
  const figuresOn = async (path: string) =>
    (await (await fetch(`${base}${path}`)).text()).match(/data-testid="quote-figures">([^<]*)</)?.[1];

  it("shows her response rate and typical reply time once she has had three requests, not before", async () => {
    expect(await figuresOn(`/seller/${await sellerWithRequests([2, null])}`)).toBeUndefined();
    const three = await sellerWithRequests([2, 4, null]);
    expect(await figuresOn(`/seller/${three}`)).toBe("Answers 67% of quote requests, usually within 3 hours");
    expect(await figuresOn(`/hi/seller/${three}`)).toBe("कोटेशन के 67% अनुरोधों का जवाब देती हैं, आमतौर पर 3 घंटों में");
  });
});

describe("asking from each category", () => {
  it("every category tile of the home page asks for a quote for its category, in the page's language", async () => {
    for (const prefix of ["", "/hi"]) {
      const home = await (await fetch(`${base}${prefix}/`)).text();
      const links = [...home.matchAll(/href="([^"]*\/ask-for-a-quote\?category=[^"]+)"/g)].map((m) => m[1]!);
      expect(links.length).toBeGreaterThanOrEqual(8);
      expect(links).toContain(`${prefix}/ask-for-a-quote?category=fashion-and-apparel`);
    }
    const form = await (await fetch(`${base}/ask-for-a-quote?category=fashion-and-apparel`)).text();
    expect(form).toMatch(/<option value="fashion-and-apparel"[^>]*selected="">/);
  });
});

describe("her requests on the dashboard", () => {
  async function askAndConfirm(email: string) {
    expect((await post("/ask-for-a-quote", { ...valid(email), city: "Hyderabad" })).status).toBe(302);
    const [mail] = await mailsTo(email);
    const params = Object.fromEntries(new URL(/http\S+\/quote-request\?\S+/.exec(mail!.text_body)![0]).searchParams);
    expect((await post("/quote-request", { ...params, intent: "confirm" })).status).toBe(302);
    const [request] = await requestsOf(email);
    return { id: request!.id, matched: (await matchesOf(request!.id)).map((m) => m.seller_id).sort((a, b) => a - b) };
  }

  it("she pauses them and is passed by until she resumes; her leads count the requests and her answers beside taps", async () => {
    const paused = await signedInSeller("Hyderabad");
    const taking = await signedInSeller("Hyderabad");
    const pause = await post("/seller-dashboard", { intent: "quotes_pause", paused: "1" }, paused.cookie);
    expect(pause.status).toBe(302);
    expect(pause.headers.get("location")).toBe("/seller-dashboard?quotes=paused#requests");

    const first = await askAndConfirm(`paused-${++serial}@example.in`);
    expect(first.matched).toEqual([taking.sellerId]);
    const answer = { intent: "quote_answer", request_id: String(first.id), answer: "Yes", price: "" };
    expect((await post("/seller-dashboard", answer, taking.cookie)).status).toBe(302);

    const dashboard = await (await fetch(`${base}/seller-dashboard`, { headers: { Cookie: taking.cookie } })).text();
    expect(dashboard).toContain('data-testid="lead-requests-total">1<');
    expect(dashboard).toContain('data-testid="lead-answers-total">1<');
    expect(dashboard).toContain("1 request for quotes and 1 answer sent.");
    expect(dashboard).toMatch(/<th scope="col">Quote requests<\/th><th scope="col">Answers sent<\/th>/);
    const pausedBoard = await (await fetch(`${base}/seller-dashboard`, { headers: { Cookie: paused.cookie } })).text();
    expect(pausedBoard).toContain('data-testid="lead-requests-total">0<');

    expect((await post("/seller-dashboard", { intent: "quotes_pause", paused: "0" }, paused.cookie)).status).toBe(302);
    const second = await askAndConfirm(`resumed-${++serial}@example.in`);
    expect(second.matched).toEqual([paused.sellerId, taking.sellerId].sort((a, b) => a - b));
  });
});

describe("staff on /admin/quotes", () => {
  async function staffCookie(role: "admin" | "moderator") {
    const email = `${role}-${++serial}@example.in`;
    await createUserRow(db, { email, name: role, role, password_hash: await hashPassword("a-long-staff-password-1") });
    const login = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, "X-Forwarded-For": address() },
      body: JSON.stringify({ email, password: "a-long-staff-password-1" }),
    });
    expect(login.status).toBe(200);
    return login.headers.get("set-cookie")!.split(";")[0]!;
  }

  it("a moderator sees the requests and marks spam, but neither downloads the CSV nor excludes a seller (app/lib/permissions.ts)", async () => {
    const [moderator, admin] = [await staffCookie("moderator"), await staffCookie("admin")];
    const seller = await signedInSeller("Pune");
    const email = `staff-view-${++serial}@example.in`;
    expect((await post("/ask-for-a-quote", valid(email))).status).toBe(302);
    const [request] = await requestsOf(email);
    const page = await fetch(`${base}/admin/quotes`, { headers: { Cookie: moderator } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).not.toContain("/admin/quotes/export.csv");
    expect(html).not.toContain("Exclude seller");
    expect((await fetch(`${base}/admin/quotes/export.csv`, { headers: { Cookie: moderator } })).status).toBe(403);
    const exclude = { intent: "exclude", seller_id: String(seller.sellerId) };
    expect((await post("/admin/quotes", exclude, moderator)).status).toBe(403);
    const excluded = () =>
      db.selectFrom("sellers").select("quotes_excluded").where("id", "=", seller.sellerId).executeTakeFirstOrThrow();
    expect(await excluded()).toEqual({ quotes_excluded: 0 });
    expect((await post("/admin/quotes", { intent: "spam", id: String(request!.id) }, moderator)).status).toBe(302);
    // The admin does both.
    const csv = await fetch(`${base}/admin/quotes/export.csv`, { headers: { Cookie: admin } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(email);
    expect((await post("/admin/quotes", exclude, admin)).status).toBe(302);
    expect(await excluded()).toEqual({ quotes_excluded: 1 });
  });
});

describe("the mails in each reader's language", () => {
  it("mails each seller in her account's language and the requester in the language she asked in", async () => {
    // Kolkata: no other test asks there, so the request reaches exactly these two sellers.
    const hindi = await signedInSeller("Kolkata", "hi-IN");
    const english = await signedInSeller("Kolkata", "en-IN");
    const email = `kn-asker-${++serial}@example.in`;
    const request = await askAndConfirmIn("Kolkata", email, "/kn");
    expect(request.language).toBe("kn-IN");
    const [confirm] = await mailsTo(email);
    expect(confirm!.subject).toBe("BWP Directory ನಲ್ಲಿ ದರಕ್ಕಾಗಿ ನಿಮ್ಮ ವಿನಂತಿಯನ್ನು ದೃಢೀಕರಿಸಿ");
    expect(confirm!.text_body).toContain("ನೀವು Kolkata ನಲ್ಲಿ ಫ್ಯಾಷನ್ ಮತ್ತು ಉಡುಪು ಗಾಗಿ ದರ ಕೇಳಿದ್ದೀರಿ.");
    expect(confirm!.text_body).toMatch(/http\S+\/kn\/quote-request\?/);

    const fashionHi = (await db
      .selectFrom("categories")
      .select("name_hi")
      .where("id", "=", fashion)
      .executeTakeFirst())!.name_hi!;
    const [toHindi] = await mailsTo(hindi.email);
    expect(toHindi!.subject).toBe("BWP Directory पर कोटेशन का नया अनुरोध");
    expect(toHindi!.text_body).toContain(`एक ग्राहक को Kolkata में ${fashionHi} चाहिए:`);
    expect(toHindi!.text_body).toContain("उन्हें क्या चाहिए: Six blouses stitched with lining");
    expect(toHindi!.text_body).toMatch(/http\S+\/hi\/seller-dashboard#requests/);
    const [toEnglish] = await mailsTo(english.email);
    expect(toEnglish!.subject).toBe("A new request for quotes on BWP Directory");
    expect(toEnglish!.text_body).toContain("A visitor is looking for Fashion & Apparel in Kolkata:");
    expect(toEnglish!.text_body).not.toMatch(/\/(hi|kn)\/seller-dashboard/);

    // The Hindi-speaking seller answers: the requester reads it in Kannada, with the Kannada links.
    const answer = { intent: "quote_answer", request_id: String(request.id), answer: "ಹೌದು, 9ರೊಳಗೆ", price: "2800" };
    expect((await post("/hi/seller-dashboard", answer, hindi.cookie)).status).toBe(302);
    const answered = (await mailsTo(email)).at(-1)!;
    expect(answered.subject).toBe(`${hindi.business} ನಿಮ್ಮ ವಿನಂತಿಗೆ ಉತ್ತರಿಸಿದ್ದಾರೆ`);
    expect(answered.text_body).toContain(`${hindi.business} ನಿಮ್ಮ ವಿನಂತಿ "Six blouses stitched with lining" ಗೆ ಉತ್ತರಿಸಿದ್ದಾರೆ:`);
    expect(answered.text_body).toContain("ಬೆಲೆ: ₹2,800");
    expect(answered.text_body).toContain(`/kn/seller/${hindi.sellerId}`);
    expect(answered.text_body).toMatch(/http\S+\/kn\/quote-request\?/);
  });
});

describe("/admin/quotes", () => {
  let staff = "";
  beforeAll(async () => {
    const stamp = new Date().toISOString();
    const admin = await createUserRow(db, {
      email: `quotes-admin-${++serial}@example.in`,
      name: "Admin",
      role: "admin",
      is_active: 1,
      created_at: stamp,
      updated_at: stamp,
    });
    staff = await sessionCookie(admin.id);
  });
  const act = (fields: Record<string, string>, cookie = staff) => post("/admin/quotes", fields, cookie);
  const alertOf = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1];
  const auditOf = (type: string, id: number) =>
    db
      .selectFrom("audit_log")
      .select("action")
      .where("target_type", "=", type)
      .where("target_id", "=", String(id))
      .orderBy("id")
      .execute();

  it('refuses a post without a known action: 400, "Choose an action.", nothing changed', async () => {
    const asker = `no-action-${++serial}@example.in`;
    const request = await askAndConfirmIn("Ahmedabad", asker);
    for (const fields of [{}, { intent: "delete", id: String(request.id) }] as Record<string, string>[]) {
      const res = await act(fields);
      expect(res.status).toBe(400);
      expect(alertOf(await res.text())).toBe("Choose an action.");
    }
    expect((await requestsOf(asker))[0]!.status).toBe(request.status);
  });

  it("marks a request as spam once: it stops, counts against its address and is audited; a second mark is refused", async () => {
    const seller = await signedInSeller("Ahmedabad");
    const asker = `spam-asker-${++serial}@example.in`;
    const request = await askAndConfirmIn("Ahmedabad", asker);
    expect((await matchesOf(request.id)).map((m) => m.seller_id)).toContain(seller.sellerId);
    const open = await (await fetch(`${base}/seller-dashboard`, { headers: { Cookie: seller.cookie } })).text();
    expect(open).toContain(requestField(request.id));

    // Only staff: a seller's session is not let in, and the request stays as it was.
    const bySeller = await act({ intent: "spam", id: String(request.id) }, seller.cookie);
    expect(bySeller.status).toBe(403);
    expect(await bySeller.text()).toContain("You do not have permission to view this page.");
    expect((await requestsOf(asker))[0]!.status).toBe("open");

    const res = await act({ intent: "spam", id: String(request.id) });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/quotes?done=Marked+as+spam");
    expect((await requestsOf(asker))[0]!.status).toBe("spam");
    expect(await db.selectFrom("quote_spam_marks").select("count").where("email", "=", asker).execute()).toEqual([
      { count: 1 },
    ]);
    expect(await auditOf("quote_request", request.id)).toEqual([{ action: "quote.spam" }]);
    const page = await (await fetch(`${base}/admin/quotes?done=Marked+as+spam`, { headers: { Cookie: staff } })).text();
    expect(page).toContain('role="status">Marked as spam<');

    // The seller can no longer answer it, nor see it.
    const late = await post(
      "/seller-dashboard",
      { intent: "quote_answer", request_id: String(request.id), answer: "Yes", price: "" },
      seller.cookie,
    );
    expect(late.status).toBe(409);
    const board = await (await fetch(`${base}/seller-dashboard`, { headers: { Cookie: seller.cookie } })).text();
    expect(board).not.toContain(requestField(request.id));

    for (const id of [String(request.id), "999999999"]) {
      const again = await act({ intent: "spam", id });
      expect(again.status).toBe(409);
      expect(alertOf(await again.text())).toBe("That request is not there, or is already marked as spam.");
    }
    expect(await db.selectFrom("quote_spam_marks").select("count").where("email", "=", asker).execute()).toEqual([
      { count: 1 },
    ]);
  });

  it("excludes a seller from new requests and includes her again, audited; an unknown seller is a 404", async () => {
    const kept = await signedInSeller("Bangalore");
    const excluded = await signedInSeller("Bangalore");
    const first = await askAndConfirmIn("Bangalore", `exclude-1-${++serial}@example.in`);
    expect(await matchedSellers(first.id)).toEqual([kept.sellerId, excluded.sellerId]);

    const res = await act({ intent: "exclude", seller_id: String(excluded.sellerId) });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/quotes?done=Seller+excluded");
    const second = await askAndConfirmIn("Bangalore", `exclude-2-${++serial}@example.in`);
    expect(await matchedSellers(second.id)).toEqual([kept.sellerId]);
    const row = await (await fetch(`${base}/admin/quotes`, { headers: { Cookie: staff } })).text();
    const form = (sellerId: number) =>
      new RegExp(`name="intent" value="(\\w+)"/><input type="hidden" name="seller_id" value="${sellerId}"`).exec(
        row,
      )?.[1];
    expect(form(excluded.sellerId)).toBe("include");
    expect(form(kept.sellerId)).toBe("exclude");

    const back = await act({ intent: "include", seller_id: String(excluded.sellerId) });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/admin/quotes?done=Seller+included");
    const third = await askAndConfirmIn("Bangalore", `exclude-3-${++serial}@example.in`);
    expect(await matchedSellers(third.id)).toEqual([kept.sellerId, excluded.sellerId]);
    expect(await auditOf("seller", excluded.sellerId)).toEqual([
      { action: "quote.exclude_seller" },
      { action: "quote.include_seller" },
    ]);

    for (const sellerId of ["999999999", "abc"]) {
      const missing = await act({ intent: "exclude", seller_id: sellerId });
      expect(missing.status).toBe(404);
      expect(alertOf(await missing.text())).toBe("Seller not found.");
    }
  });

  it("exports the filtered requests as CSV, one row per request with its counts, formulas neutralised", async () => {
    const seller = await signedInSeller("Delhi");
    const asker = `csv-${++serial}@example.in`;
    const request = await askAndConfirmIn("Delhi", asker, "", { need: '=HYPERLINK("http://evil.example","x"), two' });
    const res = await fetch(`${base}/admin/quotes/export.csv?status=open&category=fashion-and-apparel`, {
      headers: { Cookie: staff },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="quote-requests.csv"');
    const text = await res.text();
    const [header] = csvRows(text);
    expect(header).toEqual([
      "Id",
      "Created",
      "Status",
      "Category",
      "City",
      "Locality",
      "Need",
      "Needed by",
      "Budget from",
      "Budget to",
      "Name",
      "Email",
      "Mobile",
      "Matched",
      "Answered",
      "Confirmed",
    ]);
    const records = csvRecords(text);
    expect(records.filter((r) => r.Email === asker)).toEqual([
      {
        Id: String(request.id),
        Created: request.created_at,
        Status: "open",
        Category: "Fashion & Apparel",
        City: "Delhi",
        Locality: "Kothrud",
        Need: '\'=HYPERLINK("http://evil.example","x"), two',
        "Needed by": request.needed_by,
        "Budget from": "2000",
        "Budget to": "3000",
        Name: "Asha",
        Email: asker,
        Mobile: "",
        Matched: "1",
        Answered: "0",
        Confirmed: request.confirmed_at!,
      },
    ]);
    expect(records.every((r) => r.Status === "open" && r.Category === "Fashion & Apparel")).toBe(true);
    // The filter leaves out what does not match; a seller's session gets no export.
    const spam = await fetch(`${base}/admin/quotes/export.csv?status=spam`, { headers: { Cookie: staff } });
    expect(csvRecords(await spam.text()).filter((r) => r.Email === asker)).toEqual([]);
    const bySeller = await fetch(`${base}/admin/quotes/export.csv`, {
      headers: { Cookie: seller.cookie },
      redirect: "manual",
    });
    expect(bySeller.status).toBe(403);
    expect(await bySeller.text()).toContain("You do not have permission to view this page.");
  });
});
