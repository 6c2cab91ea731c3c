import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { atIndianNoon } from "../support/clock";
import type { DB } from "~db/client";
import { createSeller, createStaffRow, createUserRow } from "~db/seed/factories";
import { addDays, addMonths, todayIso } from "~/lib/dates";
import { leadChange, leadWindow, leadLinkDestination } from "~/lib/leads";
import { createApplication } from "~/models/applications.server";
import { leadTotalsOf, sellerLeadReport } from "~/models/leads.server";
import { applySellerAction, listAdminSellers, streamSellersForExport } from "~/models/sellers-admin.server";
import { getPublicSellerRow } from "~/models/sellers.server";
import {
  countTapLead,
  countViewLead,
  flushLeads,
  resetLeadCounting,
  stopLeadFlush,
  LEAD_REPEAT_WINDOW_MS,
  unsavedViewLeads,
} from "~/services/leads.server";
import {
  performanceMailOffUrl,
  previousMonth,
  reminderDue,
  runSellerMails,
  sendMonthlyReports,
  sendRenewalReminders,
  verifyPerformanceMailOffToken,
} from "~/services/seller-mails.server";
import { resolveLeadLink } from "~/services/leads.server";
import { setPerformanceMailOff } from "~/models/seller-mails.server";
import { setAccountLanguage } from "~/models/users.server";
import { UNASSIGNED_PURPOSE } from "~/models/uploads.server";
import { createTestDb } from "../support/test-db";
import { renewalChanges } from "~/lib/subscription";

let db: DB;
let cleanup: () => Promise<void>;
const actor = { id: 0, email: "boss@example.in", ip: "10.1.1.1" };
const PHONE = {
  address: "203.0.113.7",
  userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36",
};

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  actor.id = await createStaffRow(db, { email: actor.email, name: "Boss" });
});
afterEach(() => {
  vi.useRealTimers();
  stopLeadFlush();
  resetLeadCounting();
});
afterAll(() => cleanup());

const leadsOf = (sellerId: number) =>
  db
    .selectFrom("seller_leads")
    .select(["day", "kind", "count"])
    .where("seller_id", "=", sellerId)
    .orderBy("day")
    .orderBy("kind")
    .execute();
const mailsTo = (email: string) =>
  db.selectFrom("mail_outbox").select(["subject", "text_body"]).where("to_address", "=", email).orderBy("id").execute();

