import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { atIndianNoon } from "../support/clock";
import type { DB } from "~db/client";
import { createSeller, createUserRow, type SellerFactoryInput } from "~db/seed/factories";
import { applicationToPay } from "../support/payments";
import { addDays, addMonths, todayIso } from "~/lib/dates";
import { parseSettings, reloadConfig } from "~/services/config.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { applicationFormSchema } from "~/lib/validation/application";
import { PAY_ONLINE } from "~/lib/validation/fields";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import {
  checkWithGateway,
  paymentGateway,
  paymentsCsv,
  payOffer,
  payPath,
  readPayParams,
  receiptFor,
  receiveWebhook,
  returnView,
  startOnlinePayment,
} from "~/services/payments/index.server";
import {
  expiredEvent,
  failedEvent,
  paidEvent,
  type RazorpayStandIn,
  razorpayEnv,
  refundEvent,
  returnQuery,
  signedDelivery,
  STAND_IN_KEYS,
  type StandInLink,
  startRazorpayStandIn,
} from "../support/razorpay-stand-in";
import { createTestDb } from "../support/test-db";
import { MALFORMED_WEBHOOK_EVENTS } from "../../scripts/fuzz";
import { listPaymentEvents, listPayments } from "~/models/payments.server";
import { paymentFiltersFrom } from "~/lib/validation/payments";
import { renewalReminderMail, RENEW_PATH } from "~/services/seller-mails.server";

// Online payments against the local stand-in of the gateway: a link is created through its API, and each
// webhook is the exact bytes the gateway would send, signed as its documentation says. Every refused or
// out-of-place delivery is checked to change nothing and to say why.

let db: DB;
let cleanup: () => Promise<void>;
let gateway: RazorpayStandIn;
const ORIGIN = "https://bwp.example";
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  gateway = await startRazorpayStandIn();
  for (const [name, value] of Object.entries(razorpayEnv(gateway.url))) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  ({ db, cleanup } = await createTestDb());
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await cleanup();
  reloadConfig();
  await gateway.stop();
});

beforeEach(() => {
  reloadConfig();
});

/** An application waiting for its fee (Half-Yearly: ₹1,499 for 6 months), with its link at the stand-in. */
async function applicationWithLink(fields: SellerFactoryInput = {}) {
  const sellerId = await applicationToPay(db, fields);
  const started = await startOnlinePayment(db, sellerId, "application", ORIGIN);
  if (!started.ok) throw new Error(started.message);
  const row = await db.selectFrom("payments").selectAll().where("id", "=", started.paymentId).executeTakeFirstOrThrow();
  const link = gateway.links.get(row.link_id!)!;
  return { sellerId, paymentId: started.paymentId, link, url: started.url };
}

const receive = (delivery: { body: string; headers: Record<string, string> }) =>
  receiveWebhook(db, Buffer.from(delivery.body), new Headers(delivery.headers));
