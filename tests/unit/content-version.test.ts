import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, openDatabase, targetOf } from "~db/client";
import { createReviewRow, createSeller, createStaffRow } from "~db/seed/factories";
import { todayIso } from "~/lib/dates";
import { LEAD_KINDS } from "~/lib/leads";
import { categoryFormSchema } from "~/lib/validation/categories";
import type { Actor } from "~/models/audit.server";
import { applySellerAction } from "~/models/sellers-admin.server";
import { saveCategory } from "~/models/categories-admin.server";
import { keptWhileContentHolds, readContentVersion, readsBegunAfterTheCall } from "~/models/content-version.server";
import { createEnquiry, subscribeToNewsletter, updateEnquiry } from "~/models/enquiries.server";
import { moveReviews } from "~/models/reviews-admin.server";
import { createReview, flagReview } from "~/models/reviews.server";
import { addLeads } from "~/models/leads.server";
import { insertSession } from "~/models/sessions.server";
import { registerSeller } from "~/models/users.server";
import { attemptPasswordLogin } from "~/services/auth.server";
import { hashPassword } from "~/services/password.server";
import { categoryIdBySlug, createTestDb } from "../support/test-db";

// Only what the public sees moves the content version, so only that empties the response cache. Each
// change runs through the model or service the site uses for it, on this test's own rows; the version
// is read before and after it.

