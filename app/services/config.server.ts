import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { databaseSettingsShape, toDatabaseSettings } from "~db/settings";
import type { MapTilesSource } from "~/lib/map-tiles";

// The site's settings: read from the environment and checked by one zod schema. The server validates
// them once at boot (a bad value stops the start with a message naming the setting); code reads the
// parsed result through `config()` instead of `process.env`.

export type RateRule = { limit: number; windowSeconds: number };

/** Rate-limit scopes and their defaults (`RATE_LIMIT_<SCOPE>="count/seconds"`, `0` or `off` turns one off). */
export const RATE_LIMIT_DEFAULTS = {
  review: { limit: 5, windowSeconds: 600 },
  report: { limit: 5, windowSeconds: 600 },
  contact: { limit: 5, windowSeconds: 600 },
  // Requests for quotes per client address (each one, once confirmed, mails up to five sellers).
  quote: { limit: 5, windowSeconds: 3600 },
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
  // Wrong second-step codes per staff account: then the sign-in starts over, and the account waits.
  second_factor: { limit: 5, windowSeconds: 900 },
  // "Forgot password?" per client address, and per typed address (each one may be a mail to an inbox).
  password_reset: { limit: 5, windowSeconds: 3600 },
  password_reset_account: { limit: 3, windowSeconds: 3600 },
  // Password work per account: wrong current passwords on the account page (password, email change,
  // deletion), and new passwords set through a reset link (each one a hash).
  account_password: { limit: 5, windowSeconds: 900 },
  // Confirmation mails from the account page (new email address, deletion of a Google-only account) per account.
  account_mail: { limit: 5, windowSeconds: 3600 },
  // "Download my data" per account (each one reads every row and file of the account).
  data_export: { limit: 10, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;
export type RateScope = keyof typeof RATE_LIMIT_DEFAULTS;

const unset = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(unset, schema.default(fallback as never));
const whole = (min: number, max: number, what: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .min(min, `must be ${what}`)
    .max(max, `must be ${what}`);
const flag = z.enum(["0", "1"], { error: 'must be "0" or "1"' });
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) address such as https://example.com" });

/** A tile address template as a URL (its placeholders filled), to check and to read its origin. */
const tileTemplateUrl = (template: string) => template.replace(/\{[zxy]\}/g, "0");
const isHttpUrl = (value: string) => httpUrl.safeParse(value).success;

/** A backup key's 32 bytes from 64 hex digits or base64 (standard or URL-safe), or null. */
export function backupKeyBytes(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

const rateRule = z.string().transform((value, ctx): RateRule | null => {
  if (value === "0" || value === "off") return null;
  const match = /^(\d{1,9})\/(\d{1,9})$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    ctx.addIssue({
      code: "custom",
      message: `must be "count/seconds" (e.g. "5/600"), "0" or "off", not ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
});

const settingsSchema = z.object({
  NODE_ENV: withDefault(
    z.enum(["production", "development", "test"], { error: 'must be "production", "development" or "test"' }),
    "development",
  ),
  PORT: withDefault(whole(1, 65535, "a port number from 1 to 65535"), 3000),
  HOST: withDefault(z.string(), "0.0.0.0"),
  WEB_CONCURRENCY: optional(whole(1, 256, "a whole number of worker processes from 1 to 256")),
  LOG_LEVEL: withDefault(
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be fatal, error, warn, info, debug, trace or silent",
    }),
    "info",
  ),
  ...databaseSettingsShape,
  UPLOADS_DIR: withDefault(z.string(), "./data/uploads"),
  // Uploads in an S3-compatible bucket instead of the folder (several machines, no shared folder).
  S3_BUCKET: optional(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name (3-63 lower-case letters, digits, dots, dashes)",
      ),
  ),
  S3_ENDPOINT: optional(httpUrl),
  S3_REGION: withDefault(
    z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as "us-east-1" or "auto"'),
    "us-east-1",
  ),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(flag),
  UPLOADS_PUBLIC_URL: optional(httpUrl),
  SESSION_SECRET: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine(
        (list) => list.length > 0 && list.every((s) => s.length >= 16),
        "must be one secret of at least 16 characters, or a comma-separated list of them (the first signs)",
      ),
  ),
  ADMIN_EMAIL: optional(z.string().trim()),
  ADMIN_PASSWORD: optional(z.string()),
  BACKUP_DIR: withDefault(z.string(), "./data/backups"),
  BACKUP_EVERY_HOURS: withDefault(
    z.coerce
      .number({ error: "must be a number of hours (0 for off)" })
      .min(0, "must be a number of hours (0 for off)")
      .max(10_000, "must be at most 10000 hours"),
    0,
  ),
  BACKUP_KEEP: withDefault(whole(1, 10_000, "a whole number from 1"), 7),
  // Backups that leave the machine (docs/decisions/225-backups-leave-the-machine.md): a bucket reached with the
  // S3_* settings, its prefix, the age after which a backup is deleted (0: by count alone), and the key.
  BACKUP_KEEP_DAYS: withDefault(whole(0, 100_000, "a whole number of days from 0 (no age limit)"), 0),
  BACKUP_S3_BUCKET: optional(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name (3-63 lower-case letters, digits, dots, dashes)",
      ),
  ),
  BACKUP_S3_PREFIX: withDefault(
    z
      .string()
      .trim()
      .transform((value) => value.replace(/^\/+|\/+$/g, ""))
      .refine(
        (value) => /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(value) && !value.split("/").includes(".."),
        'must be a folder-like prefix of letters, digits, ".", "_", "-" and "/" (e.g. "backups/site")',
      ),
    "backups",
  ),
  BACKUP_ENCRYPTION_KEY: optional(
    z.string().transform((value, ctx): Buffer => {
      const key = backupKeyBytes(value.trim());
      if (!key) {
        ctx.addIssue({
          code: "custom",
          message:
            "must be 32 random bytes as 64 hex digits or 44 base64 characters (make one with: openssl rand -base64 32)",
        });
        return z.NEVER;
      }
      return key;
    }),
  ),
  PASSWORD_HASH_QUEUE: withDefault(whole(0, 10_000, "a whole number of waiting password hashes from 0"), 16),
  COOKIE_SECURE: optional(flag),
  HSTS: optional(flag),
  I18N_PSEUDO: optional(flag),
  I18N_PSEUDO_LOCALE: optional(flag),
  TRUST_PROXY: optional(z.string()),
  PUBLIC_URL: optional(httpUrl),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  GOOGLE_ISSUER: withDefault(httpUrl, "https://accounts.google.com"),
  SEED_DEMO: withDefault(whole(0, 100_000, "a number of demo sellers from 0 to 100000"), 0),
  SMTP_URL: optional(
    z.url({
      protocol: /^smtps?$/,
      error: "must be an smtp:// or smtps:// address, e.g. smtps://user:pass@smtp.example.com:465",
    }),
  ),
  MAIL_FROM: optional(z.string()),
  TEAM_EMAIL: optional(z.email({ error: "must be an email address" })),
  // Online payments (docs/operations.md, "Online payments"): all three or none.
  RAZORPAY_KEY_ID: optional(
    z
      .string()
      .trim()
      .regex(/^rzp_(test|live)_\w+$/, 'must be a key id such as "rzp_live_…"'),
  ),
  RAZORPAY_KEY_SECRET: optional(z.string().min(8, "must be the key secret from the gateway's dashboard")),
  RAZORPAY_WEBHOOK_SECRET: optional(z.string().min(8, "must be the webhook secret, at least 8 characters")),
  // The gateway's API address (tests point it at a local stand-in).
  RAZORPAY_API_URL: withDefault(httpUrl, "https://api.razorpay.com"),
  // The organisation on payment receipts.
  ORGANISATION_NAME: optional(z.string().trim().max(200, "must be at most 200 characters")),
  ORGANISATION_ADDRESS: optional(z.string().trim().max(500, "must be at most 500 characters")),
  ORGANISATION_GSTIN: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "must be a 15-character GSTIN such as 29ABCDE1234F1Z5"),
  ),
  // The small maps' tile server (docs/decisions/220-small-maps-from-tiles-without-a-library.md): off when unset.
  MAP_TILES_URL: optional(
    z
      .string()
      .trim()
      .refine(
        (value) => ["{z}", "{x}", "{y}"].every((part) => value.includes(part)) && isHttpUrl(tileTemplateUrl(value)),
        "must be an http(s) address of the tiles with {z}, {x} and {y}, e.g. https://tile.example.org/{z}/{x}/{y}.png",
      ),
  ),
  MAP_TILES_ATTRIBUTION: withDefault(
    z.string().trim().min(1, "must name the map's source").max(200, "must be at most 200 characters"),
    "© OpenStreetMap contributors",
  ),
  UPI_ID: withDefault(z.string(), "bwpcommunity@okaxis"),
  UPI_PAYEE_NAME: withDefault(z.string(), "BWP Community"),
  SITEMAP_URLS_PER_FILE: withDefault(whole(1, 50_000, "a whole number from 1 to 50000"), 50_000),
  // A seller's invitations to review her per Indian day (docs/decisions/222-reviews-people-can-trust.md).
  REVIEW_INVITATIONS_PER_DAY: withDefault(whole(1, 1000, "a whole number of invitations from 1 to 1000"), 30),
  STAFF_IDLE_MINUTES: withDefault(whole(1, 1440, "a whole number of minutes from 1 to 1440"), 30),
  STAFF_SECOND_FACTOR_GRACE_DAYS: withDefault(whole(0, 365, "a whole number of days from 0 to 365"), 14),
  RESPONSE_CACHE_MB: withDefault(
    z.coerce
      .number({ error: "must be a number of megabytes (0 for off)" })
      .min(0, "must be a number of megabytes (0 for off)")
      .max(4096, "must be at most 4096 megabytes"),
    64,
  ),
  // /metrics (docs/decisions/224-metrics.md): a bearer token for scrapes from elsewhere than this machine; off stops counting.
  METRICS_TOKEN: optional(z.string().min(16, "must be at least 16 characters (a long random token)")),
  METRICS: withDefault(z.enum(["on", "off"], { error: 'must be "on" or "off"' }), "on"),
  MEMORY_LOG_SECONDS: withDefault(whole(0, 86_400, "a whole number of seconds from 0 (off) to 86400"), 0),
  IMAGE_VARIANT_WORKERS: optional(whole(0, 64, "a whole number from 0 (this process makes no image copies) to 64")),
});

export type Settings = ReturnType<typeof toConfig>;

/** DATABASE_PATH (absolute), DATABASE_URL and DATABASE_POOL_SIZE, read as db/client.ts reads them. */
function databaseSettingsOf(env: z.output<typeof settingsSchema>) {
  const { path, url, poolSize } = toDatabaseSettings(env);
  return { databasePath: path, databaseUrl: url, databasePoolSize: poolSize };
}

function toConfig(env: z.output<typeof settingsSchema>, rateLimits: Record<string, RateRule | null>) {
  const production = env.NODE_ENV === "production";
  /** How the bucket of the uploads and the bucket of the backups are reached (the S3_* settings). */
  const s3Connection = {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "1",
  };
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: production,
    port: env.PORT,
    host: env.HOST,
    /** Worker processes of the production server (one per core unless set). */
    webConcurrency: env.WEB_CONCURRENCY ?? availableParallelism(),
    logLevel: env.LOG_LEVEL,
    ...databaseSettingsOf(env),
    uploadsDir: resolve(env.UPLOADS_DIR),
    /** The bucket of the uploads when S3_BUCKET is set (else the folder UPLOADS_DIR). */
    s3: env.S3_BUCKET ? { bucket: env.S3_BUCKET, ...s3Connection } : null,
    /** Public images are redirected there (a CDN or the bucket's public address) instead of streamed. */
    uploadsPublicUrl: env.UPLOADS_PUBLIC_URL?.replace(/\/+$/, ""),
    /** SESSION_SECRET as a list (the first signs, all verify); undefined when unset (then the secret file). */
    sessionSecrets: env.SESSION_SECRET,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD,
    backup: {
      dir: env.BACKUP_DIR,
      everyHours: env.BACKUP_EVERY_HOURS,
      keep: env.BACKUP_KEEP,
      /** Backups older than this many days are deleted (0: by count alone). */
      keepDays: env.BACKUP_KEEP_DAYS,
      /** The bucket each backup is sent to, encrypted (null: the local folder only). */
      s3: env.BACKUP_S3_BUCKET ? { bucket: env.BACKUP_S3_BUCKET, prefix: env.BACKUP_S3_PREFIX, ...s3Connection } : null,
      /** BACKUP_ENCRYPTION_KEY's 32 bytes (never logged). */
      encryptionKey: env.BACKUP_ENCRYPTION_KEY ?? null,
    },
    /** Password hashes a process lets wait for a free core; one more is refused with 503 (password.server.ts). */
    passwordHashQueue: env.PASSWORD_HASH_QUEUE,
    cookieSecure: production && env.COOKIE_SECURE !== "0",
    hsts: env.HSTS === "1",
    /** Tests only: the English catalogue is served accented and bracketed, so untranslated text stands out. */
    pseudoLocale: env.I18N_PSEUDO === "1",
    /** Tests only: a fourth language, the pseudo-language `en-XA` under /xa (lib/locales.ts), is served too. */
    pseudoLanguage: env.I18N_PSEUDO_LOCALE === "1",
    trustProxy:
      env.TRUST_PROXY === undefined ? false : /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ""),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { issuer: env.GOOGLE_ISSUER, clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : null,
    seedDemo: env.SEED_DEMO,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    teamEmail: env.TEAM_EMAIL,
    upi: { id: env.UPI_ID, payeeName: env.UPI_PAYEE_NAME },
    /** The small maps' tiles (a `{z}/{x}/{y}` address and its credit) and their origin (the pages' CSP); null: no maps. */
    mapTiles: env.MAP_TILES_URL
      ? {
          url: env.MAP_TILES_URL,
          attribution: env.MAP_TILES_ATTRIBUTION,
          origin: new URL(tileTemplateUrl(env.MAP_TILES_URL)).origin,
        }
      : null,
    /** Who issues the payment receipts (name, address and GSTIN when set). */
    organisation: {
      name: env.ORGANISATION_NAME || null,
      address: env.ORGANISATION_ADDRESS || null,
      gstin: env.ORGANISATION_GSTIN || null,
    },
    /** The payment gateway's account (null: no online payments, the screenshot path only). */
    razorpay:
      env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: env.RAZORPAY_KEY_ID,
            keySecret: env.RAZORPAY_KEY_SECRET,
            webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: env.RAZORPAY_API_URL.replace(/\/+$/, ""),
          }
        : null,
    rateLimits,
    /** URLs per sitemap file (the sitemap protocol's limit is 50,000). */
    sitemapUrlsPerFile: env.SITEMAP_URLS_PER_FILE,
    /** Memory of the response cache of anonymous public answers (0: off). */
    responseCacheBytes: Math.floor(env.RESPONSE_CACHE_MB * 1024 * 1024),
    /** /metrics and its counting (docs/decisions/224-metrics.md): on unless METRICS=off; the token a scrape from elsewhere needs. */
    metrics: { on: env.METRICS === "on", token: env.METRICS_TOKEN || null },
    /** Each process logs its memory (RSS, heap) this often; 0: never. */
    memoryLogMs: env.MEMORY_LOG_SECONDS * 1000,
    /** Images whose smaller copies are made at once (never more than the cores); null: half the cores; 0: none here. */
    imageVariantWorkers: env.IMAGE_VARIANT_WORKERS ?? null,
    /** Invitations to review a seller may make in an Indian day. */
    reviewInvitationsPerDay: env.REVIEW_INVITATIONS_PER_DAY,
    /** A staff session ends after this long without a request. */
    staffIdleMs: env.STAFF_IDLE_MINUTES * 60_000,
    /** Days a new staff account may sign in with its password alone before it must set up a second factor. */
    staffSecondFactorGraceDays: env.STAFF_SECOND_FACTOR_GRACE_DAYS,
  };
}

export class SettingsError extends Error {
  constructor(public problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "SettingsError";
  }
}

/**
 * NODE_ENV alone, for what is made when a module loads, before the settings are validated (the logger):
 * the default when it is unset or not a valid value, which the validation at boot then reports.
 */
export function nodeEnvironment(env: NodeJS.ProcessEnv = process.env): Settings["nodeEnv"] {
  const parsed = settingsSchema.shape.NODE_ENV.safeParse(env.NODE_ENV);
  return parsed.success ? parsed.data : "development";
}

/** Parses an environment into the settings; throws a SettingsError naming every bad setting. */
export function parseSettings(env: NodeJS.ProcessEnv): Settings {
  const problems: string[] = [];
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success)
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join(".")}: ${issue.message}`);
  const rateLimits: Record<string, RateRule | null> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith("RATE_LIMIT_") || value === undefined || value === "") continue;
    const scope = name.slice("RATE_LIMIT_".length).toLowerCase();
    if (!(scope in RATE_LIMIT_DEFAULTS)) {
      problems.push(
        `${name}: unknown rate-limit scope (known: ${Object.keys(RATE_LIMIT_DEFAULTS)
          .map((s) => s.toUpperCase())
          .join(", ")})`,
      );
      continue;
    }
    const rule = rateRule.safeParse(value);
    if (rule.success) rateLimits[scope] = rule.data;
    else problems.push(`${name}: ${rule.error.issues[0]?.message}`);
  }
  if (
    parsed.success &&
    parsed.data.DATABASE_URL &&
    parsed.data.NODE_ENV === "production" &&
    !parsed.data.SESSION_SECRET
  )
    problems.push(
      "SESSION_SECRET: must be set with DATABASE_URL (every instance must sign sessions with the same secret; the secret file is per machine)",
    );
  if (parsed.success) {
    const s3 = parsed.data;
    const named = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const).filter(
      (name) => s3[name] !== undefined,
    );
    if (!s3.S3_BUCKET && !s3.BACKUP_S3_BUCKET && named.length)
      problems.push(`S3_BUCKET: must be set with ${named.join(", ")} (the bucket that keeps the uploads)`);
    const bucketSetting = s3.S3_BUCKET ? "S3_BUCKET" : "BACKUP_S3_BUCKET";
    if ((s3.S3_BUCKET || s3.BACKUP_S3_BUCKET) && !s3.S3_ACCESS_KEY_ID)
      problems.push(`S3_ACCESS_KEY_ID: must be set with ${bucketSetting} (the access key of the bucket)`);
    if ((s3.S3_BUCKET || s3.BACKUP_S3_BUCKET) && !s3.S3_SECRET_ACCESS_KEY)
      problems.push(`S3_SECRET_ACCESS_KEY: must be set with ${bucketSetting} (the secret of the access key)`);
    if (s3.BACKUP_S3_BUCKET && !s3.BACKUP_ENCRYPTION_KEY)
      problems.push(
        "BACKUP_ENCRYPTION_KEY: must be set with BACKUP_S3_BUCKET (backups leave the machine encrypted; make one with: openssl rand -base64 32, and keep a copy away from the bucket)",
      );
  }
  if (parsed.success) {
    const names = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;
    const missing = names.filter((name) => parsed.data[name] === undefined);
    if (missing.length && missing.length < names.length)
      problems.push(
        `${missing.join(", ")}: must be set with ${names.filter((n) => !missing.includes(n)).join(", ")} (online payments need all three: key id, key secret and webhook secret; leave all three empty to turn them off)`,
      );
  }
  if (problems.length || !parsed.success) throw new SettingsError(problems);
  return toConfig(parsed.data, rateLimits);
}

let current: Settings | undefined;

/** The validated settings of this process (parsed at the first call, or at boot by the server). */
export function config(): Settings {
  current ??= parseSettings(process.env);
  return current;
}

/** Parses the environment again (tests that change a setting; the server never does). */
export function reloadConfig(): Settings {
  current = undefined;
  sessionSecretCache = undefined;
  return config();
}

/** Where the generated session secret is kept when SESSION_SECRET is not set: the data folder. */
export function sessionSecretFile(settings: Settings = config()): string {
  return join(dirname(settings.databasePath), "session-secret");
}

let sessionSecretCache: string[] | undefined;

/**
 * The session secrets, the first of which signs: SESSION_SECRET (a comma-separated list for rotation),
 * else a random secret generated on the first start and kept in the data folder (mode 0600), so
 * sessions survive restarts and every worker process uses the same one.
 */
export function sessionSecrets(): string[] {
  if (sessionSecretCache) return sessionSecretCache;
  const settings = config();
  if (settings.sessionSecrets) return (sessionSecretCache = settings.sessionSecrets);
  if (settings.nodeEnv === "test") return (sessionSecretCache = ["unit-test-session-secret"]);
  const file = sessionSecretFile(settings);
  mkdirSync(dirname(file), { recursive: true });
  try {
    // "wx": only one process creates it; the others (and later starts) read it.
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secrets = readFileSync(file, "utf8")
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (!secrets.length)
    throw new Error(`${file} holds no secret: delete it to have a new one made (every session ends)`);
  return (sessionSecretCache = secrets);
}

/** Where the small maps' tiles come from, as the pages draw them; null when MAP_TILES_URL is unset. */
export function mapTilesSource(): MapTilesSource | null {
  const tiles = config().mapTiles;
  return tiles ? { url: tiles.url, attribution: tiles.attribution } : null;
}