const sign = (event: unknown, eventId?: string) => signedDelivery(event, STAND_IN_KEYS.webhookSecret, eventId);
const paymentRow = (id: number) => db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const sellerRow = (id: number) => db.selectFrom("sellers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const eventsOf = (paymentId: number) =>
  db.selectFrom("payment_events").selectAll().where("payment_id", "=", paymentId).orderBy("id").execute();
const eventById = (eventId: string) =>
  db.selectFrom("payment_events").selectAll().where("event_id", "=", eventId).executeTakeFirst();
const auditOf = (paymentId: number) =>
  db
    .selectFrom("audit_log")
    .select(["action", "details"])
    .where("target_type", "=", "payment")
    .where("target_id", "=", String(paymentId))
    .orderBy("id")
    .execute();

describe("settings", () => {
  const base = { NODE_ENV: "test" };
  it("takes all three gateway settings or none, and names the missing ones without echoing a secret", () => {
    expect(parseSettings(base).razorpay).toBeNull();
    expect(parseSettings({ ...base, ...razorpayEnv("http://127.0.0.1:9") }).razorpay).toMatchObject({
      keyId: STAND_IN_KEYS.keyId,
      apiUrl: "http://127.0.0.1:9",
    });
    const partial = () =>
      parseSettings({ ...base, RAZORPAY_KEY_ID: "rzp_live_abc123", RAZORPAY_KEY_SECRET: "a-very-secret-value" });
    expect(partial).toThrow(/RAZORPAY_WEBHOOK_SECRET: must be set with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET/);
    expect(partial).not.toThrow(/a-very-secret-value/);
    expect(() => parseSettings({ ...base, ...razorpayEnv("x"), RAZORPAY_KEY_ID: "not-a-key" })).toThrow(
      /RAZORPAY_KEY_ID: must be a key id/,
    );
  });
});

describe("a payment link", () => {
  it("carries our reference, the plan's exact amount in paise, the currency, a description, an expiry and the return page", async () => {
    const { link, url, paymentId } = await applicationWithLink({ business_name: "Ragi Kitchen" });
    const row = await paymentRow(paymentId);
    expect(url).toBe(link.short_url);
    expect(link).toMatchObject({ reference_id: row.reference, amount: 149_900, currency: "INR", status: "created" });
    expect(row.reference).toMatch(/^bwp-a\d+-[0-9a-f]{8}$/);
    expect(link.description).toBe("Listing of Ragi Kitchen: ₹1,499 for 6 months");
    expect(link.expire_by * 1000).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(link.callback_url).toBe(`${ORIGIN}/payments/return`);
    expect(row).toMatchObject({ status: "created", amount_paise: 149_900, months: 6, gateway: "razorpay" });
  });

  it("is reused while it takes payments, and refused for an application already paid", async () => {
    const { sellerId, paymentId } = await applicationWithLink();
    const again = await startOnlinePayment(db, sellerId, "application", ORIGIN);
    expect(again).toMatchObject({ ok: true, paymentId });
    const paid = await createSeller(db, { status: "pending", is_paid: 1, amount_paid: 499, subscription_months: 1 });
    expect(await startOnlinePayment(db, paid, "application", ORIGIN)).toMatchObject({ ok: false, status: 409 });
  });

  it("is a clear 502 when the gateway refuses, with nothing paid", async () => {
    const sellerId = await createSeller(db, {
      status: "pending",
      is_paid: 0,
      amount_paid: 499,
      subscription_months: 1,
    });
    process.env.RAZORPAY_KEY_SECRET = "a-wrong-key-secret";
    reloadConfig();
    try {
      const started = await startOnlinePayment(db, sellerId, "application", ORIGIN);
      expect(started).toMatchObject({ ok: false, status: 502, message: expect.stringMatching(/try again/) });
    } finally {
      process.env.RAZORPAY_KEY_SECRET = STAND_IN_KEYS.keySecret;
      reloadConfig();
    }
  });
});

describe("the webhook", () => {
  it("marks an application paid with the gateway's payment id, method and time, in the audit log, without approving it", async () => {
    const { sellerId, paymentId, link } = await applicationWithLink();
    const { paymentId: payId, delivery } = gateway.pay(link.id);
    const answer = await receive(delivery);
    expect(answer).toMatchObject({ status: 200, body: { ok: true, outcome: "applied" } });
    const row = await paymentRow(paymentId);
    expect(row).toMatchObject({ status: "paid", gateway_payment_id: payId, method: "upi", flag: null });
    expect(row.paid_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await sellerRow(sellerId)).toMatchObject({
      is_paid: 1,
      payment_status: "paid",
      status: "pending",
      is_verified: 0,
    });
    expect((await auditOf(paymentId)).map((a) => a.action)).toEqual(["payment.created", "payment.paid"]);
    expect(await eventsOf(paymentId)).toMatchObject([{ event: "payment_link.paid", outcome: "applied" }]);
  });

  it("refuses a tampered body with 400 and changes nothing", async () => {
    const { sellerId, paymentId, link } = await applicationWithLink();
    const { delivery } = gateway.pay(link.id);
    const tampered = { ...delivery, body: delivery.body.replace('"amount":149900', '"amount":100') };
    expect(tampered.body).not.toBe(delivery.body);
    const answer = await receive(tampered);
    expect(answer).toMatchObject({ status: 400, body: { ok: false, message: expect.stringMatching(/signature/) } });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "created", gateway_payment_id: null });
    expect(await sellerRow(sellerId)).toMatchObject({ is_paid: 0 });
    expect(await eventById(delivery.eventId)).toBeUndefined();
  });

  it("refuses a body signed with a wrong secret, or with no signature, with 400 and changes nothing", async () => {
    const { paymentId, link } = await applicationWithLink();
    const { paymentId: payId } = gateway.pay(link.id);
    const forged = signedDelivery(paidEvent(link, payId), "some-other-secret-entirely");
    const refused = {
      status: 400,
      body: { ok: false, message: "The webhook signature is missing or does not match; nothing was changed." },
    };
    expect(await receive(forged)).toEqual(refused);
    const unsigned = sign(paidEvent(link, payId));
    delete (unsigned.headers as Record<string, string>)["X-Razorpay-Signature"];
    expect(await receive(unsigned)).toEqual(refused);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "created" });
    expect(await eventById(forged.eventId)).toBeUndefined();
    expect(await eventById(unsigned.eventId)).toBeUndefined();
  });

  it.each(MALFORMED_WEBHOOK_EVENTS.map((m) => [m.name, m.event] as const))(
    "refuses a signed body with %s with 400 and changes nothing",
    async (_, event) => {
      const delivery = sign(event);
      const answer = await receive(delivery);
      expect(answer).toMatchObject({
        status: 400,
        body: { ok: false, message: expect.stringMatching(/nothing was changed/) },
      });
      expect(await eventById(delivery.eventId)).toBeUndefined();
    },
  );

  it("answers a replayed event with 200 and changes nothing", async () => {
    const { sellerId, paymentId, link } = await applicationWithLink();
    const { delivery } = gateway.pay(link.id);
    await receive(delivery);
    const before = { payment: await paymentRow(paymentId), seller: await sellerRow(sellerId) };
    const again = await receive(delivery);
    expect(again).toMatchObject({
      status: 200,
      body: { outcome: "duplicate", message: expect.stringMatching(/received before/) },
    });
    expect(await paymentRow(paymentId)).toEqual(before.payment);
    expect(await sellerRow(sellerId)).toEqual(before.seller);
    expect(await eventsOf(paymentId)).toHaveLength(1);
    expect((await auditOf(paymentId)).filter((a) => a.action === "payment.paid")).toHaveLength(1);
  });

  it("never undoes a paid with an older event delivered late (a failed attempt, the link's expiry)", async () => {
    const { sellerId, paymentId, link } = await applicationWithLink();
    const failedAttempt = sign(failedEvent(link, "pay_earlierattempt1"));
    const expiry = sign(expiredEvent(link));
    const { paymentId: payId, delivery } = gateway.pay(link.id);
    await receive(delivery);
    for (const late of [failedAttempt, expiry]) {
      const answer = await receive(late);
      expect(answer).toMatchObject({
        status: 200,
        body: {
          outcome: "ignored",
          message: expect.stringMatching(/is paid; a (failed|expired) event cannot undo that/),
        },
      });
    }
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", gateway_payment_id: payId });
    expect(await sellerRow(sellerId)).toMatchObject({ is_paid: 1, payment_status: "paid" });
  });

  it("lets a paid follow a failed attempt, and a refund follow the paid but not the other way round", async () => {
    const { paymentId, link } = await applicationWithLink();
    expect((await receive(sign(failedEvent(link, "pay_firstattempt01")))).body.outcome).toBe("applied");
    expect(await paymentRow(paymentId)).toMatchObject({ status: "failed" });
    const { paymentId: payId, delivery } = gateway.pay(link.id);
    const refund = sign(refundEvent(link, payId));
    expect((await receive(refund)).body.outcome).toBe("applied");
    // The paid arrives after its refund: the refund stays.
    expect((await receive(delivery)).body).toMatchObject({
      outcome: "ignored",
      message: expect.stringMatching(/refunded/),
    });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded" });
    expect((await auditOf(paymentId)).map((a) => a.action)).toEqual([
      "payment.created",
      "payment.failed",
      "payment.refunded",
    ]);
  });

  it("flags an amount, currency or reference that differs from the link's, and never counts it paid", async () => {
    for (const [over, reason] of [
      [{ payment: { amount: 100 } }, /amount mismatch: the gateway reported ₹1, the link asked for ₹1,499/],
      [{ payment: { currency: "USD" } }, /currency mismatch/],
      [{ link: { reference_id: "bwp-a1-00000000" } }, /reference mismatch/],
    ] as const) {
      const { sellerId, paymentId, link } = await applicationWithLink();
      const delivery = sign(paidEvent(link, "pay_mismatched0001", over));
      const answer = await receive(delivery);
      expect(answer).toMatchObject({
        status: 200,
        body: { outcome: "flagged", message: expect.stringMatching(reason) },
      });
      expect(answer.body.message).toMatch(/not counted as paid/);
      const row = await paymentRow(paymentId);
      expect(row).toMatchObject({ status: "created", gateway_payment_id: null });
      expect(row.flag).toMatch(reason);
      expect(await sellerRow(sellerId)).toMatchObject({ is_paid: 0, payment_status: "pending" });
      expect((await auditOf(paymentId)).map((a) => a.action)).toContain("payment.flagged");
    }
  });

  it("records a payment for an unknown reference for staff, and changes no payment or listing", async () => {
    const stranger: StandInLink = {
      ...(await applicationWithLink()).link,
      id: "plink_notoursatall01",
      reference_id: "someone-elses-order-7",
      notes: {},
    };
    const paymentsBefore = await db.selectFrom("payments").selectAll().orderBy("id").execute();
    const sellersBefore = await db
      .selectFrom("sellers")
      .select(["id", "is_paid", "payment_status"])
      .orderBy("id")
      .execute();
    const delivery = sign(paidEvent(stranger, "pay_strangerpaid001"));
    const answer = await receive(delivery);
    expect(answer).toMatchObject({
      status: 200,
      body: { outcome: "unknown_reference", message: expect.stringMatching(/no payment of ours.*nothing changed/) },
    });
    expect(await db.selectFrom("payments").selectAll().orderBy("id").execute()).toEqual(paymentsBefore);
    expect(await db.selectFrom("sellers").select(["id", "is_paid", "payment_status"]).orderBy("id").execute()).toEqual(
      sellersBefore,
    );
    expect(await eventById(delivery.eventId)).toMatchObject({ outcome: "unknown_reference", payment_id: null });
  });

  it("refuses a signed body that is not a readable event, and answers 404 when online payments are off", async () => {
    const unreadable = {
      status: 400,
      body: {
        ok: false,
        message: "The webhook is not an event this site can read (or has no event id); nothing was changed.",
      },
    };
    expect(await receive(sign("not an event"))).toEqual(unreadable);
    const noId = sign(paidEvent((await applicationWithLink()).link, "pay_noeventid00001"));
    delete (noId.headers as Record<string, string>)["X-Razorpay-Event-Id"];
    expect(await receive(noId)).toEqual(unreadable);
    process.env.RAZORPAY_KEY_ID = "";
    process.env.RAZORPAY_KEY_SECRET = "";
    process.env.RAZORPAY_WEBHOOK_SECRET = "";
    reloadConfig();
    try {
      expect(paymentGateway()).toBeNull();
      expect(await receive(sign("{}"))).toEqual({
        status: 404,
        body: { ok: false, message: "Online payments are not set up on this site." },
      });
    } finally {
      Object.assign(process.env, razorpayEnv(gateway.url));
      reloadConfig();
    }
  });
});