describe("lead counters", () => {
  it("counts taps per seller, Indian day and kind; bots and a visitor's quick repeats are left out", async () => {
    const id = await createSeller(db, { business_name: "Tap Tea" });
    const t0 = Date.parse("2030-05-10T18:27:00Z"); // 23:57 in India
    expect(countTapLead(id, "whatsapp", PHONE, t0)).toBe("counted");
    expect(countTapLead(id, "whatsapp", PHONE, t0 + 60_000)).toBe("repeat");
    expect(countTapLead(id, "call", PHONE, t0 + 60_000)).toBe("counted"); // another link
    expect(countTapLead(id, "whatsapp", { ...PHONE, address: "198.51.100.2" }, t0 + 60_000)).toBe("counted");
    expect(
      countTapLead(id, "whatsapp", { ...PHONE, userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }, t0),
    ).toBe("bot");
    expect(countTapLead(id, "whatsapp", { ...PHONE, userAgent: null }, t0)).toBe("bot");
    // after the window the same visitor counts again, on the next Indian day (past midnight IST)
    expect(countTapLead(id, "whatsapp", PHONE, t0 + LEAD_REPEAT_WINDOW_MS + 1)).toBe("counted");
    expect(countTapLead(id, "instagram", PHONE, t0)).toBe("counted");
    expect(countTapLead(id, "youtube", PHONE, t0)).toBe("counted"); // both social
    await flushLeads(db);
    expect(await leadsOf(id)).toEqual([
      { day: "2030-05-10", kind: "call", count: 1 },
      { day: "2030-05-10", kind: "social", count: 2 },
      { day: "2030-05-10", kind: "whatsapp", count: 2 },
      { day: "2030-05-11", kind: "whatsapp", count: 1 },
    ]);
  });

  it("adds to the stored rows in later batches, and views reach both the day's row and views_count", async () => {
    const id = await createSeller(db, { business_name: "View Vada", views_count: 7 });
    atIndianNoon();
    const day = todayIso();
    countViewLead(id);
    countViewLead(id);
    expect(unsavedViewLeads(id)).toBe(2);
    await flushLeads(db);
    expect(unsavedViewLeads(id)).toBe(0);
    countViewLead(id);
    await flushLeads(db);
    expect(await leadsOf(id)).toEqual([{ day, kind: "view", count: 3 }]);
    const row = await db.selectFrom("sellers").select("views_count").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.views_count).toBe(10);
  });

  it("keeps the counts of a failed write for the next one, and skips a seller deleted meanwhile", async () => {
    const kept = await createSeller(db, { business_name: "Kept Kulfi" });
    const gone = await createSeller(db, { business_name: "Gone Ghee" });
    countTapLead(kept, "website", PHONE, Date.parse("2030-06-01T06:00:00Z"));
    countTapLead(gone, "website", PHONE, Date.parse("2030-06-01T06:00:00Z"));
    await db.deleteFrom("sellers").where("id", "=", gone).execute();
    const { db: other, cleanup: drop } = await createTestDb();
    await drop(); // a closed database: the write fails
    await expect(flushLeads(other)).rejects.toThrow();
    await flushLeads(db);
    expect(await leadsOf(kept)).toEqual([{ day: "2030-06-01", kind: "website", count: 1 }]);
    expect(await leadsOf(gone)).toEqual([]);
  });

  it("reports the last 30 days per kind, the 30 before, and every day of the window", async () => {
    const id = await createSeller(db, { business_name: "Report Rasam" });
    const window = leadWindow("2030-03-31");
    expect(window).toEqual({
      from: "2030-03-02",
      to: "2030-03-31",
      previousFrom: "2030-01-31",
      previousTo: "2030-03-01",
    });
    await db
      .insertInto("seller_leads")
      .values([
        { seller_id: id, day: "2030-03-31", kind: "view", count: 12 },
        { seller_id: id, day: "2030-03-02", kind: "call", count: 2 },
        { seller_id: id, day: "2030-03-01", kind: "call", count: 4 }, // previous window
        { seller_id: id, day: "2030-01-30", kind: "call", count: 100 }, // before both
        { seller_id: id, day: "2030-04-01", kind: "view", count: 100 }, // after
      ])
      .execute();
    const report = await sellerLeadReport(db, id, window);
    expect(report.totals).toEqual({ view: 12, whatsapp: 0, call: 2, website: 0, social: 0, share: 0, directions: 0 });
    expect(report.previous.call).toBe(4);
    expect(report.days).toHaveLength(30);
    expect(report.days[0]).toMatchObject({ day: "2030-03-02", call: 2 });
    expect(report.days[29]).toMatchObject({ day: "2030-03-31", view: 12 });
    expect(leadChange(2, 4)).toEqual({ text: "−50%", tone: "down" });
    expect(leadChange(3, 0)).toEqual({ text: "new", tone: "up" });
    expect(leadChange(0, 0)).toEqual({ text: "no change", tone: "same" });
    expect((await leadTotalsOf(db, [id], "2030-03-01", "2030-03-31")).get(id)?.call).toBe(6);
  });

  it("gives the CSV export each seller's 30-day totals", async () => {
    const id = await createSeller(db, { business_name: "Csv Chai" });
    atIndianNoon();
    const today = todayIso();
    await db
      .insertInto("seller_leads")
      .values([
        { seller_id: id, day: today, kind: "whatsapp", count: 5 },
        { seller_id: id, day: addDays(today, -30), kind: "whatsapp", count: 50 },
      ])
      .execute();
    const rows = [];
    for await (const row of streamSellersForExport(db, {
      search: "Csv Chai",
      status: "",
      verified: "",
      paid: "",
      renewal: "",
    }))
      rows.push(row);
    expect(rows.map((r) => [r.id, r.leads_30d.whatsapp])).toEqual([[id, 5]]);
  });
});

