import { caseInsensitiveLike } from "~db/engine";
import { sql } from "kysely";
import type { DB } from "~db/client";
import type { EnquiryFilters, SubscriptionFilters } from "~/lib/validation/enquiries";
import type { EnquiryUpdate } from "~/lib/validation/constants";
import type { ContactInput, NewsletterInput } from "~/lib/validation/contact";
import type { Paging } from "~/lib/paging";
import { writeAudit } from "./audit.server";
import type { Actor } from "./audit.server";
import { rowsById } from "./rows-by-id.server";
import { containsInAny, likeContains } from "./sql-like.server";

/** A contact message, stored as a new enquiry for the admin's Form Enquiries page. */
export async function createEnquiry(db: DB, input: ContactInput): Promise<number> {
  const stamp = new Date().toISOString();
  const row = await db
    .insertInto("enquiries")
    .values({
      name: input.name,
      email: input.email,
      mobile: input.mobile ?? null,
      query_type: input.query_type,
      subject: input.subject ?? null,
      message: input.message,
      status: "new",
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type SubscribeOutcome = "subscribed" | "already_subscribed" | "resubscribed";

export const NEWSLETTER_MESSAGES: Record<SubscribeOutcome, string> = {
  subscribed: "Thank you for subscribing! Watch your inbox for community news and events.",
  already_subscribed: "You're already subscribed. Thank you for staying with us!",
  resubscribed: "Welcome back! Your subscription is active again.",
};

/** docs/decisions/021-newsletter-idempotent.md: idempotent per email; an unsubscribed address becomes active again. */
export async function subscribeToNewsletter(db: DB, input: NewsletterInput): Promise<SubscribeOutcome> {
  const stamp = new Date().toISOString();
  const inserted = await db
    .insertInto("newsletter_subscriptions")
    .values({ email: input.email, source: input.source, status: "active", created_at: stamp, updated_at: stamp })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return "subscribed";
  const reactivated = await db
    .updateTable("newsletter_subscriptions")
    .set({ status: "active", updated_at: stamp })
    .where("email", "=", input.email)
    .where("status", "=", "unsubscribed")
    .executeTakeFirst();
  return Number(reactivated.numUpdatedRows) > 0 ? "resubscribed" : "already_subscribed";
}

// ── the back-office: lists, the detail view's update, exports, unsubscribe ──

function filteredEnquiries(db: DB, f: EnquiryFilters) {
  let q = db.selectFrom("enquiries");
  const search = f.search.trim();
  if (search) {
    q = q.where((eb) => containsInAny(db, eb, ["name", "email", "mobile", "subject", "message"], search));
  }
  if (f.status) q = q.where("status", "=", f.status);
  if (f.query_type) q = q.where("query_type", "=", f.query_type);
  return q;
}

const ENQUIRY_COLUMNS = [
  "id",
  "name",
  "email",
  "mobile",
  "query_type",
  "subject",
  "message",
  "status",
  "admin_notes",
  "created_at",
  "updated_at",
] as const;

/** The enquiries of a page, newest first, with the total matching the filters. */
export async function listAdminEnquiries(db: DB, f: EnquiryFilters, paging: Paging) {
  const { total } = await filteredEnquiries(db, f)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const enquiries = await filteredEnquiries(db, f)
    .select(ENQUIRY_COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit)
    .execute();
  return { enquiries, total: Number(total) };
}
export type AdminEnquiryRow = Awaited<ReturnType<typeof listAdminEnquiries>>["enquiries"][number];

export async function getEnquiry(db: DB, id: number) {
  return db.selectFrom("enquiries").select(ENQUIRY_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export type EnquiryUpdateResult =
  { ok: true; enquiry: AdminEnquiryRow; changed: boolean } | { ok: false; reason: "not_found"; message: string };

/**
 * The detail view's change: a new status and the admin notes (left out = kept). One transaction with an
 * audit row holding each changed field as [before, after]; nothing changed writes nothing.
 */
export async function updateEnquiry(
  db: DB,
  actor: Actor,
  id: number,
  input: EnquiryUpdate,
): Promise<EnquiryUpdateResult> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("enquiries").select(ENQUIRY_COLUMNS).where("id", "=", id).executeTakeFirst();
    if (!before)
      return {
        ok: false as const,
        reason: "not_found" as const,
        message: "Enquiry not found. It may have been deleted meanwhile.",
      };
    const next = {
      status: input.status,
      admin_notes: input.admin_notes === undefined ? before.admin_notes : input.admin_notes,
    };
    const changes: Record<string, [unknown, unknown]> = {};
    if (next.status !== before.status) changes.status = [before.status, next.status];
    if (next.admin_notes !== before.admin_notes) changes.admin_notes = [before.admin_notes, next.admin_notes];
    if (!Object.keys(changes).length) return { ok: true as const, enquiry: before, changed: false };
    const stamp = new Date().toISOString();
    await trx
      .updateTable("enquiries")
      .set({ ...next, updated_at: stamp })
      .where("id", "=", id)
      .execute();
    await writeAudit(trx, {
      action: "enquiry.update",
      actor,
      targetType: "enquiry",
      targetId: id,
      details: { changes },
    });
    return { ok: true as const, enquiry: { ...before, ...next, updated_at: stamp }, changed: true };
  });
}

/** Every enquiry matching the filters, read by id in pages of `batch` (the export streams them). */
export function streamEnquiriesForExport(db: DB, f: EnquiryFilters, batch = 500) {
  return rowsById(
    (after, limit) =>
      filteredEnquiries(db, f).select(ENQUIRY_COLUMNS).where("id", ">", after).orderBy("id").limit(limit).execute(),
    batch,
  );
}

function filteredSubscriptions(db: DB, f: SubscriptionFilters) {
  let q = db.selectFrom("newsletter_subscriptions");
  const search = f.search.trim();
  if (search) q = q.where(sql.ref("email"), caseInsensitiveLike(db), likeContains(search));
  if (f.status) q = q.where("status", "=", f.status);
  if (f.source) q = q.where("source", "=", f.source);
  return q;
}

const SUBSCRIPTION_COLUMNS = ["id", "email", "status", "source", "created_at", "updated_at"] as const;

export async function listAdminSubscriptions(db: DB, f: SubscriptionFilters, paging: Paging) {
  const { total } = await filteredSubscriptions(db, f)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const subscriptions = await filteredSubscriptions(db, f)
    .select(SUBSCRIPTION_COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit)
    .execute();
  return { subscriptions, total: Number(total) };
}
export type AdminSubscriptionRow = Awaited<ReturnType<typeof listAdminSubscriptions>>["subscriptions"][number];

export function streamSubscriptionsForExport(db: DB, f: SubscriptionFilters, batch = 500) {
  return rowsById(
    (after, limit) =>
      filteredSubscriptions(db, f)
        .select(SUBSCRIPTION_COLUMNS)
        .where("id", ">", after)
        .orderBy("id")
        .limit(limit)
        .execute(),
    batch,
  );
}

export async function getSubscriptionByEmail(db: DB, email: string) {
  return db
    .selectFrom("newsletter_subscriptions")
    .select(SUBSCRIPTION_COLUMNS)
    .where("email", "=", email)
    .executeTakeFirst();
}

export type UnsubscribeOutcome = "unsubscribed" | "already_unsubscribed" | "not_found";

/** The visitor's own unsubscribe (through the signed link): status `unsubscribed`, with an audit row. */
export async function unsubscribeFromNewsletter(db: DB, email: string, ip: string | null): Promise<UnsubscribeOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("newsletter_subscriptions")
      .select(["id", "status"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (!row) return "not_found" as const;
    if (row.status === "unsubscribed") return "already_unsubscribed" as const;
    await trx
      .updateTable("newsletter_subscriptions")
      .set({ status: "unsubscribed", updated_at: new Date().toISOString() })
      .where("id", "=", row.id)
      .execute();
    await writeAudit(trx, {
      action: "newsletter.unsubscribe",
      actorEmail: email,
      ip,
      targetType: "newsletter_subscription",
      targetId: row.id,
      details: { changes: { status: [row.status, "unsubscribed"] }, via: "signed link" },
    });
    return "unsubscribed" as const;
  });
}
