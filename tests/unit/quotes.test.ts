import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller, createStaffRow, createUserRow, type SellerFactoryInput } from "~db/seed/factories";
import { leadWindow } from "~/lib/leads";
import { QUOTE_CONFIRM_HOURS, rankQuoteCandidates } from "~/lib/quotes";
import { sellerLeadReport } from "~/models/leads.server";
import {
  confirmQuoteRequest,
  createQuoteRequest,
  listQuoteRequests,
  markQuoteSpam,
  matchesOfRequest,
  type NewQuoteRequest,
  quoteTotalsOf,
  replyToQuote,
  sellerQuotes,
  setQuotesExcluded,
  setQuotesPaused,
  spamMarksOf,
  streamQuoteRequests,
  withdrawQuoteRequest,
} from "~/models/quotes.server";
import { checkQuoteLink, quoteLinkParams, submitQuoteRequest } from "~/services/quotes.server";
import { sendMonthlyReports } from "~/services/seller-mails.server";
import { categoryIdBySlug, createTestDb } from "../support/test-db";

// The database is this file's own; a counter keeps its tests' towns and addresses apart.
let n = 0;
const uniqueId = () => String(++n);

let db: DB;
let cleanup: () => Promise<void>;
let fashion: number;
let food: number;

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  fashion = await categoryIdBySlug(db, "fashion-and-apparel");
  food = await categoryIdBySlug(db, "food-and-beverages");
});
afterAll(() => cleanup());

const NOW = Date.parse("2030-03-10T06:00:00Z");
const hoursBefore = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

/** Each test its own town, so the sellers of another test are never candidates. */
const town = () => `Town ${uniqueId()}`;
const seller = (city: string, input: SellerFactoryInput = {}) =>
  createSeller(db, { city, is_verified: 1, categoryIds: [fashion], ...input });

const request = (city: string, input: Partial<NewQuoteRequest> = {}): NewQuoteRequest => ({
  categoryId: fashion,
  city,
  locality: "Koramangala",
  need: "Six blouses stitched",
  neededBy: "2030-03-20",
  budgetMin: 2000,
  budgetMax: 3000,
  name: "Asha",
  email: `asha-${uniqueId()}@example.in`,
  mobile: null,
  language: "en-IN",
  fromSellerId: null,
  ...input,
});

async function ask(city: string, input: Partial<NewQuoteRequest> = {}, at = NOW) {
  const id = await createQuoteRequest(db, request(city, input), new Date(at - 60_000));
  const outcome = await confirmQuoteRequest(db, id, new Date(at));
  if (!outcome.ok) throw new Error(`not confirmed: ${outcome.reason}`);
  return { id, sellerIds: outcome.sellerIds };
}

describe("the fair order (rule)", () => {
  it("puts the profile's seller first, then the rested, the quick, the longest-waiting (never first), the oldest id; five at most", () => {
    const past = (matchedHoursAgo: number, replyHours: number | null) => ({
      matchedAt: hoursBefore(matchedHoursAgo),
      repliedAt: replyHours === null ? null : hoursBefore(matchedHoursAgo - replyHours),
    });
    const order = rankQuoteCandidates(
      [
        { sellerId: 1, past: [past(24, 1)] }, // quick but matched yesterday: behind the rested
        { sellerId: 2, past: [] }, // new: counts as 24 h
        { sellerId: 3, past: [past(24 * 20, 2)] }, // rested and quick
        { sellerId: 4, past: [past(24 * 20, null)] }, // rested, never answers: 72 h
        { sellerId: 5, past: [] }, // tie with 2: higher id after
        { sellerId: 6, past: [past(24 * 30, 24)] }, // ties with 2 and 5 on hours; they never had one: after them
        { sellerId: 7, past: [past(2, 72)] }, // the profile's: first whatever her figures
      ],
      { firstSellerId: 7, now: NOW },
    );
    expect(order).toEqual([7, 3, 2, 5, 6]);
    expect(rankQuoteCandidates([], { now: NOW })).toEqual([]);
  });
});

