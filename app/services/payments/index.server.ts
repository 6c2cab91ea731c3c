import { randomBytes } from "node:crypto";
import type { DB } from "~db/client";
import type { OnlinePaymentPurpose } from "~db/schema";
import type { Actor } from "~/models/audit.server";
import { formatRupees, planOf } from "~/lib/constants";
import { type EventOutcome, paiseOf } from "~/lib/payments";
import {
  applyPaymentEvent,
  insertPayment,
  latestPaymentOf,
  openPaymentFor,
  PaymentChangedMeanwhile,
  paymentByLinkId,
  paymentWithSeller,
  sellerForPayment,
  setPaymentLink,
  streamPayments,
  type PaymentFilters,
} from "~/models/payments.server";
import { config } from "../config.server";
import { csvResponse } from "../csv.server";
import { signToken, verifyToken } from "../signed-token.server";
import { sendMailLater } from "../mail.server";
import { mailLinkOrigin } from "../public-url.server";
import { SITE_NAME } from "~/lib/constants";
import { formatPaise } from "~/lib/payments";
import { formatDate } from "~/lib/dates";
import { DEFAULT_LOCALE, type Locale, localeOr, localePath } from "~/lib/locales";
import { translatorFor } from "../i18n.server";
import { logger } from "../logger.server";
import { countWebhook } from "../metrics.server";
import { GatewayError, type GatewayEvent, type PaymentGateway } from "./gateway.server";
import { razorpayGateway } from "./razorpay.server";

// Online payments: the configured gateway (or none: then the site works as without them) and the webhook's
// workflow. The flows ask here, never a gateway module.

let cached: { settings: unknown; gateway: PaymentGateway | null } | undefined;

/** The gateway of the settings, or null when online payments are off (the three settings unset). */
export function paymentGateway(): PaymentGateway | null {
  const settings = config().razorpay;
  if (cached?.settings !== settings) cached = { settings, gateway: settings ? razorpayGateway(settings) : null };
  return cached.gateway;
}

/** The largest webhook body read; the gateway's events are a few kilobytes. */
export const WEBHOOK_MAX_BYTES = 256 * 1024;

export type WebhookAnswer = {
  status: number;
  body: { ok: boolean; outcome?: EventOutcome["outcome"]; message: string };
};

/**
 * A webhook delivery: the signature over the raw bytes first (nothing is parsed or stored before it), then
 * the event, applied once. Refusals and outcomes are logged without the body, its headers or any secret.
 */
export async function receiveWebhook(db: DB, rawBody: Buffer, headers: Headers): Promise<WebhookAnswer> {
  const gateway = paymentGateway();
  if (!gateway) return { status: 404, body: { ok: false, message: "Online payments are not set up on this site." } };
  if (!gateway.verifyWebhook(rawBody, headers)) {
    countWebhook("refused");
    logger.warn(
      { event: "payments.webhook_refused", gateway: gateway.name, bytes: rawBody.length },
      "webhook signature missing or wrong",
    );
    return {
      status: 400,
      body: { ok: false, message: "The webhook signature is missing or does not match; nothing was changed." },
    };
  }
  const event = gateway.readWebhook(rawBody, headers);
  if (!event) {
    countWebhook("unreadable");
    logger.warn(
      { event: "payments.webhook_unreadable", gateway: gateway.name },
      "signed webhook without a readable event",
    );
    return {
      status: 400,
      body: {
        ok: false,
        message: "The webhook is not an event this site can read (or has no event id); nothing was changed.",
      },
    };
  }
  let outcome: EventOutcome;
  try {
    outcome = await applyPaymentEvent(db, gateway.name, event);
  } catch (error) {
    if (!(error instanceof PaymentChangedMeanwhile)) throw error;
    countWebhook("conflict");
    return { status: 409, body: { ok: false, message: "The payment changed meanwhile; send the event again." } };
  }
  countWebhook(outcome.outcome);
  // The money is recorded; a receipt mail that cannot be queued is logged, not a failed delivery.
  if (outcome.outcome === "applied" && outcome.paymentId !== null && event.kind === "paid")
    await mailReceipt(db, outcome.paymentId).catch((err: unknown) =>
      logger.error({ err, payment_id: outcome.paymentId }, "the receipt mail could not be queued"),
    );
  const line = {
    event: "payments.webhook",
    gateway: gateway.name,
    type: event.event,
    event_id: event.eventId,
    outcome: outcome.outcome,
    payment_id: outcome.paymentId,
  };
  if (outcome.outcome === "flagged" || outcome.outcome === "unknown_reference") logger.warn(line, outcome.reason);
  else logger.info(line, outcome.reason);
  return { status: 200, body: { ok: true, outcome: outcome.outcome, message: outcome.reason } };
}

