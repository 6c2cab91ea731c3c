import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type SiteUnderTest, startSite } from "./site";

// A local stand-in of Razorpay for the tests (never the network): the two Payment Links endpoints the site
// calls (create, fetch) with Basic auth, a hosted page that "pays" a link, and a sender of webhooks signed
// as Razorpay documents them — X-Razorpay-Signature is the hex HMAC-SHA256 of the raw body with the webhook
// secret, X-Razorpay-Event-Id the event's id — and the payer's return with razorpay_signature (HMAC-SHA256
// with the key secret of "link id|reference id|status|payment id").

export type StandInLink = {
  id: string;
  short_url: string;
  reference_id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  description: string;
  status: "created" | "paid" | "expired" | "cancelled";
  expire_by: number;
  callback_url: string | null;
  notes: Record<string, string>;
  created_at: number;
  payments: { payment_id: string; amount: number; method: string; status: string; created_at: number }[] | null;
};

export type StandInKeys = { keyId: string; keySecret: string; webhookSecret: string };

export const STAND_IN_KEYS: StandInKeys = {
  keyId: "rzp_test_standin0001",
  keySecret: "stand-in-key-secret-0123456789",
  webhookSecret: "stand-in-webhook-secret-0123456789",
};

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("base64url").replace(/[-_]/g, "x")}`;
const seconds = () => Math.floor(Date.now() / 1000);

/** The site's environment for online payments through this stand-in. */
export function razorpayEnv(apiUrl: string, keys: StandInKeys = STAND_IN_KEYS): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: keys.keyId,
    RAZORPAY_KEY_SECRET: keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
    RAZORPAY_API_URL: apiUrl,
  };
}

// ── events, shaped as Razorpay's sample payloads ──

export function paymentEntity(link: StandInLink, paymentId: string, over: Partial<Record<string, unknown>> = {}) {
  return {
    id: paymentId,
    entity: "payment",
    amount: link.amount,
    currency: link.currency,
    status: "captured",
    order_id: `order_${link.id.slice(6)}`,
    method: "upi",
    vpa: "payer@okicici",
    notes: link.notes,
    created_at: seconds(),
    ...over,
  };
}

export function paidEvent(
  link: StandInLink,
  paymentId: string,
  over: { payment?: Record<string, unknown>; link?: Record<string, unknown> } = {},
) {
  return {
    entity: "event",
    account_id: "acc_standin",
    event: "payment_link.paid",
    contains: ["payment_link", "order", "payment"],
    payload: {
      payment_link: { entity: { ...link, status: "paid", amount_paid: link.amount, ...over.link } },
      order: {
        entity: { id: `order_${link.id.slice(6)}`, amount: link.amount, amount_paid: link.amount, status: "paid" },
      },
      payment: { entity: paymentEntity(link, paymentId, over.payment) },
    },
    created_at: seconds(),
  };
}

export function failedEvent(link: StandInLink, paymentId: string) {
  return {
    entity: "event",
    account_id: "acc_standin",
    event: "payment.failed",
    contains: ["payment"],
    payload: {
      payment: { entity: paymentEntity(link, paymentId, { status: "failed", error_code: "BAD_REQUEST_ERROR" }) },
    },
    created_at: seconds(),
  };
}

export function refundEvent(link: StandInLink, paymentId: string, amount = link.amount) {
  return {
    entity: "event",
    account_id: "acc_standin",
    event: "refund.processed",
    contains: ["refund", "payment"],
    payload: {
      refund: {
        entity: {
          id: id("rfnd"),
          entity: "refund",
          amount,
          currency: link.currency,
          payment_id: paymentId,
          status: "processed",
        },
      },
      payment: { entity: paymentEntity(link, paymentId, { status: "refunded", amount_refunded: amount }) },
    },
    created_at: seconds(),
  };
}

export function expiredEvent(link: StandInLink) {
  return {
    entity: "event",
    account_id: "acc_standin",
    event: "payment_link.expired",
    contains: ["payment_link"],
    payload: { payment_link: { entity: { ...link, status: "expired" } } },
    created_at: seconds(),
  };
}

/** A webhook delivery as Razorpay sends it: the exact bytes, signed with `secret`. */
export function signedDelivery(event: unknown, secret: string, eventId = id("evt")) {
  const body = JSON.stringify(event);
  const signature = createHmac("sha256", secret).update(body).digest("hex");
  return {
    body,
    eventId,
    headers: { "Content-Type": "application/json", "X-Razorpay-Signature": signature, "X-Razorpay-Event-Id": eventId },
  };
}

/** Posts a delivery to a site's webhook URL. */
export async function deliver(
  url: string,
  delivery: { body: string; headers: Record<string, string> },
): Promise<Response> {
  return fetch(url, { method: "POST", headers: delivery.headers, body: delivery.body });
}

/** The payer's return to the callback URL, signed with the key secret as Razorpay does. */
export function returnQuery(link: StandInLink, paymentId: string, keySecret: string): URLSearchParams {
  const status = "paid";
  const signature = createHmac("sha256", keySecret)
    .update(`${link.id}|${link.reference_id}|${status}|${paymentId}`)
    .digest("hex");
  return new URLSearchParams({
    razorpay_payment_id: paymentId,
    razorpay_payment_link_id: link.id,
    razorpay_payment_link_reference_id: link.reference_id,
    razorpay_payment_link_status: status,
    razorpay_signature: signature,
  });
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export type RazorpayStandIn = {
  url: string;
  keys: StandInKeys;
  links: Map<string, StandInLink>;
  /** Where the hosted page's payments send their webhook (the site's /api/payments/webhook). */
  webhookUrl: string | null;
  /** Marks a link paid as the hosted page does; returns the payment id and the signed `payment_link.paid` delivery. */
  pay: (linkId: string) => { paymentId: string; delivery: ReturnType<typeof signedDelivery> };
  linkByReference: (reference: string) => StandInLink | undefined;
  stop: () => Promise<void>;
};

export async function startRazorpayStandIn(keys: StandInKeys = STAND_IN_KEYS, port = 0): Promise<RazorpayStandIn> {
  const links = new Map<string, StandInLink>();
  const auth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString("base64")}`;
  const error = (status: number, description: string) => ({
    status,
    json: { error: { code: "BAD_REQUEST_ERROR", description, source: "NA", step: "NA", reason: "NA" } },
  });
  let base = "";

  const state: RazorpayStandIn = {
    url: "",
    keys,
    links,
    webhookUrl: null,
    pay(linkId) {
      const link = links.get(linkId);
      if (!link) throw new Error(`no link ${linkId}`);
      const paymentId = id("pay");
      link.status = "paid";
      link.amount_paid = link.amount;
      link.payments = [
        { payment_id: paymentId, amount: link.amount, method: "upi", status: "captured", created_at: seconds() },
      ];
      return { paymentId, delivery: signedDelivery(paidEvent(link, paymentId), keys.webhookSecret) };
    },
    linkByReference: (reference) => [...links.values()].find((l) => l.reference_id === reference),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function api(
    req: IncomingMessage,
  ): Promise<{ status: number; json?: unknown; html?: string; location?: string }> {
    const url = new URL(req.url ?? "/", base);
    const hosted = /^\/pay\/(plink_\w+)$/.exec(url.pathname);
    if (hosted) {
      const link = links.get(hosted[1]!);
      if (!link) return { status: 404, html: "<p>No such payment link.</p>" };
      if (req.method === "GET")
        return {
          status: 200,
          html: `<!doctype html><title>Pay</title><h1>Pay ₹${link.amount / 100}</h1><p>${link.description}</p><form method="post"><button>Pay by UPI</button></form>`,
        };
      const { paymentId, delivery } = state.pay(link.id);
      if (state.webhookUrl) await deliver(state.webhookUrl, delivery);
      return link.callback_url
        ? {
            status: 303,
            location: `${link.callback_url}${link.callback_url.includes("?") ? "&" : "?"}${returnQuery(link, paymentId, keys.keySecret)}`,
          }
        : { status: 200, html: "<p>Paid.</p>" };
    }
    if (req.headers.authorization !== auth) return error(401, "Authentication failed");
    if (req.method === "POST" && url.pathname === "/v1/payment_links") {
      const body = JSON.parse(await bodyOf(req)) as Record<string, unknown>;
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100)
        return error(400, "amount must be at least 100 paise");
      if (body.currency !== "INR") return error(400, "currency is invalid");
      const reference = String(body.reference_id ?? "");
      if (!reference || reference.length > 40) return error(400, "reference_id is invalid");
      if (state.linkByReference(reference))
        return error(400, `Payment Link with reference id ${reference} already exists`);
      const expireBy = Number(body.expire_by ?? 0);
      if (expireBy && expireBy < seconds() + 15 * 60)
        return error(400, "expire_by must be at least 15 minutes in the future");
      const linkId = id("plink");
      const link: StandInLink = {
        id: linkId,
        short_url: `${base}/pay/${linkId}`,
        reference_id: reference,
        amount: body.amount as number,
        amount_paid: 0,
        currency: "INR",
        description: String(body.description ?? ""),
        status: "created",
        expire_by: expireBy,
        callback_url: typeof body.callback_url === "string" ? body.callback_url : null,
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: seconds(),
        payments: null,
      };
      links.set(linkId, link);
      return { status: 200, json: link };
    }
    const fetchOne = /^\/v1\/payment_links\/(\w+)$/.exec(url.pathname);
    if (req.method === "GET" && fetchOne) {
      const link = links.get(fetchOne[1]!);
      return link ? { status: 200, json: link } : error(400, "The id provided does not exist");
    }
    return error(404, "The requested URL was not found on the server.");
  }

  const server: Server = createServer((req, res) => {
    api(req).then(
      (answer) => {
        if (answer.location) {
          res.writeHead(answer.status, { Location: answer.location }).end();
        } else if (answer.html !== undefined) {
          res.writeHead(answer.status, { "Content-Type": "text/html; charset=utf-8" }).end(answer.html);
        } else {
          res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.json));
        }
      },
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.url = base;
  return state;
}

