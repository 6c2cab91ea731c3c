// npm run reliability:fuzz — property-based fuzzing of the production server (docs/reliability.md) with
// fast-check: every route of app/routes.ts (pages, their actions and `.data` twins, every /api route)
// plus the server's own paths, with random methods, ids, query strings, bodies of every content type
// (JSON, urlencoded, multipart with files, text, garbage, malformed), cookies (none, a real admin or
// seller session, forged ones) and headers (Origin, X-Forwarded-For/Host/Proto, Accept, Host, Range…).
// The property: no answer is 5xx, no request hangs; afterwards the server is alive and /readyz is 200.
import fc from "fast-check";
import type { ExpressionBuilder } from "kysely";
import { createHmac } from "node:crypto";
import { request as httpRequest } from "node:http";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { openDatabase } from "~db/client";
import type { Database } from "~db/schema";
import routes from "../app/routes";
import { collectAccountData, eraseAccount } from "../app/models/account-data.server";
import { isMain, type ProductionServer, signIn, siteIds, startProductionServer } from "./reliability/production-server";
import { applicationImages, type WriteContext, writeRequest } from "./reliability/writes";

export type FuzzOptions = {
  runs: number;
  batch: number;
  seed?: number;
  port?: number;
  /** Serving processes (WEB_CONCURRENCY). Default 1. */
  processes?: number;
  log?: (line: string) => void;
};
export type FuzzFailure = { status: number | string; request: string; log: string };
export type FuzzReport = {
  seed: number;
  /** Serving processes (WEB_CONCURRENCY). */
  processes: number;
  requests: number;
  seconds: number;
  byStatus: Record<string, number>;
  status5xx: number;
  /** Requests without an answer within the time limit (a hang counts as a failure). */
  timeouts: number;
  /** Connections the server closed without an answer (Node's own 400 for a malformed request closes too). */
  connectionErrors: number;
  failures: FuzzFailure[];
  /** A few of the requests that ended without an answer, to tell a client-side refusal from a server fault. */
  connectionSamples: string[];
  routesCovered: number;
  routesTotal: number;
  /** The route patterns no request of the run went to (with the seed, what a failed coverage check names). */
  routesMissed: string[];
  /** Requests with a real staff session that got past the permission guard (not 401/403). */
  adminPastGuard: number;
  /** Answers 2xx to POST/PUT/PATCH/DELETE: inputs that went all the way through a write. */
  writesAccepted: number;
  /** Times the run found its admin session ended (by a fuzzed request) and signed in again. */
  adminSignIns: number;
  healthyAfter: boolean;
  /** Seller accounts that hold one of the site's own addresses (the team's, the sender's): must be none. */
  reservedSellerAccounts: string[];
  /**
   * The class "data reached through a shared address": the fuzz seller's address also got other people's
   * mail (the contact and newsletter targets write to it). After the run, her account (marked verified)
   * must export only the mails linked to her by id, and her erasure must keep the others'.
   */
  sharedAddress: { othersMail: number; exported: number; linked: number; othersKeptAfterErasure: number };
};

/** The fuzz seller's address; the visitors' forms of the run write to it too. */
const SHARED_ADDRESS = "fuzz-seller@example.test";

// ── the route table ──
type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };
function flatten(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((e) => {
    const here = e.path ? [parent, e.path].filter(Boolean).join("/") : parent;
    const own = e.path !== undefined || e.index ? [here] : [];
    return [...own, ...(e.children ? flatten(e.children, here) : [])];
  });
}
/** Every route pattern of the site, and the paths the Express server answers itself. */
export const ROUTE_PATTERNS = [
  ...new Set([
    // the pages of every language by their English address (`:lang?/contact` is `contact`)
    ...flatten(routes as RouteEntry[]).map((p) => p.replace(/^:lang\?\/?/, "")),
    "healthz",
    "readyz",
    "uploads/*",
    "assets/*",
  ]),
];