describe("the tap redirect's destinations", () => {
  it("goes only to the seller's own links; unknown targets, missing links and hidden sellers are refused with 404", async () => {
    const id = await createSeller(db, {
      business_name: "Link Laddoo",
      mobile: "+919876543210",
      website: "example.in/laddoo",
      instagram: "javascript:alert(1)",
      facebook_link: null,
      whatsapp_link: "https://wa.me/919845067890",
    });
    const hidden = await createSeller(db, {
      business_name: "Hidden Halwa",
      status: "pending",
      website: "https://h.example",
    });
    const origin = "https://bwp.example";
    const go = (target: string, seller = id) => resolveLeadLink(db, { id: String(seller), target }, origin);
    expect((await go("website")).url).toBe("https://example.in/laddoo");
    expect((await go("whatsapp")).url).toBe("https://wa.me/919845067890");
    expect((await go("call")).url).toBe("tel:+919876543210");
    const share = new URL((await go("share")).url);
    expect(share.origin + share.pathname).toBe("https://wa.me/");
    expect(share.searchParams.get("text")).toContain(`${origin}/seller/${id}`);
    const refused = async (target: string, seller = id) => {
      const error = await go(target, seller).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ init: { status: 404 } });
    };
    await refused("instagram"); // not http(s)
    await refused("facebook"); // not set
    await refused("https:%2F%2Fevil.example"); // not a target
    await refused("__proto__");
    await refused("website", hidden);
    await refused("website", 99999999);
    await expect(resolveLeadLink(db, { id: "1e3", target: "website" }, origin)).rejects.toMatchObject({
      init: { status: 404 },
    });
    const seller = (await getPublicSellerRow(db, id))!;
    expect(leadLinkDestination({ ...seller, area: { lat: 12.93456, lng: 77.61 } }, "directions", origin)).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=12.93,77.61",
    );
    expect(leadLinkDestination({ ...seller, area: null }, "directions", origin)).toBeNull();
    expect(leadLinkDestination({ ...seller, mobile: "" }, "call", origin)).toBeNull();
  });
});

