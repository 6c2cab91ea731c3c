import { parseWithZod } from "@conform-to/zod/v4";
import { englishMessage as english } from "~/services/api.server";
import sharp from "sharp";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DB, pingDatabase } from "~db/client";
import { slugify } from "~/lib/slug";
import { createSeller, createUserRow } from "~db/seed/factories";
import { HOME_CATEGORIES, sampleSellers, toHomeCard } from "~/services/home-content";
import { translatorFor } from "~/services/i18n.server";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import { applicationFieldsSchema, applicationFormSchema, sellerProfileSchema } from "~/lib/validation/application";
import { contactSchema, newsletterSchema } from "~/lib/validation/contact";
import { createApplication, maskAadhaar } from "~/models/applications.server";
import { subscribeToNewsletter } from "~/models/enquiries.server";
import { getHomeFeatured } from "~/services/home.server";
import { MAX_INPUT_PIXELS, PIXELS_TOO_LARGE_MESSAGE, processImage, SHAPE_MESSAGE } from "~/services/images.server";
import { discardImages, storeImage } from "~/services/uploads.server";
import { categoryIdBySlug, createTestDb } from "../support/test-db";
import {
  gifHtmlPolyglot,
  HTML_PAGE,
  jpegWithGps,
  pngBomb,
  pngImage,
  pngOfAtLeast,
  SVG_WITH_SCRIPT,
  TEXT_FILE,
} from "../support/images";

let db: DB;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, dir, cleanup } = await createTestDb()));
afterAll(() => cleanup());

const validFields = (over: Record<string, unknown> = {}) => ({
  name: "Asha Rao",
  mobile: "+91 98765 43210",
  email: "asha@example.in",
  category_ids: ["1"],
  id_proof_type: "pan_card",
  plan: "6m",
  business_name: "Asha Crafts",
  city: "Bangalore",
  pincode: "560001",
  address: "12 MG Road",
  ...over,
});

function fieldErrors(input: Record<string, unknown>) {
  const result = applicationFieldsSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), english(i.message)]));
}

