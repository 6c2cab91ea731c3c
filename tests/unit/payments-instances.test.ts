import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, openDatabase } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { signToken } from "~/services/signed-token.server";
import { deliver, type RazorpayStandIn, razorpayEnv, startRazorpayStandIn } from "../support/razorpay-stand-in";
import { databaseEnv, type RunningServer, startServer } from "../support/server";
import { type SpareDatabase, spareDatabaseTarget, testEngine } from "../support/test-db";

// Online payments across instances (PostgreSQL only): a link created by instance A is paid, and the
// gateway's webhook reaches instance B: B marks it paid from the shared database, and the same event
// delivered to A afterwards changes nothing.

describe.skipIf(testEngine !== "postgres")("online payments on several instances", () => {
  let dir: string;
  let site: SpareDatabase;
  let gateway: RazorpayStandIn;
  let a: RunningServer;
  let b: RunningServer;
  let db: DB;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "bwp-pay-instances-"));
    gateway = await startRazorpayStandIn();
    site = await spareDatabaseTarget(dir, "pay");
    const env = {
      ...databaseEnv(site.target),
      ...razorpayEnv(gateway.url),
      WEB_CONCURRENCY: "1",
      UPLOADS_DIR: join(dir, "uploads"),
      // The test signs the pay link as the instances do.
      SESSION_SECRET: process.env.SESSION_SECRET!,
      COOKIE_SECURE: "0",
      SMTP_URL: "",
    };
    a = await startServer({ env });
    b = await startServer({ env });
    db = openDatabase(site.target);
  }, 90_000);

  afterAll(async () => {
    await db?.destroy();
    await a?.stop("SIGKILL");
    await b?.stop("SIGKILL");
    await site?.drop();
    await gateway?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a webhook delivered to instance B for a link created by instance A marks it paid, once", async () => {
    const sellerId = await createSeller(db, {
      status: "pending",
      is_paid: 0,
      payment_status: "pending",
      amount_paid: 1499,
      subscription_months: 6,
    });
    const started = await fetch(`${a.base}/pay`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: a.base },
      body: new URLSearchParams({
        application: String(sellerId),
        token: signToken("pay-application", String(sellerId)),
      }),
    });
    expect(started.status).toBe(303);
    const linkId = new URL(started.headers.get("location")!).pathname.split("/").pop()!;
    expect(gateway.links.get(linkId)).toMatchObject({ amount: 149_900, currency: "INR" });

    const { paymentId, delivery } = gateway.pay(linkId);
    const atB = await deliver(`${b.base}/api/payments/webhook`, delivery);
    expect(atB.status).toBe(200);
    expect(await atB.json()).toMatchObject({ ok: true, outcome: "applied" });
    const payment = await db.selectFrom("payments").selectAll().where("link_id", "=", linkId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "paid", gateway_payment_id: paymentId });
    expect(
      await db.selectFrom("sellers").select("is_paid").where("id", "=", sellerId).executeTakeFirstOrThrow(),
    ).toEqual({
      is_paid: 1,
    });

    const atA = await deliver(`${a.base}/api/payments/webhook`, delivery);
    expect(await atA.json()).toMatchObject({ ok: true, outcome: "duplicate" });
    const tampered = await deliver(`${a.base}/api/payments/webhook`, { ...delivery, body: `${delivery.body} ` });
    expect(tampered.status).toBe(400);
  });
});