describe("renewals", () => {
  it("a renewal before the end date extends from the old end date; after it, from today", () => {
    const base = {
      id: 1,
      status: "active" as const,
      is_verified: 1,
      is_featured: 0,
      is_paid: 1,
      payment_status: "pending" as const,
      subscription_start_date: "2030-01-10",
      subscription_end_date: "2030-07-10",
      renewal_requested_at: "2030-07-01T10:00:00Z",
      amount_paid: 2499,
      subscription_months: 12,
      owner_name: "A",
      business_name: "B",
      email: "a@b.in",
    };
    expect(renewalChanges(base, "2030-07-01")).toEqual({
      subscription_start_date: "2030-01-10",
      subscription_end_date: "2031-07-10",
      is_paid: 1,
      payment_status: "paid",
      renewal_requested_at: null,
    });
    expect(renewalChanges(base, "2030-07-10").subscription_end_date).toBe("2031-07-10"); // on the last day
    expect(renewalChanges(base, "2030-07-20")).toMatchObject({
      subscription_start_date: "2030-07-20",
      subscription_end_date: "2031-07-20",
    });
  });

  it("a signed-in seller's second application is a renewal; staff filter it; approving it extends and settles it", async () => {
    const email = "renew@example.in";
    const stamp = new Date().toISOString();
    const user = await createUserRow(db, {
      email,
      name: "Renu",
      role: "seller",
      password_hash: null,
    });
    atIndianNoon();
    const today = todayIso();
    const end = addDays(today, 10);
    const sellerId = await createSeller(db, {
      user_id: user.id,
      email,
      business_name: "Renewal Rotis",
      status: "active",
      is_paid: 1,
      payment_status: "paid",
      payment_screenshot: "old-pay.png",
      id_proof_document: "old-id.png",
      subscription_start_date: addDays(today, -355),
      subscription_end_date: end,
    });
    const keys = ["id_proof_document", "payment_screenshot", "profile_photo"].map((p) => `renew-${p}-${sellerId}.png`);
    await db
      .insertInto("uploads")
      .values(
        keys.map((key) => ({
          key,
          purpose: UNASSIGNED_PURPOSE,
          visibility: "private" as const,
          mime: "image/png",
          bytes: 10,
          width: null,
          height: null,
          created_at: stamp,
          seller_id: null,
        })),
      )
      .execute();
    const category = (await db.selectFrom("categories").select("id").executeTakeFirstOrThrow()).id;
    const result = await createApplication(
      db,
      {
        name: "Renu",
        email,
        mobile: "+919812345678",
        business_name: "Renewal Rotis",
        city: "Bangalore",
        category_ids: [category],
        subcategory_ids: [],
        plan: "6m",
        id_proof_type: "pan_card",
        payment_reference: `UTR${sellerId}0001`,
      } as never,
      { id_proof_document: keys[0], payment_screenshot: keys[1], profile_photo: keys[2], product_images: [] },
      { userId: user.id },
    );
    expect(result).toMatchObject({ ok: true, sellerId });
    const waiting = await listAdminSellers(
      db,
      { search: "", status: "", verified: "", paid: "", renewal: "waiting" },
      { page: 1, limit: 100 },
    );
    expect(waiting.sellers.map((s) => s.id)).toContain(sellerId);
    expect(waiting.sellers.every((s) => s.renewal_requested_at)).toBe(true);
    const before = await db.selectFrom("sellers").selectAll().where("id", "=", sellerId).executeTakeFirstOrThrow();
    expect(before.subscription_end_date).toBe(end); // unchanged until staff confirm

    expect(await applySellerAction(db, actor, [sellerId], "approve")).toMatchObject({ ok: true, changed: [sellerId] });
    const after = await db.selectFrom("sellers").selectAll().where("id", "=", sellerId).executeTakeFirstOrThrow();
    expect(after.subscription_end_date).toBe(addMonths(end, before.subscription_months!));
    expect(after).toMatchObject({ renewal_requested_at: null, payment_status: "paid", is_paid: 1 });
    // approving again changes nothing more
    await applySellerAction(db, actor, [sellerId], "approve");
    const again = await db
      .selectFrom("sellers")
      .select("subscription_end_date")
      .where("id", "=", sellerId)
      .executeTakeFirstOrThrow();
    expect(again.subscription_end_date).toBe(after.subscription_end_date);
    const audit = await db
      .selectFrom("audit_log")
      .select("details")
      .where("target_id", "=", String(sellerId))
      .where("action", "=", "seller.approve")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].details ?? "{}").changes.subscription_end_date).toEqual([
      end,
      after.subscription_end_date,
    ]);
  });
});