describe("matching a confirmed request", () => {
  it("sends it to the live verified sellers of that category and city only: never paused, excluded, unverified or ended ones", async () => {
    const city = town();
    const ok = await seller(city);
    const alsoOk = await seller(city.toUpperCase()); // the city as she typed it
    const paused = await seller(city);
    await setQuotesPaused(db, paused, true);
    const excluded = await seller(city);
    await setQuotesExcluded(db, excluded, true);
    await seller(city, { is_verified: 0 });
    await seller(city, { status: "pending" });
    await seller(city, { subscription_end_date: "2020-01-01" });
    await seller(city, { categoryIds: [food] });
    await seller(town());

    const { id, sellerIds } = await ask(city);
    expect(sellerIds.sort((a, b) => a - b)).toEqual([ok, alsoOk].sort((a, b) => a - b));
    expect((await matchesOfRequest(db, id)).map((m) => m.sellerId).sort((a, b) => a - b)).toEqual(
      [ok, alsoOk].sort((a, b) => a - b),
    );

    // un-paused she is matched again
    await setQuotesPaused(db, paused, false);
    expect((await ask(city)).sellerIds).toContain(paused);
  });

  it("goes to five at most, the profile's seller first, new sellers in id order on a tie", async () => {
    const city = town();
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await seller(city));
    const { sellerIds } = await ask(city, { fromSellerId: ids[6] });
    expect(sellerIds).toEqual([ids[6], ids[0], ids[1], ids[2], ids[3]]);
    // the next request goes to the two who waited first
    const next = await ask(city, {}, NOW + 3_600_000);
    expect(next.sellerIds.slice(0, 2)).toEqual([ids[4], ids[5]]);
  });

  it("puts quick answerers before slow ones among those who had no request recently", async () => {
    const city = town();
    const slow = await seller(city);
    const quick = await seller(city);
    const first = await ask(city, {}, NOW - 20 * 86_400_000);
    expect(first.sellerIds).toEqual([slow, quick]);
    await replyToQuote(
      db,
      { requestId: first.id, sellerId: quick, answer: null },
      new Date(NOW - 20 * 86_400_000 + 3_600_000),
    );
    // slow never replied: 72 h; quick replied in an hour
    expect((await ask(city)).sellerIds).toEqual([quick, slow]);
  });

  it("stores a request with nobody to send it to, and matches fewer than five when fewer qualify", async () => {
    expect((await ask(town())).sellerIds).toEqual([]);
    const city = town();
    const a = await seller(city);
    const b = await seller(city);
    expect((await ask(city)).sellerIds).toEqual([a, b]);
  });

  it("confirms once: a reused link or a late one matches nobody again", async () => {
    const city = town();
    await seller(city);
    const { id } = await ask(city);
    expect(await confirmQuoteRequest(db, id, new Date(NOW))).toMatchObject({ ok: false, reason: "conflict" });
    expect(await matchesOfRequest(db, id)).toHaveLength(1);

    const late = await createQuoteRequest(db, request(city), new Date(NOW - (QUOTE_CONFIRM_HOURS + 1) * 3_600_000));
    expect(await confirmQuoteRequest(db, late, new Date(NOW))).toMatchObject({ ok: false, status: "expired" });
    expect(await matchesOfRequest(db, late)).toHaveLength(0);
  });
});