describe("a renewal paid online", () => {
  async function renewal(end: string) {
    const sellerId = await createSeller(db, {
      status: "active",
      is_paid: 1,
      payment_status: "paid",
      amount_paid: 999,
      subscription_months: 3,
      subscription_start_date: addMonths(end, -3),
      subscription_end_date: end,
    });
    const started = await startOnlinePayment(db, sellerId, "renewal", ORIGIN);
    if (!started.ok) throw new Error(started.message);
    const row = await paymentRow(started.paymentId);
    expect(row.reference).toMatch(/^bwp-r/);
    const { delivery } = gateway.pay(row.link_id!);
    expect((await receive(delivery)).body.outcome).toBe("applied");
    return sellerRow(sellerId);
  }

  it("extends from the current end when it has not passed, else from today", async () => {
    // One Indian date for the test and the code it calls: the clock is at noon in India (a run at 18:29 UTC
    // would otherwise compute "today" on one side of midnight and the extension on the other).
    atIndianNoon();
    try {
      const today = todayIso();
      const later = addDays(today, 10);
      expect((await renewal(later)).subscription_end_date).toBe(addMonths(later, 3));
      const ended = addDays(today, -5);
      const seller = await renewal(ended);
      expect(seller.subscription_end_date).toBe(addMonths(today, 3));
      expect(seller).toMatchObject({ subscription_start_date: today, is_paid: 1, payment_status: "paid" });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the payer's return", () => {
  it("is trusted only when its signature verifies with the key secret", async () => {
    const { link } = await applicationWithLink();
    const { paymentId } = gateway.pay(link.id);
    const query = returnQuery(link, paymentId, STAND_IN_KEYS.keySecret);
    expect(paymentGateway()!.verifyReturn(query)).toEqual({
      linkId: link.id,
      reference: link.reference_id,
      status: "paid",
      paymentId,
    });
    const tampered = new URLSearchParams(query);
    tampered.set("razorpay_payment_link_reference_id", "bwp-a1-deadbeef");
    expect(paymentGateway()!.verifyReturn(tampered)).toBeNull();
    expect(paymentGateway()!.verifyReturn(returnQuery(link, paymentId, "wrong-secret-here"))).toBeNull();
  });
});

describe("paying after applying", () => {
  it("takes a pay link only with its signature, for that listing and purpose", async () => {
    const { sellerId } = await applicationWithLink();
    const query = new URL(payPath("application", sellerId), ORIGIN).searchParams;
    expect(readPayParams(query)).toEqual({ purpose: "application", sellerId });
    const other = new URLSearchParams(query);
    other.set("application", String(sellerId + 1));
    expect(readPayParams(other)).toBeNull();
    const asRenewal = new URLSearchParams({ renewal: String(sellerId), token: query.get("token")! });
    expect(readPayParams(asRenewal)).toBeNull();
    expect(await payOffer(db, "application", sellerId)).toMatchObject({ amount: 1499, months: 6, paid: false });
  });

  it("shows our database's status on the return page, never the query's, and only for a verified return", async () => {
    const { paymentId, link } = await applicationWithLink();
    const { paymentId: payId, delivery } = gateway.pay(link.id);
    // The gateway's return says "paid"; until the webhook arrives the page says "confirming".
    const query = returnQuery(link, payId, STAND_IN_KEYS.keySecret);
    expect(await returnView(db, query)).toMatchObject({ ok: true, state: "confirming", paymentId: null });
    await receive(delivery);
    expect(await returnView(db, query)).toMatchObject({
      ok: true,
      state: "paid",
      paymentId: payId,
      amountPaise: 149_900,
    });
    const forged = new URLSearchParams(query);
    forged.set("razorpay_signature", "0".repeat(64));
    expect(await returnView(db, forged)).toMatchObject({ ok: false, status: 400 });
    expect((await paymentRow(paymentId)).status).toBe("paid");
  });

  it("takes the form's pay-online marker in place of the screenshot; a chosen file still wins and is checked", () => {
    const png = new File([new Uint8Array(100)], "a.png", { type: "image/png" });
    const text = new File(["hello"], "notes.txt", { type: "text/plain" });
    const empty = new File([], "", { type: "application/octet-stream" });
    const screenshotOf = (...values: (string | File)[]) => {
      const fd = new FormData();
      for (const v of values) fd.append("payment_screenshot", v);
      const submission = parseWithZod(fd, { schema: applicationFormSchema });
      return submission.status === "error" ? (submission.error?.payment_screenshot ?? "no error") : "parsed";
    };
    expect(screenshotOf(PAY_ONLINE, empty)).toBe("no error");
    expect(screenshotOf(PAY_ONLINE, png)).toBe("no error");
    expect(screenshotOf(PAY_ONLINE, text)).toEqual([APPLICATION_MESSAGES.notImage]);
    expect(screenshotOf(empty)).toEqual([APPLICATION_MESSAGES.payment]);
  });
});

describe("receipts and renewal reminders", () => {
  it("mails the receipt in the seller's language: Kannada words, the amount in rupees, a Kannada receipt link", async () => {
    const user = await createUserRow(db, {
      email: `kn-${Date.now().toString(36)}@example.in`,
      name: "Kavya",
      role: "seller",
      language: "kn-IN",
    });
    const { sellerId, link } = await applicationWithLink({
      business_name: "Ragi Mane",
      owner_name: "Kavya",
      user_id: user.id,
      amount_paid: 12999,
    });
    await receive(gateway.pay(link.id).delivery);
    const mail = await db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("seller_id", "=", sellerId)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe("ಪಾವತಿ ತಲುಪಿದೆ: BWP Directory ಲಿಸ್ಟಿಂಗ್ ಅರ್ಜಿಗಾಗಿ ₹12,999");
    expect(mail.text_body).toContain("ಪ್ರೀತಿಯ Kavya ಅವರೇ,");
    expect(mail.text_body).toContain("Ragi Mane ಲಿಸ್ಟಿಂಗ್ ಅರ್ಜಿಗಾಗಿ ₹12,999 ನಮಗೆ ತಲುಪಿದೆ");
    expect(mail.text_body).toMatch(new RegExp(`ನಿಮ್ಮ ರಸೀದಿ: \\S+/kn/payments/receipt/${link.reference_id}\\?token=`));
  });

  it("mails a receipt after a verified payment; its link opens the receipt with the organisation from settings", async () => {
    Object.assign(process.env, {
      ORGANISATION_NAME: "Bengaluru Women Preneurs",
      ORGANISATION_ADDRESS: "12 MG Road, Bengaluru 560001",
      ORGANISATION_GSTIN: "29abcde1234f1z5",
    });
    reloadConfig();
    try {
      const { sellerId, paymentId, link } = await applicationWithLink({ business_name: "Ragi Kitchen" });
      const { paymentId: payId, delivery } = gateway.pay(link.id);
      expect(await receiptFor(db, link.reference_id, "not-the-token")).toMatchObject({ ok: false, status: 400 });
      await receive(delivery);
      const mail = await db
        .selectFrom("mail_outbox")
        .select(["subject", "text_body"])
        .where("seller_id", "=", sellerId)
        .executeTakeFirstOrThrow();
      expect(mail.subject).toBe("Payment received: ₹1,499 for your BWP Directory listing application");
      const url = new URL(/Your receipt: (\S+)/.exec(mail.text_body)![1]!);
      expect(url.pathname).toBe(`/payments/receipt/${link.reference_id}`);
      const found = await receiptFor(db, link.reference_id, url.searchParams.get("token"));
      expect(found).toMatchObject({
        ok: true,
        receipt: {
          reference: link.reference_id,
          gatewayPaymentId: payId,
          amountPaise: 149_900,
          method: "upi",
          payer: { business: "Ragi Kitchen" },
          organisation: {
            name: "Bengaluru Women Preneurs",
            address: "12 MG Road, Bengaluru 560001",
            gstin: "29ABCDE1234F1Z5",
          },
        },
      });
      expect((await paymentRow(paymentId)).status).toBe("paid");
      // Another payment's token opens nothing; an unpaid payment has no receipt.
      const unpaid = await applicationWithLink();
      expect(await receiptFor(db, unpaid.link.reference_id, url.searchParams.get("token"))).toMatchObject({
        status: 400,
      });
    } finally {
      for (const name of ["ORGANISATION_NAME", "ORGANISATION_ADDRESS", "ORGANISATION_GSTIN"]) delete process.env[name];
      reloadConfig();
    }
    expect(() => parseSettings({ NODE_ENV: "test", ORGANISATION_GSTIN: "12345" })).toThrow(
      /ORGANISATION_GSTIN: must be a 15-character GSTIN/,
    );
  });

  it("puts a signed Renew now link to the pay page in the reminder mails while payments are on, and none when off", async () => {
    const sellerId = await createSeller(db, {
      amount_paid: 999,
      subscription_months: 3,
      subscription_end_date: addDays(todayIso(), 3),
    });
    const row = {
      id: sellerId,
      owner_name: "Asha",
      business_name: "Asha Crafts",
      email: "asha@example.in",
      subscription_end_date: addDays(todayIso(), 3),
    } as Parameters<typeof renewalReminderMail>[0];
    const on = renewalReminderMail(row, 3, ORIGIN).text;
    const link = new URL(/Renew now \(pay by UPI online\): (\S+)/.exec(on)![1]!);
    expect(link.pathname).toBe("/pay");
    expect(readPayParams(link.searchParams)).toEqual({ purpose: "renewal", sellerId });
    expect(on).toContain(`Or renew from your dashboard: ${ORIGIN}${RENEW_PATH}`);
    // A Kannada-speaking seller's pay link opens the pay page in Kannada.
    const kannada = renewalReminderMail({ ...row, language: "kn-IN" }, 3, ORIGIN).text;
    expect(kannada).toContain(`${ORIGIN}/kn/pay?renewal=${sellerId}&token=`);
    for (const name of ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"]) process.env[name] = "";
    reloadConfig();
    try {
      const off = renewalReminderMail(row, 3, ORIGIN).text;
      expect(off).toContain(`Renew: ${ORIGIN}${RENEW_PATH}`);
      expect(off).not.toContain("/pay");
    } finally {
      Object.assign(process.env, razorpayEnv(gateway.url));
      reloadConfig();
    }
  });
});

describe("staff reconciliation", () => {
  it("records a payment whose webhook never came when staff check it with the gateway, once", async () => {
    const { sellerId, paymentId, link } = await applicationWithLink();
    expect(await checkWithGateway(db, paymentId)).toMatchObject({
      ok: true,
      message: expect.stringMatching(/created; nothing to record/),
    });
    const { paymentId: payId, delivery } = gateway.pay(link.id);
    const staff = await createUserRow(db, {
      email: `checker-${paymentId}@example.in`,
      name: "Checker",
      role: "admin",
    });
    const checked = await checkWithGateway(db, paymentId, { ...staff, ip: "10.1.2.3" });
    expect(checked).toMatchObject({ ok: true, message: expect.stringMatching(/reports paid: paid by pay_/) });
    // The audit row says which staff member's check recorded the payment.
    const paidRow = await db
      .selectFrom("audit_log")
      .select(["actor_user_id", "actor_email", "ip", "details"])
      .where("target_type", "=", "payment")
      .where("target_id", "=", String(paymentId))
      .where("action", "=", "payment.paid")
      .executeTakeFirstOrThrow();
    expect(paidRow).toMatchObject({ actor_user_id: staff.id, actor_email: staff.email, ip: "10.1.2.3" });
    expect(JSON.parse(paidRow.details!)).toMatchObject({ event: "check.paid" });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", gateway_payment_id: payId });
    expect(await sellerRow(sellerId)).toMatchObject({ is_paid: 1 });
    // The late webhook, and a second check, change nothing.
    expect((await receive(delivery)).body).toMatchObject({
      outcome: "ignored",
      message: expect.stringMatching(/recorded before/),
    });
    expect((await checkWithGateway(db, paymentId)).message).toMatch(/received before; nothing changed/);
    expect((await auditOf(paymentId)).filter((a) => a.action === "payment.paid")).toHaveLength(1);
  });

  it("finds a seller's payments and events by her id, or by words of her business name, name or email, in any case", async () => {
    const word = Date.now().toString(36);
    const mine = await applicationWithLink({
      business_name: `Kolam 50% ${word} Studio`,
      owner_name: `Sudha_${word}`,
      email: `sudha.${word}@example.in`,
    });
    const theirs = await applicationWithLink({ business_name: `Kolam 5 ${word} Studio`, owner_name: `Sudha ${word}` });
    await receive(gateway.pay(mine.link.id).delivery);
    const found = async (seller: string) => {
      const filters = paymentFiltersFrom(new URLSearchParams({ seller }));
      return (await listPayments(db, filters)).map((p) => p.id).sort((a, b) => a - b);
    };
    const both = [mine.paymentId, theirs.paymentId].sort((a, b) => a - b);
    expect(await found(String(mine.sellerId))).toEqual([mine.paymentId]);
    expect(await found(`kolam 50% ${word.toUpperCase()}`)).toEqual([mine.paymentId]);
    expect(await found(`SUDHA.${word}@EXAMPLE`)).toEqual([mine.paymentId]);
    expect(await found(`sudha_${word}`)).toEqual([mine.paymentId]);
    expect(await found(`Kolam`)).toEqual(expect.arrayContaining(both));
    // `%` and `_` are the seller's letters, not wildcards.
    expect(await found(`sudha%${word}`)).toEqual([]);
    expect(await found(`kolam 5_% ${word}`)).toEqual([]);
    expect(await found(`  ${word} studio  `)).toEqual(both);
    const events = await listPaymentEvents(
      db,
      paymentFiltersFrom(new URLSearchParams({ seller: `Kolam 50% ${word}` })),
    );
    expect(events.map((e) => e.payment_id)).toEqual([mine.paymentId]);
    // A text too long for the search box filters nothing rather than failing.
    expect(paymentFiltersFrom(new URLSearchParams({ seller: "x".repeat(101), status: "lost" }))).toEqual({
      status: "",
      from: "",
      to: "",
      seller: "",
    });
  });

  it("exports the payments as CSV with formulas neutralised, and no link address", async () => {
    const { paymentId, link } = await applicationWithLink({
      business_name: '=HYPERLINK("http://evil.example")',
    });
    await receive(gateway.pay(link.id).delivery);
    const row = await paymentRow(paymentId);
    const response = paymentsCsv(db, { status: "", from: "", to: "", seller: String(row.seller_id) });
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("Reference,Purpose,Seller id,Business,Amount (INR),Status");
    expect(lines[1]).toContain(`'=HYPERLINK(""http://evil.example"")`);
    expect(lines[1]).toContain(`${row.reference},application,${row.seller_id},`);
    expect(lines[1]).toContain(`,1499.00,paid,`);
    expect(lines[1]).toContain(row.gateway_payment_id!);
    expect(lines[1]).not.toContain(row.link_url!);
  });
});
