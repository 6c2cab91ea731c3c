import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type CreatedLink,
  type GatewayEvent,
  GatewayError,
  type GatewayLinkStatus,
  type LinkRequest,
  type LinkState,
  type PaymentGateway,
  type ReturnedPayment,
} from "./gateway.server";

// Razorpay's hosted Payment Links over its REST API (docs/decisions/190-online-payments-gateway-seam.md): a
// small typed client with fetch, Basic auth with the key id and secret. Webhooks carry
// X-Razorpay-Signature, the hex HMAC-SHA256 of the raw body with the webhook secret, and X-Razorpay-Event-Id.
// The payer comes back with razorpay_signature, the HMAC-SHA256 (key secret) of
// "link id|reference|link status|payment id".

export type RazorpaySettings = { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string };

const TIMEOUT_MS = 10_000;

/** Constant-time comparison of a hex digest we computed with one we were sent. */
export function sameHexDigest(expectedHex: string, received: string | null | undefined): boolean {
  if (!received || !/^[0-9a-f]{64}$/i.test(received)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, "hex"), Buffer.from(received.toLowerCase(), "hex"));
}

export function hmacHex(secret: string, message: Buffer | string): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

type RazorpayLink = {
  id: string;
  short_url: string;
  reference_id: string;
  status: GatewayLinkStatus;
  amount: number;
  currency: string;
  payments?:
    { payment_id: string; amount: number; method?: string | null; status: string; created_at: number }[] | null;
};

type Entity<T> = { entity?: T } | undefined;
type RazorpayPayment = {
  id?: string;
  amount?: number;
  currency?: string;
  method?: string | null;
  status?: string;
  created_at?: number;
  notes?: Record<string, unknown> | unknown[] | null;
};
type RazorpayEvent = {
  event?: string;
  created_at?: number;
  payload?: {
    payment_link?: Entity<{ id?: string; reference_id?: string; amount?: number; currency?: string }>;
    payment?: Entity<RazorpayPayment>;
    refund?: Entity<{ id?: string; payment_id?: string; amount?: number; currency?: string }>;
  };
};

const isoOfSeconds = (seconds: number | undefined) => {
  const at = typeof seconds === "number" ? new Date(seconds * 1000) : null;
  return at && Number.isFinite(at.getTime()) ? at.toISOString() : null;
};

/** Our reference, carried in the link's notes, which Razorpay copies onto the link's payments. */
function noteReference(notes: RazorpayPayment["notes"]): string | null {
  if (!notes || Array.isArray(notes)) return null;
  return typeof notes.reference === "string" ? notes.reference : null;
}