// ── values ──
const KNOWN_KEYS = [
  "seller_id",
  "reviewer_name",
  "customer_name",
  "rating",
  "review_text",
  "reviewer_email",
  "expires",
  "link_id",
  "link_expires",
  "link_token",
  "name",
  "email",
  "mobile",
  "query_type",
  "subject",
  "message",
  "source",
  "password",
  "confirm_password",
  "current_password",
  "new_password",
  "city",
  "locality",
  "area",
  "category_ids",
  "subcategory_ids",
  "business_name",
  "business_description",
  "tagline",
  "tagline_new",
  "address",
  "id_proof_type",
  "amount_paid",
  "subscription_months",
  "plan",
  "price_range",
  "whatsapp_link",
  "facebook_link",
  "instagram_link",
  "youtube_link",
  "website_link",
  "id_proof_document",
  "payment_screenshot",
  "profile_photo",
  "product_images",
  "payment_reference",
  "aadhaar_number",
  "gst_number",
  "intent",
  "review_id",
  "review_ids",
  "reason",
  "reply",
  "status",
  "admin_notes",
  "action",
  "bulk_action",
  "seller_ids",
  "ids",
  "id",
  "is_active",
  "is_featured",
  "is_verified",
  "is_paid",
  "slug",
  "description",
  "icon",
  "category_id",
  "category",
  "redirectTo",
  "theme",
  "_js",
  "company_website",
  "code",
  "state",
  "iss",
  "token",
  "signup_token",
  "terms",
  "kind",
  "move",
  "tab",
  "view",
  "from",
  "to",
  "page",
  "limit",
  "search",
  "verified",
  "paid",
  "featured",
  "format",
  "purpose",
  "file",
  "_data",
  "subscription_start_date",
  "subscription_end_date",
  "payment_status",
  "__proto__",
  "constructor",
];
const ENUM_VALUES = [
  // the site's own addresses (TEAM_EMAIL and MAIL_FROM are left at their defaults in the run) and the fuzz seller's
  "hello@bwpdirectory.in",
  "Hello+fuzz@BWPDirectory.in",
  "no-reply@bwpdirectory.in",
  SHARED_ADDRESS,
  "report",
  "reply",
  "invite",
  "profile",
  "password",
  "delete",
  "toggle",
  "verify",
  "feature",
  "bulk",
  "row",
  "one",
  "enable",
  "disable",
  "remove",
  "add_moderator",
  "continue",
  "previous",
  "create",
  "seed",
  "mark_paid",
  "toggle_featured",
  "toggle_status",
  "toggle_verified",
  "approve",
  "deactivate",
  "published",
  "rejected",
  "pending",
  "flagged",
  "active",
  "inactive",
  "in_progress",
  "resolved",
  "closed",
  "new",
  "Bangalore",
  "Mumbai",
  "1m",
  "3m",
  "6m",
  "12m",
  "elite",
  "aadhaar",
  "pan_card",
  "driving_license",
  "General Inquiry",
  "Complaint",
  "website",
  "footer",
  "homepage_final_cta",
  "below_500",
  "above_5000",
  "light",
  "dark",
  "system",
  "on",
  "true",
  "false",
  "category",
  "subcategory",
  "download",
  "view",
  "profile_photo",
  "product_image",
  "id_proof_document",
  "payment_screenshot",
];
const NASTY_STRINGS = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "9".repeat(40),
  "null",
  "undefined",
  "[]",
  "{}",
  "__proto__",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"; DROP TABLE sellers; --',
  "%00",
  "\u0000",
  "\u202e",
  "😀",
  "ﷺ",
  "../../../etc/passwd",
  "..%2f..%2f",
  "//evil.example",
  "/\\evil.example",
  "javascript:alert(1)",
  "https://example.com/x",
  "data:image/png;base64,AAAA",
  "data:image/svg+xml;base64,PHN2Zz4=",
  "/uploads/0123456789abcdef0123456789abcdef.webp",
  "/admin/uploads/0123456789abcdef0123456789abcdef.webp",
  "user@example.test",
  "a@b",
  "+919845067890",
  "123456789012",
  '"kitchen"*',
  "NEAR(a b)",
  "a OR b",
  "x".repeat(5000),
  "2026-02-30",
  "9999-12-31T99:99:99Z",
];

const headerChars = fc.constantFrom(
  ..." !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\tÿé".split(""),
);
const headerText = fc.string({ unit: headerChars, maxLength: 60 });
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...ENUM_VALUES) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 100 }).map(String) },
);
const scalar = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 2, arbitrary: fc.integer({ min: -3, max: 200 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER + 2)) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...KNOWN_KEYS), scalar, { maxKeys: 3 }) },
);
const key = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...KNOWN_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const fields = fc.array(fc.tuple(key, fc.oneof(text, scalar.map(String))), { maxLength: 10 });
const idValue = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "0",
      "-1",
      "1.5",
      "1e3",
      "9007199254740993",
      "99999999999999999999",
      "0x10",
      "%201",
      "1%20",
      "abc",
      "%00",
      "..",
      "1;2",
      "%zz",
      "%2e%2e",
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{32}\.webp$/) },
);

// ── requests ──
type BodySpec = { contentType?: string; body: Buffer; chunked: boolean };
type CookieSpec = "none" | "admin" | "seller" | "forged" | "raw" | "odd-admin" | "two-headers";

/** Where a post may ask to go back to: each must end on this site (docs/reliability.md, security probe finding 2). */
export const REDIRECT_PAYLOADS = [
  "//evil.example",
  "/\\evil.example",
  "/.//evil.example",
  "/x/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/./\\evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/%2fevil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "/a/b/../..//evil.example",
  "/directory",
];
type FuzzRequest = {
  method: string;
  pattern: string;
  path: string;
  dataSuffix: boolean;
  query: [string, string][];
  rawQuery?: string;
  body: BodySpec;
  cookie: CookieSpec;
  cookieRaw: string;
  headers: Record<string, string | string[] | undefined>;
};