export type SiteWithPayments = SiteUnderTest & { gateway: RazorpayStandIn };

/**
 * A site (`startSite`) with online payments on through a stand-in of its own, whose hosted page sends its
 * webhook to the site: `env` adds to the gateway's settings, `options` as `startSite`'s. `stop` stops both.
 */
export async function startSiteWithPayments(
  name: string,
  env: (base: string) => Record<string, string | undefined> = () => ({}),
  options: Parameters<typeof startSite>[2] = {},
): Promise<SiteWithPayments> {
  const gateway = await startRazorpayStandIn();
  let site: SiteUnderTest;
  try {
    site = await startSite(name, (base) => ({ ...razorpayEnv(gateway.url), PUBLIC_URL: base, ...env(base) }), options);
  } catch (error) {
    await gateway.stop();
    throw error;
  }
  gateway.webhookUrl = `${site.base}/api/payments/webhook`;
  const stopSite = site.stop;
  return Object.assign(site, {
    gateway,
    stop: async () => {
      await stopSite();
      await gateway.stop();
    },
  });
}

/**
 * Pays a signed pay link (`/pay?application=…&token=…`, under a language's prefix or not) as its payer does,
 * over HTTP: the pay page's form, then the stand-in's hosted page, which sends the signed webhook before
 * sending the payer back. Returns that return address's path and query (`/payments/return?…`).
 */
export async function payOnline(site: { base: string }, payLink: string): Promise<string> {
  const link = new URL(payLink, site.base);
  const started = await fetch(new URL(link.pathname, site.base), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.base },
    body: link.searchParams,
  });
  if (started.status !== 303) throw new Error(`the pay form answered ${started.status}: ${await started.text()}`);
  const paid = await fetch(started.headers.get("location")!, { method: "POST", redirect: "manual" });
  if (paid.status !== 303) throw new Error(`the hosted page answered ${paid.status}: ${await paid.text()}`);
  const back = new URL(paid.headers.get("location")!);
  return `${back.pathname}${back.search}`;
}
