import type { MessageKey, Translate } from "./i18n";
import { formatRupees, PLANS, planDuration } from "./constants";
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

/** In English until the contact page moves into the catalogues. */
function englishPlanPriceSentence(): string {
  return PLANS.map(
    (p) =>
      `${formatRupees(p.amount)} for ${planDuration(p)}${p.featured ? ` (${p.name}, featured on the home page)` : ""}`,
  ).join(", ");
}

export const CONTACT_FAQ = [
  {
    q: "How do I list my business?",
    a: "Open List Your Business, choose a plan and fill in the application. It takes about 10 minutes; keep an ID document, a profile picture and your UPI payment screenshot ready.",
  },
  {
    q: "What are the subscription plans?",
    a: `${englishPlanPriceSentence()}. The half-yearly plan is the most popular.`,
  },
  { q: "How soon will you reply?", a: "We reply to every message within 24 hours, Monday to Saturday." },
  {
    q: "Can I update my listing later?",
    a: "Yes. Sign in to your seller dashboard to edit your profile, or write to us and we will help.",
  },
  {
    q: "Is it free to browse and contact sellers?",
    a: "Yes. Visitors can search the directory, read reviews and contact sellers without an account.",
  },
] as const;
