import type { PublicSeller } from "~/models/sellers.server";
import { MARKETING } from "~/lib/constants";
import type { MessageKey, Translate } from "~/lib/i18n";

/** Content whose words are message keys (checked), beside other data. */
type Keys<T> = T & Record<string, unknown>;

// The home page's display content (docs/decisions/023-marketing-figures-are-constants.md: figures are display
// constants, not computed).

/** docs/decisions/018-sixteen-categories.md: the eight tiles link to the nearest of the directory's categories. */
export const HOME_CATEGORIES = [
  {
    name: "home.categories.fashion",
    emoji: "👗",
    count: "2.5K+",
    slug: "fashion-and-apparel",
    directoryName: "Fashion & Apparel",
  },
  {
    name: "home.categories.food",
    emoji: "🍲",
    count: "1.8K+",
    slug: "food-and-beverages",
    directoryName: "Food & Beverages",
  },
  {
    name: "home.categories.homeDecor",
    emoji: "🏡",
    count: "1.2K+",
    slug: "home-and-lifestyle",
    directoryName: "Home & Lifestyle",
  },
  {
    name: "home.categories.beauty",
    emoji: "💄",
    count: "950+",
    slug: "beauty-and-wellness",
    directoryName: "Beauty & Wellness",
  },
  {
    name: "home.categories.services",
    emoji: "💼",
    count: "800+",
    slug: "professional-services",
    directoryName: "Professional Services",
  },
  {
    name: "home.categories.events",
    emoji: "🎉",
    count: "650+",
    slug: "events-and-entertainment",
    directoryName: "Events & Entertainment",
  },
  { name: "home.categories.art", emoji: "🎨", count: "550+", slug: "art-and-crafts", directoryName: "Art & Crafts" },
  {
    name: "home.categories.gifts",
    emoji: "🎁",
    count: "400+",
    slug: "gifts-and-hampers",
    directoryName: "Gifts & Hampers",
  },
] as const satisfies readonly Keys<{ name: MessageKey }>[];

/** The figures the home page's sentences carry (values of their messages). */
export const FIGURES = {
  leads: MARKETING.monthlyLeads,
  sellers: MARKETING.verifiedSellers,
  whatsappMembers: MARKETING.whatsappMembers,
  whatsappGroups: MARKETING.whatsappGroups,
  dailyActive: MARKETING.dailyActive,
} as const;

export const VERIFIED_BENEFITS = [
  { icon: "🛡️", title: "home.benefits.verified.title", text: "home.benefits.verified.text" },
  { icon: "📣", title: "home.benefits.reach.title", text: "home.benefits.reach.text" },
  { icon: "⭐", title: "home.benefits.reviews.title", text: "home.benefits.reviews.text" },
  { icon: "📈", title: "home.benefits.leads.title", text: "home.benefits.leads.text" },
] as const satisfies readonly Keys<{ title: MessageKey; text: MessageKey }>[];

export const COMMUNITY_STATS = [
  { value: MARKETING.membersShort, label: "home.stats.members" },
  { value: MARKETING.verifiedSellers, label: "home.stats.verifiedSellers" },
  { value: MARKETING.monthlyLeads, label: "home.stats.monthlyLeads" },
  { value: MARKETING.whatsappGroups, label: "home.stats.whatsappGroups" },
  { value: MARKETING.activeBusinesses, label: "home.stats.activeBusinesses" },
  { value: MARKETING.categories, label: "home.stats.categories" },
] as const satisfies readonly Keys<{ label: MessageKey }>[];

/** Award titles are translated; the awarding bodies are names. */
export const AWARDS = [
  { year: 2024, title: "home.awards.communityOfYear", by: "Karnataka Startup Summit" },
  { year: 2024, title: "home.awards.socialCommerce", by: "India Digital Impact Awards" },
  { year: 2023, title: "home.awards.leadership", by: "Bengaluru Business Forum" },
  { year: 2023, title: "home.awards.network", by: "SheLeads India" },
] as const satisfies readonly Keys<{ title: MessageKey }>[];

export const MEDIA_MENTIONS = [
  "The Deccan Chronicle",
  "YourStory",
  "Bangalore Mirror",
  "The Hindu BusinessLine",
] as const;

export const TESTIMONIALS = [
  { name: "Priya Sharma", title: "home.testimonials.priya.title", review: "home.testimonials.priya.review" },
  { name: "Meera Iyer", title: "home.testimonials.meera.title", review: "home.testimonials.meera.review" },
  { name: "Anjali Rao", title: "home.testimonials.anjali.title", review: "home.testimonials.anjali.review" },
] as const satisfies readonly Keys<{ title: MessageKey; review: MessageKey }>[];

export const WHAT_IF_SLIDES = [
  { title: "home.whatIf.neighbourhood.title", text: "home.whatIf.neighbourhood.text" },
  { title: "home.whatIf.purchase.title", text: "home.whatIf.purchase.text" },
  { title: "home.whatIf.alone.title", text: "home.whatIf.alone.text" },
  { title: "home.whatIf.trust.title", text: "home.whatIf.trust.text" },
] as const satisfies readonly Keys<{ title: MessageKey; text: MessageKey }>[];

export const ECOSYSTEM_NODES = [
  { name: "home.ecosystem.support.name", text: "home.ecosystem.support.text" },
  { name: "home.ecosystem.events.name", text: "home.ecosystem.events.text" },
  { name: "home.ecosystem.learning.name", text: "home.ecosystem.learning.text" },
  { name: "home.ecosystem.empowerment.name", text: "home.ecosystem.empowerment.text" },
  { name: "home.ecosystem.shopping.name", text: "home.ecosystem.shopping.text" },
] as const satisfies readonly Keys<{ name: MessageKey; text: MessageKey }>[];

