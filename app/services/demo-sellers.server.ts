import type { DB } from "~db/client";
import type { NewSeller } from "~db/schema";
import { pincodeColumns } from "~db/pincodes";
import {
  BUSINESS_WORDS,
  CITY_LANGUAGE,
  DEMO_TEXTS_IN,
  demoDescriptionIn,
  FIRST_NAMES,
  LANGUAGES,
  LAST_NAMES,
  LOCALITIES,
  LOCALITY_PINCODES,
  REVIEW_TEXTS,
  REVIEWER_NAMES,
  SELLER_REPLIES,
} from "~db/seed/demo-data";
import { CITIES, PLANS, PRICE_RANGES } from "~/lib/constants";
import { addMonths, todayIso } from "~/lib/dates";
import { emptyWeek, type HoursRange, type OpeningHours, type Weekday, WEEKDAYS } from "~/lib/opening-hours";
import { type DemoSeller, demoSellerContext, insertDemoSellers } from "~/models/demo-sellers.server";
import { ensureImageVariants } from "./images.server";
import { uploadKey, uploadStore } from "./upload-store.server";
import { loadSharp } from "./sharp.server";

// Demo sellers for a demo, a trial or the benchmark (never seeded unasked: SEED_DEMO, `npm run db:seed
// -- --demo N`): made-up businesses with locally drawn images, reviews and replies, the same for the
// same seed.

/** A small deterministic PRNG so the same seed gives the same demo data. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DEMO_IMAGE_COUNT = 24;
const DEMO_AVATAR_COUNT = 12;

/** Generates (once) a small pool of demo product and profile images as WebP, with their smaller copies, under the public uploads folder. */
export async function ensureDemoImages(): Promise<{ products: string[]; avatars: string[] }> {
  const store = uploadStore();
  const products: string[] = [];
  const avatars: string[] = [];
  for (let i = 0; i < DEMO_IMAGE_COUNT; i++) {
    const key = `demo-product-${i}.webp`;
    products.push(key);
    if (await store.exists(uploadKey("public", key))) {
      await ensureImageVariants(store, key);
      continue;
    }
    const hue = (i * 47) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,45%)"/>
      </linearGradient></defs>
      <rect width="640" height="480" fill="url(#g)"/>
      <circle cx="${160 + ((i * 37) % 320)}" cy="${140 + ((i * 23) % 200)}" r="${70 + (i % 5) * 18}" fill="hsla(${(hue + 180) % 360},80%,92%,0.55)"/>
      <rect x="${60 + ((i * 53) % 360)}" y="${260 + (i % 3) * 30}" width="180" height="120" rx="24" fill="hsla(${(hue + 90) % 360},70%,30%,0.35)"/>
    </svg>`;
    const drawn = await (await loadSharp())(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
    await store.put(uploadKey("public", key), drawn, { contentType: "image/webp" });
    await ensureImageVariants(store, key);
  }
  for (let i = 0; i < DEMO_AVATAR_COUNT; i++) {
    const key = `demo-avatar-${i}.webp`;
    avatars.push(key);
    if (await store.exists(uploadKey("public", key))) {
      await ensureImageVariants(store, key);
      continue;
    }
    const hue = (i * 71 + 15) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
      <rect width="256" height="256" fill="hsl(${hue},55%,85%)"/>
      <circle cx="128" cy="100" r="52" fill="hsl(${hue},45%,40%)"/>
      <ellipse cx="128" cy="250" rx="96" ry="80" fill="hsl(${hue},45%,40%)"/>
    </svg>`;
    const drawn = await (await loadSharp())(Buffer.from(svg)).webp({ quality: 75 }).toBuffer();
    await store.put(uploadKey("public", key), drawn, { contentType: "image/webp" });
    await ensureImageVariants(store, key);
  }
  return { products, avatars };
}

const range = (opens: string, closes: string): HoursRange => ({ opens, closes });
const days = (weekdays: Weekday[], ranges: HoursRange[]) =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, weekdays.includes(day) ? ranges : []])) as OpeningHours["week"];
const MON_SAT: Weekday[] = ["mon", "tue", "wed", "thu", "fri", "sat"];
/**
 * The demo's opening hours, taken in turn by seller (none for every fifth): a shop's day, a kitchen's lunch
 * and dinner, a late studio that passes midnight on Saturdays, a Sunday market stall, and by appointment,
 * so a newcomer's directory has sellers open and closed at any hour and "Open now" finds some.
 */