describe("application schema", () => {
  const required: [string, string][] = [
    ["name", "Name is required"],
    ["mobile", "Mobile number is required"],
    ["email", "Email is required"],
    ["category_ids", "Please select at least one category"],
    ["business_name", "Business name is required"],
    ["city", "City is required"],
    ["pincode", "PIN code is required"],
    ["address", "Address is required"],
    ["id_proof_type", "Please select verification document type"],
    ["plan", "Please select subscription plan"],
  ];
  for (const [field, message] of required) {
    it(`says '${message}' when ${field} is missing or blank`, () => {
      const { [field]: _omit, ...rest } = validFields() as Record<string, unknown>;
      expect(fieldErrors(rest)[field]).toBe(message);
      expect(fieldErrors(validFields({ [field]: field === "category_ids" ? [] : "  " }))[field]).toBe(message);
    });
  }

  it("accepts a complete application and normalises it", () => {
    const r = applicationFieldsSchema.parse(
      validFields({
        city: "bangalore",
        instagram_link: "instagram.com/asha",
        payment_reference: "1234 5678 9012",
        aadhaar_number: "",
      }),
    );
    expect(r.mobile).toBe("+919876543210");
    expect(r.city).toBe("Bangalore");
    expect(r.instagram_link).toBe("https://instagram.com/asha");
    expect(r.payment_reference).toBe("123456789012");
    expect(r.category_ids).toEqual([1]);
  });

  it.each(["98765abcde", "987654321", "9876543210123456"])("refuses the mobile %s", (mobile) => {
    expect(fieldErrors(validFields({ mobile })).mobile).toBe("Please enter a valid mobile number");
  });

  it.each(["asha", "asha@", "asha@example", "a b@example.in"])("refuses the email %s", (email) => {
    expect(fieldErrors(validFields({ email })).email).toBe("Email is invalid");
  });

  // The one PIN code rule (lib/validation/fields.ts): six digits, the first 1–9; spaces typed inside dropped.
  it.each(["012345", "56003", "5600345", "56003a", "५६००३४", "560-034"])("refuses the PIN code %s", (pincode) => {
    expect(fieldErrors(validFields({ pincode })).pincode).toBe("Please enter your six-digit PIN code, e.g. 560034");
  });

  it("takes a PIN code typed with a space as its six digits", () => {
    expect(applicationFieldsSchema.parse(validFields({ pincode: " 560 034 " })).pincode).toBe("560034");
  });

  it("refuses 10,000-character fields with a length message", () => {
    const long = "x".repeat(10_000);
    const errors = fieldErrors(
      validFields({ name: long, business_name: long, address: long, business_description: long }),
    );
    expect(errors).toMatchObject({
      name: "Name must be at most 100 characters",
      business_name: "Business name must be at most 120 characters",
      address: "Address must be at most 300 characters",
      business_description: "Description must be at most 2,000 characters",
    });
  });

  it("refuses a malformed UTR and a javascript: link", () => {
    expect(fieldErrors(validFields({ payment_reference: "12345" })).payment_reference).toBe(
      english(APPLICATION_MESSAGES.utrInvalid),
    );
    expect(fieldErrors(validFields({ website_link: "javascript:alert(1)" })).website_link).toMatch(/valid website/);
  });

  it("checks files: required, image type, 200 KB, at most 3 product images", () => {
    const png = new File([new Uint8Array(100)], "a.png", { type: "image/png" });
    const big = new File([new Uint8Array(201 * 1024)], "big.png", { type: "image/png" });
    const text = new File(["hello"], "notes.txt", { type: "text/plain" });
    const empty = new File([], "empty.png", { type: "image/png" });
    const fd = new FormData();
    for (const [k, v] of Object.entries(validFields())) for (const item of [v].flat()) fd.append(k, String(item));
    fd.append("id_proof_document", big);
    fd.append("payment_screenshot", text);
    fd.append("profile_photo", empty);
    for (let i = 0; i < 4; i++) fd.append("product_images", png);
    const submission = parseWithZod(fd, { schema: applicationFormSchema });
    expect(submission.status).toBe("error");
    const error = submission.status === "error" ? submission.error : {};
    expect(error?.id_proof_document).toEqual([APPLICATION_MESSAGES.tooBig]);
    expect(error?.payment_screenshot).toEqual([APPLICATION_MESSAGES.notImage]);
    expect(error?.profile_photo).toEqual([APPLICATION_MESSAGES.notImage]);
    expect(error?.product_images).toEqual([APPLICATION_MESSAGES.tooManyProducts]);

    const none = new FormData();
    for (const [k, v] of Object.entries(validFields())) for (const item of [v].flat()) none.append(k, String(item));
    none.append("id_proof_document", new File([], "", { type: "application/octet-stream" }));
    const s2 = parseWithZod(none, { schema: applicationFormSchema });
    const e2 = s2.status === "error" ? s2.error : {};
    expect(e2?.id_proof_document).toEqual([APPLICATION_MESSAGES.idProof]);
    expect(e2?.payment_screenshot).toEqual([APPLICATION_MESSAGES.payment]);
    expect(e2?.profile_photo).toEqual([APPLICATION_MESSAGES.profile]);
  });

  it("exports the seller profile group for reuse", () => {
    expect(Object.keys(sellerProfileSchema.shape)).toContain("website_link");
    expect(
      sellerProfileSchema.safeParse({ business_name: "B", city: "Pune", pincode: "411004", address: "x" }).success,
    ).toBe(true);
  });
});

describe("contact and newsletter schemas", () => {
  it("requires name, email, query type and message", () => {
    const r = contactSchema.safeParse({ name: "", email: "", query_type: "", message: "" });
    expect(r.success).toBe(false);
    expect(new Set(r.error?.issues.map((i) => english(i.message)))).toEqual(
      new Set(["Please fill all required fields"]),
    );
    expect(contactSchema.safeParse({ name: "A", email: "a@b.in", query_type: "Other", message: "Hi" }).success).toBe(
      true,
    );
    expect(contactSchema.safeParse({ name: "A", email: "a@b.in", query_type: "Spam", message: "Hi" }).success).toBe(
      false,
    );
  });
  it("requires a valid newsletter email and defaults the source", () => {
    expect(english(newsletterSchema.safeParse({ email: "" }).error?.issues[0].message ?? "")).toBe(
      "Please enter your email address",
    );
    expect(english(newsletterSchema.safeParse({ email: "nope" }).error?.issues[0].message ?? "")).toBe(
      "Please enter a valid email address",
    );
    expect(newsletterSchema.parse({ email: "A@B.in" })).toEqual({ email: "a@b.in", source: "website" });
  });
});

