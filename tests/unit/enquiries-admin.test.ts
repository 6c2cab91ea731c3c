import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "~db/client";
import {
  apiEnquiryQuery,
  apiEnquiryUpdateSchema,
  apiSubscriptionQuery,
  enquiryFiltersFrom,
  enquiryUpdateFormSchema,
  subscriptionFiltersFrom,
} from "~/lib/validation/enquiries";
import {
  createEnquiry,
  getEnquiry,
  listAdminEnquiries,
  listAdminSubscriptions,
  streamEnquiriesForExport,
  streamSubscriptionsForExport,
  subscribeToNewsletter,
  updateEnquiry,
} from "~/models/enquiries.server";
import { csvResponse } from "~/services/csv.server";
import { ENQUIRY_EXPORT_COLUMNS, NEWSLETTER_EXPORT_COLUMNS } from "~/services/enquiry-export.server";
import {
  subscribeWithWelcome,
  UNSUBSCRIBE_BAD_LINK,
  unsubscribeToken,
  unsubscribeUrl,
  unsubscribeWithToken,
  verifyUnsubscribeToken,
} from "~/services/newsletter.server";
import { createTestDb } from "../support/test-db";
import { mailLinkOrigin } from "~/services/public-url.server";
import { createUserRow } from "~db/seed/factories";

let db: DB;
let cleanup: () => Promise<void>;
const actor = { id: 0, email: "admin@example.in", ip: "203.0.113.9" };
beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  const stamp = new Date().toISOString();
  const user = await createUserRow(db, {
    email: actor.email,
    name: "Admin",
    role: "admin",
    is_active: 1,
    created_at: stamp,
    updated_at: stamp,
  });
  actor.id = user.id;
});
afterAll(() => cleanup());

const all = { search: "", status: "" as const, query_type: "" as const };
const page = (n = 1, limit = 20) => ({ page: n, limit });

async function enquiry(over: Partial<Parameters<typeof createEnquiry>[1]> = {}) {
  return createEnquiry(db, {
    name: "Asha Rao",
    email: "asha@example.in",
    mobile: undefined,
    subject: undefined,
    query_type: "General Inquiry",
    message: "Hello there",
    ...over,
  });
}

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe("the enquiries list", () => {
  it("searches name, email, subject and message (LIKE wildcards taken literally), filters by status and type, pages newest first", async () => {
    const a = await enquiry({ name: "Zebra Kapoor", message: "About 100% cotton" });
    const b = await enquiry({ name: "Meera", email: "meera@zebra.in", query_type: "Partnership", subject: "Tie-up" });
    const c = await enquiry({ name: "Other", message: "nothing to see" });
    const found = await listAdminEnquiries(db, { ...all, search: "zebra" }, page());
    expect(found.total).toBe(2);
    expect(found.enquiries.map((e) => e.id)).toEqual([b, a]);
    expect((await listAdminEnquiries(db, { ...all, search: "100%" }, page())).enquiries.map((e) => e.id)).toEqual([a]);
    expect((await listAdminEnquiries(db, { ...all, search: "0%c" }, page())).total).toBe(0);
    expect(
      (await listAdminEnquiries(db, { ...all, query_type: "Partnership" }, page())).enquiries.map((e) => e.id),
    ).toEqual([b]);
    await updateEnquiry(db, actor, c, { status: "resolved" });
    expect((await listAdminEnquiries(db, { ...all, status: "resolved" }, page())).enquiries.map((e) => e.id)).toEqual([
      c,
    ]);
    const second = await listAdminEnquiries(db, all, page(2, 2));
    expect(second.total).toBeGreaterThanOrEqual(3);
    expect(second.enquiries[0].id).toBe(a);
  });
});

