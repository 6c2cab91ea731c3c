import { mailboxOf } from "~/lib/validation/fields";
import type { DB } from "~db/client";
import { SITE_NAME } from "~/lib/constants";
import { formatDate } from "~/lib/dates";
import { formatCount } from "~/lib/format";
import { formMessage } from "~/lib/form-messages";
import { type Locale, localeOr, localePath } from "~/lib/locales";
import { localizedName } from "~/lib/localized";
import { QUOTE_CONFIRM_HOURS, QUOTE_SPAM_LIMIT } from "~/lib/quotes";
import type { QuoteRequestInput } from "~/lib/validation/quotes";
import {
  confirmQuoteRequest,
  createQuoteRequest,
  getQuoteRequest,
  markQuoteSpam,
  matchesOfRequest,
  quoteCategory,
  quoteSellerContacts,
  type QuoteRequestRow,
  replyToQuote,
  setQuotesExcluded,
  spamMarksOf,
  withdrawQuoteRequest,
} from "~/models/quotes.server";
import { type Actor, writeAudit } from "~/models/audit.server";
import { categoryName as shownCategoryName, translatorFor } from "./i18n.server";
import { sendMailLater } from "./mail.server";
import { mailLinkOrigin } from "./public-url.server";
import { consume } from "./rate-limit.server";
import { countQuoteRequest } from "./metrics.server";
import { addressLinkParams, readLinkParams, type SignedLinkParams, verifyAddressLink } from "./signed-token.server";

// Ask for a quote: the request, its confirmation link, the mails to the matched sellers and the answers
// back to the requester (docs/decisions/193-quotes.md).

const PURPOSE = "quote-request:v1\n";
export const QUOTE_LINK_PATH = "/quote-request";

export function quoteLinkParams(request: { id: number; email: string }, now = Date.now()): SignedLinkParams {
  return addressLinkParams(PURPOSE, request, QUOTE_CONFIRM_HOURS * 3600, now);
}

export function quoteLinkUrl(request: { id: number; email: string }, locale: Locale, now = Date.now()): string {
  return `${mailLinkOrigin()}${localePath(locale, QUOTE_LINK_PATH)}?${new URLSearchParams(quoteLinkParams(request, now)).toString()}`;
}

export type QuoteLinkCheck =
  { ok: true; request: QuoteRequestRow; params: SignedLinkParams; expired: boolean } | { ok: false; status: 400 | 404 };

/**
 * Reads the link (its query, or the page's form): the signature over the request's id, address and expiry.
 * A confirmed request's page stays readable after the expiry (she follows its answers from it); a
 * pending one cannot be confirmed after it.
 */
export async function checkQuoteLink(
  db: DB,
  source: URLSearchParams | FormData,
  now = Date.now(),
): Promise<QuoteLinkCheck> {
  const params = readLinkParams(source);
  if (!params) return { ok: false, status: 400 };
  const request = await getQuoteRequest(db, Number(params.id));
  if (!request || !verifyAddressLink(PURPOSE, request, params)) return { ok: false, status: 400 };
  if (request.status === "spam") return { ok: false, status: 404 };
  return { ok: true, request, params, expired: Number(params.expires) * 1000 < now };
}

export type SubmitOutcome =
  | { ok: true; id: number }
  | {
      ok: false;
      status: 400 | 403 | 429;
      fieldErrors?: Record<string, string[]>;
      formError?: string;
      /** a 429's wait, for its Retry-After */
      retryAfterSeconds?: number;
    };

/** Stores a request (pending) and mails its confirmation link; nothing goes to sellers before she confirms. */
export async function submitQuoteRequest(db: DB, input: QuoteRequestInput, locale: Locale): Promise<SubmitOutcome> {
  const category = await quoteCategory(db, { slug: input.category });
  if (!category)
    return { ok: false, status: 400, fieldErrors: { category: [formMessage("forms.quote.categoryUnknown")] } };
  if ((await spamMarksOf(db, input.email)) >= QUOTE_SPAM_LIMIT)
    return { ok: false, status: 403, formError: formMessage("forms.quote.spam") };
  const mailAllowed = await consume(db, "acknowledgement", mailboxOf(input.email));
  if (!mailAllowed.allowed)
    return {
      ok: false,
      status: 429,
      formError: formMessage("forms.tooMany", { minutes: Math.ceil(mailAllowed.retryAfterSeconds / 60) }),
      retryAfterSeconds: mailAllowed.retryAfterSeconds,
    };
  const id = await createQuoteRequest(db, {
    categoryId: category.id,
    city: input.city,
    locality: input.locality,
    need: input.need,
    neededBy: input.needed_by,
    budgetMin: input.budget_min ?? null,
    budgetMax: input.budget_max ?? null,
    name: input.name,
    email: input.email,
    mobile: input.mobile ?? null,
    language: locale,
    fromSellerId: input.seller ?? null,
  });
  countQuoteRequest();
  const t = translatorFor(locale);
  await sendMailLater(db, [
    {
      to: input.email,
      subject: t("mails.quote.confirm.subject", { site: SITE_NAME }),
      text: [
        // None of her typed words: the address could be anyone's (as the contact acknowledgement).
        t("mails.quote.confirm.hello"),
        "",
        t("mails.quote.confirm.intro", { category: localizedName(category, locale), city: input.city }),
        quoteLinkUrl({ id, email: input.email }, locale),
        "",
        t("mails.quote.confirm.works", { hours: QUOTE_CONFIRM_HOURS }),
        t("mails.quote.confirm.ignore"),
        "",
        t("mails.signoff", { site: SITE_NAME }),
      ].join("\n"),
    },
  ]);
  return { ok: true, id };
}