function multipart(
  parts: { name: string; value: string | Buffer; filename?: string; type?: string }[],
  boundary: string,
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name.replace(/["\r\n]/g, "")}"${p.filename !== undefined ? `; filename="${p.filename.replace(/["\r\n]/g, "")}"` : ""}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function bodyArbitrary(validBodies: string[], png: Buffer): fc.Arbitrary<BodySpec> {
  const jsonTypes = fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "APPLICATION/JSON",
    "application/json;charset=latin1",
    "application/jsonx",
    "application/vnd.api+json",
  );
  const chunked = fc.boolean();
  const object = fc.dictionary(key, jsonValue, { maxKeys: 12 });
  // A valid payload of some write with a few of its fields replaced: gets past the first checks.
  const mutated = fc
    .tuple(fc.constantFrom(...validBodies), fc.dictionary(fc.constantFrom(...KNOWN_KEYS), jsonValue, { maxKeys: 3 }))
    .map(([valid, changes]) => ({ ...JSON.parse(valid), ...changes }));
  const file = fc.record({
    name: fc.constantFrom(
      "file",
      "profile_photo",
      "product_images",
      "id_proof_document",
      "payment_screenshot",
      "image",
      "x",
    ),
    value: fc.oneof(
      fc.constant(png),
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
      fc.constant(Buffer.from("<svg onload=alert(1)>")),
      fc.constant(Buffer.alloc(0)),
    ),
    filename: fc.oneof(fc.constant("photo.png"), fc.string({ unit: headerChars, maxLength: 20 }), fc.constant("")),
    type: fc.constantFrom("image/png", "image/jpeg", "image/svg+xml", "application/octet-stream", "text/html", ""),
  });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<BodySpec>({ body: Buffer.alloc(0), chunked: false }) },
    {
      weight: 4,
      arbitrary: fc.record({
        contentType: jsonTypes,
        body: fc.oneof(object, jsonValue, mutated).map((v) => Buffer.from(JSON.stringify(v) ?? "null")),
        chunked,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        contentType: fc.constant("application/json"),
        body: mutated.map((v) => Buffer.from(JSON.stringify(v))),
        chunked,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: jsonTypes,
        body: fc.string({ maxLength: 80 }).map((s) => Buffer.from(s)),
        chunked,
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded; charset=UTF-8",
          "application/x-www-form-urlencoded; charset=ebcdic",
        ),
        body: fc.oneof(
          fields.map((f) => Buffer.from(new URLSearchParams(f).toString())),
          fc.string({ unit: headerChars, maxLength: 80 }).map((s) => Buffer.from(s)),
        ),
        chunked,
      }),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fields,
          fc.array(file, { maxLength: 3 }),
          fc.constantFrom("fuzzboundary", "x", "----WebKitFormBoundary7MA4YWxkTrZu0gW"),
          fc.boolean(),
        )
        .map(([f, files, boundary, lieAboutBoundary]) => ({
          contentType: `multipart/form-data; boundary=${lieAboutBoundary ? "other" : boundary}`,
          body: multipart([...f.map(([name, value]) => ({ name, value })), ...files], boundary),
          chunked: false,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constant("multipart/form-data"),
        body: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
        chunked,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        contentType: fc.oneof(
          fc.constantFrom(
            "text/plain",
            "text/html",
            "application/xml",
            "application/octet-stream",
            "image/png",
            "text/csv",
            ";",
            "*/*",
          ),
          headerText,
        ),
        body: fc.oneof(
          fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
          fc.string({ maxLength: 100 }).map((s) => Buffer.from(s)),
        ),
        chunked,
      }),
    },
  );
}

/** The value in about one draw of ten, otherwise no header. */
const rarely = (arb: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

function requestArbitrary(validBodies: string[], png: Buffer): fc.Arbitrary<FuzzRequest> {
  const query = fc.array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.tuple(
          fc.oneof(
            { weight: 5, arbitrary: fc.constantFrom(...KNOWN_KEYS, "_routes", "index", "sent", "status", "type") },
            { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
          ),
          fc.oneof(text, idValue),
        ),
      },
      { weight: 1, arbitrary: fc.tuple(fc.constant("redirectTo"), fc.constantFrom(...REDIRECT_PAYLOADS)) },
    ),
    { maxLength: 5 },
  );
  const ip = fc.oneof(
    fc.ipV4(),
    fc.ipV6(),
    headerText,
    fc.array(fc.ipV4(), { minLength: 2, maxLength: 3 }).map((l) => l.join(", ")),
  );
  const headers = fc.record(
    {
      Origin: fc.oneof(
        fc.constant("SAME"),
        fc.constantFrom("https://evil.example", "null", "http://127.0.0.1", "not a url", ""),
        headerText,
      ),
      "X-Forwarded-For": ip,
      // Rare: a bad host name is refused before any route runs, so it would hide the routes' own checks.
      "X-Forwarded-Host": rarely(
        fc.oneof(
          fc.constantFrom("evil.example", "evil.example:99999", "[::1]:80", "a b", "%", ":", "", ",x"),
          headerText,
        ),
      ),
      "X-Forwarded-Proto": fc.constantFrom("https", "http", "gopher", "", "https, http"),
      Host: rarely(fc.oneof(fc.constantFrom("evil.example", "127.0.0.1:1", "[::1]", "a:b:c", "%zz", ""), headerText)),
      Accept: fc.oneof(
        fc.constantFrom("application/json", "text/html", "text/csv", "*/*", "image/svg+xml", "text/x-script"),
        headerText,
      ),
      "Accept-Language": headerText,
      "Accept-Encoding": fc.oneof(
        fc.constantFrom(
          "gzip",
          "br",
          "deflate",
          "identity",
          "*",
          "gzip;q=0, x",
          "br;q=1.5",
          "gzip;q=abc",
          ",,,",
          ";q=1",
        ),
        fc.constantFrom<string[]>(["gzip", "br"], ["identity", "gzip;q=0"]),
        headerText,
      ),
      Range: fc.constantFrom("bytes=0-10", "bytes=-5", "bytes=99999999-", "bytes=abc", "items=0-1"),
      "If-None-Match": headerText,
      "If-Modified-Since": fc.constantFrom(
        "Thu, 01 Jan 1970 00:00:00 GMT",
        "yesterday",
        "Sun, 31 Dec 2999 23:59:59 GMT",
      ),
      "User-Agent": fc.oneof(fc.constantFrom("Googlebot/2.1", "curl/8", "Mozilla/5.0"), headerText),
      "X-Requested-With": fc.constant("XMLHttpRequest"),
    },
    { requiredKeys: [] },
  );
  return fc
    .record({
      method: fc.constantFrom(
        "GET",
        "GET",
        "GET",
        "POST",
        "POST",
        "POST",
        "POST",
        "PUT",
        "PUT",
        "DELETE",
        "PATCH",
        "HEAD",
        "OPTIONS",
        "TRACE",
        "PROPFIND",
        "MKCOL",
      ),
      pattern: fc.constantFrom(...ROUTE_PATTERNS),
      ids: fc.array(idValue, { minLength: 3, maxLength: 3 }),
      splat: fc.array(
        fc.oneof(
          fc.string({ maxLength: 8 }).map(encodeURIComponent),
          fc.constantFrom("..", "%2e%2e", "%zz", "x.data", ""),
        ),
        { maxLength: 3 },
      ),
      dataSuffix: fc.boolean(),
      query,
      rawQuery: fc.option(fc.constantFrom("%zz", "a=%E0%A4%A", "&&==&", "a[b]=1&a[c]=2", "page=1&page=2", "?"), {
        freq: 8,
      }),
      body: bodyArbitrary(validBodies, png),
      cookie: fc.constantFrom<CookieSpec>(
        "none",
        "none",
        "admin",
        "admin",
        "admin",
        "seller",
        "forged",
        "raw",
        "odd-admin",
        "two-headers",
      ),
      cookieRaw: headerText,
      headers,
    })
    .map((r) => {
      let i = 0;
      const path = `/${r.pattern.replace(/:[a-z]+/gi, () => r.ids[i++ % 3]).replace("*", r.splat.join("/"))}`;
      return {
        method: r.method,
        pattern: r.pattern,
        path,
        dataSuffix: r.dataSuffix && !r.pattern.startsWith("api"),
        query: r.query,
        rawQuery: r.rawQuery ?? undefined,
        body: r.body,
        cookie: r.cookie,
        cookieRaw: r.cookieRaw,
        headers: r.headers,
      };
    });
}