export function razorpayGateway(settings: RazorpaySettings): PaymentGateway {
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString("base64")}`;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, {
        method,
        headers: { Authorization: auth, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayError(`the payment gateway could not be reached (${(error as Error).name})`, null);
    }
    const text = await response.text();
    if (!response.ok) {
      let description = "";
      try {
        description = String((JSON.parse(text) as { error?: { description?: string } }).error?.description ?? "");
      } catch {
        // not JSON: the status says enough
      }
      throw new GatewayError(
        `the payment gateway answered ${response.status}${description ? `: ${description}` : ""}`,
        response.status,
      );
    }
    return JSON.parse(text) as T;
  }

  const api = new URL(settings.apiUrl).origin;
  return {
    name: "razorpay",
    // The short link (rzp.io) leads to Razorpay's hosted page; a stand-in serves its page from its API origin.
    pageOrigins: api === "https://api.razorpay.com" ? ["https://rzp.io", "https://*.razorpay.com"] : [api],

    async createLink(request: LinkRequest): Promise<CreatedLink> {
      const link = await call<RazorpayLink>("POST", "/v1/payment_links", {
        amount: request.amountPaise,
        currency: request.currency,
        accept_partial: false,
        reference_id: request.reference,
        description: request.description,
        expire_by: Math.floor(request.expiresAt.getTime() / 1000),
        customer: request.customer,
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: { reference: request.reference },
        callback_url: request.returnUrl,
        callback_method: "get",
        // UPI only on the hosted page (the plan may offer more; the account's settings decide what shows).
        options: { checkout: { method: { upi: "1", card: "0", netbanking: "0", wallet: "0" } } },
      });
      return { linkId: link.id, url: link.short_url };
    },

    async fetchLink(linkId: string): Promise<LinkState> {
      if (!/^plink_\w+$/.test(linkId)) throw new GatewayError("not a payment link id", 400);
      const link = await call<RazorpayLink>("GET", `/v1/payment_links/${linkId}`);
      const captured = (link.payments ?? []).find((p) => p.status === "captured");
      return {
        linkId: link.id,
        reference: link.reference_id,
        status: link.status,
        amountPaise: link.amount,
        currency: link.currency,
        payment: captured
          ? {
              id: captured.payment_id,
              amountPaise: captured.amount,
              method: captured.method ?? null,
              paidAt: isoOfSeconds(captured.created_at) ?? new Date().toISOString(),
            }
          : null,
      };
    },

    verifyWebhook(rawBody: Buffer, headers: Headers): boolean {
      return sameHexDigest(hmacHex(settings.webhookSecret, rawBody), headers.get("X-Razorpay-Signature"));
    },

    readWebhook(rawBody: Buffer, headers: Headers): GatewayEvent | null {
      const eventId = headers.get("X-Razorpay-Event-Id");
      if (!eventId || eventId.length > 100) return null;
      let body: RazorpayEvent;
      try {
        body = JSON.parse(rawBody.toString("utf8")) as RazorpayEvent;
      } catch {
        return null;
      }
      if (!body || typeof body !== "object" || typeof body.event !== "string") return null;
      const base = { eventId, event: body.event.slice(0, 100), occurredAt: isoOfSeconds(body.created_at) };
      const link = body.payload?.payment_link?.entity;
      const payment = body.payload?.payment?.entity;
      const refund = body.payload?.refund?.entity;
      // Ids, references and the method are text when present: a signed body with anything else there (an
      // object, a number) is not an event we can read, and is refused whole, changing nothing.
      const texts = [link?.id, link?.reference_id, payment?.id, payment?.method, refund?.payment_id];
      if (texts.some((v) => v !== undefined && v !== null && typeof v !== "string")) return null;
      if (body.created_at !== undefined && base.occurredAt === null) return null;
      const whole = (n: unknown) => (typeof n === "number" && Number.isInteger(n) ? n : -1);
      switch (body.event) {
        case "payment_link.paid":
          if (!payment?.id) return null;
          return {
            ...base,
            kind: "paid",
            linkId: link?.id ?? null,
            reference: link?.reference_id ?? noteReference(payment.notes),
            paymentId: payment.id,
            amountPaise: whole(payment.amount),
            currency: String(payment.currency ?? ""),
            method: payment.method ?? null,
            paidAt: isoOfSeconds(payment.created_at) ?? base.occurredAt ?? new Date().toISOString(),
          };
        case "payment.failed":
          if (!payment?.id) return null;
          return {
            ...base,
            kind: "failed",
            linkId: link?.id ?? null,
            reference: noteReference(payment.notes),
            paymentId: payment.id,
            amountPaise: whole(payment.amount),
            currency: String(payment.currency ?? ""),
          };
        case "refund.processed":
        case "refund.created":
          if (!refund?.payment_id) return null;
          return {
            ...base,
            kind: "refunded",
            reference: noteReference(payment?.notes),
            paymentId: refund.payment_id,
            amountPaise: whole(refund.amount),
            currency: String(refund.currency ?? ""),
          };
        case "payment_link.expired":
        case "payment_link.cancelled":
          if (!link?.id) return null;
          return {
            ...base,
            kind: body.event === "payment_link.expired" ? "expired" : "cancelled",
            linkId: link.id,
            reference: link.reference_id ?? null,
          };
        default:
          return { ...base, kind: "other" };
      }
    },

    verifyReturn(query: URLSearchParams): ReturnedPayment | null {
      const linkId = query.get("razorpay_payment_link_id") ?? "";
      const reference = query.get("razorpay_payment_link_reference_id") ?? "";
      const status = query.get("razorpay_payment_link_status") ?? "";
      const paymentId = query.get("razorpay_payment_id") ?? "";
      if (!linkId || !reference) return null;
      const expected = hmacHex(settings.keySecret, `${linkId}|${reference}|${status}|${paymentId}`);
      return sameHexDigest(expected, query.get("razorpay_signature")) ? { linkId, reference, status, paymentId } : null;
    },
  };
}
