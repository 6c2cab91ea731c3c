import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller, createUserRow } from "~db/seed/factories";
import { addDays, todayIso } from "~/lib/dates";
import { type SiteUnderTest, startSite } from "../support/site";
import { hashPassword } from "~/services/password.server";
import { categoryIdBySlug } from "../support/test-db";

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

async function post(path: string, fields: Record<string, string>, cookie?: string, client = address()) {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      "X-Forwarded-For": client,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const requestsOf = (email: string) => db.selectFrom("quote_requests").selectAll().where("email", "=", email).execute();
const mailsTo = (email: string) =>
  db.selectFrom("mail_outbox").select(["subject", "text_body"]).where("to_address", "=", email).orderBy("id").execute();
const matchesOf = (id: number) => db.selectFrom("quote_matches").selectAll().where("request_id", "=", id).execute();

async function signedInSeller(city: string) {
  const stamp = new Date().toISOString();
  const email = `seller-${++serial}@example.in`;
  const user = await createUserRow(db, {
    email,
    name: "Seller",
    role: "seller",
    is_active: 1,
    created_at: stamp,
    updated_at: stamp,
  });
  const sellerId = await createSeller(db, { user_id: user.id, email, city, is_verified: 1, categoryIds: [fashion] });
  const id = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({ id, user_id: user.id, created_at: stamp, expires_at: new Date(Date.now() + 86_400_000).toISOString() })
    .execute();
  const signed = await createCookie("__session", { secrets: [SECRET] }).serialize(id);
  return { sellerId, email, cookie: signed.split(";")[0]! };
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
    expect(html).toContain(message);
    expect(html).toContain('value="Kothrud"');
    expect(await requestsOf(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("refuses an address staff marked as spam twice, however it is typed, and stores nothing", async () => {
    const email = `spammer-${++serial}@example.in`;
    await db.insertInto("quote_spam_marks").values({ email, count: 2, updated_at: new Date().toISOString() }).execute();
    const res = await post("/ask-for-a-quote", { ...valid(` ${email.toUpperCase()} `) });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("We cannot take requests from this email address. Please contact us.");
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
    expect(html).toContain("ದಯವಿಟ್ಟು ನಿಮಗೆ ಏನು ಬೇಕು ಎಂದು ತಿಳಿಸಿ");
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
    expect(await page.text()).toContain("Confirm and send");
    expect(await matchesOf(request!.id)).toEqual([]);
    expect(await mailsTo(asked.email)).toEqual([]);

    const params = Object.fromEntries(new URL(link).searchParams);
    const forged = await post("/quote-request", {
      ...params,
      token: `${params.token!.slice(0, -2)}xx`,
      intent: "confirm",
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("This link is not valid");
    expect(await matchesOf(request!.id)).toEqual([]);

    expect((await post("/quote-request", { ...params, intent: "confirm" })).status).toBe(302);
    const matches = await matchesOf(request!.id);
    expect(matches.map((m) => m.seller_id)).toEqual([asked.sellerId, other.sellerId]);
    const [sellerMail] = await mailsTo(asked.email);
    expect(sellerMail!.text_body).toContain("Six blouses stitched with lining");
    expect(sellerMail!.text_body).not.toContain(email);

    const reused = await post("/quote-request", { ...params, intent: "confirm" });
    expect(reused.status).toBe(409);
    expect(await reused.text()).toContain("This request is already confirmed");
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
    expect((await post("/seller-dashboard", answer, stranger.cookie)).status).toBe(404);
    expect((await post("/seller-dashboard", { ...answer, price: "-1" }, asked.cookie)).status).toBe(400);
    expect((await post("/seller-dashboard", answer, asked.cookie)).status).toBe(302);
    const second = await post("/seller-dashboard", { ...answer, answer: "Again" }, asked.cookie);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("You have already answered this request.");
    const after = await (await fetch(`${base}/seller-dashboard`, { headers: { Cookie: asked.cookie } })).text();
    expect(after).toContain(email);
    const answerMail = (await mailsTo(email)).at(-1)!;
    expect(answerMail.text_body).toContain("Yes, by the 9th");
    expect(answerMail.text_body).toContain(`/seller/${asked.sellerId}`);
    expect(answerMail.text_body).toContain(asked.email);

    // she withdraws: the other seller can no longer answer
    expect((await post("/quote-request", { ...params, intent: "withdraw" })).status).toBe(302);
    const late = await post("/seller-dashboard", { ...answer, answer: "Me too" }, other.cookie);
    expect(late.status).toBe(409);
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
