// Product constants shared by server and browser. Marketing figures are display constants
// (docs/decisions/023-marketing-figures-are-constants.md).

import { formatCount } from "./format";

export const SITE_NAME = "BWP Directory";
export const SITE_LONG_NAME = "Bangalore Women Professionals";

export const CITIES = ["Bangalore", "Mumbai", "Delhi", "Chennai", "Hyderabad", "Pune", "Kolkata", "Ahmedabad"] as const;
export type City = (typeof CITIES)[number];

export const DIRECTORY_PAGE_SIZE = 12;
export const API_MAX_LIMIT = 50;
export const FEATURED_LIMIT = 6;

export const PRICE_RANGES = [
  { value: "below_500", label: "Below ₹500" },
  { value: "500_1000", label: "₹500 – ₹1,000" },
  { value: "1000_3000", label: "₹1,000 – ₹3,000" },
  { value: "3000_5000", label: "₹3,000 – ₹5,000" },
  { value: "above_5000", label: "Above ₹5,000" },
] as const;
export type PriceRange = (typeof PRICE_RANGES)[number]["value"];
export function priceRangeLabel(value: string | null | undefined): string | null {
  return PRICE_RANGES.find((p) => p.value === value)?.label ?? null;
}

export const ID_PROOF_TYPES = [
  { value: "aadhaar", label: "Aadhaar Card" },
  { value: "driving_license", label: "Driving License" },
  { value: "pan_card", label: "PAN Card" },
] as const;

export const QUERY_TYPES = [
  "General Inquiry",
  "Business Listing",
  "Technical Support",
  "Partnership",
  "Media & Press",
  "Feedback",
  "Complaint",
  "Other",
] as const;

export const NEWSLETTER_SOURCES = [
  { value: "website", label: "Website" },
  { value: "homepage_final_cta", label: "Homepage CTA" },
  { value: "footer", label: "Footer" },
] as const;
export const NEWSLETTER_SOURCE_VALUES = ["website", "homepage_final_cta", "footer"] as const;
/** A subscription source as shown to staff ('Homepage CTA'); an unknown value as it is. */
export function newsletterSourceLabel(source: string): string {
  return NEWSLETTER_SOURCES.find((s) => s.value === source)?.label ?? source;
}

/** The one plan table (docs/decisions/015-one-plan-table.md). */
export const PLANS = [
  { id: "1m", name: "Starter", amount: 499, months: 1, popular: false, featured: false },
  { id: "3m", name: "Quarterly", amount: 999, months: 3, popular: false, featured: false },
  { id: "6m", name: "Half-Yearly", amount: 1499, months: 6, popular: true, featured: false },
  { id: "12m", name: "Annual", amount: 2999, months: 12, popular: false, featured: false },
  { id: "elite", name: "Elite", amount: 4999, months: 12, popular: false, featured: true },
] as const;
export type Plan = (typeof PLANS)[number];
export const PLAN_IDS = ["1m", "3m", "6m", "12m", "elite"] as const satisfies readonly Plan["id"][];
export type PlanId = (typeof PLAN_IDS)[number];
export function planById(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}
/** The plan of a stored amount and months (the editor's package choice), if it is one of the plans. */
export function planOf(amount: number | null | undefined, months: number | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.amount === amount && (months == null || p.months === months));
}
export function formatRupees(amount: number): string {
  return `₹${formatCount(amount)}`;
}
export function planDuration(plan: Plan): string {
  return plan.months === 1 ? "1 month" : `${plan.months} months`;
}

export const REVIEW_MAX_LENGTH = 2000;
export const REVIEWER_NAME_MAX_LENGTH = 80;
export const REPORT_REASON_MAX_LENGTH = 500;
export const SEARCH_MAX_LENGTH = 100;

// Form limits live here, not beside the zod schemas, so that pages can show them without shipping zod.
export const TEXT_LIMITS = {
  name: 100,
  email: 254,
  mobile: 20,
  subject: 150,
  message: 5000,
  business_name: 120,
  tagline: 160,
  business_description: 2000,
  city: 60,
  area: 80,
  address: 300,
  url: 300,
} as const;
export const IMAGE_MAX_BYTES = 200 * 1024;
export const MAX_PRODUCT_IMAGES = 3;

export const CONTACT_SUCCESS_MESSAGE = "Thank you for reaching out! We reply within 24 hours.";
export const UNSUBSCRIBE_BAD_LINK =
  "This unsubscribe link is not valid. Please use the link from your latest newsletter email, or contact us.";
export const UNSUBSCRIBE_DONE = "You have been unsubscribed.";

export const CATEGORY_EMOJI: Record<string, string> = {
  "Fashion & Apparel": "👗",
  "Beauty & Wellness": "💄",
  "Food & Beverages": "🍲",
  "Education & Training": "📚",
  "Technology & Digital": "💻",
  "Healthcare & Medical": "🩺",
  "Home & Lifestyle": "🏡",
  "Art & Crafts": "🎨",
  "Events & Entertainment": "🎉",
  "Fitness & Sports": "🏋️",
  "Travel & Tourism": "✈️",
  "Professional Services": "💼",
  "Agriculture & Organic": "🌱",
  "Real Estate & Property": "🏢",
  "Transportation & Logistics": "🚚",
  "Gifts & Hampers": "🎁",
};
export function categoryEmoji(name: string): string {
  return CATEGORY_EMOJI[name] ?? "🏪";
}

export const CONTACT = {
  email: "hello@bwpdirectory.in",
  phone: "+91 98450 12345",
  phoneHref: "tel:+919845012345",
  address: "2nd Floor, 14 Residency Road, Bengaluru 560025",
  communityUrl: "https://www.facebook.com/groups/bangalorewomenprofessionals",
  hours: "Mon – Sat, 10:00 – 18:00 IST",
} as const;

export const MARKETING = {
  members: "1.5 Lakh+",
  /** `members` as a number of lakhs, for pages that word it in their language (marketing.figure.members). */
  membersLakh: 1.5,
  membersShort: "150K+",
  verifiedSellers: "8,000+",
  monthlyLeads: "50K+",
  whatsappGroups: "10K+",
  activeBusinesses: "500+",
  categories: "15+",
  whatsappMembers: "30K+",
  dailyActive: "90%",
  approvedPostsDaily: "1000+",
  dailyEngagements: "40K+",
  awards: "20+",
  membersOnline: 1247,
  copyrightYear: 2024,
} as const;