/** How long a link takes payments, and how much of that must be left for it to be offered again. */
export const LINK_LIFETIME_MS = 24 * 3600_000;
const LINK_REUSE_MARGIN_MS = 30 * 60_000;

/** The page the payer comes back to from the gateway. */
export const PAYMENT_RETURN_PATH = "/payments/return";

/** Why a payment could not be started: `payments.pay.error.<reason>` says it to the payer. */
export type StartRefusal = "unavailable" | "notFound" | "paidAlready" | "noPlan" | "gatewayDown";

export type StartedPayment =
  | { ok: true; paymentId: number; url: string }
  | { ok: false; status: 404 | 409 | 502 | 503; reason: StartRefusal; message: string };

/**
 * A hosted payment link for a listing's application fee or its renewal: the plan's amount (in paise) and
 * months as stored on the listing, our reference, an expiry. An unexpired link of the same amount is reused.
 */
export async function startOnlinePayment(
  db: DB,
  sellerId: number,
  purpose: OnlinePaymentPurpose,
  origin: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<StartedPayment> {
  const gateway = paymentGateway();
  if (!gateway)
    return {
      ok: false,
      status: 404,
      reason: "unavailable",
      message: "Online payments are not available; pay by UPI and upload the screenshot.",
    };
  const seller = await sellerForPayment(db, sellerId);
  if (!seller) return { ok: false, status: 404, reason: "notFound", message: "Listing not found." };
  if (purpose === "application" && seller.is_paid)
    return { ok: false, status: 409, reason: "paidAlready", message: "This application is paid already." };
  const months = seller.subscription_months ?? planOf(seller.amount_paid, null)?.months;
  if (!months || seller.amount_paid < 1)
    return {
      ok: false,
      status: 409,
      reason: "noPlan",
      message: "This listing has no plan to pay for; choose a plan with a new application.",
    };
  const amountPaise = paiseOf(seller.amount_paid);
  const now = Date.now();
  const open = await openPaymentFor(
    db,
    sellerId,
    purpose,
    amountPaise,
    new Date(now + LINK_REUSE_MARGIN_MS).toISOString(),
  );
  if (open?.link_url) return { ok: true, paymentId: open.id, url: open.link_url };

  const reference = `bwp-${purpose === "application" ? "a" : "r"}${sellerId}-${randomBytes(4).toString("hex")}`;
  const expiresAt = new Date(now + LINK_LIFETIME_MS);
  const paymentId = await insertPayment(db, {
    sellerId,
    purpose,
    reference,
    gateway: gateway.name,
    amountPaise,
    currency: "INR",
    months,
    expiresAt: expiresAt.toISOString(),
  });
  const name = seller.business_name ?? seller.owner_name;
  try {
    const link = await gateway.createLink({
      reference,
      amountPaise,
      currency: "INR",
      description:
        `${purpose === "application" ? "Listing" : "Renewal"} of ${name}: ${formatRupees(seller.amount_paid)} for ${months} month${months === 1 ? "" : "s"}`.slice(
          0,
          2000,
        ),
      expiresAt,
      returnUrl: `${origin}${localePath(locale, PAYMENT_RETURN_PATH)}`,
      customer: { name: seller.owner_name, email: seller.email, contact: seller.mobile },
    });
    await setPaymentLink(db, paymentId, link);
    return { ok: true, paymentId, url: link.url };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    logger.error(
      { event: "payments.link_failed", gateway: gateway.name, payment_id: paymentId, status: error.status },
      error.message,
    );
    return {
      ok: false,
      status: 502,
      reason: "gatewayDown",
      message:
        "The payment gateway did not answer; please try again in a minute, or pay by UPI and upload the screenshot.",
    };
  }
}

// ── the pay page's signed links: /pay?application=<id>&token=… (after applying) and ?renewal=<id>&token=…
// (the reminder mails and the dashboard). The token only lets its holder pay that listing's fee. ──

const PAY_PURPOSE = (purpose: OnlinePaymentPurpose) => `pay-${purpose}`;

/** The query of a signed pay link ("application=12&token=…"). */
export function payQuery(purpose: OnlinePaymentPurpose, sellerId: number): string {
  const id = String(sellerId);
  return String(new URLSearchParams({ [purpose]: id, token: signToken(PAY_PURPOSE(purpose), id) }));
}

export function payPath(purpose: OnlinePaymentPurpose, sellerId: number): string {
  return `/pay?${payQuery(purpose, sellerId)}`;
}

/** The listing and purpose of a pay link or form, when its token verifies. */
export function readPayParams(
  source: URLSearchParams | FormData,
): { purpose: OnlinePaymentPurpose; sellerId: number } | null {
  const token = source.get("token");
  if (typeof token !== "string") return null;
  for (const purpose of ["application", "renewal"] as const) {
    const id = source.get(purpose);
    if (typeof id === "string" && /^\d{1,12}$/.test(id) && verifyToken(PAY_PURPOSE(purpose), id, token))
      return { purpose, sellerId: Number(id) };
  }
  return null;
}

export type PayOffer = {
  purpose: OnlinePaymentPurpose;
  sellerId: number;
  businessName: string;
  amount: number;
  months: number;
  /** paid already (this application, or a renewal paid in the last hour) */
  paid: boolean;
  token: string;
};

/** What the pay page offers for a verified link: the listing's amount and months, and whether it is paid. */
export async function payOffer(db: DB, purpose: OnlinePaymentPurpose, sellerId: number): Promise<PayOffer | null> {
  const seller = await sellerForPayment(db, sellerId);
  if (!seller) return null;
  const months = seller.subscription_months ?? planOf(seller.amount_paid, null)?.months ?? 0;
  const latest = await latestPaymentOf(db, sellerId, purpose);
  const recentlyPaid = latest?.status === "paid" && Date.parse(latest.paid_at ?? "") > Date.now() - 3600_000;
  return {
    purpose,
    sellerId,
    businessName: seller.business_name ?? seller.owner_name,
    amount: seller.amount_paid,
    months,
    paid: purpose === "application" ? !!seller.is_paid : recentlyPaid,
    token: signToken(PAY_PURPOSE(purpose), String(sellerId)),
  };
}

export type ReturnView =
  | { ok: false; status: 400 | 404; reason: "unavailable" | "unverified" | "unknown"; message: string }
  | {
      ok: true;
      state: "paid" | "confirming" | "checking" | "failed";
      paymentId: string | null;
      amountPaise: number;
      purpose: OnlinePaymentPurpose;
      receiptPath: string | null;
    };

/**
 * The return page: only a return whose signature verifies names a payment, and then the page shows what our
 * database says (the webhook decides), never what the query claims.
 */
export async function returnView(db: DB, query: URLSearchParams): Promise<ReturnView> {
  const gateway = paymentGateway();
  if (!gateway) return { ok: false, status: 404, reason: "unavailable", message: "Online payments are not available." };
  const returned = gateway.verifyReturn(query);
  if (!returned)
    return {
      ok: false,
      status: 400,
      reason: "unverified",
      message:
        "This return link could not be verified. If you paid, the payment gateway tells us directly: your dashboard and your mail will show it.",
    };
  const payment = await paymentByLinkId(db, returned.linkId);
  if (!payment || payment.reference !== returned.reference)
    return { ok: false, status: 404, reason: "unknown", message: "We have no payment for this link." };
  const state =
    payment.flag !== null
      ? "checking"
      : payment.status === "paid"
        ? "paid"
        : payment.status === "created"
          ? "confirming"
          : payment.status === "refunded"
            ? "checking"
            : "failed";
  return {
    ok: true,
    state,
    paymentId: payment.status === "paid" ? payment.gateway_payment_id : null,
    amountPaise: payment.amount_paise,
    purpose: payment.purpose,
    receiptPath: payment.status === "paid" ? receiptPath(payment.reference) : null,
  };
}

// ── receipts: a printable page per payment, linked from the mail, the return page and the dashboard ──

const RECEIPT_PURPOSE = "payment-receipt";

export function receiptPath(reference: string): string {
  return `/payments/receipt/${encodeURIComponent(reference)}?${new URLSearchParams({ token: signToken(RECEIPT_PURPOSE, reference) })}`;
}

export type Receipt = {
  reference: string;
  gatewayPaymentId: string;
  method: string | null;
  amountPaise: number;
  paidAt: string;
  purpose: OnlinePaymentPurpose;
  months: number;
  refunded: boolean;
  payer: { business: string | null; name: string | null };
  organisation: { name: string; address: string | null; gstin: string | null };
};

/** The receipt of a paid payment, when the link's token is the one signed for its reference. */
export async function receiptFor(
  db: DB,
  reference: string,
  token: string | null,
): Promise<
  { ok: true; receipt: Receipt } | { ok: false; status: 400 | 404; reason: "invalid" | "unpaid"; message: string }
> {
  if (!token || !verifyToken(RECEIPT_PURPOSE, reference, token))
    return {
      ok: false,
      status: 400,
      reason: "invalid",
      message: "This receipt link is not valid. Use the link from your mail or your dashboard.",
    };
  const p = await paymentWithSeller(db, { reference });
  if (!p || !p.gateway_payment_id || !p.paid_at || (p.status !== "paid" && p.status !== "refunded"))
    return {
      ok: false,
      status: 404,
      reason: "unpaid",
      message: "There is no receipt for this payment: it has not been paid.",
    };
  const org = config().organisation;
  return {
    ok: true,
    receipt: {
      reference: p.reference,
      gatewayPaymentId: p.gateway_payment_id,
      method: p.method,
      amountPaise: p.amount_paise,
      paidAt: p.paid_at,
      purpose: p.purpose,
      months: p.months,
      refunded: p.status === "refunded",
      payer: { business: p.business_name, name: p.owner_name },
      organisation: { name: org.name ?? SITE_NAME, address: org.address, gstin: org.gstin },
    },
  };
}

/** The receipt mail after a verified payment, to the listing's address, in the seller's language. */
async function mailReceipt(db: DB, paymentId: number): Promise<void> {
  const p = await paymentWithSeller(db, { id: paymentId });
  if (!p?.email || p.seller_id === null) return;
  const locale = localeOr(p.language);
  const t = translatorFor(locale);
  const amount = formatPaise(p.amount_paise, locale);
  const application = p.purpose === "application";
  await sendMailLater(db, [
    {
      to: p.email,
      sellerId: p.seller_id,
      subject: t(application ? "payments.mail.subject.application" : "payments.mail.subject.renewal", {
        amount,
        site: SITE_NAME,
      }),
      text: [
        t("mails.dear", { name: p.owner_name ?? t("payments.mail.seller") }),
        "",
        t(application ? "payments.mail.received.application" : "payments.mail.received.renewal", {
          amount,
          business: p.business_name ?? t("mails.yourBusiness"),
          paymentId: p.gateway_payment_id ?? "",
          reference: p.reference,
        }),
        p.purpose === "renewal" && p.subscription_end_date
          ? t("payments.mail.runsUntil", { end: formatDate(p.subscription_end_date, locale) })
          : t("payments.mail.verifies"),
        "",
        t("payments.mail.receipt", { url: `${mailLinkOrigin()}${localePath(locale, receiptPath(p.reference))}` }),
        "",
        t("mails.signoff", { site: SITE_NAME }),
      ].join("\n"),
    },
  ]);
}

// ── staff: a missed webhook ──

/**
 * "Check with gateway": the link's state as the gateway's API reports it now, applied as the webhook would
 * be (the same checks of reference, amount and currency, once per payment id: a later webhook for the same
 * payment is then a change of nothing).
 */
export async function checkWithGateway(
  db: DB,
  paymentId: number,
  actor: Actor | null = null,
): Promise<{ ok: true; message: string } | { ok: false; status: 404 | 409 | 502; message: string }> {
  const gateway = paymentGateway();
  if (!gateway) return { ok: false, status: 404, message: "Online payments are not set up on this site." };
  const payment = await paymentWithSeller(db, { id: paymentId });
  if (!payment) return { ok: false, status: 404, message: "Payment not found." };
  if (!payment.link_id) return { ok: false, status: 409, message: "This payment has no link at the gateway." };
  let state;
  try {
    state = await gateway.fetchLink(payment.link_id);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { ok: false, status: 502, message: `The gateway did not answer (${error.message}); try again later.` };
  }
  const base = { eventId: `check:${state.linkId}:${state.payment?.id ?? state.status}`, occurredAt: null };
  const event: GatewayEvent | null = state.payment
    ? {
        ...base,
        event: "check.paid",
        kind: "paid",
        linkId: state.linkId,
        reference: state.reference,
        paymentId: state.payment.id,
        amountPaise: state.payment.amountPaise,
        currency: state.currency,
        method: state.payment.method,
        paidAt: state.payment.paidAt,
      }
    : state.status === "expired" || state.status === "cancelled"
      ? {
          ...base,
          event: `check.${state.status}`,
          kind: state.status,
          linkId: state.linkId,
          reference: state.reference,
        }
      : null;
  if (!event) return { ok: true, message: `The gateway reports the link as ${state.status}; nothing to record.` };
  let outcome: EventOutcome;
  try {
    outcome = await applyPaymentEvent(db, gateway.name, event, actor);
  } catch (error) {
    if (!(error instanceof PaymentChangedMeanwhile)) throw error;
    return { ok: false, status: 409, message: "The payment changed meanwhile; check again." };
  }
  if (outcome.outcome === "applied" && event.kind === "paid")
    await mailReceipt(db, paymentId).catch((err: unknown) =>
      logger.error({ err, payment_id: paymentId }, "the receipt mail could not be queued"),
    );
  return { ok: true, message: `The gateway reports ${state.status}: ${outcome.reason}.` };
}

/** /admin/payments/export.csv: the filtered payments, streamed, formulas neutralised; no link address. */
export function paymentsCsv(db: DB, filters: PaymentFilters): Response {
  return csvResponse(
    "payments.csv",
    [
      { header: "Created", value: (p) => p.created_at },
      { header: "Reference", value: (p) => p.reference },
      { header: "Purpose", value: (p) => p.purpose },
      { header: "Seller id", value: (p) => p.seller_id },
      { header: "Business", value: (p) => p.business_name ?? p.owner_name },
      { header: "Amount (INR)", value: (p) => (p.amount_paise / 100).toFixed(2) },
      { header: "Status", value: (p) => p.status },
      { header: "Flag", value: (p) => p.flag },
      { header: "Gateway", value: (p) => p.gateway },
      { header: "Gateway payment id", value: (p) => p.gateway_payment_id },
      { header: "Method", value: (p) => p.method },
      { header: "Paid at", value: (p) => p.paid_at },
      { header: "Refunded at", value: (p) => p.refunded_at },
    ],
    streamPayments(db, filters),
  );
}