/**
 * The site's writes with a valid input each (JSON for /api, urlencoded for page forms), sent to their
 * own route with a few fields replaced or dropped: they get past the first checks into the models.
 */
type Target = {
  method: string;
  pattern: string;
  form: "json" | "urlencoded";
  cookie: CookieSpec;
  fields: Record<string, unknown>;
};
function writeTargets(ctx: WriteContext): Target[] {
  const api = (pattern: string, kind: Parameters<typeof writeRequest>[0], cookie: CookieSpec = "none"): Target => ({
    method: "POST",
    pattern,
    form: "json",
    cookie,
    fields: JSON.parse(writeRequest(kind, `fuzz-${kind}`, ctx, 1).body),
  });
  const json = (
    method: string,
    pattern: string,
    fields: Record<string, unknown>,
    cookie: CookieSpec = "admin",
  ): Target => ({ method, pattern, form: "json", cookie, fields });
  const form = (pattern: string, fields: Record<string, unknown>, cookie: CookieSpec = "none"): Target => ({
    method: "POST",
    pattern,
    form: "urlencoded",
    cookie,
    fields,
  });
  const contact = {
    name: "Ritu",
    email: SHARED_ADDRESS,
    mobile: "9845067890",
    query_type: "General Inquiry",
    subject: "Hi",
    message: "Hello there",
  };
  return [
    api("api/reviews", "review"),
    api("api/enquiries/contact", "contact"),
    api("api/enquiries/newsletter", "newsletter"),
    api("api/sellers/submit", "application"),
    api("api/auth/register", "signup"),
    api("api/admin/categories", "category", "admin"),
    json("POST", "api/auth/login", { email: "nobody@example.test", password: "wrong-password-1" }, "none"),
    json("POST", "api/admin/login", { email: "nobody@example.test", password: "wrong-password-1" }, "none"),
    json("POST", "api/admin/subcategories", { category_id: ctx.categoryIds[0], name: "Fuzz sub", icon: "x" }),
    json("PUT", "api/admin/categories/:id", { is_active: false, name: "Renamed" }),
    json("PUT", "api/admin/subcategories/:id", { is_active: true, category_id: ctx.categoryIds[1] }),
    json("DELETE", "api/admin/subcategories/:id", {}),
    json("PUT", "api/admin/reviews/:id", { status: "published" }),
    json("POST", "api/admin/reviews/bulk", { review_ids: [1, 2, 3], action: "rejected" }),
    json("PUT", "api/admin/enquiries/:id", { status: "resolved", admin_notes: "called back" }),
    json("POST", "api/admin/sellers/bulk", { seller_ids: ctx.sellerIds.slice(0, 3), action: "feature" }),
    json("PUT", "api/sellers/admin/:id", { status: "active", is_featured: true, tagline: "New tagline" }),
    json("POST", "api/sellers/:id/verify", {}),
    json("POST", "api/sessions", { code: "abc", state: "def", iss: "https://accounts.google.com" }, "none"),
    form("contact", contact),
    form("newsletter", { email: SHARED_ADDRESS, source: "footer", _js: "1" }),
    json("POST", "api/enquiries/newsletter", { email: SHARED_ADDRESS, source: "website" }, "none"),
    json("POST", "api/enquiries/contact", { ...contact, email: SHARED_ADDRESS }, "none"),
    json(
      "POST",
      "api/auth/register",
      { ...JSON.parse(writeRequest("signup", "x", ctx, 2).body), email: "hello@bwpdirectory.in" },
      "none",
    ),
    form(
      "seller-account",
      { intent: "email", email: "hello@bwpdirectory.in", current_password: "reliability-pass-123" },
      "seller",
    ),
    form("seller/:id", { reviewer_name: "Anita", rating: "5", review_text: "Lovely" }),
    form("seller/:id", { intent: "report", review_id: "1", reason: "Spam" }),
    // a reviewer's address, its confirmation link and her own review's (docs/decisions/222-reviews-people-can-trust.md)
    form("seller/:id", { reviewer_name: "Anita", rating: "4", review_text: "Lovely", reviewer_email: SHARED_ADDRESS }),
    form("review-confirm", { id: "1", expires: "4102444800", token: "forged-token" }),
    form("my-review", {
      link_id: "1",
      link_expires: "4102444800",
      link_token: "forged-token",
      intent: "edit",
      reviewer_name: "Anita",
      rating: "3",
      review_text: "Changed",
    }),
    form("my-review", {
      link_id: "1",
      link_expires: "4102444800",
      link_token: "forged-token",
      intent: "delete-confirmed",
    }),
    form("seller-signup", {
      intent: "continue",
      name: "Asha",
      email: "asha@example.test",
      password: "asha-password-1",
      confirm_password: "asha-password-1",
      mobile: "9845067890",
      city: "Bangalore",
      locality: "Indiranagar",
    }),
    form("seller-login", { email: "nobody@example.test", password: "wrong-password-1" }),
    form("seller-dashboard", { intent: "reply", review_id: "1", reply: "Thank you" }, "seller"),
    form("seller-dashboard", { intent: "profile", business_name: "Asha Crafts", city: "Bangalore" }, "seller"),
    form("seller-dashboard", { intent: "invite", customer_name: "Meena" }, "seller"),
    form("write-a-review/:id/:token", { reviewer_name: "Meena", rating: "5", review_text: "Lovely work" }),
    form("theme", { theme: "dark", redirectTo: "/directory" }),
    form("admin/sellers", { intent: "row", action: "verify", id: "1" }, "admin"),
    form("admin/sellers", { intent: "bulk", bulk_action: "approve", ids: "1" }, "admin"),
    form("admin/reviews", { intent: "one", move: "published", id: "1" }, "admin"),
    form("admin/enquiries/:id", { status: "in_progress", admin_notes: "note" }, "admin"),
    form(
      "admin/categories/new",
      { name: "Fuzz category", slug: "", description: "d", icon: "x", is_active: "on" },
      "admin",
    ),
    form(
      "admin/subcategories/new",
      { category_id: String(ctx.categoryIds[0]), name: "Fuzz sub", is_active: "on" },
      "admin",
    ),
    form(
      "admin/settings",
      { intent: "add_moderator", name: "Mod", email: "mod@example.test", password: "moderator-pass-1" },
      "admin",
    ),
    form("admin", { intent: "seed" }, "admin"),
  ];
}

