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

export const CONTACT_FAQ = [
  {
    q: "How do I list my business?",
    a: "Open List Your Business, choose a plan and fill in the application. It takes about 10 minutes; keep an ID document, a profile picture and your UPI payment screenshot ready.",
  },
  { q: "What are the subscription plans?", a: `${planPriceSentence()}. The half-yearly plan is the most popular.` },
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