const DEMO_HOURS: (OpeningHours | null)[] = [
  { week: days(MON_SAT, [range("10:00", "20:00")]), by_appointment: false, special_days: [] },
  {
    week: days([...MON_SAT, "sun"], [range("11:00", "15:00"), range("18:00", "22:00")]),
    by_appointment: false,
    special_days: [],
  },
  { week: emptyWeek(), by_appointment: true, special_days: [] },
  {
    week: { ...days(["tue", "wed", "thu", "fri"], [range("16:00", "22:00")]), sat: [range("16:00", "01:00")] },
    by_appointment: false,
    special_days: [],
  },
  null,
  {
    week: days(["mon", "tue", "wed", "thu", "fri"], [range("09:00", "18:00")]),
    by_appointment: false,
    special_days: [],
  },
  {
    week: { ...emptyWeek(), sat: [range("08:00", "13:00")], sun: [range("08:00", "13:00")] },
    by_appointment: false,
    special_days: [],
  },
];

function demoHours(n: number): string | null {
  const hours = DEMO_HOURS[n % DEMO_HOURS.length];
  return hours ? JSON.stringify(hours) : null;
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)];
}

/**
 * Adds `count` realistic demo sellers with published and pending reviews and some seller replies.
 * Most are public (active, subscription running); some are pending, inactive or expired.
 */
export async function seedDemoSellers(db: DB, count: number, seed = 42): Promise<void> {
  if (count <= 0) return;
  const rand = mulberry32(seed);
  const images = await ensureDemoImages();
  const { categories, subcategories, existing } = await demoSellerContext(db);
  const today = todayIso();

  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const batch: DemoSeller[] = [];
    {
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const n = existing + i;
        const first = pick(rand, FIRST_NAMES);
        const last = pick(rand, LAST_NAMES);
        const owner = `${first} ${last}`;
        const city = i % 3 === 0 ? "Bangalore" : pick(rand, CITIES);
        const locality = pick(rand, LOCALITIES[city]);
        const mainCat = pick(rand, categories);
        const words = BUSINESS_WORDS[mainCat.name] ?? BUSINESS_WORDS["Gifts & Hampers"];
        const catIds = [mainCat.id];
        if (rand() < 0.4) {
          const second = pick(rand, categories);
          if (second.id !== mainCat.id) catIds.push(second.id);
        }
        const subIds = subcategories
          .filter((s) => catIds.includes(s.category_id) && rand() < 0.35)
          .map((s) => s.id)
          .slice(0, 3);
        const plan = pick(rand, PLANS);
        const roll = rand();
        const status = roll < 0.86 ? "active" : roll < 0.93 ? "pending" : roll < 0.97 ? "inactive" : "rejected";
        const live = status === "active" || status === "inactive";
        const startOffset = -Math.floor(rand() * plan.months * 28);
        const startDate = live ? shiftDays(today, startOffset) : null;
        let endDate = startDate ? addMonths(startDate, plan.months) : null;
        if (live && rand() < 0.04) endDate = shiftDays(today, -1 - Math.floor(rand() * 60)); // lapsed
        const businessName =
          rand() < 0.92
            ? `${pick(rand, [first, last, locality, "Sakhi", "Shakti", "Aangan", "Nari"])} ${pick(rand, words.nouns)}`
            : null;
        const stamp = new Date(Date.now() - Math.floor(rand() * 400) * 86_400_000).toISOString();
        const langs = [
          "English",
          CITY_LANGUAGE[city] ?? "Hindi",
          ...(rand() < 0.5 ? ["Hindi"] : []),
          ...(rand() < 0.15 ? [pick(rand, LANGUAGES)] : []),
        ];
        const handle = `${(businessName ?? owner).toLowerCase().replace(/[^a-z0-9]+/g, "")}${n}`;
        const productCount = Math.floor(rand() * 4);
        const products = Array.from({ length: productCount }, () => pick(rand, images.products));
        const featured = status === "active" && (plan.featured || rand() < 0.08);
        const seller: NewSeller = {
          owner_name: owner,
          business_name: businessName,
          email: `${first.toLowerCase()}.${last.toLowerCase().replace(/[^a-z]/g, "")}${n}@example.in`,
          mobile: `+919${String(100000000 + Math.floor(rand() * 899999999)).slice(0, 9)}`,
          city,
          locality,
          address: `${1 + Math.floor(rand() * 300)}, ${pick(rand, ["1st Main", "2nd Cross", "MG Road", "Temple Street", "Lake View Road", "Station Road"])}, ${locality}, ${city} ${LOCALITY_PINCODES[city][locality]}`,
          ...pincodeColumns(LOCALITY_PINCODES[city][locality]),
          tagline: pick(rand, words.taglines),
          description: `${owner} started ${businessName ?? "this business"} in ${locality} to bring ${mainCat.name.toLowerCase()} to families across ${city}. Every order is handled personally, with care for quality and a warm welcome for first-time customers.`,
          price_range: pick(rand, PRICE_RANGES).value,
          languages: JSON.stringify([...new Set(langs)]),
          website: rand() < 0.5 ? `https://${handle}.example.in` : null,
          whatsapp_link: rand() < 0.7 ? `https://wa.me/919${String(Math.floor(rand() * 1e9)).padStart(9, "0")}` : null,
          facebook_link: rand() < 0.4 ? `https://facebook.com/${handle}` : null,
          instagram: rand() < 0.6 ? `https://instagram.com/${handle}` : null,
          youtube_link: rand() < 0.15 ? `https://youtube.com/@${handle}` : null,
          profile_photo: rand() < 0.7 ? pick(rand, images.avatars) : null,
          product_images: JSON.stringify([...new Set(products)]),
          offers_text: rand() < 0.5 ? pick(rand, words.offers) : null,
          // From the seller's number, not the random sequence: the rest of the demo stays as it was.
          opening_hours: demoHours(n),
          id_proof_type: pick(rand, ["aadhaar", "driving_license", "pan_card"]),
          payment_status: live ? "paid" : "pending",
          amount_paid: plan.amount,
          subscription_months: plan.months,
          subscription_start_date: startDate,
          subscription_end_date: endDate,
          status,
          is_verified: live && rand() < 0.75 ? 1 : 0,
          is_featured: featured ? 1 : 0,
          is_paid: live ? 1 : 0,
          created_at: stamp,
          updated_at: stamp,
        };
        const reviewCount = status === "active" ? Math.floor(rand() * 6) : 0;
        const reviewRows = Array.from({ length: reviewCount }, (_, r) => {
          // Spread between the listing's creation and now: a demo review is never dated in the future.
          const created = new Date(
            Date.parse(stamp) + ((Date.now() - Date.parse(stamp)) * (r + 1)) / (reviewCount + 1),
          ).toISOString();
          const reply = rand() < 0.3 ? pick(rand, SELLER_REPLIES) : null;
          return {
            reviewer_name: pick(rand, REVIEWER_NAMES),
            rating: Math.max(1, Math.min(5, Math.round(3.6 + rand() * 1.8))),
            review_text: pick(rand, REVIEW_TEXTS),
            status: (rand() < 0.8 ? "published" : "pending") as "published" | "pending",
            seller_reply: reply,
            seller_reply_date: reply ? created : null,
            created_at: created,
            updated_at: created,
            // What the profile marks (docs/decisions/222-reviews-people-can-trust.md), from the seller's and the
            // review's numbers, not the random sequence: a verified customer's (an invitation or a quote request
            // made a week before), a confirmed address, an edit.
            ...demoReviewMarks(n, r, created),
          };
        });
        Object.assign(seller, demoTextsInLanguages(n, seller, mainCat.name));
        batch.push({ seller, categoryIds: catIds, subcategoryIds: subIds, reviews: reviewRows });
      }
    }
    await insertDemoSellers(db, batch);
  }
}