/** A value as a form field's text (objects as JSON; fast-check's objects may have no prototype). */
const formText = (v: unknown) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));

function targetedArbitrary(targets: Target[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      target: fc.constantFrom(...targets),
      changes: fc.dictionary(fc.constantFrom(...KNOWN_KEYS), jsonValue, { maxKeys: 3 }),
      drop: fc.array(fc.nat(), { maxLength: 2 }),
      id: idValue,
      sameOrigin: fc.boolean(),
      client: fc.ipV4(),
    })
    .map(({ target, changes, drop, id, sameOrigin, client }) => {
      const fields: Record<string, unknown> = { ...target.fields };
      const keys = Object.keys(fields);
      for (const n of drop) if (keys.length) delete fields[keys[n % keys.length]];
      Object.assign(fields, changes);
      const body =
        target.form === "json"
          ? { contentType: "application/json", body: Buffer.from(JSON.stringify(fields)), chunked: false }
          : {
              contentType: "application/x-www-form-urlencoded",
              body: Buffer.from(
                new URLSearchParams(
                  Object.entries(fields).flatMap(([k, v]) =>
                    Array.isArray(v) ? v.map((x) => [k, formText(x)]) : [[k, formText(v)]],
                  ),
                ).toString(),
              ),
              chunked: false,
            };
      return {
        method: target.method,
        pattern: target.pattern,
        path: `/${target.pattern.replace(/:[a-z]+/gi, id)}`,
        dataSuffix: false,
        query: target.pattern === "" ? [["index", ""]] : [],
        body,
        cookie: target.cookie,
        cookieRaw: "",
        headers: { Origin: sameOrigin ? "SAME" : undefined, "X-Forwarded-For": client },
      } satisfies FuzzRequest;
    });
}

// ── the payment gateway's webhook ──
// The run's server takes online payments (a gateway address nobody answers: the webhook never calls it),
// so a signed delivery reaches the event reader. A signed body the gateway would never send must answer
// 400 and change nothing, never 500.

/** The run's gateway settings (RAZORPAY_*): a test key and the secret the fuzzed deliveries are signed with. */
export const FUZZ_GATEWAY_ENV = {
  RAZORPAY_KEY_ID: "rzp_test_fuzz",
  RAZORPAY_KEY_SECRET: "fuzz-key-secret-0123456789",
  RAZORPAY_WEBHOOK_SECRET: "fuzz-webhook-secret-0123456789",
  RAZORPAY_API_URL: "http://127.0.0.1:9",
} as const;

const paymentLinkEntity = { id: "plink_fuzz000000001", reference_id: "BWP-1-fuzz", amount: 149900, currency: "INR" };
const paymentEntityOf = (over: Record<string, unknown> = {}) => ({
  id: "pay_fuzz0000000001",
  amount: 149900,
  currency: "INR",
  method: "upi",
  status: "captured",
  notes: { reference: "BWP-1-fuzz" },
  created_at: 1_900_000_000,
  ...over,
});
const eventOf = (event: string, payload: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  entity: "event",
  event,
  payload,
  created_at: 1_900_000_000,
  ...over,
});

/**
 * Signed webhook bodies the gateway would never send: text where an object or number stands, and the
 * reverse. Each must answer 400 and change nothing (tests/unit/payments.test.ts sends them too).
 */
export const MALFORMED_WEBHOOK_EVENTS: { name: string; event: unknown }[] = [
  {
    name: "an object as refund.entity.payment_id",
    event: eventOf("refund.processed", {
      refund: { entity: { id: "rfnd_fuzz", payment_id: { id: "pay_fuzz0000000001" }, amount: 100, currency: "INR" } },
    }),
  },
  {
    name: "an object as payment_link.entity.id",
    event: eventOf("payment_link.expired", { payment_link: { entity: { ...paymentLinkEntity, id: { x: 1 } } } }),
  },
  {
    name: "an object as payment_link.entity.id of a paid event",
    event: eventOf("payment_link.paid", {
      payment_link: { entity: { ...paymentLinkEntity, id: ["plink_fuzz000000001"] } },
      payment: { entity: paymentEntityOf() },
    }),
  },
  {
    name: "an object as payment_link.entity.reference_id",
    event: eventOf("payment_link.cancelled", { payment_link: { entity: { ...paymentLinkEntity, reference_id: {} } } }),
  },
  {
    name: "a number as payment.entity.id",
    event: eventOf("payment.failed", { payment: { entity: paymentEntityOf({ id: 12345 }) } }),
  },
  {
    name: "an object as payment.entity.method",
    event: eventOf("payment_link.paid", {
      payment_link: { entity: paymentLinkEntity },
      payment: { entity: paymentEntityOf({ method: { upi: true } }) },
    }),
  },
  {
    name: "a time past any date as created_at",
    event: eventOf("payment_link.expired", { payment_link: { entity: paymentLinkEntity } }, { created_at: 1e300 }),
  },
];

