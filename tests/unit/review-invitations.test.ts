import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { startOfIndianDay } from "~/lib/dates";
import { makeInvitation } from "~/services/review-invitations.server";
import { createTestDb } from "../support/test-db";

// The daily limit of a seller's invitations to review her (docs/decisions/222-reviews-people-can-trust.md), in the
// process on a database of its own: the Indian day it counts, and posts racing at the limit. The pages and their
// statuses are tests/unit/review-invitations-http.test.ts.

let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, cleanup } = await createTestDb()));
afterAll(() => cleanup());

describe("startOfIndianDay", () => {
  it("is the last midnight in India (18:30 UTC)", () => {
    expect(startOfIndianDay(new Date("2030-05-10T18:29:59.999Z"))).toBe("2030-05-09T18:30:00.000Z");
    expect(startOfIndianDay(new Date("2030-05-10T18:30:00.000Z"))).toBe("2030-05-10T18:30:00.000Z");
    expect(startOfIndianDay(new Date("2030-05-10T00:00:00.000Z"))).toBe("2030-05-09T18:30:00.000Z");
  });
});

describe("makeInvitation", () => {
  it("lets no more than REVIEW_INVITATIONS_PER_DAY (30) through when they race, and counts from midnight in India", async () => {
    const sellerId = await createSeller(db);
    const now = new Date("2030-05-10T18:29:00.000Z");
    // Made before midnight in India: yesterday's, not counted today.
    await makeInvitation(db, sellerId, "Yesterday", new Date("2030-05-09T18:29:00.000Z"));
    const made = await Promise.all(
      Array.from({ length: 33 }, (_, n) => makeInvitation(db, sellerId, `Racer ${n}`, now)),
    );
    expect(made.filter((m) => m.ok)).toHaveLength(30);
    expect(made.filter((m) => !m.ok)).toEqual(
      Array.from({ length: 3 }, () => ({ ok: false, status: 429, why: "limit", limit: 30, retryAfterSeconds: 60 })),
    );
    expect(
      await db.selectFrom("review_invitations").select("id").where("seller_id", "=", sellerId).execute(),
    ).toHaveLength(31);
  });

  it("refuses a listing that is not public", async () => {
    const sellerId = await createSeller(db, { status: "pending" });
    expect(await makeInvitation(db, sellerId, null)).toEqual({ ok: false, status: 409, why: "not_public" });
  });
});
