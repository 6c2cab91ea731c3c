import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "~/lib/dates";
import { createSeller, createUserRow, type SellerFactoryInput } from "~db/seed/factories";
import { applicationToPay } from "../support/payments";
import { payQuery } from "~/services/payments/index.server";
import {
  deliver,
  type RazorpayStandIn,
  razorpayEnv,
  signedDelivery,
  STAND_IN_KEYS,
  startRazorpayStandIn,
} from "../support/razorpay-stand-in";
import { type SiteUnderTest, startSite } from "../support/site";

// "Pay ₹X now" over HTTP against the built server (`npm run build` first), with the gateway's stand-in: the
// pay page answers in the language of its address (the seller's mails and dashboard link to hers), and
// a payment that cannot start says why in that language. The webhook's answers to a wrong method, a body
// over its limit and the same delivery twice at once.

let site: SiteUnderTest | undefined;
let gateway: RazorpayStandIn | undefined;

beforeAll(async () => {
  gateway = await startRazorpayStandIn();
  // The test signs the pay links as the site does.
  site = await startSite("pay-http", { ...razorpayEnv(gateway.url), SESSION_SECRET: process.env.SESSION_SECRET! });
}, 60_000);
afterAll(async () => {
  await site?.stop();
  await gateway?.stop();
});

const application = (fields: SellerFactoryInput = {}) => applicationToPay(site!.db, fields);

