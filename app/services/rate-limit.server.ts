import type { DB } from "~db/client";
import { formMessage } from "~/lib/form-messages";
import {
  countAttempts,
  forgetAttempts,
  readAttempts,
  refundAttempt,
  sweepExpiredWindows,
} from "~/models/rate-limits.server";
import { config, RATE_LIMIT_DEFAULTS, type RateRule } from "./config.server";
import { countRateLimitRefusal } from "./metrics.server";

// Per-client fixed-window rate limits for public forms and sign-in. The counters live in the database
// (`rate_limits`), so every worker process and every instance shares them; each call is one atomic
// statement. Limits are settings (RATE_LIMIT_<SCOPE>="count/seconds"), so tests and deployments can tune them.

export type { RateRule };

export function ruleFor(scope: string): RateRule | null {
  const rules = config().rateLimits;
  if (scope in rules) return rules[scope] ?? null;
  return (RATE_LIMIT_DEFAULTS as Record<string, RateRule>)[scope] ?? { limit: 30, windowSeconds: 600 };
}

export type RateResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const keyOf = (scope: string, key: string) => `${scope}:${key}`;
const retryAfter = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

/** Counts one attempt for (scope, key); refuses once the window's limit is used up. */
export async function consume(db: DB, scope: string, key: string, now = Date.now()): Promise<RateResult> {
  return consumeAll(db, [[scope, key]], now);
}

/**
 * Counts one attempt in each (scope, key), all in one statement (`countAttempts`: parallel attempts are counted in
 * the same order in every scope); refused when any is used up, with the longest wait. Every scope is counted, even
 * one past another's refusal, so no limit can be stepped around by another's refusal.
 */
export async function consumeAll(
  db: DB,
  checks: [scope: string, key: string][],
  now = Date.now(),
): Promise<RateResult> {
  const limited = checks.flatMap(([scope, key]) => {
    const rule = ruleFor(scope);
    return rule ? [{ scope, key: keyOf(scope, key), rule }] : [];
  });
  if (!limited.length) return { allowed: true };
  const windows = await countAttempts(
    db,
    limited.map(({ key, rule }) => ({ key, windowMs: rule.windowSeconds * 1000 })),
    now,
  );
  let retryAfterSeconds = 0;
  for (const { scope, key, rule } of limited) {
    const window = windows.get(key)!;
    if (window.count <= rule.limit) continue;
    countRateLimitRefusal(scope);
    retryAfterSeconds = Math.max(retryAfterSeconds, retryAfter(window.reset_at_ms, now));
  }
  return retryAfterSeconds ? { allowed: false, retryAfterSeconds } : { allowed: true };
}

/** Whether (scope, key) is over its limit now, without counting an attempt. */
export async function peek(db: DB, scope: string, key: string, now = Date.now()): Promise<RateResult> {
  const rule = ruleFor(scope);
  const row = rule ? await readAttempts(db, keyOf(scope, key)) : undefined;
  if (!rule || !row || row.reset_at_ms <= now || row.count < rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: retryAfter(row.reset_at_ms, now) };
}

/** Gives back one attempt counted by `consume` (a reserved attempt that turned out fine). */
export async function refund(db: DB, scope: string, key: string, now = Date.now()): Promise<void> {
  await refundAttempt(db, keyOf(scope, key), now);
}

/** Forgets a key's attempts (e.g. after a successful sign-in). */
export async function reset(db: DB, scope: string, key: string): Promise<void> {
  await forgetAttempts(db, keyOf(scope, key));
}

/** Deletes expired windows (run now and then by the process that runs the periodic tasks). */
export function sweepRateLimits(db: DB, now = Date.now()): Promise<number> {
  return sweepExpiredWindows(db, now);
}

/** "Too many attempts…" as a form message: each page shows it in its language, the /api in English. */
export function tooManyMessage(retryAfterSeconds: number): string {
  return formMessage("forms.tooMany", { minutes: Math.ceil(retryAfterSeconds / 60) });
}

// Every 429 the site sends carries Retry-After (and every 503 of password work, password.server.ts's Busy) (the seconds until the window frees): the refusals below
// are the only way a service says "throttled", and every answer of one gets its headers from
// `retryAfterHeaders` (an API's JSON, a resource route's text) or, for a page, `forwardRetryAfter` in the
// route's `headers` (React Router drops an action's headers unless the route passes them on).

export type Throttled = { ok: false; status: 429; message: string; retryAfterSeconds: number };

/** A service's refusal of a throttled request. */
export function throttled(retryAfterSeconds: number, message = tooManyMessage(retryAfterSeconds)): Throttled {
  return { ok: false, status: 429, message, retryAfterSeconds };
}

/** The headers of an answer to a refusal: Retry-After when it is a 429, or a 503 (password work full). */
export function retryAfterHeaders(refusal: { status: number; retryAfterSeconds?: number }): Record<string, string> {
  if (refusal.status !== 429 && refusal.status !== 503) return {};
  return { "Retry-After": String(Math.max(1, Math.ceil(refusal.retryAfterSeconds ?? 60))) };
}

/** A page route's `headers`: its own, plus the Retry-After its action answered with. */
export function forwardRetryAfter(
  args: { actionHeaders?: Headers; errorHeaders?: Headers },
  own: Record<string, string> = { "Cache-Control": "no-store" },
): Record<string, string> {
  const retryAfter = args.actionHeaders?.get("Retry-After") ?? args.errorHeaders?.get("Retry-After");
  return retryAfter ? { ...own, "Retry-After": retryAfter } : own;
}