describe("replies", () => {
  it("shows the contact to a seller only once she answers; one reply each; none to a request not sent to her or withdrawn", async () => {
    const city = town();
    const answering = await seller(city);
    const declining = await seller(city);
    const late = await seller(city);
    const stranger = await seller(town());
    const { id } = await ask(city, { email: "meera@example.in", name: "Meera" });

    expect((await sellerQuotes(db, answering))[0]).toMatchObject({ requestId: id, contact: null, status: "sent" });
    expect(await replyToQuote(db, { requestId: id, sellerId: stranger, answer: null })).toMatchObject({
      ok: false,
      reason: "not_found",
    });
    expect(
      await replyToQuote(db, { requestId: id, sellerId: answering, answer: { message: "Yes, ₹2,800", price: 2800 } }),
    ).toEqual({ ok: true });
    expect(
      await replyToQuote(db, { requestId: id, sellerId: answering, answer: { message: "again", price: null } }),
    ).toMatchObject({ ok: false, reason: "conflict", why: "replied" });
    expect(await replyToQuote(db, { requestId: id, sellerId: declining, answer: null })).toEqual({ ok: true });

    expect((await sellerQuotes(db, answering))[0]).toMatchObject({
      status: "answered",
      answer: "Yes, ₹2,800",
      price: 2800,
      contact: { name: "Meera", email: "meera@example.in" },
    });
    expect((await sellerQuotes(db, declining))[0]).toMatchObject({ status: "declined", contact: null });
    // having declined, she cannot answer after all to see the contact
    expect(
      await replyToQuote(db, { requestId: id, sellerId: declining, answer: { message: "Actually yes", price: null } }),
    ).toMatchObject({ ok: false, reason: "conflict", why: "replied" });
    expect((await sellerQuotes(db, declining))[0]).toMatchObject({ status: "declined", answer: null, contact: null });

    expect(await withdrawQuoteRequest(db, id)).toBe(true);
    expect(
      await replyToQuote(db, { requestId: id, sellerId: late, answer: { message: "Me too", price: null } }),
    ).toMatchObject({ ok: false, reason: "conflict", why: "closed" });
    expect((await matchesOfRequest(db, id)).find((m) => m.sellerId === late)).toMatchObject({
      status: "sent",
      answer: null,
    });
  });

  it("marking as spam stops the request and counts against the address once", async () => {
    const city = town();
    const s = await seller(city);
    const email = `spam-${uniqueId()}@example.in`;
    const { id } = await ask(city, { email });
    expect(await markQuoteSpam(db, id)).toEqual({ email });
    expect(await markQuoteSpam(db, id)).toBeNull();
    expect(await spamMarksOf(db, email.toUpperCase())).toBe(1);
    expect(await sellerQuotes(db, s)).toEqual([]);
    expect(await replyToQuote(db, { requestId: id, sellerId: s, answer: null })).toMatchObject({ why: "closed" });
  });
});

