import { data } from "react-router";
import type { DB } from "~db/client";
import { SITE_NAME } from "~/lib/constants";
import { formMessage } from "~/lib/form-messages";
import type { MessageKey } from "~/lib/i18n";
import { type Locale, localePath } from "~/lib/locales";
import { mailboxOf, normaliseEmail } from "~/lib/validation/fields";
import type { ReviewWithEmailInput } from "~/lib/validation/reviews";
import { answeredQuoteDate } from "~/models/quotes.server";
import { publicSellerAccount } from "~/models/seller-visibility.server";
import {
  type ConfirmOutcome,
  confirmReviewEmail,
  createReview,
  type CreateReviewResult,
  getOwnReview,
  type OwnReview,
  type ReviewOrigin,
} from "~/models/reviews.server";
import { translatorFor } from "./i18n.server";
import { sendMailLater } from "./mail.server";
import { mailLinkOrigin } from "./public-url.server";
import { consume } from "./rate-limit.server";
import { getSessionUser } from "./session.server";
import { addressLinkParams, readLinkParams, type SignedLinkParams, verifyAddressLink } from "./signed-token.server";

// A reviewer's address (docs/decisions/222-reviews-people-can-trust.md): the mail with the link that confirms it
// (/review-confirm), and the link to her own review (/my-review) that a confirmed address gets. Both links are
// signed over the review's id, its address and an expiry, so a link dies with its review and with another address.
// The mails carry none of her typed words: the address could be anyone's.

const CONFIRM_PURPOSE = "review-confirm:v1\n";
const MANAGE_PURPOSE = "review-manage:v1\n";
export const REVIEW_CONFIRM_PATH = "/review-confirm";
export const REVIEW_MANAGE_PATH = "/my-review";
/** How long the confirmation link works. */
export const REVIEW_CONFIRM_DAYS = 7;
/** How long the link to edit or delete her review works (each confirmation mails a new one). */
export const REVIEW_MANAGE_DAYS = 365;

export function reviewConfirmParams(review: { id: number; email: string }, now = Date.now()): SignedLinkParams {
  return addressLinkParams(CONFIRM_PURPOSE, review, REVIEW_CONFIRM_DAYS * 86_400, now);
}

export function reviewManageParams(review: { id: number; email: string }, now = Date.now()): SignedLinkParams {
  return addressLinkParams(MANAGE_PURPOSE, review, REVIEW_MANAGE_DAYS * 86_400, now);
}

/** A link's path and query in a language (`/hi/my-review?id=…`). */
export function reviewLinkPath(path: string, params: SignedLinkParams, locale: Locale): string {
  return `${localePath(locale, path)}?${new URLSearchParams(params).toString()}`;
}

export type ReviewLinkCheck =
  | { ok: true; review: OwnReview & { reviewer_email: string }; params: SignedLinkParams }
  | { ok: false; status: 400 | 403 | 404; why: "invalid" | "expired" | "gone" | "unconfirmed" };

async function checkLink(
  db: DB,
  purpose: string,
  source: URLSearchParams | FormData,
  prefix: string,
  now: number,
): Promise<ReviewLinkCheck> {
  const params = readLinkParams(source, prefix);
  if (!params) return { ok: false, status: 400, why: "invalid" };
  const review = await getOwnReview(db, Number(params.id));
  // A deleted review's link: gone (its address, which the signature covers, went with it).
  if (!review) return { ok: false, status: 404, why: "gone" };
  const email = review.reviewer_email;
  if (!email || !verifyAddressLink(purpose, { id: review.id, email }, params))
    return { ok: false, status: 400, why: "invalid" };
  if (Number(params.expires) * 1000 < now) return { ok: false, status: 400, why: "expired" };
  return { ok: true, review: { ...review, reviewer_email: email }, params };
}

/** The confirmation link (its query, or its page's form): signed for this review and address, not expired. */
export function checkReviewConfirmLink(db: DB, source: URLSearchParams | FormData, now = Date.now()) {
  return checkLink(db, CONFIRM_PURPOSE, source, "", now);
}

/** The link to her own review: as the confirmation's, and only for a confirmed address (403 otherwise). */
export async function checkReviewManageLink(
  db: DB,
  source: URLSearchParams | FormData,
  prefix = "",
  now = Date.now(),
): Promise<ReviewLinkCheck> {
  const link = await checkLink(db, MANAGE_PURPOSE, source, prefix, now);
  if (link.ok && !link.review.email_confirmed_at) return { ok: false, status: 403, why: "unconfirmed" };
  return link;
}

