import type { GatewayEvent } from "~/lib/payments";

export type { GatewayEvent } from "~/lib/payments";

// The payments seam: what the flows need from a payment gateway, in our words. A gateway (Razorpay today,
// another later) implements this; nothing above it names a gateway's fields, URLs or signatures.

export type LinkRequest = {
  /** ours, unique, at most 40 characters; the gateway echoes it back */
  reference: string;
  amountPaise: number;
  currency: "INR";
  description: string;
  expiresAt: Date;
  /** where the payer is sent back after paying */
  returnUrl: string;
  customer: { name: string; email: string; contact: string };
};

export type CreatedLink = { linkId: string; url: string };

export type GatewayLinkStatus = "created" | "partially_paid" | "paid" | "expired" | "cancelled";

/** A link as the gateway's API reports it now (the "check with gateway" action). */
export type LinkState = {
  linkId: string;
  reference: string;
  status: GatewayLinkStatus;
  amountPaise: number;
  currency: string;
  /** the captured payment, when the link is paid */
  payment: { id: string; amountPaise: number; method: string | null; paidAt: string } | null;
};

/** The payer's return to our page, when its signature verifies: which link, and what the gateway said. */
export type ReturnedPayment = { linkId: string; reference: string; status: string; paymentId: string };

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

export interface PaymentGateway {
  /** stored with each payment ("razorpay") */
  readonly name: string;
  /** Origins of the gateway's hosted pages: the pay form's post is redirected there (CSP form-action). */
  readonly pageOrigins: readonly string[];
  createLink(request: LinkRequest): Promise<CreatedLink>;
  fetchLink(linkId: string): Promise<LinkState>;
  /** The webhook's signature over the raw body, compared in constant time. Nothing is parsed before it. */
  verifyWebhook(rawBody: Buffer, headers: Headers): boolean;
  /** A verified body read into an event; null when it is not an event we can read. */
  readWebhook(rawBody: Buffer, headers: Headers): GatewayEvent | null;
  /** The return page's query, when its signature verifies; else null (then nothing of it is trusted). */
  verifyReturn(query: URLSearchParams): ReturnedPayment | null;
}