describe("newsletter subscriptions (docs/decisions/021-newsletter-idempotent.md)", () => {
  it("is idempotent per email and reactivates an unsubscribed address", async () => {
    expect(await subscribeToNewsletter(db, { email: "n1@example.in", source: "footer" })).toBe("subscribed");
    expect(await subscribeToNewsletter(db, { email: "n1@example.in", source: "website" })).toBe("already_subscribed");
    await db
      .updateTable("newsletter_subscriptions")
      .set({ status: "unsubscribed" })
      .where("email", "=", "n1@example.in")
      .execute();
    expect(await subscribeToNewsletter(db, { email: "n1@example.in", source: "website" })).toBe("resubscribed");
    const rows = await db
      .selectFrom("newsletter_subscriptions")
      .selectAll()
      .where("email", "=", "n1@example.in")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "active", source: "footer" });
  });
});

describe("image checks", () => {
  it("re-encodes a real image to WebP and strips its metadata (camera, GPS)", async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await processImage(input);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const meta = await sharp(out.data).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(out.data.toString("latin1")).not.toContain("Secret Model");
  });

  const refused: [string, () => Promise<Buffer> | Buffer, string][] = [
    ["a zero-byte file", () => Buffer.alloc(0), APPLICATION_MESSAGES.notImage],
    ["a text file", () => TEXT_FILE, APPLICATION_MESSAGES.notImage],
    ["an HTML file (whatever its name)", () => HTML_PAGE, APPLICATION_MESSAGES.notImage],
    ["an SVG with a script", () => SVG_WITH_SCRIPT, APPLICATION_MESSAGES.notImage],
    ["a GIF/HTML polyglot", gifHtmlPolyglot, APPLICATION_MESSAGES.notImage],
    ["a 20,000 × 20,000 pixel PNG", () => pngBomb(), PIXELS_TOO_LARGE_MESSAGE],
    // Within the pixel budget but slow to decode (30 s and more each, docs/reliability.md): refused from the header.
    ["a 1 × 4,000,000 pixel strip", () => pngBomb(1, 4_000_000), SHAPE_MESSAGE],
    ["a 4,000,000 × 1 pixel strip", () => pngBomb(4_000_000, 1), SHAPE_MESSAGE],
    ["an image 10,001 pixels wide", () => pngBomb(10_001, 1_000), SHAPE_MESSAGE],
    ["an image 21 times taller than wide", () => pngBomb(40, 841), SHAPE_MESSAGE],
    ["an image over 200 KB", () => pngOfAtLeast(201 * 1024), APPLICATION_MESSAGES.tooBig],
  ];
  for (const [label, make, message] of refused) {
    it(`refuses ${label}`, async () => {
      const out = await processImage(await make());
      expect(out).toMatchObject({ ok: false, message });
    });
  }

  it("an ordinary image sent beside four strips is processed; every one is answered", async () => {
    const strips = [1, 2, 3, 4].map(() => processImage(pngBomb(1, 4_000_000)));
    const [ordinary, ...refusedStrips] = await Promise.all([processImage(await pngImage(160, 120, 40)), ...strips]);
    expect(ordinary).toMatchObject({ ok: true, width: 160, height: 120 });
    for (const strip of refusedStrips) expect(strip).toMatchObject({ ok: false, message: SHAPE_MESSAGE });
  });

  it("keeps an ordinary long photo (a 20:1 panorama)", async () => {
    expect(await processImage(await pngImage(1000, 50))).toMatchObject({ ok: true, width: 1000, height: 50 });
  });

  it("keeps the pixel budget well under the bomb", () => {
    expect(MAX_INPUT_PIXELS).toBeLessThan(20_000 * 20_000);
  });

  it("stores public images under UPLOADS_DIR/public and private ones under private, with generated names", async () => {
    const png = await pngImage();
    const pub = await storeImage(db, png, "product_image");
    const priv = await storeImage(db, png, "id_proof_document");
    expect(pub).toMatchObject({ ok: true, visibility: "public" });
    expect(priv).toMatchObject({ ok: true, visibility: "private" });
    if (!pub.ok || !priv.ok) return;
    expect(pub.key).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect(pub.url).toBe(`/uploads/${pub.key}`);
    expect(priv.url).toBe(`/admin/uploads/${priv.key}`);
    expect(existsSync(join(dir, "uploads", "public", pub.key))).toBe(true);
    expect(existsSync(join(dir, "uploads", "private", priv.key))).toBe(true);
    await discardImages(db, [pub, priv]);
    expect(readdirSync(join(dir, "uploads", "private"))).not.toContain(priv.key);
    expect(await db.selectFrom("uploads").select("key").where("key", "in", [pub.key, priv.key]).execute()).toEqual([]);
  });
});