/** A delivery as the gateway signs it: the exact bytes, their HMAC and an event id. */
export function signedWebhook(event: unknown, secret: string, eventId: string) {
  const body = JSON.stringify(event);
  return {
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Razorpay-Signature": createHmac("sha256", secret).update(body).digest("hex"),
      "X-Razorpay-Event-Id": eventId,
    },
  };
}

/** The leaves of the gateway's events that the fuzz replaces with any JSON value, one at a time. */
const WEBHOOK_LEAVES: [string, string[]][] = [
  ["payment_link.paid", ["payment_link", "entity", "id"]],
  ["payment_link.paid", ["payment_link", "entity", "reference_id"]],
  ["payment_link.paid", ["payment", "entity", "id"]],
  ["payment_link.paid", ["payment", "entity", "amount"]],
  ["payment_link.paid", ["payment", "entity", "method"]],
  ["payment_link.paid", ["payment", "entity", "notes"]],
  ["payment_link.paid", ["payment", "entity", "created_at"]],
  ["payment.failed", ["payment", "entity", "id"]],
  ["refund.processed", ["refund", "entity", "payment_id"]],
  ["refund.processed", ["refund", "entity", "amount"]],
  ["payment_link.expired", ["payment_link", "entity", "id"]],
  ["payment_link.cancelled", ["payment_link", "entity", "reference_id"]],
  ["payment_link.paid", ["payment_link"]],
  ["payment_link.paid", []],
];

function webhookEvent(event: string, path: string[], value: unknown): unknown {
  const payload: Record<string, unknown> = {
    payment_link: { entity: { ...paymentLinkEntity } },
    payment: { entity: paymentEntityOf() },
    refund: { entity: { id: "rfnd_fuzz", payment_id: "pay_fuzz0000000001", amount: 100, currency: "INR" } },
  };
  if (!path.length) return eventOf(event, value as Record<string, unknown>);
  let at = payload;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string, unknown>;
  at[path[path.length - 1]!] = value;
  return eventOf(event, payload);
}

/** Signed deliveries to the webhook: the malformed list, and a gateway event with one leaf made any value. */
function webhookArbitrary(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      event: fc.oneof(
        fc.constantFrom(...MALFORMED_WEBHOOK_EVENTS.map((m) => m.event)),
        fc
          .tuple(fc.constantFrom(...WEBHOOK_LEAVES), jsonValue)
          .map(([[event, path], value]) => webhookEvent(event, path, value)),
      ),
      eventId: fc.stringMatching(/^evt_[A-Za-z0-9]{14}$/),
      client: fc.ipV4(),
    })
    .map(({ event, eventId, client }) => {
      const delivery = signedWebhook(event, FUZZ_GATEWAY_ENV.RAZORPAY_WEBHOOK_SECRET, eventId);
      return {
        method: "POST",
        pattern: "api/payments/webhook",
        path: "/api/payments/webhook",
        dataSuffix: false,
        query: [],
        body: { contentType: "application/json", body: Buffer.from(delivery.body), chunked: false },
        cookie: "none",
        cookieRaw: "",
        headers: {
          "X-Razorpay-Signature": delivery.headers["X-Razorpay-Signature"],
          "X-Razorpay-Event-Id": eventId,
          "X-Forwarded-For": client,
        },
      } satisfies FuzzRequest;
    });
}

// Sign-in, sign-up and sign-out paths never get the real sessions: a success there ends the session the
// request came with, and the rest of the run would lose its signed-in coverage.
const SESSION_CHANGING = /login|logout|register|signup|sessions|auth\//;

type Sessions = { admin: string; seller: string };
type Outcome = {
  status: number | "timeout" | "connection";
  pastGuard: boolean;
  error?: string;
  /** A broken invariant: an answer that left the site, or a cached answer for a visitor with an account cookie. */
  breach?: string;
};

/**
 * Sends one request. An odd spelling of the session cookie on a GET goes after the same request without
 * cookies, so that a public answer is in the shared cache for it to be wrongly served (docs/reliability.md, security
 * probe finding 1).
 */
async function send(server: ProductionServer, sessions: Sessions, r: FuzzRequest): Promise<Outcome> {
  if ((r.cookie === "odd-admin" || r.cookie === "two-headers") && r.method === "GET") {
    await sendOnce(server, sessions, { ...r, cookie: "none" });
  }
  return sendOnce(server, sessions, r);
}