/** A request's category as her page in `locale` shows it (the English name it was stored with if the category is gone). */
export async function requestCategoryName(
  db: DB,
  request: Pick<QuoteRequestRow, "categoryId" | "categoryName">,
  locale: Locale,
): Promise<string> {
  const category = await quoteCategory(db, { id: request.categoryId });
  return category ? shownCategoryName(category, locale) : request.categoryName;
}

function budgetText(t: ReturnType<typeof translatorFor>, locale: Locale, min: number | null, max: number | null) {
  const rupees = (n: number) => `₹${formatCount(n, locale)}`;
  if (min !== null && max !== null) return t("mails.quote.budgetRange", { min: rupees(min), max: rupees(max) });
  if (min !== null) return t("mails.quote.budgetFrom", { min: rupees(min) });
  if (max !== null) return t("mails.quote.budgetUpTo", { max: rupees(max) });
  return t("mails.quote.budgetNone");
}

export type ConfirmResult = { ok: true; matched: number } | { ok: false; status: 404 | 409; why: string };

/** Confirms her request: matches the sellers and mails each one (in her own language), without the requester's contact. */
export async function confirmAndSend(db: DB, request: QuoteRequestRow, now = new Date()): Promise<ConfirmResult> {
  const outcome = await confirmQuoteRequest(db, request.id, now);
  if (!outcome.ok) return { ok: false, status: outcome.reason === "not_found" ? 404 : 409, why: outcome.status ?? "" };
  const sellers = await quoteSellerContacts(db, outcome.sellerIds);
  const category = await quoteCategory(db, { id: request.categoryId });
  await sendMailLater(
    db,
    sellers.map((s) => {
      const locale: Locale = localeOr(s.language);
      const t = translatorFor(locale);
      return {
        to: s.email,
        sellerId: s.id,
        userId: s.userId,
        subject: t("mails.quote.seller.subject", { site: SITE_NAME }),
        text: [
          t("mails.helloName", { name: s.ownerName }),
          "",
          t("mails.quote.seller.intro", {
            category: category ? localizedName(category, locale) : request.categoryName,
            city: request.city,
          }),
          "",
          t("mails.quote.seller.need", { need: request.need }),
          t("mails.quote.seller.where", { locality: request.locality, city: request.city }),
          t("mails.quote.seller.when", { date: formatDate(request.neededBy, locale) }),
          budgetText(t, locale, request.budgetMin, request.budgetMax),
          "",
          t("mails.quote.seller.answer"),
          `${mailLinkOrigin()}${localePath(locale, "/seller-dashboard#requests")}`,
          "",
          t("mails.signoff", { site: SITE_NAME }),
        ].join("\n"),
      };
    }),
  );
  return { ok: true, matched: outcome.sellerIds.length };
}

export async function withdrawRequest(db: DB, id: number): Promise<boolean> {
  return withdrawQuoteRequest(db, id);
}

export type ReplyResult = { ok: true } | { ok: false; status: 404 | 409; why: "not_sent" | "replied" | "closed" };

/** A matched seller answers (mailed to the requester with her profile and contact) or declines (nothing is mailed). */
export async function replyAsSeller(
  db: DB,
  sellerId: number,
  requestId: number,
  answer: { message: string; price: number | null } | null,
): Promise<ReplyResult> {
  const outcome = await replyToQuote(db, { requestId, sellerId, answer });
  if (!outcome.ok) return { ok: false, status: outcome.reason === "not_found" ? 404 : 409, why: outcome.why };
  if (!answer) return { ok: true };
  const request = await getQuoteRequest(db, requestId);
  const [seller] = await quoteSellerContacts(db, [sellerId]);
  if (!request || !seller) return { ok: true };
  const locale = request.language;
  const t = translatorFor(locale);
  const business = seller.businessName || seller.ownerName;
  await sendMailLater(db, [
    {
      to: request.email,
      subject: t("mails.quote.answer.subject", { business }),
      text: [
        t("mails.helloName", { name: request.name }),
        "",
        t("mails.quote.answer.intro", { business, need: request.need }),
        "",
        answer.message,
        ...(answer.price !== null
          ? [t("mails.quote.answer.price", { price: `₹${formatCount(answer.price, locale)}` })]
          : []),
        "",
        t("mails.quote.answer.contact", { mobile: seller.mobile, email: seller.email }),
        t("mails.quote.answer.profile"),
        `${mailLinkOrigin()}${localePath(locale, `/seller/${seller.id}`)}`,
        "",
        t("mails.quote.answer.status"),
        quoteLinkUrl(request, locale),
        "",
        t("mails.signoff", { site: SITE_NAME }),
      ].join("\n"),
    },
  ]);
  return { ok: true };
}

export { matchesOfRequest };

/** Staff mark a request as spam: it stops (no more answers, gone from the sellers' lists) and counts against its address. */
export async function markSpamAsStaff(db: DB, actor: Actor, id: number): Promise<boolean> {
  const marked = await markQuoteSpam(db, id);
  if (!marked) return false;
  await writeAudit(db, {
    action: "quote.spam",
    actor,
    targetType: "quote_request",
    targetId: id,
  });
  return true;
}

/** Staff exclude a seller from requests for quotes (or let her take them again). */
export async function setExcludedAsStaff(db: DB, actor: Actor, sellerId: number, excluded: boolean): Promise<boolean> {
  if (!(await setQuotesExcluded(db, sellerId, excluded))) return false;
  await writeAudit(db, {
    action: excluded ? "quote.exclude_seller" : "quote.include_seller",
    actor,
    targetType: "seller",
    targetId: sellerId,
  });
  return true;
}
