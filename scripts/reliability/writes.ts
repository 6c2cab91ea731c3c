// The site's writes as HTTP requests, each carrying a unique marker, and where each marker lands in
// the database: the crash run checks every acknowledged write by its marker, the load run sends them.
import { sql } from "kysely";
import type { DB } from "~db/client";
import sharp from "sharp";

export const WRITE_KINDS = [
  "review",
  "contact",
  "newsletter",
  "application",
  "signup",
  "category",
  "review-publish",
] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/** Writes made as the signed-in admin (the admin API); the others are anonymous public forms. */
export const ADMIN_WRITES: ReadonlySet<WriteKind> = new Set(["category", "review-publish"]);

export type WriteContext = { sellerIds: number[]; categoryIds: number[]; images: string[] };
export type WriteRequest = { method: "POST" | "PUT"; path: string; body: string };

/** Small real PNGs as data URLs (the application's images: ID, payment, profile, one product). */
export async function applicationImages(): Promise<string[]> {
  const hues = [
    [200, 60, 90],
    [40, 140, 200],
    [90, 200, 60],
    [230, 180, 40],
  ];
  return Promise.all(
    hues.map(async ([r, g, b]) => {
      const png = await sharp({ create: { width: 48, height: 36, channels: 3, background: { r, g, b } } })
        .png()
        .toBuffer();
      return `data:image/png;base64,${png.toString("base64")}`;
    }),
  );
}

const pick = <T>(list: T[], n: number): T => list[n % list.length];

/** The password of every account the "signup" write makes. */
const SIGNUP_PASSWORD = "reliability-pass-123";

/** A sign-in to the account that `writeRequest("signup", marker, …)` made (not a write: the load run's sign-ins). */
export function signInRequest(marker: string): WriteRequest {
  return {
    method: "POST",
    path: "/api/auth/login",
    body: JSON.stringify({ email: `${marker}@example.test`, password: SIGNUP_PASSWORD }),
  };
}

/**
 * The request of one write. `marker` is unique per write ([a-z0-9-]); `target` is the review id for
 * "review-publish" (an acknowledged review), unused otherwise.
 */
export function writeRequest(
  kind: WriteKind,
  marker: string,
  ctx: WriteContext,
  n: number,
  target?: number,
): WriteRequest {
  const json = (path: string, body: unknown, method: "POST" | "PUT" = "POST"): WriteRequest => ({
    method,
    path,
    body: JSON.stringify(body),
  });
  switch (kind) {
    case "review":
      return json("/api/reviews", {
        seller_id: pick(ctx.sellerIds, n),
        reviewer_name: marker,
        rating: (n % 5) + 1,
        review_text: `Reliability review ${marker}: lovely work, delivered on time.`,
      });
    case "contact":
      return json("/api/enquiries/contact", {
        name: marker,
        email: `${marker}@example.test`,
        mobile: "",
        query_type: "General Inquiry",
        subject: "Reliability",
        message: `Message ${marker}`,
      });
    case "newsletter":
      return json("/api/enquiries/newsletter", { email: `${marker}@example.test`, source: "website" });
    case "application": {
      const [id_proof_document, payment_screenshot, profile_photo, product] = ctx.images;
      return json("/api/sellers/submit", {
        name: "Lakshmi Menon",
        mobile: "+91 98450 67890",
        email: `${marker}@example.test`,
        category_ids: [pick(ctx.categoryIds, n)],
        subcategory_ids: [],
        business_name: marker,
        business_description: "Home-made pickles and podis.",
        city: "Bangalore",
        area: "Jayanagar",
        pincode: "560011",
        address: "22 4th Block",
        id_proof_type: "pan_card",
        plan: "3m",
        price_range: "below_500",
        id_proof_document,
        payment_screenshot,
        profile_photo,
        product_images: [product],
      });
    }
    case "signup":
      return json("/api/auth/register", {
        name: "Reliability Seller",
        email: `${marker}@example.test`,
        password: SIGNUP_PASSWORD,
        mobile: "+919845067890",
        city: "Bangalore",
        locality: "Jayanagar",
        category_ids: [pick(ctx.categoryIds, n)],
        subcategory_ids: [],
      });
    case "category":
      return json("/api/admin/categories", { name: marker, description: "Made by the reliability run" });
    case "review-publish":
      return json(`/api/admin/reviews/${target}`, { status: "published" }, "PUT");
  }
}

/**
 * Which of the markers of one kind are in the database (for "review-publish" the markers are review
 * ids, found when that review is published).
 */
export async function markersFound(db: DB, kind: WriteKind, markers: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const present = (marker: string) => {
    switch (kind) {
      case "review":
        return sql`select 1 from reviews where reviewer_name = ${marker}`;
      case "contact":
        return sql`select 1 from enquiries where name = ${marker}`;
      case "newsletter":
        return sql`select 1 from newsletter_subscriptions where email = ${`${marker}@example.test`}`;
      case "application":
        // The listing and its four stored images.
        return sql`select 1 from sellers s where s.business_name = ${marker} and (select count(*) from uploads u where u.seller_id = s.id) = 4`;
      case "signup":
        return sql`select 1 from users where email = ${`${marker}@example.test`}`;
      case "category":
        return sql`select 1 from categories where name = ${marker}`;
      case "review-publish":
        return sql`select 1 from reviews where id = ${Number(marker)} and status = 'published'`;
    }
  };
  for (const marker of markers) if ((await present(marker).execute(db)).rows.length) found.add(marker);
  return found;
}
