import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { auditLines } from "~/lib/audit-details";
import { mondayOf, weeklyActivity } from "~/models/admin-stats.server";
import { listAuditLog, writeAudit } from "~/models/audit.server";
import { createTestDb } from "../support/test-db";

let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, cleanup } = await createTestDb()));
afterAll(() => cleanup());

describe("weekly activity", () => {
  it("finds the Monday of any day", () => {
    expect(mondayOf("2026-11-22")).toBe("2026-11-16"); // a Sunday
    expect(mondayOf("2026-11-23")).toBe("2026-11-23"); // a Monday
    expect(mondayOf("2026-11-25")).toBe("2026-11-23");
    expect(mondayOf("2026-01-01")).toBe("2025-12-29");
  });

  it("counts each table per week over 12 weeks, with empty weeks as 0 and older rows left out", async () => {
    const at = (day: string) => `${day}T10:00:00.000Z`;
    const seller = await createSeller(db, { created_at: at("2026-11-20") });
    await createSeller(db, { created_at: at("2026-11-16") });
    await createSeller(db, { created_at: at("2026-08-30") }); // the Sunday before the window's first Monday
    await createSeller(db, { created_at: at("2026-08-31") }); // the window's first day
    await db
      .insertInto("reviews")
      .values({
        seller_id: seller,
        reviewer_name: "R",
        rating: 5,
        review_text: "Lovely",
        status: "pending",
        created_at: at("2026-11-02"),
        updated_at: at("2026-11-02"),
      })
      .execute();
    await db
      .insertInto("enquiries")
      .values({
        name: "E",
        email: "e@x.in",
        query_type: "Feedback",
        message: "Hi",
        status: "new",
        created_at: at("2026-11-22"),
        updated_at: at("2026-11-22"),
      })
      .execute();
    const weeks = await weeklyActivity(db, "2026-11-22");
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ week_start: "2026-08-31", applications: 1, reviews: 0, enquiries: 0 });
    expect(weeks[11]).toEqual({ week_start: "2026-11-16", applications: 2, reviews: 0, enquiries: 1 });
    expect(weeks.find((w) => w.week_start === "2026-11-02")).toEqual({
      week_start: "2026-11-02",
      applications: 0,
      reviews: 1,
      enquiries: 0,
    });
    expect(weeks.reduce((n, w) => n + w.applications, 0)).toBe(3);
  });
});

describe("the audit log page's data", () => {
  it("filters by actor, action (or its family) and dates, newest first and paged", async () => {
    const write = (action: string, actorEmail: string, day: string) =>
      db
        .insertInto("audit_log")
        .values({
          action,
          actor_email: actorEmail,
          actor_user_id: null,
          target_type: "seller",
          target_id: "7",
          details: null,
          ip: "10.0.0.1",
          created_at: `${day}T09:00:00.000Z`,
        })
        .execute();
    await write("seller.update", "asha@bwp.test", "2001-10-01");
    await write("seller.delete", "asha@bwp.test", "2001-10-05");
    await write("review.publish", "ravi@bwp.test", "2001-10-05");
    await write("seller.update", "ravi_x@bwp.test", "2001-10-09");
    // Other tests write audit rows of today: these are dated 2001 and every query keeps to that year.
    const all = { actor: "", action: "", from: "2001-01-01", to: "2001-12-31" };
    const page = { page: 1, limit: 50 };
    expect((await listAuditLog(db, { ...all, actor: "asha" }, page)).entries.map((e) => e.action)).toEqual([
      "seller.delete",
      "seller.update",
    ]);
    expect((await listAuditLog(db, { ...all, action: "seller." }, page)).total).toBe(3);
    expect((await listAuditLog(db, { ...all, action: "seller.update" }, page)).total).toBe(2);
    expect((await listAuditLog(db, { ...all, from: "2001-10-05", to: "2001-10-05" }, page)).total).toBe(2);
    // `_` in a search is a character, not a wildcard.
    expect((await listAuditLog(db, { ...all, actor: "ravi_" }, page)).entries.map((e) => e.actor_email)).toEqual([
      "ravi_x@bwp.test",
    ]);
    const paged = await listAuditLog(db, { ...all, action: "seller." }, { page: 2, limit: 2 });
    expect(paged).toMatchObject({ total: 3, entries: [{ action: "seller.update", actor_email: "asha@bwp.test" }] });
  });

  it("shows details as readable lines, changes as before → after", async () => {
    await writeAudit(db, {
      action: "seller.update",
      details: { changes: { status: ["pending", "active"], admin_notes: [null, "Called"] } },
    });
    expect(
      auditLines(JSON.stringify({ changes: { status: ["pending", "active"], admin_notes: [null, "Called"] } })),
    ).toEqual([
      { field: "status", text: "pending → active" },
      { field: "admin_notes", text: "— → Called" },
    ]);
    expect(auditLines(JSON.stringify({ after: { email: "m@x.in", role: "moderator", empty: null } }))).toEqual([
      { field: "email", text: "m@x.in" },
      { field: "role", text: "moderator" },
    ]);
    expect(auditLines(JSON.stringify({ portal: "admin" }))).toEqual([{ field: "portal", text: "admin" }]);
    expect(auditLines("not json")).toEqual([{ field: "details", text: "not json" }]);
    expect(auditLines(JSON.stringify({ changes: { description: ["x".repeat(200), ""] } }))[0].text).toMatch(
      /^x{79}… → —$/,
    );
  });
});