/** The refusal of a review of her own listing by a seller's own account (a form message; the API's in English). */
export const OWN_LISTING = formMessage("forms.review.ownListing");

/**
 * True when the request is signed in as the public seller's own account: her profile and her invitation links
 * then show her where reviews come from instead of a form whose post would be refused (`own_listing`).
 */
export async function isOwnListing(db: DB, request: Request, sellerId: number): Promise<boolean> {
  const user = await getSessionUser(request);
  return !!user && (await publicSellerAccount(db, sellerId))?.user_id === user.id;
}

export type SubmitReviewResult = CreateReviewResult | { ok: false; reason: "too_many"; retryAfterSeconds: number };

/**
 * A visitor's review (the profile's form, the API, an invitation's form): stored pending; with an address,
 * the link that confirms it is mailed in the page's language. Mails to one mailbox are limited (the
 * `acknowledgement` scope, shared with the contact form and requests for quotes): over it, nothing is stored.
 */
export async function submitReview(
  db: DB,
  sellerId: number,
  input: ReviewWithEmailInput,
  origin: ReviewOrigin & { locale: Locale },
): Promise<SubmitReviewResult> {
  const email = input.reviewer_email ? normaliseEmail(input.reviewer_email) : null;
  if (email) {
    const allowed = await consume(db, "acknowledgement", mailboxOf(email));
    if (!allowed.allowed) return { ok: false, reason: "too_many", retryAfterSeconds: allowed.retryAfterSeconds };
  }
  const created = await createReview(db, sellerId, { ...input, reviewer_email: email }, origin);
  if (created.ok && email) await mailConfirmation(db, { id: created.id, email }, origin.locale);
  return created;
}

async function mailConfirmation(db: DB, review: { id: number; email: string }, locale: Locale) {
  const own = await getOwnReview(db, review.id);
  const t = translatorFor(locale);
  await sendMailLater(db, [
    {
      to: review.email,
      subject: t("mails.review.confirm.subject", { site: SITE_NAME }),
      text: [
        t("mails.review.confirm.hello"),
        "",
        t("mails.review.confirm.intro", { business: own?.seller_name ?? SITE_NAME, site: SITE_NAME }),
        `${mailLinkOrigin()}${reviewLinkPath(REVIEW_CONFIRM_PATH, reviewConfirmParams(review), locale)}`,
        "",
        t("mails.review.confirm.works", { days: REVIEW_CONFIRM_DAYS }),
        t("mails.review.confirm.ignore"),
        "",
        t("mails.signoff", { site: SITE_NAME }),
      ].join("\n"),
    },
  ]);
}

/**
 * Her click on the confirmation page: the address confirmed (replacing her earlier review of the seller,
 * verified by a request for quotes the seller answered), then the link to her own review is mailed.
 */
export async function confirmReview(
  db: DB,
  review: { id: number; seller_id: number; seller_name: string; reviewer_email: string },
  ip: string | null,
  locale: Locale,
): Promise<ConfirmOutcome> {
  const email = review.reviewer_email;
  const quoteDate = await answeredQuoteDate(db, review.seller_id, email);
  const outcome = await confirmReviewEmail(db, review.id, email, quoteDate, ip);
  if (outcome.ok && !outcome.already) {
    const t = translatorFor(locale);
    await sendMailLater(db, [
      {
        to: email,
        subject: t("mails.review.manage.subject", { business: review.seller_name }),
        text: [
          t("mails.review.confirm.hello"),
          "",
          t("mails.review.manage.intro", { business: review.seller_name }),
          `${mailLinkOrigin()}${reviewLinkPath(REVIEW_MANAGE_PATH, reviewManageParams({ id: review.id, email }), locale)}`,
          "",
          t("mails.review.manage.keep", { days: REVIEW_MANAGE_DAYS }),
          "",
          t("mails.signoff", { site: SITE_NAME }),
        ].join("\n"),
      },
    ]);
  }
  return outcome;
}

const REFUSALS = {
  invalid: "forms.review.emailLinkInvalid",
  expired: "forms.review.emailLinkExpired",
  gone: "forms.review.emailLinkGone",
  unconfirmed: "forms.review.emailLinkUnconfirmed",
} as const satisfies Record<Extract<ReviewLinkCheck, { ok: false }>["why"], MessageKey>;

/** A refused link as its page's thrown 4xx, the reason in the page's language. */
export function reviewLinkRefusal(
  locale: Locale,
  refusal: Pick<Extract<ReviewLinkCheck, { ok: false }>, "status" | "why">,
) {
  return data(translatorFor(locale)(REFUSALS[refusal.why]), { status: refusal.status });
}