describe("renewal reminders", () => {
  it("go 14 and 3 days before the end date and on the day, once each, whatever the runs and clocks", async () => {
    const email = "remind@example.in";
    await createSeller(db, {
      email,
      business_name: "Reminder Rava",
      status: "active",
      subscription_end_date: "2031-02-20",
      subscription_start_date: "2030-02-20",
    });
    const at = (day: string) => new Date(`${day}T04:00:00Z`);
    await sendRenewalReminders(db, at("2031-02-05")); // 15 days left: nothing
    expect(await mailsTo(email)).toEqual([]);
    await sendRenewalReminders(db, at("2031-02-06")); // 14 days
    await sendRenewalReminders(db, at("2031-02-06"));
    await Promise.all([sendRenewalReminders(db, at("2031-02-07")), sendRenewalReminders(db, at("2031-02-07"))]);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual(["Your BWP Directory listing ends in 14 days"]);
    await sendRenewalReminders(db, at("2031-02-17")); // 3 days
    await sendRenewalReminders(db, at("2031-02-18"));
    await sendRenewalReminders(db, at("2031-02-20")); // the day it ends
    await sendRenewalReminders(db, at("2031-02-20"));
    await sendRenewalReminders(db, at("2031-02-21")); // ended: no more
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Your BWP Directory listing ends in 14 days",
      "Your BWP Directory listing ends in 3 days",
      "Your BWP Directory listing ends today",
    ]);
    expect(mails[0].text_body).toContain("/seller-dashboard?renew=1#renew");
  });

  it("start again for the next period, and not for a renewal already sent or a hidden listing", async () => {
    const email = "period@example.in";
    const id = await createSeller(db, {
      email,
      business_name: "Period Puri",
      status: "active",
      subscription_end_date: "2031-04-30",
      subscription_start_date: "2030-04-30",
    });
    await sendRenewalReminders(db, new Date("2031-04-27T04:00:00Z"));
    await db.updateTable("sellers").set({ subscription_end_date: "2032-04-30" }).where("id", "=", id).execute();
    await sendRenewalReminders(db, new Date("2032-04-27T04:00:00Z"));
    expect(await mailsTo(email)).toHaveLength(2);
    await db
      .updateTable("sellers")
      .set({ renewal_requested_at: "2032-04-28T00:00:00Z" })
      .where("id", "=", id)
      .execute();
    await sendRenewalReminders(db, new Date("2032-04-30T04:00:00Z"));
    const hidden = "hidden-remind@example.in";
    await createSeller(db, { email: hidden, status: "inactive", subscription_end_date: "2031-04-30" });
    await sendRenewalReminders(db, new Date("2031-04-30T04:00:00Z"));
    expect(await mailsTo(email)).toHaveLength(2);
    expect(await mailsTo(hidden)).toEqual([]);
    expect(reminderDue(15)).toBeNull();
    expect(reminderDue(14)).toBe("renewal-14");
    expect(reminderDue(4)).toBe("renewal-14");
    expect(reminderDue(1)).toBe("renewal-3");
    expect(reminderDue(0)).toBe("renewal-0");
    expect(reminderDue(-1)).toBeNull();
  });

  it("are in the seller's own language, with links to her pages in it, and the report too", async () => {
    const email = "kannada-remind@example.in";
    const stamp = new Date().toISOString();
    const user = await createUserRow(db, {
      email,
      name: "Kavya",
      role: "seller",
      is_active: 1,
      created_at: stamp,
      updated_at: stamp,
    });
    expect(await setAccountLanguage(db, user.id, "kn-IN")).toBe(true);
    await createSeller(db, {
      email,
      user_id: user.id,
      owner_name: "Kavya",
      business_name: "Kannada Kaapi",
      status: "active",
      subscription_end_date: "2033-02-20",
      subscription_start_date: "2032-02-20",
    });
    await sendRenewalReminders(db, new Date("2033-02-17T04:00:00Z")); // 3 days
    const [reminder] = await mailsTo(email);
    expect(reminder.subject).toBe("BWP Directory ನಲ್ಲಿ ನಿಮ್ಮ ಲಿಸ್ಟಿಂಗ್ 3 ದಿನಗಳಲ್ಲಿ ಮುಗಿಯುತ್ತದೆ");
    expect(reminder.text_body).toContain("ಪ್ರೀತಿಯ Kavya ಅವರೇ,");
    expect(reminder.text_body).toContain("ನಿಮ್ಮ ಲಿಸ್ಟಿಂಗ್ 3 ದಿನಗಳಲ್ಲಿ ಮುಗಿಯುತ್ತದೆ.");
    expect(reminder.text_body).toContain("/kn/seller-dashboard?renew=1#renew");
    expect(reminder.text_body).not.toMatch(/Renew|Dear|listing/);
    await sendMonthlyReports(db, new Date("2033-02-03T04:00:00Z"));
    const report = (await mailsTo(email))[1];
    expect(report.subject).toMatch(/^ಜನವರಿ ತಿಂಗಳಲ್ಲಿ ನಿಮ್ಮ ಲಿಸ್ಟಿಂಗ್: 0 ವೀಕ್ಷಣೆಗಳು, 0 WhatsApp ಟ್ಯಾಪ್‌ಗಳು, 0 ಕರೆಗಳು$/);
    expect(report.text_body).toContain("/kn/seller-dashboard#leads");
    expect(report.text_body).toContain("/kn/seller-mails/off?seller=");
  });
});

