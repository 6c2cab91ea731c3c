import { mailboxOf, normaliseEmail } from "~/lib/validation/fields";
import type { DB } from "~db/client";
import type { QuoteMatchStatus, QuoteRequestStatus } from "~db/schema";
import { addDays, todayIso } from "~/lib/dates";
import { type Locale, NAME_COLUMNS } from "~/lib/locales";
import type { TranslatedNames } from "~/lib/localized";
import {
  type PastMatch,
  QUOTE_CONFIRM_HOURS,
  QUOTE_KEEP_DAYS,
  QUOTE_STATUSES,
  QUOTE_STATS_DAYS,
  type QuoteCounts,
  rankQuoteCandidates,
} from "~/lib/quotes";
import type { RefusalReason } from "~/lib/refusal";
import { isPublic } from "./seller-visibility.server";
import { setSellerSwitch } from "./sellers.server";

// Ask for a quote: the requests, the sellers each went to and their replies (docs/decisions/193-quotes.md).

const DAY = 86_400_000;

export type NewQuoteRequest = {
  categoryId: number;
  city: string;
  locality: string;
  need: string;
  neededBy: string;
  budgetMin: number | null;
  budgetMax: number | null;
  name: string;
  email: string;
  mobile: string | null;
  language: Locale;
  fromSellerId: number | null;
};

