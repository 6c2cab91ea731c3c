import { type RawBuilder, type SqlBool, sql } from "kysely";
import { goneMeanwhile } from "~/lib/refusal";
import {
  BURST_MAX_PER_HOUR,
  BURST_WINDOW_MINUTES,
  REVIEW_SIGNALS,
  type ReviewSignal,
  SAME_ADDRESS_MIN_PER_DAY,
  SAME_ADDRESS_WINDOW_MINUTES,
  SAME_TEXT_MIN_LENGTH,
} from "~/lib/review-signals";
import type { DB } from "~db/client";
import { isoMinutesFrom } from "~db/engine";
import type { ReviewStatus } from "~db/schema";
import type { Paging } from "~/lib/paging";
import { writeAudit } from "./audit.server";
import type { Actor } from "./audit.server";
import { containsInAny } from "./sql-like.server";

// Review moderation: the list with its filters, and the state machine of the spec
// (pending → published | rejected; published → rejected; rejected → published; any → deleted).
// Flagged reviews (reported by visitors) are published again or rejected by a moderator.
// The seller's rating and count follow at once (database triggers count published reviews only).

export type ReviewFilters = { search: string; status: "" | ReviewStatus; signal?: "" | ReviewSignal };
export type ReviewMove = "published" | "rejected" | "delete";

const ALLOWED: Record<ReviewStatus, ReviewStatus[]> = {
  pending: ["published", "rejected"],
  published: ["rejected"],
  rejected: ["published"],
  flagged: ["published", "rejected"],
};

export function canMove(from: ReviewStatus, move: ReviewMove): boolean {
  return move === "delete" || ALLOWED[from].includes(move);
}

// ── signals (docs/decisions/222-reviews-people-can-trust.md; thresholds in lib/review-signals.ts) ──
// Each signal is one SQL condition on a review `r` joined to its seller `s` and the seller's account `u`:
// the filter uses it in WHERE, the list selects it for the page's rows only (at most 100), so a page costs
// one scan of the reviews' texts (same_text's list of repeated texts, computed once per statement) and
// index range scans per row (burst: reviews(seller_id, status, created_at); same_address:
// reviews(client_address, created_at)). Staff decide; a signal never moves a review by itself.

/** The review's text as compared for same_text: outer spaces trimmed, case folded (ASCII on SQLite). */
const foldedText = (column: string) => sql`lower(trim(${sql.ref(column)}))`;

function signalConditions(db: DB): Record<ReviewSignal, RawBuilder<SqlBool>> {
  const minText = sql.lit(SAME_TEXT_MIN_LENGTH);
  const window = (minutes: number) =>
    sql`o.created_at >= ${isoMinutesFrom(db, "r.created_at", -minutes)} and o.created_at <= ${isoMinutesFrom(db, "r.created_at", minutes)}`;
  // The seller's mobile is stored in E.164 (+91 and ten digits): her national number is its last ten digits,
  // looked for in the name and text with spaces and hyphens taken out ("98765 43210", "98765-43210").
  const nationalMobile = sql`substr(s.mobile, length(s.mobile) - 9)`;
  const writtenDigits = sql`replace(replace(r.reviewer_name || ' ' || r.review_text, ' ', ''), '-', '')`;
  return {
    same_text: sql<SqlBool>`(length(trim(r.review_text)) >= ${minText} and ${foldedText("r.review_text")} in (
      select ${foldedText("o.review_text")} from reviews o where length(trim(o.review_text)) >= ${minText}
      group by ${foldedText("o.review_text")} having count(distinct o.seller_id) >= 2))`,
    burst: sql<SqlBool>`((select count(*) from reviews o where o.seller_id = r.seller_id and ${window(BURST_WINDOW_MINUTES)}) > ${sql.lit(BURST_MAX_PER_HOUR)})`,
    same_address: sql<SqlBool>`(r.client_address is not null and (select count(*) from reviews o
      where o.client_address = r.client_address and ${window(SAME_ADDRESS_WINDOW_MINUTES)}) >= ${sql.lit(SAME_ADDRESS_MIN_PER_DAY)})`,
    seller_match: sql<SqlBool>`(lower(trim(r.reviewer_name)) = lower(trim(s.owner_name))
      or (r.reviewer_email is not null and (r.reviewer_email = lower(s.email) or r.reviewer_email = lower(u.email)))
      or (length(s.mobile) >= 10 and ${writtenDigits} like '%' || ${nationalMobile} || '%'))`,
    unconfirmed_email: sql<SqlBool>`(r.reviewer_email is not null and r.email_confirmed_at is null)`,
  };
}

