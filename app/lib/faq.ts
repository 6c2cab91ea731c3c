import type { MessageKey, Translate } from "./i18n";
import { PLANS } from "./constants";
import { formatCount } from "./format";
import type { Locale } from "./locales";

/** A price in rupees in the page's language's grouping (₹1,499). */
export function rupees(amount: number, locale: Locale): string {
  return `₹${formatCount(amount, locale)}`;
}

/** Plan prices in words, always from the one plan table (docs/decisions/015-one-plan-table.md). */
export function planPriceSentence(t: Translate, locale: Locale): string {
  return PLANS.map((p) =>
    t(p.featured ? "marketing.faq.planPriceFeatured" : "marketing.faq.planPrice", {
      price: rupees(p.amount, locale),
      months: p.months,
      plan: t(`marketing.plans.name.${p.id}`),
    }),
  ).join(", ");
}

/** The listing questions (list-your-business); `plans` in the first answer is `planPriceSentence`. */
export const LISTING_FAQ = [
  { q: "marketing.faq.cost.q", a: "marketing.faq.cost.a" },
  { q: "marketing.faq.approval.q", a: "marketing.faq.approval.a" },
  { q: "marketing.faq.pay.q", a: "marketing.faq.pay.a" },
  { q: "marketing.faq.who.q", a: "marketing.faq.who.a" },
] as const satisfies readonly { q: MessageKey; a: MessageKey }[];