function sendOnce(server: ProductionServer, sessions: Sessions, r: FuzzRequest): Promise<Outcome> {
  let path = r.dataSuffix ? (r.path === "/" ? "/_root.data" : `${r.path.replace(/\/$/, "")}.data`) : r.path;
  const qs = r.rawQuery ?? new URLSearchParams(r.query).toString();
  if (qs) path += `?${qs}`;
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) headers[k] = v === "SAME" ? server.base : v;
  const real = !SESSION_CHANGING.test(r.pattern);
  const cookie = {
    none: undefined,
    admin: real ? sessions.admin : undefined,
    seller: real ? sessions.seller : undefined,
    forged: `__session=${sessions.admin.split("=")[1]?.replace(/.$/, "x")}`,
    raw: r.cookieRaw,
    // Spellings a cookie parser forgives: a space before `=`, and a second Cookie header line.
    "odd-admin": real ? sessions.admin.replace("=", " =") : undefined,
    "two-headers": real ? ["theme=dark", sessions.admin] : undefined,
  }[r.cookie];
  if (cookie) headers.Cookie = cookie;
  if (r.body.contentType !== undefined) headers["Content-Type"] = r.body.contentType;
  if (!r.body.chunked && (r.body.body.length > 0 || r.method !== "GET"))
    headers["Content-Length"] = String(r.body.body.length);
  return new Promise((done) => {
    let req;
    try {
      // A connection of its own: a socket the server closed after one request never fails the next one.
      req = httpRequest({
        host: "127.0.0.1",
        port: server.port,
        method: r.method,
        path,
        headers,
        timeout: 20_000,
        agent: false,
      });
    } catch {
      // The client library refused the request itself (a header value it will not send): nothing reached the server.
      return done({ status: "connection", pastGuard: false, error: "refused by the client library" });
    }
    req.on("response", (res) => {
      res.resume();
      const location = String(res.headers.location ?? "");
      // Read as a browser reads a Location: relative to the request's address.
      const leftTheSite = location !== "" && !sameSite(location, server.base);
      const sentCookie = headers.Cookie !== undefined && !/^theme=[a-z]*$/.test(String(headers.Cookie));
      const breach = leftTheSite
        ? `redirected off the site to ${location}`
        : sentCookie && res.headers["x-cache"] === "HIT"
          ? "a visitor with a cookie was answered from the shared cache"
          : undefined;
      res.on("end", () =>
        done({
          status: res.statusCode ?? 0,
          pastGuard:
            (r.cookie === "admin" || r.cookie === "odd-admin") &&
            real &&
            res.statusCode !== 401 &&
            res.statusCode !== 403,
          breach,
        }),
      );
      res.on("error", () => done({ status: "connection", pastGuard: false }));
    });
    req.on("timeout", () => {
      req.destroy();
      done({ status: "timeout", pastGuard: false });
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      done({ status: "connection", pastGuard: false, error: error.code ?? error.message }),
    );
    req.end(r.method === "GET" || r.method === "HEAD" ? (r.body.body.length ? r.body.body : undefined) : r.body.body);
  });
}