describe("updating an enquiry", () => {
  it("changes status and notes with one audit row of the changed fields as [before, after]", async () => {
    const id = await enquiry({ name: "Audit Me" });
    const result = await updateEnquiry(db, actor, id, { status: "in_progress", admin_notes: "Called back" });
    expect(result).toMatchObject({
      ok: true,
      changed: true,
      enquiry: { status: "in_progress", admin_notes: "Called back" },
    });
    expect(await getEnquiry(db, id)).toMatchObject({ status: "in_progress", admin_notes: "Called back" });
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("target_type", "=", "enquiry")
      .where("target_id", "=", String(id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "enquiry.update",
      actor_user_id: actor.id,
      actor_email: "admin@example.in",
      ip: "203.0.113.9",
    });
    expect(JSON.parse(audit[0].details!)).toEqual({
      changes: { status: ["new", "in_progress"], admin_notes: [null, "Called back"] },
    });

    // Notes left out are kept; only the status is in the audit.
    await updateEnquiry(db, actor, id, { status: "closed" });
    expect(await getEnquiry(db, id)).toMatchObject({ status: "closed", admin_notes: "Called back" });
    const last = await db
      .selectFrom("audit_log")
      .select("details")
      .where("target_id", "=", String(id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(last.details!)).toEqual({ changes: { status: ["in_progress", "closed"] } });

    // Nothing changed: no audit row.
    expect(await updateEnquiry(db, actor, id, { status: "closed" })).toMatchObject({ ok: true, changed: false });
    expect(
      await db
        .selectFrom("audit_log")
        .select("id")
        .where("target_id", "=", String(id))
        .where("target_type", "=", "enquiry")
        .execute(),
    ).toHaveLength(2);
  });

  it("answers 404 for an unknown id and writes nothing", async () => {
    const before = await db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(await updateEnquiry(db, actor, 987654, { status: "resolved" })).toEqual({
      ok: false,
      reason: "not_found",
      message: expect.stringContaining("Enquiry not found"),
    });
    const after = await db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe("the enquiry schemas (shared by page and API)", () => {
  it("allows only in_progress, resolved and closed, and bounds the notes", () => {
    expect(apiEnquiryUpdateSchema.safeParse({ status: "new" }).error?.issues[0].message).toBe(
      "status must be one of in_progress, resolved, closed",
    );
    expect(apiEnquiryUpdateSchema.safeParse({ status: "bogus" }).success).toBe(false);
    expect(apiEnquiryUpdateSchema.parse({ status: "resolved" })).toEqual({ status: "resolved" });
    expect(apiEnquiryUpdateSchema.parse({ status: "resolved", admin_notes: "  " })).toEqual({
      status: "resolved",
      admin_notes: null,
    });
    expect(apiEnquiryUpdateSchema.safeParse({ status: "resolved", admin_notes: "x".repeat(2001) }).success).toBe(false);
    expect(enquiryUpdateFormSchema.parse({ status: "closed" })).toEqual({ status: "closed", admin_notes: null });
  });

  it("the page falls back to 'all' for unknown filter values; the API refuses them and limits over 100", () => {
    const bad = new URLSearchParams({ status: "lost", query_type: "Nope", search: "  hi " });
    expect(enquiryFiltersFrom(bad)).toEqual({ search: "hi", status: "", query_type: "" });
    expect(apiEnquiryQuery(bad)).toEqual({ ok: false, message: expect.stringContaining("status must be one of") });
    expect(apiEnquiryQuery(new URLSearchParams({ limit: "101" }))).toEqual({
      ok: false,
      message: "limit must be a whole number from 1 to 100",
    });
    expect(apiEnquiryQuery(new URLSearchParams({ page: "0" })).ok).toBe(false);
    expect(apiEnquiryQuery(new URLSearchParams({ query_type: "Media & Press", limit: "5" }))).toEqual({
      ok: true,
      filters: { search: "", status: "", query_type: "Media & Press" },
      paging: { page: 1, limit: 5 },
    });
    expect(subscriptionFiltersFrom(new URLSearchParams({ source: "homepage_final_cta", status: "gone" }))).toEqual({
      search: "",
      status: "",
      source: "homepage_final_cta",
    });
    expect(apiSubscriptionQuery(new URLSearchParams({ source: "tv" })).ok).toBe(false);
  });
});

describe("newsletter subscriptions and exports", () => {
  it("lists subscriptions by email, status and source", async () => {
    await subscribeToNewsletter(db, { email: "list-a@example.in", source: "homepage_final_cta" });
    await subscribeToNewsletter(db, { email: "list-b@example.in", source: "footer" });
    const bySource = await listAdminSubscriptions(
      db,
      { search: "list-", status: "", source: "homepage_final_cta" },
      page(),
    );
    expect(bySource.subscriptions.map((s) => s.email)).toEqual(["list-a@example.in"]);
    expect(
      (await listAdminSubscriptions(db, { search: "list-", status: "unsubscribed", source: "" }, page())).total,
    ).toBe(0);
  });

  it("streams every row in id order across batches", async () => {
    for (let i = 0; i < 5; i++) await enquiry({ name: `Stream ${i}` });
    const rows = await collect(streamEnquiriesForExport(db, { ...all, search: "Stream" }, 2));
    expect(rows.map((r) => r.name)).toEqual(["Stream 0", "Stream 1", "Stream 2", "Stream 3", "Stream 4"]);
    for (const email of ["stream-a@example.in", "stream-b@example.in", "stream-c@example.in"])
      await subscribeToNewsletter(db, { email, source: "footer" });
    const subs = await collect(streamSubscriptionsForExport(db, { search: "stream-", status: "", source: "" }, 1));
    expect(subs.map((s) => s.email)).toEqual(["stream-a@example.in", "stream-b@example.in", "stream-c@example.in"]);
  });

  it("writes enquiries.csv with formula cells neutralised and sources by their labels", async () => {
    await enquiry({ name: "=1+1", subject: "@SUM(A1)", message: "-2+3" });
    const res = csvResponse(
      "enquiries.csv",
      ENQUIRY_EXPORT_COLUMNS,
      streamEnquiriesForExport(db, { ...all, search: "SUM(A1)" }),
    );
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="enquiries.csv"');
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const [header, row] = text.trim().split("\n");
    expect(header).toBe("ID,Name,Email,Mobile,Query Type,Subject,Message,Status,Admin Notes,Created At,Updated At");
    expect(row).toContain(",'=1+1,");
    expect(row).toContain(",'@SUM(A1),'-2+3,");
    await subscribeToNewsletter(db, { email: "csv-a@example.in", source: "homepage_final_cta" });
    const news = csvResponse(
      "newsletter.csv",
      NEWSLETTER_EXPORT_COLUMNS,
      streamSubscriptionsForExport(db, { search: "csv-a", status: "", source: "" }),
    );
    expect(await news.text()).toMatch(/csv-a@example\.in,active,Homepage CTA,/);
  });
});

describe("the signed unsubscribe link", () => {
  it("signs one address (case-insensitive) and refuses any other token", () => {
    const token = unsubscribeToken("Reader@Example.in");
    expect(verifyUnsubscribeToken("reader@example.in", token)).toBe(true);
    expect(verifyUnsubscribeToken("other@example.in", token)).toBe(false);
    const flipped = (token[0] === "A" ? "B" : "A") + token.slice(1);
    expect(verifyUnsubscribeToken("reader@example.in", flipped)).toBe(false);
    expect(verifyUnsubscribeToken("reader@example.in", "short")).toBe(false);
    expect(verifyUnsubscribeToken("reader@example.in", "")).toBe(false);
    expect(unsubscribeUrl("https://bwp.example", "reader@example.in")).toBe(
      `https://bwp.example/newsletter/unsubscribe?email=reader%40example.in&token=${token}`,
    );
  });

  it("unsubscribes with a good token (audited), refuses a bad one and changes nothing", async () => {
    await subscribeToNewsletter(db, { email: "leave@example.in", source: "website" });
    expect(
      await unsubscribeWithToken(db, "leave@example.in", unsubscribeToken("someone@example.in"), "198.51.100.1"),
    ).toEqual({ ok: false, status: 400, message: UNSUBSCRIBE_BAD_LINK });
    expect(
      (
        await db
          .selectFrom("newsletter_subscriptions")
          .select("status")
          .where("email", "=", "leave@example.in")
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("active");
    expect(
      await unsubscribeWithToken(db, "leave@example.in", unsubscribeToken("leave@example.in"), "198.51.100.1"),
    ).toEqual({ ok: true, message: "You have been unsubscribed." });
    const row = await db
      .selectFrom("newsletter_subscriptions")
      .select(["id", "status"])
      .where("email", "=", "leave@example.in")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("unsubscribed");
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "newsletter.unsubscribe")
      .where("target_id", "=", String(row.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].details!).changes).toEqual({ status: ["active", "unsubscribed"] });
    // A second click is the same answer and no second audit row.
    expect((await unsubscribeWithToken(db, "leave@example.in", unsubscribeToken("leave@example.in"), null)).ok).toBe(
      true,
    );
    expect(
      await db
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", "newsletter.unsubscribe")
        .where("target_id", "=", String(row.id))
        .execute(),
    ).toHaveLength(1);
  });

  it("the welcome mail of a new subscription carries a working unsubscribe link; an existing one gets no second mail", async () => {
    expect(await subscribeWithWelcome(db, { email: "welcome@example.in", source: "footer" })).toBe("subscribed");
    const mail = await vi.waitFor(async () => {
      const row = await db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("to_address", "=", "welcome@example.in")
        .executeTakeFirst();
      if (!row || row.status === "queued") throw new Error("not sent yet");
      return row;
    });
    // Built from the configured origin (PUBLIC_URL, else the server's local address), never a request's Host.
    const origin = mailLinkOrigin().replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    const link = new RegExp(`${origin}/newsletter/unsubscribe\\?email=([^&\\s]+)&token=([\\w-]+)`).exec(mail.text_body);
    expect(link).not.toBeNull();
    expect(verifyUnsubscribeToken(decodeURIComponent(link![1]), link![2])).toBe(true);
    // A welcome mail is in the outbox before subscribeWithWelcome returns, so none can arrive later.
    expect(await subscribeWithWelcome(db, { email: "welcome@example.in", source: "footer" })).toBe(
      "already_subscribed",
    );
    expect(
      await db.selectFrom("mail_outbox").select("id").where("to_address", "=", "welcome@example.in").execute(),
    ).toHaveLength(1);
  });
});