/**
 * Hindi and Kannada for some demo sellers, by their number (no draw from the generator, so the rest of the
 * data stays what the seed gave before): every sixth writes English and adds Hindi and Kannada versions;
 * every sixth from the third writes her original in Kannada or (the next one) Devanagari script.
 */
function demoTextsInLanguages(n: number, seller: NewSeller, category: string): Partial<NewSeller> {
  const texts = DEMO_TEXTS_IN[category];
  if (!texts) return {};
  const names = {
    owner: seller.owner_name,
    business: seller.business_name ?? seller.owner_name,
    locality: seller.locality ?? seller.city,
    city: seller.city,
  };
  if (n % 6 === 1)
    return {
      tagline: texts.tagline.en,
      tagline_hi: texts.tagline.hi,
      tagline_kn: texts.tagline.kn,
      description_hi: demoDescriptionIn("hi", { ...names, offer: texts.offer.hi }),
      description_kn: demoDescriptionIn("kn", { ...names, offer: texts.offer.kn }),
    };
  if (n % 6 === 3) {
    const language = n % 12 === 3 ? "kn" : "hi";
    return {
      tagline: texts.tagline[language],
      description: demoDescriptionIn(language, { ...names, offer: texts.offer[language] }),
    };
  }
  return {};
}

function shiftDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A demo review's marks: about a third verified customers', half confirmed addresses, one in seven edited. */
function demoReviewMarks(sellerNumber: number, reviewNumber: number, created: string) {
  const k = sellerNumber * 7 + reviewNumber;
  const weekBefore = new Date(Date.parse(created) - 7 * 86_400_000).toISOString();
  const verified_by = k % 3 === 0 ? ("invitation" as const) : k % 5 === 1 ? ("quote" as const) : null;
  return {
    verified_by,
    verified_on: verified_by ? weekBefore : null,
    email_confirmed_at: verified_by === "quote" || k % 2 === 0 ? created : null,
    edited_at: k % 7 === 3 ? created : null,
  };
}
