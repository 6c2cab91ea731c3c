import { formatRupees, PLANS, planDuration } from "./constants";

/** Plan prices in words, always from the one plan table (docs/decisions/015-one-plan-table.md). */
export function planPriceSentence(): string {
  return PLANS.map(
    (p) =>
      `${formatRupees(p.amount)} for ${planDuration(p)}${p.featured ? ` (${p.name}, featured on the home page)` : ""}`,
  ).join(", ");
}

export const LISTING_FAQ = [
  {
    q: "How much does a listing cost?",
    a: `Plans are ${planPriceSentence()}. Every plan includes the directory listing, 2 community posts each market day (Wednesday and Saturday), reviews and ratings, a contact form and profile management.`,
  },
  {
    q: "How long does approval take?",
    a: "Our team checks your documents and UPI payment within 24-48 hours and emails you as soon as your listing is live.",
  },
  {
    q: "How do I pay?",
    a: "By UPI transfer to the id shown on the application form. Upload a screenshot of the payment and, if you have it, the 12-digit UPI transaction reference (UTR).",
  },
  {
    q: "Who can list a business?",
    a: "Women entrepreneurs and representatives of women-led businesses. We verify an ID document for every listing so customers can buy with confidence.",
  },
] as const;
