// Per-client fixed-window rate limits for public forms and sign-in, in memory (one server process).
// Limits are settings (RATE_LIMIT_<SCOPE>="count/seconds"), so tests and deployments can tune them.

export type RateRule = { limit: number; windowSeconds: number };

const DEFAULT_RULES: Record<string, RateRule> = {
  review: { limit: 5, windowSeconds: 600 },
  report: { limit: 5, windowSeconds: 600 },
  contact: { limit: 5, windowSeconds: 600 },
  newsletter: { limit: 10, windowSeconds: 600 },
  application: { limit: 5, windowSeconds: 3600 },
  upload: { limit: 40, windowSeconds: 3600 },
  // Images stored per address per day, through any public path (/api/upload, /register, data URLs of /api/sellers/submit).
  upload_daily: { limit: 100, windowSeconds: 86_400 },
  login: { limit: 10, windowSeconds: 900 },
  signup: { limit: 10, windowSeconds: 3600 },
  // Sign-up step 1 ("is this email free?", a password hash) per address.
  signup_check: { limit: 20, windowSeconds: 600 },
  // Acknowledgement mails to one address (contact, application): the site must not become a mailer.
  acknowledgement: { limit: 3, windowSeconds: 3600 },
  // Failed sign-ins per account from any address: a short window, so an attacker cannot keep a real admin out for long.
  login_account: { limit: 20, windowSeconds: 300 },
  // "Send a new verification link" per client address, and per account (each one is a mail to her inbox).
  verify_email: { limit: 10, windowSeconds: 3600 },
  verify_email_account: { limit: 3, windowSeconds: 3600 },
};

type Bucket = { count: number; resetAt: number };
const buckets = new Map<string, Bucket>();

export function ruleFor(scope: string): RateRule | null {
  const setting = process.env[`RATE_LIMIT_${scope.toUpperCase()}`];
  if (setting === "0" || setting === "off") return null;
  const match = setting?.match(/^(\d+)\/(\d+)$/);
  if (match) return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
  return DEFAULT_RULES[scope] ?? { limit: 30, windowSeconds: 600 };
}

export type RateResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt for (scope, key); refuses once the window's limit is used up. */
export function consume(scope: string, key: string, now = Date.now()): RateResult {
  const rule = ruleFor(scope);
  if (!rule) return { allowed: true };
  if (buckets.size > 50_000) sweep(now);
  const id = `${scope}:${key}`;
  let bucket = buckets.get(id);
  if (!bucket || bucket.resetAt <= now) {
    bucket = { count: 0, resetAt: now + rule.windowSeconds * 1000 };
    buckets.set(id, bucket);
  }
  bucket.count++;
  if (bucket.count > rule.limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)) };
  return { allowed: true };
}

/** Whether (scope, key) is over its limit now, without counting an attempt. */
export function peek(scope: string, key: string, now = Date.now()): RateResult {
  const rule = ruleFor(scope);
  const bucket = buckets.get(`${scope}:${key}`);
  if (!rule || !bucket || bucket.resetAt <= now || bucket.count < rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)) };
}

/** Gives back one attempt counted by `consume` (a reserved attempt that turned out fine). */
export function refund(scope: string, key: string, now = Date.now()): void {
  const bucket = buckets.get(`${scope}:${key}`);
  if (bucket && bucket.resetAt > now && bucket.count > 0) bucket.count--;
}

/** Forgets a key's attempts (e.g. after a successful sign-in). */
export function reset(scope: string, key: string): void {
  buckets.delete(`${scope}:${key}`);
}

function sweep(now: number) {
  for (const [id, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(id);
}

export function tooManyMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