describe("createApplication", () => {
  async function images() {
    const png = await pngImage();
    const store = async (purpose: "id_proof_document" | "payment_screenshot" | "profile_photo" | "product_image") => {
      const r = await storeImage(db, png, purpose);
      if (!r.ok) throw new Error(r.message);
      return r.key;
    };
    return {
      id_proof_document: await store("id_proof_document"),
      payment_screenshot: await store("payment_screenshot"),
      profile_photo: await store("profile_photo"),
      product_images: [await store("product_image")],
    };
  }

  it("creates a pending, unpaid seller with categories, images and an admin notification", async () => {
    const fashion = await categoryIdBySlug(db, "fashion-and-apparel");
    const sub = await db
      .selectFrom("subcategories")
      .select("id")
      .where("category_id", "=", fashion)
      .executeTakeFirstOrThrow();
    const fields = applicationFieldsSchema.parse(
      validFields({
        category_ids: [String(fashion)],
        subcategory_ids: [String(sub.id)],
        id_proof_type: "aadhaar",
        aadhaar_number: "1234 5678 9012",
        payment_reference: "111122223333",
        plan: "elite",
      }),
    );
    const imgs = await images();
    const result = await createApplication(db, fields, imgs);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const seller = await db
      .selectFrom("sellers")
      .selectAll()
      .where("id", "=", result.sellerId)
      .executeTakeFirstOrThrow();
    expect(seller).toMatchObject({
      status: "pending",
      is_paid: 0,
      payment_status: "pending",
      amount_paid: 4999,
      subscription_months: 12,
      aadhaar_number: "XXXX-XXXX-9012",
      payment_reference: "111122223333",
      category_names: "Fashion & Apparel",
      is_featured: 0,
    });
    expect(
      await db.selectFrom("uploads").select("seller_id").where("key", "=", imgs.id_proof_document).executeTakeFirst(),
    ).toEqual({ seller_id: result.sellerId });
    const note = await db
      .selectFrom("notifications")
      .selectAll()
      .where("link", "=", `/admin/sellers/${result.sellerId}`)
      .executeTakeFirst();
    expect(note?.message).toContain("Elite");
  });

  it("refuses a reused UTR, an unknown category and reused images, storing nothing", async () => {
    const before = await db
      .selectFrom("sellers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const used = await createSeller(db, { payment_reference: "999988887777" });
    expect(used).toBeGreaterThan(0);
    const r1 = await createApplication(
      db,
      applicationFieldsSchema.parse(validFields({ payment_reference: "999988887777" })),
      await images(),
    );
    expect(r1).toEqual({
      ok: false,
      reason: "conflict",
      fieldErrors: { payment_reference: [APPLICATION_MESSAGES.utrUsed] },
    });
    const r2 = await createApplication(
      db,
      applicationFieldsSchema.parse(validFields({ category_ids: ["999999"] })),
      await images(),
    );
    expect(r2).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { category_ids: [APPLICATION_MESSAGES.categoryUnknown] },
    });
    const r3 = await createApplication(db, applicationFieldsSchema.parse(validFields()), {
      ...(await images()),
      profile_photo: "0123456789abcdef0123456789abcdef.webp",
    });
    expect(r3).toMatchObject({ ok: false, fieldErrors: { profile_photo: [APPLICATION_MESSAGES.imageNotFound] } });
    const after = await db
      .selectFrom("sellers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1); // only the factory's seller
  });

  it("completes a signed-in seller's own draft listing, and a renewal keeps the live listing, never a second row", async () => {
    const user = await createUserRow(db, {
      email: "own-listing@example.test",
      name: "Own Lister",
      role: "seller",
      password_hash: null,
      mobile: null,
      city: "Pune",
      locality: null,
    });
    const draft = await createSeller(db, {
      user_id: user.id,
      owner_name: "Own Lister",
      status: "pending",
      is_paid: 0,
      business_name: null,
    });
    const first = await createApplication(
      db,
      applicationFieldsSchema.parse(validFields({ plan: "3m" })),
      await images(),
      { userId: user.id },
    );
    expect(first).toMatchObject({ ok: true, sellerId: draft });
    const rows = await db.selectFrom("sellers").selectAll().where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "pending",
      amount_paid: 999,
      subscription_months: 3,
      payment_status: "pending",
    });
    expect(rows[0].payment_screenshot).toBeTruthy();

    // the team approves it; later the seller renews on the 12-month plan
    await db
      .updateTable("sellers")
      .set({ status: "active", is_paid: 1, payment_status: "paid", subscription_end_date: "2099-01-01" })
      .where("id", "=", draft)
      .execute();
    const renewal = await createApplication(
      db,
      applicationFieldsSchema.parse(validFields({ plan: "12m" })),
      await images(),
      { userId: user.id },
    );
    expect(renewal).toMatchObject({ ok: true, sellerId: draft });
    const after = await db.selectFrom("sellers").selectAll().where("user_id", "=", user.id).execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      status: "active",
      is_paid: 1,
      subscription_end_date: "2099-01-01",
      payment_status: "pending",
      amount_paid: 2999,
      subscription_months: 12,
    });
    const note = await db
      .selectFrom("notifications")
      .select("title")
      .where("link", "=", `/admin/sellers/${draft}`)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(note.title).toBe("Renewal application");
  });

  it("masks Aadhaar numbers", () => {
    expect(maskAadhaar("123456789012")).toBe("XXXX-XXXX-9012");
    expect(maskAadhaar(undefined)).toBeNull();
  });
});

