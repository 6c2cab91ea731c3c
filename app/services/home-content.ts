import type { PublicSeller } from "~/models/sellers.server";
import { MARKETING } from "~/lib/constants";

// The home page's display content (docs/decisions/023-marketing-figures-are-constants.md: figures are display
// constants, not computed).

/** docs/decisions/018-sixteen-categories.md: the eight tiles link to the nearest of the directory's categories. */
export const HOME_CATEGORIES = [
  {
    name: "Fashion & Jewelry",
    emoji: "👗",
    count: "2.5K+",
    slug: "fashion-and-apparel",
    directoryName: "Fashion & Apparel",
  },
  {
    name: "Food & Catering",
    emoji: "🍲",
    count: "1.8K+",
    slug: "food-and-beverages",
    directoryName: "Food & Beverages",
  },
  { name: "Home Décor", emoji: "🏡", count: "1.2K+", slug: "home-and-lifestyle", directoryName: "Home & Lifestyle" },
  {
    name: "Beauty & Wellness",
    emoji: "💄",
    count: "950+",
    slug: "beauty-and-wellness",
    directoryName: "Beauty & Wellness",
  },
  {
    name: "Professional Services",
    emoji: "💼",
    count: "800+",
    slug: "professional-services",
    directoryName: "Professional Services",
  },
  {
    name: "Events & Planning",
    emoji: "🎉",
    count: "650+",
    slug: "events-and-entertainment",
    directoryName: "Events & Entertainment",
  },
  { name: "Art & Crafts", emoji: "🎨", count: "550+", slug: "art-and-crafts", directoryName: "Art & Crafts" },
  { name: "Gifts & Hampers", emoji: "🎁", count: "400+", slug: "gifts-and-hampers", directoryName: "Gifts & Hampers" },
] as const;

export const VERIFIED_BENEFITS = [
  {
    icon: "🛡️",
    title: "Verified & trusted",
    text: "Every seller's identity is checked, so customers buy with confidence.",
  },
  {
    icon: "📣",
    title: `Reach ${MARKETING.members} members`,
    text: "Two posts every market day (Wednesday and Saturday) in our community.",
  },
  { icon: "⭐", title: "Reviews that build trust", text: "Collect ratings and reviews on your own profile page." },
  {
    icon: "📈",
    title: `${MARKETING.monthlyLeads} monthly leads`,
    text: "Customers find you by category, city and what you sell.",
  },
] as const;

export const COMMUNITY_STATS = [
  { value: MARKETING.membersShort, label: "Community members" },
  { value: MARKETING.verifiedSellers, label: "Verified sellers" },
  { value: MARKETING.monthlyLeads, label: "Monthly leads" },
  { value: MARKETING.whatsappGroups, label: "WhatsApp groups" },
  { value: MARKETING.activeBusinesses, label: "Active businesses" },
  { value: MARKETING.categories, label: "Categories" },
] as const;

export const AWARDS = [
  { year: 2024, title: "Women Empowerment Community of the Year", by: "Karnataka Startup Summit" },
  { year: 2024, title: "Best Social Commerce Initiative", by: "India Digital Impact Awards" },
  { year: 2023, title: "Outstanding Community Leadership", by: "Bengaluru Business Forum" },
  { year: 2023, title: "Top Women Entrepreneur Network", by: "SheLeads India" },
] as const;

export const MEDIA_MENTIONS = [
  "The Deccan Chronicle",
  "YourStory",
  "Bangalore Mirror",
  "The Hindu BusinessLine",
] as const;

export const TESTIMONIALS = [
  {
    name: "Priya Sharma",
    title: "Founder, Kalamkari Threads",
    review:
      "Within two months of listing I had more enquiries than in the whole previous year. The community genuinely shows up for women-led brands.",
  },
  {
    name: "Meera Iyer",
    title: "Home baker, Sweet Tooth by Meera",
    review:
      "The verified badge changed everything — customers trust me before they even taste the cake. The market-day posts bring orders every week.",
  },
  {
    name: "Anjali Rao",
    title: "Wellness coach, Prana Studio",
    review:
      "I found clients, collaborators and friends here. It feels less like a directory and more like a family that wants you to win.",
  },
] as const;

export const WHAT_IF_SLIDES = [
  {
    title: "What if your neighbourhood knew what you make?",
    text: "Thousands of families around you are looking for exactly what you sell — they just haven't found you yet.",
  },
  {
    title: "What if every purchase lifted a woman's dream?",
    text: "Each order from a woman-led business funds school fees, new equipment and the next big idea.",
  },
  {
    title: "What if you never had to grow alone?",
    text: "Mentors, peers and customers in one place, ready to cheer, advise and buy.",
  },
  {
    title: "What if trust came built in?",
    text: "Verified profiles and honest reviews mean customers choose you with confidence.",
  },
] as const;

export const ECOSYSTEM_NODES = [
  { name: "Support", text: "Mentors and peers who answer within minutes" },
  { name: "Events", text: "Markets, meetups and masterclasses" },
  { name: "Learning", text: "Workshops on pricing, marketing and finance" },
  { name: "Empowerment", text: "Confidence, visibility and leadership" },
  { name: "Shopping", text: "Customers who choose women-led brands first" },
] as const;