/** A Location as a browser reads it (relative to the request's address) stays on the site; an unreadable one does not. */
function sameSite(location: string, base: string): boolean {
  try {
    return new URL(location, base).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

function describe(r: FuzzRequest): string {
  const body = r.body.body.toString("utf8", 0, Math.min(r.body.body.length, 300)).replace(/[^\x20-\x7e]/g, "?");
  return `${r.method} ${r.path}${r.dataSuffix ? " (.data)" : ""} query=${JSON.stringify(r.rawQuery ?? r.query)} cookie=${r.cookie} type=${JSON.stringify(r.body.contentType)} headers=${JSON.stringify(r.headers)} body=${JSON.stringify(body)}`;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const started = Date.now();
  const server = await startProductionServer({
    port: options.port,
    sellers: 30,
    processes: options.processes,
    env: { ...FUZZ_GATEWAY_ENV },
  });
  try {
    const ids = await siteIds(server.base);
    const ctx: WriteContext = { ...ids, images: await applicationImages() };
    const validBodies = [
      ...(["review", "contact", "newsletter", "application", "signup", "category"] as const).map(
        (k, n) => writeRequest(k, `fuzz-${k}`, ctx, n).body,
      ),
      JSON.stringify({ email: "someone@example.test", password: "some-password-123" }),
      JSON.stringify({ status: "published" }),
      JSON.stringify({ status: "resolved", admin_notes: "called back" }),
      JSON.stringify({ seller_ids: ids.sellerIds.slice(0, 3), action: "verify" }),
      JSON.stringify({ review_ids: [1, 2], action: "published" }),
      JSON.stringify({ status: "active", is_featured: true }),
      JSON.stringify({ is_active: false }),
      JSON.stringify({ category_id: ids.categoryIds[0], name: "Fuzz sub" }),
      JSON.stringify({ code: "abc", state: "def", iss: "https://accounts.google.com" }),
    ];
    const png = Buffer.from(ctx.images[0].split(",")[1], "base64");
    const registered = await fetch(`${server.base}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.base, "X-Forwarded-For": "10.255.0.1" },
      body: writeRequest("signup", "fuzz-seller", ctx, 0).body,
    });
    const sessions: Sessions = {
      admin: await signIn(server.base, undefined, undefined, "10.255.0.2"),
      seller: registered.headers.get("set-cookie")?.split(";")[0] ?? "",
    };
    if (!sessions.seller) throw new Error(`the fuzz seller could not sign up: ${registered.status}`);

    const byStatus: Record<string, number> = {};
    const failures: FuzzFailure[] = [];
    const connectionSamples: string[] = [];
    const covered = new Set<string>();
    let requests = 0;
    let adminPastGuard = 0;
    let adminSignIns = 0;
    let writesAccepted = 0;
    let runsDone = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            { weight: 3, arbitrary: requestArbitrary(validBodies, png) },
            { weight: 2, arbitrary: targetedArbitrary(writeTargets(ctx)) },
            { weight: 1, arbitrary: webhookArbitrary() },
          ),
          { minLength: options.batch, maxLength: options.batch },
        ),
        async (batch) => {
          const outputBefore = server.outputMark();
          const outcomes = await Promise.all(batch.map((r) => send(server, sessions, r)));
          outcomes.forEach((o, i) => {
            requests++;
            byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
            covered.add(batch[i].pattern);
            if (o.pastGuard) adminPastGuard++;
            if (typeof o.status === "number" && o.status < 300 && !["GET", "HEAD", "OPTIONS"].includes(batch[i].method))
              writesAccepted++;
            if (o.status === "connection" && connectionSamples.length < 10)
              connectionSamples.push(`${o.error}: ${describe(batch[i]).slice(0, 400)}`);
            if (o.status === "timeout" || (typeof o.status === "number" && o.status >= 500) || o.breach) {
              failures.push({
                status: o.breach ? `${o.status}: ${o.breach}` : o.status,
                request: describe(batch[i]),
                log: server.outputSince(outputBefore).slice(-1500),
              });
            }
          });
          runsDone++;
          if (runsDone % 25 === 0) {
            // Keep the signed-in coverage: sign in again if the fuzz ended the admin session somehow.
            if (
              (await fetch(`${server.base}/api/admin/verify`, { headers: { Cookie: sessions.admin } })).status !== 200
            ) {
              sessions.admin = await signIn(server.base, undefined, undefined, `10.255.1.${runsDone % 250}`).catch(
                () => sessions.admin,
              );
              adminSignIns++;
            }
            log(`${requests} requests, ${failures.length} failures, statuses ${JSON.stringify(byStatus)}`);
          }
          if (!server.running()) throw new Error(`the server died:\n${server.output().slice(-3000)}`);
          return true;
        },
      ),
      { numRuns: options.runs, seed, endOnFailure: true },
    );
    const healthy =
      server.running() &&
      (await fetch(`${server.base}/healthz`)).status === 200 &&
      (await fetch(`${server.base}/readyz`)).status === 200;
    const sharedAddress = await sharedAddressCheck(server.database);
    const status5xx = Object.entries(byStatus)
      .filter(([s]) => Number(s) >= 500)
      .reduce((a, [, n]) => a + n, 0);
    return {
      seed,
      processes: options.processes ?? 1,
      requests,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      byStatus,
      status5xx,
      timeouts: byStatus.timeout ?? 0,
      connectionErrors: byStatus.connection ?? 0,
      failures,
      connectionSamples,
      routesCovered: covered.size,
      routesTotal: ROUTE_PATTERNS.length,
      routesMissed: ROUTE_PATTERNS.filter((pattern) => !covered.has(pattern)),
      adminPastGuard,
      adminSignIns,
      writesAccepted,
      healthyAfter: healthy,
      ...sharedAddress,
    };
  } finally {
    await server.close();
  }
}

/** After the run, on its database: no seller holds a site address; the fuzz seller's export and erasure keep to her own. */
async function sharedAddressCheck(
  database: string,
): Promise<Pick<FuzzReport, "reservedSellerAccounts" | "sharedAddress">> {
  const db = openDatabase(database);
  try {
    const reserved = await db
      .selectFrom("users")
      .select("email")
      .where("role", "=", "seller")
      .where("email", "like", "%bwpdirectory.in")
      .execute();
    const seller = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", SHARED_ADDRESS)
      .executeTakeFirstOrThrow();
    const listings = (await db.selectFrom("sellers").select("id").where("user_id", "=", seller.id).execute()).map(
      (s) => s.id,
    );
    await db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("id", "=", seller.id)
      .execute();
    const mine = (eb: ExpressionBuilder<Database, "mail_outbox">) =>
      eb.or([eb("user_id", "=", seller.id), ...(listings.length ? [eb("seller_id", "in", listings)] : [])]);
    const linked = await db.selectFrom("mail_outbox").select("id").where(mine).execute();
    // (Filtered here: NOT over a NULL user_id would be NULL in SQL and drop the very rows looked for.)
    const mineIds = new Set(linked.map((m) => m.id));
    const others = (
      await db.selectFrom("mail_outbox").select("id").where("to_address", "=", SHARED_ADDRESS).execute()
    ).filter((m) => !mineIds.has(m.id));
    const exported = (await collectAccountData(db, seller.id))?.mails.length ?? -1;
    await eraseAccount(db, seller.id, null);
    const kept = others.length
      ? await db
          .selectFrom("mail_outbox")
          .select("id")
          .where(
            "id",
            "in",
            others.map((m) => m.id),
          )
          .execute()
      : [];
    return {
      reservedSellerAccounts: reserved.map((r) => r.email),
      sharedAddress: {
        othersMail: others.length,
        exported,
        linked: linked.length,
        othersKeptAfterErasure: kept.length,
      },
    };
  } finally {
    await db.destroy();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "2500" },
      batch: { type: "string", default: "8" },
      seed: { type: "string" },
      port: { type: "string" },
      // The compiled server as `npm start` runs it: one worker per core.
      processes: { type: "string", default: String(availableParallelism()) },
    },
  });
  const report = await runFuzz({
    processes: Number(values.processes),
    runs: Number(values.runs),
    batch: Number(values.batch),
    seed: values.seed ? Number(values.seed) : undefined,
    port: values.port ? Number(values.port) : undefined,
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify({ ...report, failures: report.failures.slice(0, 20) }, null, 2));
  console.log(
    `\n${report.requests} requests in ${report.seconds} s (seed ${report.seed}): ${report.status5xx} answers ≥ 500, ${report.timeouts} timeouts, ${report.connectionErrors} connection errors; ${report.routesCovered}/${report.routesTotal} routes; healthy after: ${report.healthyAfter}`,
  );
  const shared = report.sharedAddress;
  const ownDataOnly =
    report.reservedSellerAccounts.length === 0 &&
    shared.exported === shared.linked &&
    shared.othersKeptAfterErasure === shared.othersMail;
  console.log(
    `shared address: ${shared.othersMail} mails of others to the fuzz seller's address, ${shared.exported} exported of her ${shared.linked} linked, ${shared.othersKeptAfterErasure} of the others kept after her erasure; seller accounts with a site address: ${report.reservedSellerAccounts.length}`,
  );
  process.exitCode = report.status5xx === 0 && report.timeouts === 0 && report.healthyAfter && ownDataOnly ? 0 : 1;
}