describe("home page content", () => {
  it("links the eight category tiles to real directory slugs (docs/decisions/018-sixteen-categories.md)", () => {
    expect(HOME_CATEGORIES).toHaveLength(8);
    for (const c of HOME_CATEGORIES) expect(c.slug).toBe(slugify(c.directoryName));
  });

  it("derives home card fields with the spec's defaults", () => {
    const card = toHomeCard(translatorFor("en-IN"), {
      id: 1,
      business_name: "",
      owner_name: "Owner",
      category_list: [],
      avg_rating: 0,
      review_count: 0,
      locality: null,
      city: "Pune",
      profile_photo: null,
      description: "d".repeat(150),
    });
    expect(card).toEqual({
      id: 1,
      name: "Owner",
      category: "Business",
      speciality: "Professional services",
      rating: 4.5,
      reviews: 0,
      location: "Pune",
      profilePhoto: null,
      description: "d".repeat(100),
    });
  });

  it("falls back to six sample sellers when there are none, and when the query fails (logged)", async () => {
    const t = translatorFor("en-IN");
    const samples = sampleSellers(t);
    const empty = await createTestDb();
    try {
      expect(await getHomeFeatured(empty.db, t)).toEqual({ featured: samples, samples: true });
      expect(samples).toHaveLength(6);
      expect(samples[0]).toMatchObject({
        name: "Kalamkari Threads",
        category: "Fashion & Apparel",
        speciality: "Hand-painted sarees",
        location: "Jayanagar",
      });
      const fashion = await categoryIdBySlug(empty.db, "fashion-and-apparel");
      await createSeller(empty.db, { business_name: "Featured One", is_featured: 1, categoryIds: [fashion] });
      const live = await getHomeFeatured(empty.db, t);
      expect(live.samples).toBe(false);
      expect(live.featured[0]).toMatchObject({ name: "Featured One", category: "Fashion & Apparel" });
    } finally {
      await empty.cleanup();
    }
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = await createTestDb();
    try {
      // Used once, then closed (Kysely opens a pool lazily: one never used would simply open again).
      await pingDatabase(broken.db);
      await broken.db.destroy();
      expect(await getHomeFeatured(broken.db, t)).toEqual({ featured: samples, samples: true });
      expect(spy).toHaveBeenCalledWith("Failed to fetch featured sellers", expect.anything());
    } finally {
      spy.mockRestore();
      await broken.cleanup();
    }
  });
});