export async function createQuoteRequest(db: DB, input: NewQuoteRequest, now = new Date()): Promise<number> {
  const row = await db
    .insertInto("quote_requests")
    .values({
      category_id: input.categoryId,
      city: input.city,
      locality: input.locality,
      need: input.need,
      needed_by: input.neededBy,
      budget_min: input.budgetMin,
      budget_max: input.budgetMax,
      name: input.name,
      email: normaliseEmail(input.email),
      mobile: input.mobile,
      language: input.language,
      from_seller_id: input.fromSellerId,
      status: "pending",
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type QuoteRequestRow = NewQuoteRequest & {
  id: number;
  categoryName: string;
  status: QuoteRequestStatus;
  createdAt: string;
  confirmedAt: string | null;
  closedAt: string | null;
};

/** What a request asks for, where, by when and for how much: every view of a request shows these. */
const NEED_COLUMNS = [
  "categories.name as categoryName",
  "quote_requests.city",
  "quote_requests.locality",
  "quote_requests.need",
  "quote_requests.needed_by as neededBy",
  "quote_requests.budget_min as budgetMin",
  "quote_requests.budget_max as budgetMax",
] as const;

const REQUEST_COLUMNS = [
  "quote_requests.id",
  "quote_requests.category_id as categoryId",
  ...NEED_COLUMNS,
  "quote_requests.name",
  "quote_requests.email",
  "quote_requests.mobile",
  "quote_requests.language",
  "quote_requests.from_seller_id as fromSellerId",
  "quote_requests.status",
  "quote_requests.created_at as createdAt",
  "quote_requests.confirmed_at as confirmedAt",
  "quote_requests.closed_at as closedAt",
] as const;

/** The one selection of a request with its category's name: her page, the back office, the CSV and the export. */
function requestRows(db: DB) {
  return db
    .selectFrom("quote_requests")
    .innerJoin("categories", "categories.id", "quote_requests.category_id")
    .select(REQUEST_COLUMNS);
}

export async function getQuoteRequest(db: DB, id: number): Promise<QuoteRequestRow | undefined> {
  return requestRows(db).where("quote_requests.id", "=", id).executeTakeFirst();
}

/** How often staff marked the requests of the address's mailbox as spam (`mailboxOf`: a "+tag" is the same mailbox). */
export async function spamMarksOf(db: DB, email: string): Promise<number> {
  const row = await db
    .selectFrom("quote_spam_marks")
    .select("count")
    .where("email", "=", mailboxOf(email))
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** The past requests (within the window) of each given seller. */
async function pastMatchesOf(db: DB, sellerIds: number[], now: number): Promise<Map<number, PastMatch[]>> {
  const past = new Map<number, PastMatch[]>(sellerIds.map((id) => [id, []]));
  if (!sellerIds.length) return past;
  const rows = await db
    .selectFrom("quote_matches")
    .select(["seller_id", "matched_at", "replied_at"])
    .where("seller_id", "in", sellerIds)
    .where("matched_at", ">=", new Date(now - QUOTE_STATS_DAYS * DAY).toISOString())
    .execute();
  for (const r of rows) past.get(r.seller_id)?.push({ matchedAt: r.matched_at, repliedAt: r.replied_at });
  return past;
}

/** The past requests of one seller within the window (her response figures). */
export async function sellerPastMatches(db: DB, sellerId: number, now = Date.now()): Promise<PastMatch[]> {
  return (await pastMatchesOf(db, [sellerId], now)).get(sellerId) ?? [];
}

/** The sellers a request may go to: live, verified, of that category and city, neither paused nor excluded. */
async function eligibleSellerIds(db: DB, categoryId: number, city: string): Promise<number[]> {
  const rows = await db
    .selectFrom("sellers")
    .innerJoin("seller_categories", "seller_categories.seller_id", "sellers.id")
    .select("sellers.id")
    .where("seller_categories.category_id", "=", categoryId)
    .where((eb) => eb(eb.fn("lower", ["sellers.city"]), "=", city.toLowerCase()))
    .where("sellers.is_verified", "=", 1)
    .where("sellers.quotes_paused", "=", 0)
    .where("sellers.quotes_excluded", "=", 0)
    .where((eb) => isPublic(eb))
    .distinct()
    .execute();
  return rows.map((r) => r.id);
}

/** The sellers a request would go to now, in order (the matching, without storing it). */
export async function matchQuoteSellers(
  db: DB,
  request: { categoryId: number; city: string; fromSellerId: number | null },
  now = Date.now(),
): Promise<number[]> {
  const ids = await eligibleSellerIds(db, request.categoryId, request.city);
  const past = await pastMatchesOf(db, ids, now);
  return rankQuoteCandidates(
    ids.map((sellerId) => ({ sellerId, past: past.get(sellerId) ?? [] })),
    { firstSellerId: request.fromSellerId, now },
  );
}

export type ConfirmOutcome =
  | { ok: true; sellerIds: number[] }
  | { ok: false; reason: Extract<RefusalReason, "not_found" | "conflict">; status?: QuoteRequestStatus | "expired" };

/**
 * Confirms a pending request and stores its matches, in one transaction: a second confirmation (a reused
 * link, a double post) finds it no longer pending and matches nobody again.
 */
export async function confirmQuoteRequest(db: DB, id: number, now = new Date()): Promise<ConfirmOutcome> {
  return db.transaction().execute(async (trx) => {
    const request = await getQuoteRequest(trx, id);
    if (!request) return { ok: false, reason: "not_found" };
    if (request.status !== "pending") return { ok: false, reason: "conflict", status: request.status };
    if (now.getTime() - Date.parse(request.createdAt) > QUOTE_CONFIRM_HOURS * 3_600_000)
      return { ok: false, reason: "conflict", status: "expired" };
    // The request is hers whose account holds this address verified now: the link proved the address, the
    // verification proved the account's (docs/decisions/197-only-a-verified-address-links-data.md).
    const owner = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", request.email)
      .where("email_verified_at", "is not", null)
      .executeTakeFirst();
    const updated = await trx
      .updateTable("quote_requests")
      .set({ status: "open", confirmed_at: now.toISOString(), user_id: owner?.id ?? null })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "conflict", status: "open" };
    const sellerIds = await matchQuoteSellers(trx, request, now.getTime());
    if (sellerIds.length)
      await trx
        .insertInto("quote_matches")
        .values(
          sellerIds.map((seller_id, i) => ({
            request_id: id,
            seller_id,
            position: i + 1,
            status: "sent" as const,
            matched_at: now.toISOString(),
          })),
        )
        .execute();
    return { ok: true, sellerIds };
  });
}

export type QuoteMatchRow = {
  sellerId: number;
  businessName: string | null;
  ownerName: string;
  email: string;
  mobile: string;
  position: number;
  status: QuoteMatchStatus;
  matchedAt: string;
  repliedAt: string | null;
  answer: string | null;
  price: number | null;
};

export async function matchesOfRequest(db: DB, requestId: number): Promise<QuoteMatchRow[]> {
  return db
    .selectFrom("quote_matches")
    .innerJoin("sellers", "sellers.id", "quote_matches.seller_id")
    .select([
      "quote_matches.seller_id as sellerId",
      "sellers.business_name as businessName",
      "sellers.owner_name as ownerName",
      "sellers.email",
      "sellers.mobile",
      "quote_matches.position",
      "quote_matches.status",
      "quote_matches.matched_at as matchedAt",
      "quote_matches.replied_at as repliedAt",
      "quote_matches.answer",
      "quote_matches.price",
    ])
    .where("quote_matches.request_id", "=", requestId)
    .orderBy("quote_matches.position")
    .execute();
}

/** Withdraws an open or pending request: no more answers. */
export async function withdrawQuoteRequest(db: DB, id: number, now = new Date()): Promise<boolean> {
  const r = await db
    .updateTable("quote_requests")
    .set({ status: "withdrawn", closed_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "in", ["pending", "open"])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A request as a matched seller sees it: the requester's contact only once she answered. */
export type SellerQuoteRow = {
  requestId: number;
  categoryName: string;
  city: string;
  locality: string;
  need: string;
  neededBy: string;
  budgetMin: number | null;
  budgetMax: number | null;
  requestStatus: QuoteRequestStatus;
  status: QuoteMatchStatus;
  matchedAt: string;
  repliedAt: string | null;
  answer: string | null;
  price: number | null;
  contact: { name: string; email: string; mobile: string | null } | null;
};

export async function sellerQuotes(db: DB, sellerId: number, requestId?: number): Promise<SellerQuoteRow[]> {
  let q = db
    .selectFrom("quote_matches")
    .innerJoin("quote_requests", "quote_requests.id", "quote_matches.request_id")
    .innerJoin("categories", "categories.id", "quote_requests.category_id")
    .select([
      "quote_requests.id as requestId",
      ...NEED_COLUMNS,
      "quote_requests.status as requestStatus",
      "quote_matches.status",
      "quote_matches.matched_at as matchedAt",
      "quote_matches.replied_at as repliedAt",
      "quote_matches.answer",
      "quote_matches.price",
      "quote_requests.name",
      "quote_requests.email",
      "quote_requests.mobile",
    ])
    .where("quote_matches.seller_id", "=", sellerId)
    .where("quote_requests.status", "!=", "spam");
  if (requestId !== undefined) q = q.where("quote_requests.id", "=", requestId);
  const rows = await q.orderBy("quote_matches.matched_at", "desc").orderBy("quote_requests.id", "desc").execute();
  return rows.map(({ name, email, mobile, ...row }) => ({
    ...row,
    contact: row.status === "answered" ? { name, email, mobile } : null,
  }));
}

export type ReplyOutcome =
  | { ok: true }
  | { ok: false; reason: Extract<RefusalReason, "not_found" | "conflict">; why: "not_sent" | "replied" | "closed" };

/**
 * A matched seller's reply: an answer (message, optional price) or a decline. Only to a request sent to
 * her, still open, that she has not replied to (the update's conditions decide, so two posts at once
 * store one reply).
 */
export async function replyToQuote(
  db: DB,
  reply: { requestId: number; sellerId: number; answer: { message: string; price: number | null } | null },
  now = new Date(),
): Promise<ReplyOutcome> {
  return db.transaction().execute(async (trx) => {
    const match = await trx
      .selectFrom("quote_matches")
      .innerJoin("quote_requests", "quote_requests.id", "quote_matches.request_id")
      .select(["quote_matches.status", "quote_requests.status as requestStatus"])
      .where("quote_matches.request_id", "=", reply.requestId)
      .where("quote_matches.seller_id", "=", reply.sellerId)
      .executeTakeFirst();
    if (!match) return { ok: false, reason: "not_found", why: "not_sent" };
    if (match.status !== "sent") return { ok: false, reason: "conflict", why: "replied" };
    if (match.requestStatus !== "open") return { ok: false, reason: "conflict", why: "closed" };
    const r = await trx
      .updateTable("quote_matches")
      .set({
        status: reply.answer ? "answered" : "declined",
        replied_at: now.toISOString(),
        answer: reply.answer?.message ?? null,
        price: reply.answer?.price ?? null,
      })
      .where("request_id", "=", reply.requestId)
      .where("seller_id", "=", reply.sellerId)
      .where("status", "=", "sent")
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return { ok: false, reason: "conflict", why: "replied" };
    return { ok: true };
  });
}

export async function setQuotesPaused(db: DB, sellerId: number, paused: boolean): Promise<void> {
  await setSellerSwitch(db, sellerId, "quotes_paused", paused);
}

export async function quotesPaused(db: DB, sellerId: number): Promise<boolean> {
  const row = await db.selectFrom("sellers").select("quotes_paused").where("id", "=", sellerId).executeTakeFirst();
  return row?.quotes_paused === 1;
}

export async function setQuotesExcluded(db: DB, sellerId: number, excluded: boolean): Promise<boolean> {
  return setSellerSwitch(db, sellerId, "quotes_excluded", excluded);
}

/** Marks a request as spam (it stops: no more answers) and counts one mark against its address. */
export async function markQuoteSpam(db: DB, id: number, now = new Date()): Promise<{ email: string } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("quote_requests")
      .set({ status: "spam", closed_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "!=", "spam")
      .returning("email")
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .insertInto("quote_spam_marks")
      .values({ email: mailboxOf(row.email), count: 1, updated_at: now.toISOString() })
      .onConflict((oc) =>
        oc.column("email").doUpdateSet((eb) => ({
          count: eb("quote_spam_marks.count", "+", 1),
          updated_at: now.toISOString(),
        })),
      )
      .execute();
    return row;
  });
}

export type QuoteCategory = { id: number; name: string; slug: string } & TranslatedNames;

/** An active category by its slug or id (a request names one). */
export async function quoteCategory(db: DB, by: { slug: string } | { id: number }): Promise<QuoteCategory | undefined> {
  let q = db
    .selectFrom("categories")
    .select(["id", "name", ...NAME_COLUMNS, "slug"])
    .where("is_active", "=", 1);
  q = "slug" in by ? q.where("slug", "=", by.slug) : q.where("id", "=", by.id);
  return q.executeTakeFirst();
}

export type QuoteSellerContact = {
  id: number;
  userId: number | null;
  ownerName: string;
  businessName: string | null;
  email: string;
  mobile: string;
  language: string | null;
};

/** The matched sellers' names, contact and language (her account's, for her mails). */
export async function quoteSellerContacts(db: DB, sellerIds: number[]): Promise<QuoteSellerContact[]> {
  if (!sellerIds.length) return [];
  return db
    .selectFrom("sellers")
    .leftJoin("users", "users.id", "sellers.user_id")
    .select([
      "sellers.id",
      "sellers.user_id as userId",
      "sellers.owner_name as ownerName",
      "sellers.business_name as businessName",
      "sellers.email",
      "sellers.mobile",
      "users.language",
    ])
    .where("sellers.id", "in", sellerIds)
    .execute();
}

/** The profile a request is asked from: a live seller, her city and first category (the form's defaults). */
export async function quoteProfileSeller(
  db: DB,
  id: number,
): Promise<
  { id: number; businessName: string | null; ownerName: string; city: string; categorySlug: string | null } | undefined
> {
  const row = await db
    .selectFrom("sellers")
    .select(["sellers.id", "sellers.business_name as businessName", "sellers.owner_name as ownerName", "sellers.city"])
    .select((eb) =>
      eb
        .selectFrom("seller_categories")
        .innerJoin("categories", "categories.id", "seller_categories.category_id")
        .select("categories.slug")
        .whereRef("seller_categories.seller_id", "=", "sellers.id")
        .orderBy("seller_categories.position")
        .limit(1)
        .as("categorySlug"),
    )
    .where("sellers.id", "=", id)
    .where((eb) => isPublic(eb))
    .executeTakeFirst();
  return row;
}

export type QuoteAdminFilters = { status: string; category: string; from: string; to: string };

/** The back office's filters from a query string (anything unknown is ignored). */
export function quoteFiltersFrom(params: URLSearchParams): QuoteAdminFilters {
  const date = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : "");
  const status = params.get("status") ?? "";
  return {
    status: (QUOTE_STATUSES as readonly string[]).includes(status) ? status : "",
    category: /^[a-z0-9-]{1,80}$/.test(params.get("category") ?? "") ? params.get("category")! : "",
    from: date(params.get("from")),
    to: date(params.get("to")),
  };
}

/** The back office's rows (its list and its CSV export): a request, its category's slug, how many it went to and how many answered. */
function filteredQuoteRequests(db: DB, f: QuoteAdminFilters) {
  let q = requestRows(db).select([
    "categories.slug as categorySlug",
    (eb) =>
      eb
        .selectFrom("quote_matches")
        .select((m) => m.fn.countAll<number>().as("n"))
        .whereRef("quote_matches.request_id", "=", "quote_requests.id")
        .as("matched"),
    (eb) =>
      eb
        .selectFrom("quote_matches")
        .select((m) => m.fn.countAll<number>().as("n"))
        .whereRef("quote_matches.request_id", "=", "quote_requests.id")
        .where("quote_matches.status", "=", "answered")
        .as("answered"),
  ]);
  if (f.status) q = q.where("quote_requests.status", "=", f.status as QuoteRequestStatus);
  if (f.category) q = q.where("categories.slug", "=", f.category);
  if (f.from) q = q.where("quote_requests.created_at", ">=", `${f.from}T00:00:00.000Z`);
  if (f.to) q = q.where("quote_requests.created_at", "<=", `${f.to}T23:59:59.999Z`);
  return q;
}

/** The counts as numbers (PostgreSQL returns a count as text). */
const adminRow = <R extends { matched: unknown; answered: unknown }>(r: R) => ({
  ...r,
  matched: Number(r.matched ?? 0),
  answered: Number(r.answered ?? 0),
});

export async function listQuoteRequests(db: DB, f: QuoteAdminFilters, limit = 100) {
  const rows = await filteredQuoteRequests(db, f).orderBy("quote_requests.id", "desc").limit(limit).execute();
  return rows.map(adminRow);
}

export async function* streamQuoteRequests(db: DB, f: QuoteAdminFilters, batch = 500) {
  let after = 0;
  for (;;) {
    const rows = await filteredQuoteRequests(db, f)
      .where("quote_requests.id", ">", after)
      .orderBy("quote_requests.id")
      .limit(batch)
      .execute();
    yield* rows.map(adminRow);
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The matches of many requests at once (the back office's list). */
export async function matchesOfRequests(db: DB, requestIds: number[]) {
  if (!requestIds.length) return [];
  return db
    .selectFrom("quote_matches")
    .innerJoin("sellers", "sellers.id", "quote_matches.seller_id")
    .select([
      "quote_matches.request_id as requestId",
      "quote_matches.seller_id as sellerId",
      "sellers.business_name as businessName",
      "sellers.owner_name as ownerName",
      "sellers.quotes_excluded as excluded",
      "quote_matches.status",
      "quote_matches.answer",
      "quote_matches.price",
      "quote_matches.replied_at as repliedAt",
    ])
    .where("quote_matches.request_id", "in", requestIds)
    .orderBy("quote_matches.request_id")
    .orderBy("quote_matches.position")
    .execute();
}

/**
 * The requests for quotes in an account's data export: those sent to her listings (what she saw: the
 * requester's contact only where she answered) and those her account confirmed (by its id, never by
 * address: docs/decisions/197-only-a-verified-address-links-data.md).
 */
export async function quotesForExport(db: DB, sellerIds: number[], userId: number) {
  const sentToHer = (await Promise.all(sellerIds.map((id) => sellerQuotes(db, id)))).flat();
  const asked = await requestRows(db)
    .where("quote_requests.user_id", "=", userId)
    .orderBy("quote_requests.id")
    .execute();
  return { sentToYou: sentToHer, askedByYou: asked };
}

/** An account's erasure: the replies of her listings, and the requests her account confirmed (by id). */
export async function eraseQuotesOf(db: DB, sellerIds: number[], userId: number): Promise<void> {
  if (sellerIds.length) await db.deleteFrom("quote_matches").where("seller_id", "in", sellerIds).execute();
  await db.deleteFrom("quote_requests").where("user_id", "=", userId).execute();
}

/**
 * The stated retention (/privacy): a request never confirmed is deleted a day after its link expired; every
 * request, with the sellers' replies, a year after it was made. Returns how many went.
 */
export async function sweepQuoteRequests(db: DB, now = Date.now()): Promise<number> {
  const unconfirmed = await db
    .deleteFrom("quote_requests")
    .where("status", "=", "pending")
    .where("created_at", "<", new Date(now - 2 * QUOTE_CONFIRM_HOURS * 3_600_000).toISOString())
    .executeTakeFirst();
  const old = await db
    .deleteFrom("quote_requests")
    .where("created_at", "<", new Date(now - QUOTE_KEEP_DAYS * DAY).toISOString())
    .executeTakeFirst();
  return Number(unconfirmed.numDeletedRows) + Number(old.numDeletedRows);
}

/** The UTC instant an Indian day (YYYY-MM-DD) begins: India keeps +5:30 all year. */
const indianDayStart = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString();

/**
 * Her leads from quotes, per seller and Indian day between two days (both included): the requests sent to
 * her (by the day they reached her) and her answers (by the day she sent them; a "not for me" is no
 * answer). Spam is left out, as it is from her list.
 */
export async function quoteCountsByDay(
  db: DB,
  sellerIds: number[],
  from: string,
  to: string,
): Promise<Map<number, Map<string, QuoteCounts>>> {
  const bySeller = new Map<number, Map<string, QuoteCounts>>(sellerIds.map((id) => [id, new Map()]));
  if (!sellerIds.length) return bySeller;
  const start = indianDayStart(from);
  const end = indianDayStart(addDays(to, 1));
  const rows = await db
    .selectFrom("quote_matches")
    .innerJoin("quote_requests", "quote_requests.id", "quote_matches.request_id")
    .select(["quote_matches.seller_id", "quote_matches.status", "quote_matches.matched_at", "quote_matches.replied_at"])
    .where("quote_matches.seller_id", "in", sellerIds)
    .where("quote_matches.matched_at", "<", end)
    .where((eb) => eb.or([eb("quote_matches.matched_at", ">=", start), eb("quote_matches.replied_at", ">=", start)]))
    .where("quote_requests.status", "!=", "spam")
    .execute();
  const add = (sellerId: number, at: string, key: keyof QuoteCounts) => {
    if (at < start || at >= end) return;
    const days = bySeller.get(sellerId)!;
    const day = todayIso(new Date(at));
    const counts = days.get(day) ?? { requests: 0, answers: 0 };
    counts[key] += 1;
    days.set(day, counts);
  };
  for (const r of rows) {
    add(r.seller_id, r.matched_at, "requests");
    if (r.status === "answered" && r.replied_at) add(r.seller_id, r.replied_at, "answers");
  }
  return bySeller;
}

/** Her requests and answers between two days, per seller (the monthly report). */
export async function quoteTotalsOf(
  db: DB,
  sellerIds: number[],
  from: string,
  to: string,
): Promise<Map<number, QuoteCounts>> {
  const byDay = await quoteCountsByDay(db, sellerIds, from, to);
  return new Map(
    [...byDay].map(([id, days]) => [
      id,
      [...days.values()].reduce((a, c) => ({ requests: a.requests + c.requests, answers: a.answers + c.answers }), {
        requests: 0,
        answers: 0,
      }),
    ]),
  );
}

/**
 * The day a requester (her address, lower-cased) asked for quotes that the seller answered, the latest such
 * request (a confirmed one, not marked as spam; a decline is no answer), or null: what makes her review a
 * verified customer's (docs/decisions/222-reviews-people-can-trust.md).
 */
export async function answeredQuoteDate(db: DB, sellerId: number, email: string): Promise<string | null> {
  const row = await db
    .selectFrom("quote_requests")
    .innerJoin("quote_matches", "quote_matches.request_id", "quote_requests.id")
    .select("quote_requests.created_at")
    .where("quote_requests.email", "=", email)
    .where("quote_requests.confirmed_at", "is not", null)
    .where("quote_requests.status", "in", ["open", "withdrawn"])
    .where("quote_matches.seller_id", "=", sellerId)
    .where("quote_matches.status", "=", "answered")
    .where("quote_matches.replied_at", "is not", null)
    .orderBy("quote_requests.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