let db: DB;
let cleanup: () => Promise<void>;
let food: number;
const actor: Actor = { id: 0, email: "version-boss@example.in", ip: "10.0.0.9" };
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${Date.now().toString(36)}`;

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  food = await categoryIdBySlug(db, "food-and-beverages");
  actor.id = await createStaffRow(db, { email: actor.email });
});
afterAll(() => cleanup());

/** The change of `write` to the content version: 0 when it left it alone. */
async function moveOf(write: () => Promise<unknown>): Promise<number> {
  const before = await readContentVersion(db);
  await write();
  return (await readContentVersion(db)) - before;
}

const liveSeller = (extra: Parameters<typeof createSeller>[1] = {}) =>
  createSeller(db, { business_name: unique("Live"), categoryIds: [food], ...extra });

describe("the content version", () => {
  it("stays where it is for changes the public does not see", async () => {
    const sellerId = await liveSeller();
    const publishedReview = await createReviewRow(db, sellerId, { status: "published" });
    const pendingSeller = await createSeller(db, { status: "pending", categoryIds: [food] });
    const password = "version-pass-1";
    const email = `${unique("seller")}@example.in`;
    let pendingReview = 0;
    let enquiry = 0;

    const quiet: [string, () => Promise<unknown>][] = [
      [
        "a pending review",
        async () => {
          const made = await createReview(
            db,
            sellerId,
            { reviewer_name: "Asha", rating: 2, review_text: "Slow." },
            { clientAddress: null },
          );
          if (!made.ok) throw new Error(made.reason);
          pendingReview = made.id;
        },
      ],
      ["a pending review rejected by staff", () => moveReviews(db, actor, [pendingReview], "rejected")],
      [
        "a pending application (a sign-up with its draft listing and categories)",
        async () => {
          const made = await registerSeller(db, {
            name: "Version Applicant",
            email,
            mobile: "+919876543210",
            city: "Pune",
            locality: "Baner",
            category_ids: [food],
            subcategory_ids: [],
            passwordHash: await hashPassword(password),
          });
          if (!made.ok) throw new Error(made.message);
        },
      ],
      [
        "an application's staff-only columns and category links",
        async () => {
          await db
            .updateTable("sellers")
            .set({ payment_reference: unique("UTR"), payment_status: "pending", amount_paid: 999 })
            .where("id", "=", pendingSeller)
            .execute();
          await db.deleteFrom("seller_categories").where("seller_id", "=", pendingSeller).execute();
        },
      ],
      [
        "an enquiry",
        async () => {
          enquiry = await createEnquiry(db, {
            name: "Asking",
            email: "ask@example.in",
            mobile: undefined,
            query_type: "general",
            subject: undefined,
            message: "When do you open?",
          } as never);
        },
      ],
      [
        "an enquiry handled by staff",
        () => updateEnquiry(db, actor, enquiry, { status: "resolved", admin_notes: "Done" }),
      ],
      [
        "a newsletter sign-up",
        () => subscribeToNewsletter(db, { email: `${unique("news")}@example.in`, source: "website" }),
      ],
      [
        "a lead tap and a batch of profile views",
        async () => {
          await addLeads(db, [{ sellerId, day: todayIso(), kind: LEAD_KINDS[0], count: 3 }]);
          await db.updateTable("sellers").set({ views_count: 41 }).where("id", "=", sellerId).execute();
        },
      ],
      [
        "a sign-in",
        async () => {
          const outcome = await attemptPasswordLogin(
            db,
            { email, password },
            { portal: "seller", clientAddress: "10.0.0.9" },
          );
          if (!outcome.ok) throw new Error("sign-in refused");
          await insertSession(db, {
            id: unique("session"),
            userId: outcome.user.id,
            createdAt: new Date(),
            lifetimeMs: 60_000,
            ip: "10.0.0.9",
            userAgent: null,
          });
        },
      ],
      ["staff marking a live seller paid", () => applySellerAction(db, actor, [sellerId], "mark_paid")],
      [
        "staff notes and other private columns of a live seller, with its updated_at",
        () =>
          db
            .updateTable("sellers")
            .set({
              admin_notes: "Called her",
              gst_number: "29ABCDE1234F1Z5",
              performance_mail_off: 1,
              renewal_requested_at: new Date().toISOString(),
              updated_at: new Date().toISOString(),
            })
            .where("id", "=", sellerId)
            .execute(),
      ],
      [
        "a published review rewritten with the same words",
        () =>
          db
            .updateTable("reviews")
            .set({ updated_at: new Date().toISOString() })
            .where("id", "=", publishedReview)
            .execute(),
      ],
    ];
    for (const [name, write] of quiet) expect(await moveOf(write), name).toBe(0);
  });

  it("moves for every change the public sees", async () => {
    const sellerId = await liveSeller();
    const leaving = await liveSeller();
    const deleted = await liveSeller();
    const applicant = await createSeller(db, { status: "pending", categoryIds: [food] });
    const pending = await createReviewRow(db, sellerId, { status: "pending" });
    const reported = await createReviewRow(db, sellerId, { status: "published" });
    const category = await saveCategory(
      db,
      actor,
      null,
      categoryFormSchema.parse({ name: unique("Versioned Crafts"), is_active: "on" }),
    );
    if (!category.ok) throw new Error("category not saved");

    const moving: [string, () => Promise<unknown>][] = [
      ["a review published", () => moveReviews(db, actor, [pending], "published")],
      [
        "the seller's reply to a published review",
        () => db.updateTable("reviews").set({ seller_reply: "Thank you!" }).where("id", "=", pending).execute(),
      ],
      // A report takes the review off the profile and out of the rating at once
      // (docs/decisions/004-admin-editors-not-shown.md of review moderation).
      ["a published review reported", () => flagReview(db, sellerId, reported, "Not a customer", "10.0.0.9")],
      ["a published review unpublished", () => moveReviews(db, actor, [pending], "rejected")],
      ["a seller going live", () => applySellerAction(db, actor, [applicant], "approve")],
      ["a seller leaving", () => applySellerAction(db, actor, [leaving], "deactivate")],
      ["a live seller deleted", () => applySellerAction(db, actor, [deleted], "delete")],
      [
        "a category renamed",
        () =>
          saveCategory(
            db,
            actor,
            category.id,
            categoryFormSchema.parse({ name: unique("Renamed Crafts"), is_active: "on" }),
          ),
      ],
      [
        "a live seller's categories",
        () =>
          db
            .insertInto("seller_categories")
            .values({ seller_id: sellerId, category_id: category.id, position: 1 })
            .execute(),
      ],
    ];
    for (const [name, write] of moving) expect(await moveOf(write), name).toBeGreaterThan(0);

    // Every public field of a live seller, one at a time.
    const publicFields = {
      business_name: unique("Renamed"),
      owner_name: "New Owner",
      profile_photo: "new-photo.webp",
      logo: "new-logo.webp",
      is_featured: 1,
      is_verified: 1,
      tagline: "Fresh words",
      description: "A new description",
      locality: "Indiranagar",
      city: "Mumbai",
      category_names: "Something",
      avg_rating: 3.5,
      review_count: 9,
      offers_text: "10% off",
      price_range: "500_1000",
      languages: '["Kannada"]',
      website: "https://example.in",
      mobile: "+919811111111",
      address: "1 New Street",
      whatsapp_link: "https://wa.me/919811111111",
      facebook_link: "https://facebook.com/x",
      instagram: "x",
      youtube_link: "https://youtube.com/x",
      product_images: '["p.webp"]',
      subscription_end_date: "2099-01-01",
      created_at: new Date(0).toISOString(),
    } as const;
    for (const [field, value] of Object.entries(publicFields))
      expect(
        await moveOf(() =>
          db
            .updateTable("sellers")
            .set({ [field]: value })
            .where("id", "=", sellerId)
            .execute(),
        ),
        field,
      ).toBeGreaterThan(0);
  });
});

describe("what is kept while the content holds (the active categories of every directory page)", () => {
  it("is loaded once while nothing public changes, again after a change by another connection, and every time in a transaction", async () => {
    let loads = 0;
    const nameOfFood = keptWhileContentHolds(async (handle) => {
      loads++;
      const row = await handle.selectFrom("categories").select("name").where("id", "=", food).executeTakeFirstOrThrow();
      return row.name;
    });
    const original = await nameOfFood(db);
    expect([await nameOfFood(db), await nameOfFood(db), loads]).toEqual([original, original, 1]);
    // A change the public does not see leaves it kept.
    await createEnquiry(db, {
      name: "Kept",
      email: "kept@example.in",
      mobile: undefined,
      query_type: "general",
      subject: undefined,
      message: "Still kept?",
    } as never);
    expect([await nameOfFood(db), loads]).toEqual([original, 1]);
    const other = openDatabase(targetOf(db));
    try {
      await other.updateTable("categories").set({ name: "Renamed food" }).where("id", "=", food).execute();
      expect([await nameOfFood(db), loads]).toEqual(["Renamed food", 2]);
      await db.transaction().execute(async (trx) => {
        await nameOfFood(trx);
        await nameOfFood(trx);
      });
      expect(loads).toBe(4);
    } finally {
      await other.updateTable("categories").set({ name: original }).where("id", "=", food).execute();
      await other.destroy();
    }
    expect([await nameOfFood(db), loads]).toEqual([original, 5]);
  });
});

describe("reads shared by the requests that wait for one (PostgreSQL's version read)", () => {
  it("gives no caller a read begun before it called, and one read serves everyone who called during the last", async () => {
    // Each read is settled by hand; the log says when each began and each call was made.
    const log: string[] = [];
    const pending: ((value: number) => void)[] = [];
    const read = readsBegunAfterTheCall(() => {
      log.push(`read ${pending.length}`);
      return new Promise<number>((resolve) => pending.push(resolve));
    });
    const call = (name: string) => {
      log.push(`call ${name}`);
      return read();
    };
    const settle = async (n: number) => {
      pending[n](n);
      // Let the settled read's callbacks run (the next read begins in them).
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };

    const a = call("a");
    const b = call("b");
    const c = call("c");
    await settle(0);
    const d = call("d");
    await settle(1);
    await settle(2);
    expect(await Promise.all([a, b, c, d])).toEqual([0, 1, 1, 2]);
    expect(log).toEqual(["call a", "read 0", "call b", "call c", "read 1", "call d", "read 2"]);

    // Idle again: a call begins its own read at once.
    const e = call("e");
    expect(log.at(-1)).toBe("read 3");
    await settle(3);
    expect(await e).toBe(3);
  });

  it("passes a failed read on to the callers that shared it, and reads again for the next", async () => {
    let reads = 0;
    // The second read fails.
    const read = readsBegunAfterTheCall(async () => {
      const n = ++reads;
      await Promise.resolve();
      if (n === 2) throw new Error("connection lost");
      return n;
    });
    const first = read();
    const shared = [read(), read()];
    expect(await first).toBe(1);
    for (const failed of shared) await expect(failed).rejects.toThrow("connection lost");
    expect(await read()).toBe(3);
    expect(reads).toBe(3);
  });
});