describe("staff", () => {
  it("marking as spam and excluding a seller write audit rows; only staff hold the permission", async () => {
    const { markSpamAsStaff, setExcludedAsStaff } = await import("~/services/quotes.server");
    const { can } = await import("~/lib/permissions");
    const actor = { id: 0, email: "boss@example.in", ip: "10.1.1.1" };
    actor.id = await createStaffRow(db, { email: actor.email, name: "Boss" });
    const city = town();
    const s = await seller(city);
    const { id } = await ask(city);
    expect(await markSpamAsStaff(db, actor, id)).toBe(true);
    expect(await markSpamAsStaff(db, actor, id)).toBe(false);
    expect(await setExcludedAsStaff(db, actor, s, true)).toBe(true);
    expect((await ask(city)).sellerIds).toEqual([]);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "target_id"])
      .where("action", "like", "quote.%")
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "quote.spam", target_id: String(id) },
      { action: "quote.exclude_seller", target_id: String(s) },
    ]);
    expect([can("admin", "quotes.manage"), can("moderator", "quotes.manage"), can("seller", "quotes.manage")]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe("the back office's list and CSV", () => {
  it("give the same rows: the request, its category, how many it went to and how many answered, filtered", async () => {
    const city = town();
    const [a, b] = [await seller(city), await seller(city)];
    const email = `listed-${uniqueId()}@example.in`;
    const { id } = await ask(city, { email }, Date.parse("2031-05-05T06:00:00Z"));
    await replyToQuote(db, { requestId: id, sellerId: a, answer: { message: "Yes", price: null } });
    await replyToQuote(db, { requestId: id, sellerId: b, answer: null });
    const filters = { status: "open", category: "fashion-and-apparel", from: "2031-05-05", to: "2031-05-05" };
    const listed = await listQuoteRequests(db, filters);
    const streamed = [];
    for await (const row of streamQuoteRequests(db, filters, 1)) streamed.push(row);
    expect(listed).toEqual(streamed.reverse());
    expect(listed).toMatchObject([
      {
        id,
        email,
        status: "open",
        categoryName: "Fashion & Apparel",
        categorySlug: "fashion-and-apparel",
        matched: 2,
        answered: 1,
      },
    ]);
    expect(await listQuoteRequests(db, { ...filters, status: "withdrawn" })).toEqual([]);
  });
});

describe("personal data", () => {
  it("a seller's export holds the requests sent to her (contact only where she answered); erasure removes them and hers", async () => {
    const { collectAccountData, eraseAccount } = await import("~/models/account-data.server");
    const stamp = new Date().toISOString();
    const email = `both-${uniqueId()}@example.in`;
    const user = await createUserRow(db, {
      email,
      name: "Both",
      role: "seller",
      email_verified_at: stamp,
    });
    const city = town();
    const hers = await seller(city, { user_id: user.id });
    const other = await seller(city);
    const sent = await ask(city, { email: "visitor@example.in", name: "Visitor" });
    const mine = await ask(town(), { email });

    const data = await collectAccountData(db, user.id);
    expect(data!.quotes.sentToYou).toMatchObject([{ requestId: sent.id, contact: null }]);
    expect(data!.quotes.askedByYou.map((r) => r.id)).toEqual([mine.id]);

    // Before: the request went to her listing and the other; after: her match is gone with her account.
    const matched = async () => (await matchesOfRequest(db, sent.id)).map((m) => m.sellerId).sort((a, b) => a - b);
    expect(await matched()).toEqual([hers, other].sort((a, b) => a - b));
    await eraseAccount(db, user.id, null);
    expect(await matched()).toEqual([other]);
    expect(await db.selectFrom("quote_requests").select("id").where("id", "in", [sent.id, mine.id]).execute()).toEqual([
      { id: sent.id },
    ]);
  });
});

describe("whose a request is", () => {
  it("an account's export and erasure reach only the requests its verified address confirmed, never others asked with the address", async () => {
    const { collectAccountData, eraseAccount } = await import("~/models/account-data.server");
    const email = `asked-${uniqueId()}@example.in`;
    const city = town();
    const answering = await seller(city);
    // She asks and confirms before any account holds her address; a seller answers.
    const before = await ask(city, { email });
    expect(
      await replyToQuote(db, { requestId: before.id, sellerId: answering, answer: { message: "Yes", price: 900 } }),
    ).toEqual({ ok: true });
    // A squatter registers the address and never verifies it; a request confirmed meanwhile is not hers either.
    const squatter = await createUserRow(db, { email, name: "Squatter", role: "seller", email_verified_at: null });
    const during = await ask(city, { email });
    expect((await collectAccountData(db, squatter.id))!.quotes.askedByYou).toEqual([]);
    await eraseAccount(db, squatter.id, null);
    const left = async (ids: number[]) =>
      (await db.selectFrom("quote_requests").select("id").where("id", "in", ids).orderBy("id").execute()).map(
        (r) => r.id,
      );
    expect(await left([before.id, during.id])).toEqual([before.id, during.id]);
    expect(await matchesOfRequest(db, before.id)).toMatchObject([{ sellerId: answering, status: "answered" }]);

    // An account that verified the address: the requests confirmed since are its own, the earlier ones are not.
    const owner = await createUserRow(db, {
      email,
      name: "Owner",
      role: "seller",
      email_verified_at: new Date(NOW - 3_600_000).toISOString(),
    });
    const after = await ask(city, { email });
    expect((await collectAccountData(db, owner.id))!.quotes.askedByYou.map((r) => r.id)).toEqual([after.id]);
    await eraseAccount(db, owner.id, null);
    expect(await left([before.id, during.id, after.id])).toEqual([before.id, during.id]);
  });
});

describe("retention", () => {
  it("deletes an unconfirmed request after two days and every request after a year", async () => {
    const { sweepQuoteRequests } = await import("~/models/quotes.server");
    const city = town();
    await seller(city);
    const now = Date.parse("2029-01-01T00:00:00Z"); // before the other tests' requests: they stay
    const fresh = await createQuoteRequest(db, request(city), new Date(now - 3_600_000));
    const stale = await createQuoteRequest(db, request(city), new Date(now - 49 * 3_600_000));
    const old = (await ask(city, {}, now - 366 * 86_400_000)).id;
    const kept = (await ask(city, {}, now - 300 * 86_400_000)).id;
    await sweepQuoteRequests(db, now);
    const left = await db
      .selectFrom("quote_requests")
      .select("id")
      .where("id", "in", [fresh, stale, old, kept])
      .execute();
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([fresh, kept].sort((a, b) => a - b));
  });
});

describe("the requester's address", () => {
  it("signs her link over the one email rule, and counts her confirmation mails per address whatever its case", async () => {
    const id = await createQuoteRequest(db, request(town(), { email: "Meera.K@Example.in" }));
    // a link signed over the address as typed (spaces, capitals) is the stored request's link
    const params = quoteLinkParams({ id, email: "  MEERA.k@example.IN " });
    expect(await checkQuoteLink(db, new URLSearchParams(params))).toMatchObject({ ok: true });

    const email = `case-${uniqueId()}@example.in`;
    const input = (typed: string) => ({
      category: "fashion-and-apparel",
      city: "Pune" as const,
      locality: "Kothrud",
      need: "Blouses",
      needed_by: "2099-01-01",
      budget_min: undefined,
      budget_max: undefined,
      name: "Asha",
      email: typed,
      mobile: undefined,
      consent: "on" as const,
      seller: undefined,
    });
    const typed = [email, email.toUpperCase(), `Case-${email.slice(5)}`, email.replace("example", "EXAMPLE")];
    const outcomes = [];
    for (const address of typed) outcomes.push(await submitQuoteRequest(db, input(address), "en-IN"));
    // three confirmation mails an hour to one address (the acknowledgement limit), however it is written
    expect(outcomes.map((o) => (o.ok ? 200 : o.status))).toEqual([200, 200, 200, 429]);
  });
});

describe("her leads from quotes", () => {
  /** A request made and matched to her at `matchedAt`, her reply (if any) at `repliedAt`. */
  async function requestTo(
    sellerId: number,
    matchedAt: string,
    reply: { status: "answered" | "declined"; at: string } | null,
    requestStatus: "open" | "spam" = "open",
  ) {
    const id = await createQuoteRequest(db, request(town()), new Date(Date.parse(matchedAt) - 60_000));
    await db
      .updateTable("quote_requests")
      .set({ status: requestStatus, confirmed_at: matchedAt })
      .where("id", "=", id)
      .execute();
    await db
      .insertInto("quote_matches")
      .values({
        request_id: id,
        seller_id: sellerId,
        position: 1,
        status: reply?.status ?? "sent",
        matched_at: matchedAt,
        replied_at: reply?.at ?? null,
        answer: reply?.status === "answered" ? "Yes" : null,
      })
      .execute();
  }

  it("counts the requests sent to her and her answers per Indian day and month, for the dashboard and the monthly report", async () => {
    const email = `monthly-${uniqueId()}@example.in`;
    const id = await seller(town(), {
      email,
      subscription_start_date: "2035-01-01",
      subscription_end_date: "2036-01-01",
    });
    await requestTo(id, "2035-10-05T10:00:00.000Z", { status: "answered", at: "2035-10-05T12:00:00.000Z" });
    await requestTo(id, "2035-10-20T10:00:00.000Z", { status: "answered", at: "2035-11-02T05:00:00.000Z" });
    // 01:30 on 1 November in India: November's
    await requestTo(id, "2035-10-31T20:00:00.000Z", { status: "declined", at: "2035-11-01T03:00:00.000Z" });
    await requestTo(id, "2035-11-10T10:00:00.000Z", null, "spam"); // hidden from her: not counted

    const october = await quoteTotalsOf(db, [id], "2035-10-01", "2035-10-31");
    expect(october.get(id)).toEqual({ requests: 2, answers: 1 });
    const november = await quoteTotalsOf(db, [id], "2035-11-01", "2035-11-30");
    expect(november.get(id)).toEqual({ requests: 1, answers: 1 });

    const report = await sellerLeadReport(db, id, leadWindow("2035-11-30"));
    expect(report.quotes).toEqual({ totals: { requests: 1, answers: 1 }, previous: { requests: 2, answers: 1 } });
    expect(report.days[0]).toMatchObject({ day: "2035-11-01", requests: 1, answers: 0 });
    expect(report.days[1]).toMatchObject({ day: "2035-11-02", requests: 0, answers: 1 });
    expect(report.days.reduce((sum, d) => sum + d.requests, 0)).toBe(1);

    await sendMonthlyReports(db, new Date("2035-11-03T05:00:00Z"));
    const [mail] = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", email).execute();
    expect(mail!.text_body).toContain("- 2 requests for quotes\n- 1 answer sent by you\n");
  });
});