describe("the monthly performance mail", () => {
  it("tells each live seller last month's figures once, with a signed opt-out that works", async () => {
    const email = "monthly@example.in";
    const id = await createSeller(db, {
      email,
      business_name: "Monthly Modak",
      status: "active",
      subscription_start_date: "2035-01-01",
      subscription_end_date: "2036-01-01",
    });
    const late = "late-start@example.in";
    await createSeller(db, {
      email: late,
      status: "active",
      subscription_start_date: "2035-11-02",
      subscription_end_date: "2036-11-02",
    });
    await db
      .insertInto("seller_leads")
      .values([
        { seller_id: id, day: "2035-10-01", kind: "view", count: 400 },
        { seller_id: id, day: "2035-10-31", kind: "view", count: 12 },
        { seller_id: id, day: "2035-10-15", kind: "whatsapp", count: 37 },
        { seller_id: id, day: "2035-10-15", kind: "call", count: 9 },
        { seller_id: id, day: "2035-11-01", kind: "call", count: 50 }, // November: not in October's report
      ])
      .execute();
    expect(previousMonth("2035-11-03")).toMatchObject({ period: "2035-10", from: "2035-10-01", to: "2035-10-31" });
    const now = new Date("2035-11-03T05:00:00Z");
    await sendMonthlyReports(db, now, 1); // pages of one seller: every page is read
    await Promise.all([sendMonthlyReports(db, now), runSellerMails(db, now)]);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(["Your listing in October: 412 views, 37 WhatsApp taps, 9 calls"]);
    expect(await mailsTo(late)).toEqual([]); // was not live in October
    const link = new URL(/No more monthly reports\? One click: (\S+)/.exec(mails[0].text_body)![1]);
    expect(link.pathname).toBe("/seller-mails/off");
    expect(verifyPerformanceMailOffToken(id, link.searchParams.get("token")!)).toBe(true);
    expect(verifyPerformanceMailOffToken(id + 1, link.searchParams.get("token")!)).toBe(false);
    expect(performanceMailOffUrl(id, "https://x")).toBe(
      `https://x/seller-mails/off?seller=${id}&token=${link.searchParams.get("token")}`,
    );

    await setPerformanceMailOff(db, id, true);
    await sendMonthlyReports(db, new Date("2035-12-02T05:00:00Z"));
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("sends at most a run's share of reports; the next run goes on where it stopped", async () => {
    const emails = ["cap-1@example.in", "cap-2@example.in", "cap-3@example.in"];
    for (const email of emails)
      await createSeller(db, {
        email,
        status: "active",
        subscription_start_date: "2037-01-01",
        subscription_end_date: "2038-01-01",
      });
    const now = new Date("2037-06-02T05:00:00Z");
    const reported = async () => (await Promise.all(emails.map(mailsTo))).filter((m) => m.length).length;
    expect(await sendMonthlyReports(db, now, 200, 2)).toBe(2);
    expect(await reported()).toBe(2);
    expect(await sendMonthlyReports(db, now, 200, 2)).toBe(1);
    expect(await reported()).toBe(3);
    expect(await sendMonthlyReports(db, now, 200, 2)).toBe(0);
  });
});