export const PILLARS = [
  {
    id: "directory",
    icon: "📒",
    title: "The Directory",
    text: "A verified, searchable home for women-led businesses — discovered by category, city and what they sell.",
    link: { to: "/directory", label: "Browse the directory" },
  },
  {
    id: "programs",
    icon: "🎓",
    title: "Programs",
    text: "Workshops, mentoring circles and growth programs designed with and for women founders.",
    link: { to: "/contact", label: "Ask about programs" },
  },
  {
    id: "community",
    icon: "🤝",
    title: "Community",
    text: `${MARKETING.whatsappMembers} members across ${MARKETING.whatsappGroups} WhatsApp groups, ${MARKETING.dailyActive} active every day.`,
    link: { to: "/list-your-business", label: "Join as a seller" },
  },
] as const;

export const STORY_LINES = [
  "It started with a handful of women sharing what they made.",
  "A WhatsApp group became ten, then a thousand.",
  `Today ${MARKETING.members} women professionals lift each other up —`,
  "buying from, mentoring and celebrating one another.",
  "This directory is how we make that support findable.",
] as const;

/** The event film (a YouTube video shown through youtube-nocookie.com, loaded only when opened). */
export const EVENT_FILM = { youtubeId: "jNQXAC9IVRw", title: "BWP Community annual meet — event film" } as const;

export const TRUSTED_BRANDS = [
  "Namma Bazaar",
  "Craftsvilla Collective",
  "GreenLeaf Organics",
  "Saree Sutra",
  "UrbanNest",
  "Tiffin Tales",
] as const;

export const CASE_STUDIES = [
  {
    brand: "Saree Sutra",
    headline: "From weekend stall to city-wide brand",
    campaign: "A festive-season spotlight across market-day posts and the featured carousel.",
    impact: ["3× online enquiries in 6 weeks", "240+ new customers", "2 retail partnerships"],
  },
  {
    brand: "Tiffin Tales",
    headline: "A home kitchen that now feeds offices",
    campaign: "Verified listing plus reviews from the community's corporate members.",
    impact: ["45 daily subscriptions", "4.9★ from 180 reviews", "Hired 5 women cooks"],
  },
  {
    brand: "GreenLeaf Organics",
    headline: "Organic produce, trusted from day one",
    campaign: "An Elite listing with a story-led post series on sustainable farming.",
    impact: ["1,200+ orders in a quarter", "Featured in local media", "Expanded to 3 cities"],
  },
] as const;

export const FINAL_CTA_STATS = [
  { value: MARKETING.approvedPostsDaily, label: "Approved posts daily" },
  { value: MARKETING.dailyEngagements, label: "Daily engagements" },
  { value: MARKETING.whatsappMembers, label: "WhatsApp members" },
  { value: MARKETING.awards, label: "Awards" },
] as const;

/** What a home featured card shows (spec point 9 defaults). */
export interface HomeCard {
  id: number | null;
  name: string;
  category: string;
  speciality: string;
  rating: number;
  reviews: number;
  location: string;
  profilePhoto: string | null;
  description: string;
}

export function toHomeCard(
  seller: Pick<
    PublicSeller,
    | "id"
    | "business_name"
    | "owner_name"
    | "category_list"
    | "avg_rating"
    | "review_count"
    | "locality"
    | "city"
    | "profile_photo"
    | "description"
  >,
): HomeCard {
  return {
    id: seller.id,
    name: seller.business_name?.trim() || seller.owner_name,
    category: seller.category_list[0] ?? "Business",
    speciality: seller.category_list[1] ?? "Professional services",
    rating: seller.avg_rating > 0 ? seller.avg_rating : 4.5,
    reviews: seller.review_count ?? 0,
    location: seller.locality?.trim() || seller.city,
    profilePhoto: seller.profile_photo,
    description: (seller.description ?? "").slice(0, 100),
  };
}

/** Shown when there are no featured sellers or they cannot be loaded. */
export const SAMPLE_SELLERS: HomeCard[] = [
  {
    id: null,
    name: "Kalamkari Threads",
    category: "Fashion & Apparel",
    speciality: "Hand-painted sarees",
    rating: 4.9,
    reviews: 128,
    location: "Jayanagar",
    profilePhoto: null,
    description: "Hand-painted kalamkari sarees and dupattas made by women artisans.",
  },
  {
    id: null,
    name: "Sweet Tooth by Meera",
    category: "Food & Beverages",
    speciality: "Custom cakes",
    rating: 4.8,
    reviews: 96,
    location: "Indiranagar",
    profilePhoto: null,
    description: "Eggless celebration cakes and cookies baked fresh to order.",
  },
  {
    id: null,
    name: "Prana Wellness Studio",
    category: "Beauty & Wellness",
    speciality: "Yoga and nutrition",
    rating: 4.7,
    reviews: 74,
    location: "Koramangala",
    profilePhoto: null,
    description: "Yoga, breathwork and nutrition coaching for busy women.",
  },
  {
    id: null,
    name: "Ledger & Co.",
    category: "Professional Services",
    speciality: "GST and bookkeeping",
    rating: 4.8,
    reviews: 51,
    location: "HSR Layout",
    profilePhoto: null,
    description: "Friendly accounting and GST filing for small businesses and freelancers.",
  },
  {
    id: null,
    name: "Mitti Crafts",
    category: "Art & Crafts",
    speciality: "Terracotta décor",
    rating: 4.6,
    reviews: 43,
    location: "Malleshwaram",
    profilePhoto: null,
    description: "Handmade terracotta planters, lamps and décor from Channapatna artisans.",
  },
  {
    id: null,
    name: "Utsav Events",
    category: "Events & Entertainment",
    speciality: "Intimate weddings",
    rating: 4.9,
    reviews: 67,
    location: "Whitefield",
    profilePhoto: null,
    description: "Warm, personal weddings and celebrations planned end to end.",
  },
];