/** The signals as 1/0 columns `signal_<name>` of a query over `r`, `s` and `u`. */
function signalColumns(db: DB) {
  const conditions = signalConditions(db);
  return REVIEW_SIGNALS.map((name) =>
    sql<number>`case when ${conditions[name]} then 1 else 0 end`.as(`signal_${name}`),
  );
}

/** A row's signal columns as a list, and the row without them. */
function withSignals<T extends Record<string, unknown>>(row: T) {
  const rest: Record<string, unknown> = {};
  const signals: ReviewSignal[] = [];
  for (const [key, value] of Object.entries(row)) {
    if (!key.startsWith("signal_")) rest[key] = value;
    else if (Number(value) === 1) signals.push(key.slice("signal_".length) as ReviewSignal);
  }
  return { ...(rest as Omit<T, `signal_${string}`>), signals };
}

function withSeller(db: DB) {
  return db
    .selectFrom("reviews as r")
    .leftJoin("sellers as s", "s.id", "r.seller_id")
    .leftJoin("users as u", "u.id", "s.user_id");
}

/** The signals of some reviews now (the moderation's audit rows keep them as they were at the decision). */
export async function reviewSignalsOf(db: DB, ids: number[]): Promise<Map<number, ReviewSignal[]>> {
  if (!ids.length) return new Map();
  const rows = await withSeller(db).select("r.id").select(signalColumns(db)).where("r.id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, withSignals(row).signals]));
}

function filtered(db: DB, f: ReviewFilters) {
  let q = withSeller(db);
  const search = f.search.trim();
  if (search) {
    q = q.where((eb) =>
      containsInAny(db, eb, ["r.reviewer_name", "r.review_text", "s.business_name", "s.owner_name"], search),
    );
  }
  if (f.status) q = q.where("r.status", "=", f.status);
  if (f.signal) q = q.where(signalConditions(db)[f.signal]);
  return q;
}

export async function listAdminReviews(db: DB, f: ReviewFilters, paging: Paging) {
  const { total } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .select([
      "r.id",
      "r.seller_id",
      "r.reviewer_name",
      "r.rating",
      "r.review_text",
      "r.status",
      "r.created_at",
      "r.seller_reply",
      "r.seller_reply_date",
      "s.business_name as seller_name",
      "s.owner_name",
      // Staff see the address a reviewer gave and whether she confirmed it; never the network address, and
      // the seller never sees either (docs/decisions/222-reviews-people-can-trust.md).
      "r.reviewer_email",
      "r.email_confirmed_at",
      "r.verified_by",
      "r.edited_at",
    ])
    .select(signalColumns(db))
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit)
    .execute();
  return { reviews: rows.map(withSignals), total: Number(total) };
}
export type AdminReviewRow = Awaited<ReturnType<typeof listAdminReviews>>["reviews"][number];

export type MoveResult = { ok: true; moved: number } | { ok: false; reason: "not_found" | "conflict"; message: string };

const VERB: Record<ReviewMove, string> = { published: "published", rejected: "rejected", delete: "deleted" };

/**
 * Moves reviews along the state machine in one transaction with an audit row each. An unknown id or
 * a move the machine does not allow refuses the whole request (409), so nothing is half-done.
 */
export async function moveReviews(
  db: DB,
  actor: Actor,
  ids: number[],
  move: ReviewMove,
  reason: string | null = null,
): Promise<MoveResult> {
  const unique = [...new Set(ids)];
  if (!unique.length)
    return { ok: false, reason: "conflict", message: "Please select reviews to perform bulk action." };
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("reviews")
      .select(["id", "status", "seller_id", "reviewer_name"])
      .where("id", "in", unique)
      .execute();
    if (rows.length !== unique.length) return goneMeanwhile("Review");
    const refused = rows.find((r) => !canMove(r.status, move));
    if (refused)
      return {
        ok: false as const,
        reason: "conflict" as const,
        message: `A ${refused.status} review cannot be ${VERB[move]}.`,
      };
    // The decision's audit row keeps the moderator's reason and the signals she saw.
    const signals = await reviewSignalsOf(trx, unique);
    const stamp = new Date().toISOString();
    for (const row of rows) {
      if (move === "delete") await trx.deleteFrom("reviews").where("id", "=", row.id).execute();
      else await trx.updateTable("reviews").set({ status: move, updated_at: stamp }).where("id", "=", row.id).execute();
      await writeAudit(trx, {
        action: move === "delete" ? "review.delete" : `review.${move}`,
        actor,
        targetType: "review",
        targetId: row.id,
        details: {
          seller_id: row.seller_id,
          changes: { status: [row.status, move === "delete" ? null : move] },
          reason,
          signals: signals.get(row.id) ?? [],
        },
      });
    }
    return { ok: true as const, moved: rows.length };
  });
}