export const PILLARS = [
  {
    id: "directory",
    icon: "📒",
    title: "home.pillars.directory.title",
    text: "home.pillars.directory.text",
    link: { to: "/directory", label: "home.pillars.directory.link" },
  },
  {
    id: "programs",
    icon: "🎓",
    title: "home.pillars.programs.title",
    text: "home.pillars.programs.text",
    link: { to: "/contact", label: "home.pillars.programs.link" },
  },
  {
    id: "community",
    icon: "🤝",
    title: "home.pillars.community.title",
    text: "home.pillars.community.text",
    link: { to: "/list-your-business", label: "home.pillars.community.link" },
  },
] as const satisfies readonly Keys<{ title: MessageKey; text: MessageKey; link: Keys<{ label: MessageKey }> }>[];

export const STORY_LINES = [
  "home.story.line1",
  "home.story.line2",
  "home.story.line3",
  "home.story.line4",
  "home.story.line5",
] as const satisfies readonly MessageKey[];

/** The event film (a YouTube video shown through youtube-nocookie.com, loaded only when opened). */
export const EVENT_FILM = { youtubeId: "jNQXAC9IVRw", title: "home.story.filmTitle" } as const satisfies Keys<{
  title: MessageKey;
}>;

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
    headline: "home.cases.sareeSutra.headline",
    campaign: "home.cases.sareeSutra.campaign",
    impact: ["home.cases.sareeSutra.impact1", "home.cases.sareeSutra.impact2", "home.cases.sareeSutra.impact3"],
  },
  {
    brand: "Tiffin Tales",
    headline: "home.cases.tiffinTales.headline",
    campaign: "home.cases.tiffinTales.campaign",
    impact: ["home.cases.tiffinTales.impact1", "home.cases.tiffinTales.impact2", "home.cases.tiffinTales.impact3"],
  },
  {
    brand: "GreenLeaf Organics",
    headline: "home.cases.greenLeaf.headline",
    campaign: "home.cases.greenLeaf.campaign",
    impact: ["home.cases.greenLeaf.impact1", "home.cases.greenLeaf.impact2", "home.cases.greenLeaf.impact3"],
  },
] as const satisfies readonly Keys<{ headline: MessageKey; campaign: MessageKey; impact: readonly MessageKey[] }>[];

export const FINAL_CTA_STATS = [
  { value: MARKETING.approvedPostsDaily, label: "home.finalStats.approvedPosts" },
  { value: MARKETING.dailyEngagements, label: "home.finalStats.engagements" },
  { value: MARKETING.whatsappMembers, label: "home.finalStats.whatsappMembers" },
  { value: MARKETING.awards, label: "home.finalStats.awards" },
] as const satisfies readonly Keys<{ label: MessageKey }>[];

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
  t: Translate,
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
  /** A category's name in the page's language, from its English name (the seller's `category_list`). */
  categoryName: (english: string) => string = (english) => english,
): HomeCard {
  return {
    id: seller.id,
    name: seller.business_name?.trim() || seller.owner_name,
    category: seller.category_list[0] ? categoryName(seller.category_list[0]) : t("home.featured.defaultCategory"),
    speciality: seller.category_list[1] ? categoryName(seller.category_list[1]) : t("home.featured.defaultSpeciality"),
    rating: seller.avg_rating > 0 ? seller.avg_rating : 4.5,
    reviews: seller.review_count ?? 0,
    location: seller.locality?.trim() || seller.city,
    profilePhoto: seller.profile_photo,
    description: (seller.description ?? "").slice(0, 100),
  };
}

/** Shown when there are no featured sellers or they cannot be loaded: names as they are, the rest in the page's language. */
const SAMPLES = [
  { name: "Kalamkari Threads", key: "kalamkari", rating: 4.9, reviews: 128, location: "jayanagar" },
  { name: "Sweet Tooth by Meera", key: "sweetTooth", rating: 4.8, reviews: 96, location: "indiranagar" },
  { name: "Prana Wellness Studio", key: "prana", rating: 4.7, reviews: 74, location: "koramangala" },
  { name: "Ledger & Co.", key: "ledger", rating: 4.8, reviews: 51, location: "hsrLayout" },
  { name: "Mitti Crafts", key: "mitti", rating: 4.6, reviews: 43, location: "malleshwaram" },
  { name: "Utsav Events", key: "utsav", rating: 4.9, reviews: 67, location: "whitefield" },
] as const;

export function sampleSellers(t: Translate): HomeCard[] {
  return SAMPLES.map((s) => ({
    id: null,
    name: s.name,
    category: t(`home.sample.${s.key}.category`),
    speciality: t(`home.sample.${s.key}.speciality`),
    rating: s.rating,
    reviews: s.reviews,
    location: t(`home.sample.${s.location}`),
    profilePhoto: null,
    description: t(`home.sample.${s.key}.description`),
  }));
}

/** The home page's display content, sent by its loader (the view's code then carries none of it). */
export const HOME_CONTENT = {
  AWARDS,
  CASE_STUDIES,
  COMMUNITY_STATS,
  ECOSYSTEM_NODES,
  EVENT_FILM,
  FIGURES,
  FINAL_CTA_STATS,
  HOME_CATEGORIES,
  MEDIA_MENTIONS,
  PILLARS,
  STORY_LINES,
  TESTIMONIALS,
  TRUSTED_BRANDS,
  VERIFIED_BENEFITS,
  WHAT_IF_SLIDES,
};