function pay(path: string, sellerId: number) {
  return fetch(`${site!.base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site!.base },
    body: payQuery("application", sellerId),
  });
}

/** The page's error message (the catalogue travels with the page too, so the text alone proves nothing). */
const alertOf = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1];

describe("the pay page in the seller's language", () => {
  it("shows Hindi or Kannada at its address, posts to it, returns to it, and says a refusal in it", async () => {
    const unpaid = await application();
    const page = await fetch(`${site!.base}/kn/pay?${payQuery("application", unpaid)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<html lang="kn-IN"`);
    expect(html).toContain("ಆನ್‌ಲೈನ್‌ನಲ್ಲಿ ಪಾವತಿಸಿ");
    expect(html).toContain('action="/kn/pay"');
    const started = await pay("/kn/pay", unpaid);
    expect(started.status).toBe(303);
    const linkId = new URL(started.headers.get("location")!).pathname.split("/").pop()!;
    expect(gateway!.links.get(linkId)?.callback_url).toBe(`${site!.base}/kn/payments/return`);

    const paid = await application({ is_paid: 1, payment_status: "paid" });
    const hindi = await pay("/hi/pay", paid);
    expect(hindi.status).toBe(409);
    expect(alertOf(await hindi.text())).toBe("इस आवेदन का भुगतान पहले ही हो चुका है।");
    const english = await pay("/pay", paid);
    expect(english.status).toBe(409);
    expect(alertOf(await english.text())).toBe("This application is paid already.");
  });
});

describe("/admin/payments", () => {
  it("shows failed and refunded payments with the refund's time, found by a word of the business name", async () => {
    const db = site!.db;
    const word = randomBytes(4).toString("hex");
    const sellerId = await application({ business_name: `Mehndi ${word}` });
    const stamp = new Date().toISOString();
    const refundedAt = "2026-11-21T09:30:00.000Z";
    const payment = (n: number, fields: Record<string, string>) => ({
      seller_id: sellerId,
      purpose: "application" as const,
      reference: `bwp-a${sellerId}-${word.slice(0, 7)}${n}`,
      gateway: "razorpay",
      amount_paise: 149_900,
      currency: "INR",
      months: 6,
      expires_at: stamp,
      created_at: stamp,
      updated_at: stamp,
      ...fields,
    });
    await db
      .insertInto("payments")
      .values([
        payment(1, { status: "failed" }),
        payment(2, {
          status: "refunded",
          gateway_payment_id: `pay_refunded${word}`,
          method: "upi",
          paid_at: "2026-11-20T09:30:00.000Z",
          refunded_at: refundedAt,
        }),
      ])
      .execute();
    const admin = await createUserRow(db, {
      email: `admin-${word}@example.in`,
      name: "Admin",
      role: "admin",
    });
    const id = randomBytes(32).toString("base64url");
    await db
      .insertInto("sessions")
      .values({ id, user_id: admin.id, created_at: stamp, expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .execute();
    const cookie = (await createCookie("__session", { secrets: [process.env.SESSION_SECRET!] }).serialize(id)).split(
      ";",
    )[0]!;
    const page = await fetch(`${site!.base}/admin/payments?seller=${encodeURIComponent(`MEHNDI ${word}`)}`, {
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(200);
    const rows = [...(await page.text()).matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
    const paymentRows = rows.filter((r) => r.includes(`bwp-a${sellerId}-`));
    expect(paymentRows).toHaveLength(2);
    expect(paymentRows.find((r) => r.includes("Failed"))).toContain(`Mehndi ${word}`);
    expect(paymentRows.find((r) => r.includes("Refunded"))).toContain(
      `pay_refunded${word} (upi) · ${formatDateTime("2026-11-20T09:30:00.000Z")} · refunded ${formatDateTime(refundedAt)}`,
    );
  });
});

describe("the seller's dashboard", () => {
  it("lists her receipts, a refunded one marked so, in her page's language", async () => {
    const db = site!.db;
    const word = randomBytes(4).toString("hex");
    const stamp = new Date().toISOString();
    const user = await createUserRow(db, {
      email: `seller-${word}@example.in`,
      name: "Seller",
      role: "seller",
    });
    const sellerId = await createSeller(db, { user_id: user.id, email: `seller-${word}@example.in` });
    const paid = (n: number, status: "paid" | "refunded") => ({
      seller_id: sellerId,
      purpose: "renewal" as const,
      reference: `bwp-r${sellerId}-${word.slice(0, 7)}${n}`,
      gateway: "razorpay",
      amount_paise: 99_900,
      currency: "INR",
      months: 3,
      expires_at: stamp,
      status,
      gateway_payment_id: `pay_dash${word}${n}`,
      paid_at: stamp,
      refunded_at: status === "refunded" ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
    });
    await db
      .insertInto("payments")
      .values([paid(1, "paid"), paid(2, "refunded")])
      .execute();
    const id = randomBytes(32).toString("base64url");
    await db
      .insertInto("sessions")
      .values({ id, user_id: user.id, created_at: stamp, expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .execute();
    const cookie = (await createCookie("__session", { secrets: [process.env.SESSION_SECRET!] }).serialize(id)).split(
      ";",
    )[0]!;
    const page = await fetch(`${site!.base}/hi/seller-dashboard`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const items = [...(await page.text()).matchAll(/<li>(<a href="\/hi\/payments\/receipt\/.*?)<\/li>/gs)].map((m) =>
      m[1]!.replace(/<[^>]+>/g, ""),
    );
    expect(items).toHaveLength(2);
    expect(items.find((i) => i.includes(`${word.slice(0, 7)}2`))).toMatch(/ · राशि लौटा दी गई$/);
    expect(items.find((i) => i.includes(`${word.slice(0, 7)}1`))).not.toContain("राशि लौटा दी गई");
  });
});

describe("the webhook over HTTP", () => {
  const webhook = () => `${site!.base}/api/payments/webhook`;
  /** An application with its payment link at the stand-in, started through the pay page as the seller does. */
  async function startedLink() {
    const sellerId = await application();
    const started = await pay("/pay", sellerId);
    expect(started.status).toBe(303);
    const linkId = new URL(started.headers.get("location")!).pathname.split("/").pop()!;
    return { sellerId, linkId };
  }

  it("answers anything but POST with 405 and Allow: POST", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await fetch(webhook(), { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow"), method).toBe("POST");
      expect(await res.json(), method).toEqual({ error: "Method not allowed. Use POST." });
    }
  });

  it("refuses a body over 256 KB with 413 before reading its signature, and changes nothing", async () => {
    const { sellerId, linkId } = await startedLink();
    const { delivery } = gateway!.pay(linkId);
    // The signed event, padded past the limit (still a JSON object, still signed as the gateway would).
    const event = JSON.parse(delivery.body) as Record<string, unknown>;
    const padded = signedDelivery({ ...event, padding: "x".repeat(256 * 1024) }, STAND_IN_KEYS.webhookSecret);
    const res = await deliver(webhook(), padded);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "The webhook body is too large." });
    const payment = await site!.db
      .selectFrom("payments")
      .select(["status", "gateway_payment_id"])
      .where("link_id", "=", linkId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: "created", gateway_payment_id: null });
    expect(
      await site!.db.selectFrom("payment_events").select("id").where("event_id", "=", padded.eventId).execute(),
    ).toEqual([]);
    expect(
      await site!.db.selectFrom("sellers").select("is_paid").where("id", "=", sellerId).executeTakeFirstOrThrow(),
    ).toEqual({ is_paid: 0 });
  });

  it("applies two identical deliveries sent at once exactly once: one applied, one duplicate", async () => {
    const { sellerId, linkId } = await startedLink();
    const { paymentId, delivery } = gateway!.pay(linkId);
    const answers = await Promise.all([deliver(webhook(), delivery), deliver(webhook(), delivery)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const outcomes = (await Promise.all(answers.map((a) => a.json() as Promise<{ outcome: string }>))).map(
      (b) => b.outcome,
    );
    expect(outcomes.sort()).toEqual(["applied", "duplicate"]);
    const db = site!.db;
    const payment = await db.selectFrom("payments").selectAll().where("link_id", "=", linkId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "paid", gateway_payment_id: paymentId });
    expect(
      await db.selectFrom("payment_events").select("outcome").where("event_id", "=", delivery.eventId).execute(),
    ).toEqual([{ outcome: "applied" }]);
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_type", "=", "payment")
      .where("target_id", "=", String(payment.id))
      .where("action", "=", "payment.paid")
      .execute();
    expect(audit).toHaveLength(1);
    expect(
      await db.selectFrom("sellers").select("is_paid").where("id", "=", sellerId).executeTakeFirstOrThrow(),
    ).toEqual({ is_paid: 1 });
  });
});
