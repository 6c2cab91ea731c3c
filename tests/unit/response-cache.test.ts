import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, gunzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~db/client";
import { seedCategories } from "~/models/categories-admin.server";
import { createReviewRow, createSeller } from "~db/seed/factories";
import { endOfIndianDay, todayIso } from "~/lib/dates";
import { readContentVersion } from "~/models/content-version.server";
import { GenerationClock } from "~/services/response-cache/generation-clock.server";
import {
  type BodyParts,
  buildEntry,
  crc32Combine,
  crc32Shift,
  gzipBody,
  identityBody,
  retainedBytes,
} from "~/services/response-cache/packed-body.server";
import { ResponseStore } from "~/services/response-cache/response-store.server";
import { RESPONSE_HEADERS } from "~/services/security-headers.server";
import { databaseEnv, type RunningServer, startServer } from "../support/server";
import { createTestDb, type SpareDatabase, spareDatabaseTarget } from "../support/test-db";
import { renderedHtml } from "../support/html";

// The response cache (docs/performance.md): the pieces on their own, then the built production server over HTTP
// (the build made by `npm test` before the unit tests), written to by its admin API, by this process
// and by `npm run db:seed`.

/** The body as the client receives it; also checks the length the answer's Content-Length is given. */
function joined(body: BodyParts): Buffer {
  const whole = Buffer.concat(body.parts);
  expect(whole.length).toBe(body.length);
  return whole;
}

describe("cached entries", () => {
  const nonce = "T1dOT05DRV9PTkVfMTIzNA==";
  const html = `<html><script nonce="${nonce}">a()</script><p>${"x".repeat(5000)}</p><script nonce="${nonce}">b()</script></html>`;
  const entry = buildEntry({
    status: 200,
    headers: {
      "content-type": "text/html",
      "content-security-policy": `script-src 'self' 'nonce-${nonce}'`,
      "set-cookie": "a=b",
      "content-length": "9",
    },
    body: Buffer.from(html),
    effects: [],
    lastModified: { value: new Date(0).toUTCString(), trusted: true },
  });

  it("put a fresh nonce into the body, plain at once and gzip once deflated (one gzip member), and leave the rest as rendered", async () => {
    const fresh = "bmV3LW5vbmNlLXZhbHVlMTI=";
    const expected = html.replaceAll(nonce, fresh);
    const justMade = buildEntry({
      status: 200,
      headers: { "content-security-policy": `script-src 'self' 'nonce-${nonce}'` },
      body: Buffer.from(html),
      effects: [],
      lastModified: { value: new Date(0).toUTCString(), trusted: true },
    });
    expect(joined(identityBody(justMade, fresh)).toString()).toBe(expected);
    expect(() => gzipBody(justMade, fresh)).toThrow(/before its deflate/);
    await entry.deflating;
    const gz = joined(gzipBody(entry, fresh));
    expect(gunzipSync(gz).toString()).toBe(expected);
    // One member: the deflate data is followed by exactly one 8-byte trailer.
    expect(gz.indexOf(Buffer.from([0x1f, 0x8b, 8]), 1)).toBe(-1);
    expect(gz.length).toBeLessThan(html.length / 4);
  });

  it("keep no cookie, length or CSP among the repeated headers, and validate without the nonce", () => {
    expect(entry.headers.map(([name]) => name)).toEqual(["content-type"]);
    expect(entry.csp?.join("NEW")).toBe("script-src 'self' 'nonce-NEW'");
    const again = buildEntry({
      status: 200,
      headers: { "content-security-policy": "script-src 'nonce-QUJDRA=='" },
      body: Buffer.from(html.replaceAll(nonce, "QUJDRA==")),
      effects: [],
      lastModified: { value: "", trusted: true },
    });
    expect(again.etag).toBe(entry.etag);
    expect(entry.etag).toMatch(/^W\/"[\w-]+"$/);
  });
});

describe("the CRC-32 of a page joined from its parts", () => {
  it("equals zlib's CRC-32 of the whole, for any cut (empty parts and long ones too)", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const whole = Buffer.from(Array.from({ length: 70_000 }, () => Math.floor(random() * 256)));
    for (let round = 0; round < 40; round++) {
      const cuts = [0, ...Array.from({ length: round % 6 }, () => Math.floor(random() * whole.length)), whole.length];
      if (round === 1) cuts.splice(1, 0, 0, whole.length); // an empty first part, an empty last part
      cuts.sort((a, b) => a - b);
      let crc = crc32(whole.subarray(cuts[0], cuts[1]));
      for (let i = 1; i < cuts.length - 1; i++) {
        const part = whole.subarray(cuts[i], cuts[i + 1]);
        crc = crc32Combine(crc, crc32(part), crc32Shift(part.length));
      }
      expect(crc).toBe(crc32(whole));
    }
  });
});

describe("the cache's accounting", () => {
  it("holds no more memory than it counts for an entry, however many nonces split the page", async () => {
    const nonce = "T1dOT05DRV9PTkVfMTIzNA==";
    // A page's shape: a nonce in each of a dozen script and link tags, short markup between them.
    const tags = Array.from({ length: 12 }, (_, i) => `<script nonce="${nonce}">run(${i})</script>`).join("\n");
    const html = `<!doctype html><html><head>${tags}</head><body>${"<p>card</p>".repeat(400)}</body></html>`;
    // As the middleware gets it: a view of a larger block.
    const block = Buffer.alloc(html.length + 64 * 1024);
    block.write(html);
    const entry = buildEntry({
      status: 200,
      headers: { "content-security-policy": `script-src 'nonce-${nonce}'` },
      body: block.subarray(0, html.length),
      effects: [],
      lastModified: { value: "", trusted: true },
    });
    expect(entry.segments).toHaveLength(13);
    // Counted as if its deflate were as long as the page until it is made, then as it is.
    expect(entry.bytes).toBe(2 * (html.length - 12 * nonce.length) + 1024);
    const counted = entry.bytes;
    await entry.deflating;
    expect(entry.bytes).toBeLessThan(counted);
    // Before: each deflated segment held zlib's 16 KB chunk and the body its whole block (> 270 KB here).
    expect(retainedBytes(entry)).toBeLessThanOrEqual(entry.bytes);
    expect(joined(identityBody(entry, nonce)).toString()).toBe(html);
    expect(gunzipSync(joined(gzipBody(entry, nonce))).toString()).toBe(html);
  });
});

describe("the cache's generation", () => {
  it("changes when the Indian day ends (23:59:59 → 00:00 IST is 18:29:59 → 18:30 UTC), so entries expire without a write", () => {
    let now = Date.parse("2026-11-23T18:29:59.000Z");
    const clock = new GenerationClock(() => now);
    const store = new ResponseStore(1024 * 1024, () => now);
    const entry = buildEntry({
      status: 200,
      headers: {},
      body: Buffer.from("{}"),
      effects: [],
      lastModified: store.lastModified,
    });
    const before = clock.generation(7);
    expect(before).toBe("7@2026-11-23");
    store.enter(before);
    store.set("/directory", before, entry);
    expect(store.get("/directory")).toBe(entry);
    now += 999;
    store.enter(clock.generation(7));
    expect(store.get("/directory")).toBe(entry);
    now += 1;
    const after = clock.generation(7);
    expect(after).toBe("7@2026-11-24");
    store.enter(after);
    expect(store.get("/directory")).toBeUndefined();
    expect(endOfIndianDay(new Date("2026-11-23T18:29:59Z"))).toBe(Date.parse("2026-11-23T18:30:00Z"));
    expect(todayIso(new Date("2026-11-23T18:30:00Z"))).toBe("2026-11-24");
    expect(todayIso(new Date("2026-11-23T18:29:59.999Z"))).toBe("2026-11-23");
    // The fixed-offset arithmetic agrees with the time-zone database at every hour across years.
    const ist = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Kolkata",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    for (let t = Date.parse("2024-01-01T00:00:00Z"); t < Date.parse("2028-01-01T00:00:00Z"); t += 3_600_000 + 17_000) {
      expect(todayIso(new Date(t))).toBe(ist.format(new Date(t)));
    }
  });

  it("counts an entry again once its deflate is made, and only the entry still kept under its key", async () => {
    const store = new ResponseStore(1024 * 1024);
    store.enter("1@d");
    const made = (text: string) =>
      buildEntry({ status: 200, headers: {}, body: Buffer.from(text), effects: [], lastModified: store.lastModified });
    const entry = made("<p>card</p>".repeat(2000));
    store.set("/x", "1@d", entry);
    const counted = (store as unknown as { lru: { calculatedSize: number } }).lru;
    expect(counted.calculatedSize).toBe(2 * 22_000 + 1024);
    await entry.deflating;
    store.recount("/x", entry);
    expect(counted.calculatedSize).toBe(entry.bytes);
    expect(entry.bytes).toBeLessThan(22_000 + 1024 + 1000);
    const replaced = made("<p>other</p>");
    store.set("/x", "1@d", replaced);
    const before = counted.calculatedSize;
    store.recount("/x", entry);
    expect(counted.calculatedSize).toBe(before);
    expect(store.get("/x")).toBe(replaced);
  });

  it("does not store what was rendered in an older generation", () => {
    const store = new ResponseStore(1024 * 1024);
    store.enter("1@d");
    const entry = buildEntry({
      status: 200,
      headers: {},
      body: Buffer.from("{}"),
      effects: [],
      lastModified: store.lastModified,
    });
    store.enter("2@d");
    store.set("/x", "1@d", entry);
    expect(store.get("/x")).toBeUndefined();
  });

  it("moves on with every public content write by any connection, and not with a view count (the rest: content-version.test.ts)", async () => {
    const t = await createTestDb();
    try {
      const other = openDatabase(t.path);
      const start = await readContentVersion(t.db);
      const sellerId = await createSeller(other, { business_name: "Versioned", categoryIds: [1] });
      const afterInsert = await readContentVersion(t.db);
      expect(afterInsert).toBeGreaterThan(start);
      await other.updateTable("sellers").set({ views_count: 40 }).where("id", "=", sellerId).execute();
      expect(await readContentVersion(t.db)).toBe(afterInsert);
      for (const write of [
        () => other.updateTable("sellers").set({ tagline: "New words" }).where("id", "=", sellerId).execute(),
        () => createReviewRow(other, sellerId, { status: "published" }),
        () => other.updateTable("reviews").set({ status: "flagged" }).where("seller_id", "=", sellerId).execute(),
        () => other.updateTable("categories").set({ name: "Renamed" }).where("id", "=", 1).execute(),
        () => other.updateTable("subcategories").set({ is_active: 0 }).where("id", "=", 1).execute(),
        () => other.deleteFrom("seller_categories").where("seller_id", "=", sellerId).execute(),
        () => other.deleteFrom("sellers").where("id", "=", sellerId).execute(),
      ]) {
        const before = await readContentVersion(t.db);
        await write();
        expect(await readContentVersion(t.db)).toBeGreaterThan(before);
      }
      await other.destroy();
    } finally {
      await t.cleanup();
    }
  });
});

// ── the production server ──

/** The server's address, known once it has started (its port is chosen right before it binds). */
let base = "";
const ADMIN = { email: "cache-admin@example.test", password: "cache-admin-password-123" };
let dir: string;
let site: SpareDatabase;
let db: DB;
let server: RunningServer | undefined;
let adminCookie = "";

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers });
  return { status: res.status, headers: res.headers, text: await res.text(), cache: res.headers.get("x-cache") };
}

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { Cookie: adminCookie, "Content-Type": "application/json", Origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}

/** Loads a page twice (the second answer from the cache), runs a write, and returns the next answer. */
async function afterWrite(path: string, write: () => Promise<unknown>) {
  await get(path);
  const cached = await get(path);
  expect(cached.cache).toBe("HIT");
  await write();
  return get(path);
}

function nonces(text: string) {
  return new Set([...text.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
}

// One process: each worker of a cluster keeps its own cache, and these tests count hits.
const serverEnv = () => ({
  WEB_CONCURRENCY: "1",
  ...databaseEnv(site.target),
  UPLOADS_DIR: join(dir, "uploads"),
  SESSION_SECRET: "cache-test-secret-0123456789abcdef",
  COOKIE_SECURE: "0",
  // As behind a proxy on this machine: the cache must read the protocol and host as Express does.
  TRUST_PROXY: "loopback",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bwp-cache-"));
  site = await spareDatabaseTarget(dir, "site");
  db = openDatabase(site.target);
  await migrateToLatest(db);
  await seedCategories(db);
  server = await startServer({ env: serverEnv() });
  base = server.base;
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  adminCookie = login.headers.get("set-cookie")!.split(";")[0];
}, 60_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await db?.destroy();
  await site?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the response cache of the production server", () => {
  it("answers a miss plain at once to a client that takes no gzip, and gzip to the next that does", async () => {
    await createSeller(db, { business_name: "Plain Pottery" });
    const path = "/directory?search=pottery";
    const plain = await fetch(base + path, { headers: { "Accept-Encoding": "identity" } });
    const plainText = await plain.text();
    expect([plain.status, plain.headers.get("x-cache"), plain.headers.get("content-encoding")]).toEqual([
      200,
      "MISS",
      null,
    ]);
    expect(plainText).toContain("Plain Pottery");
    const zipped = await fetch(base + path, { headers: { "Accept-Encoding": "gzip" } });
    const zippedText = await zipped.text();
    expect([zipped.status, zipped.headers.get("x-cache"), zipped.headers.get("content-encoding")]).toEqual([
      200,
      "HIT",
      "gzip",
    ]);
    const [nonce] = nonces(plainText);
    const [otherNonce] = nonces(zippedText);
    expect(otherNonce).not.toBe(nonce);
    expect(zippedText).toBe(plainText.replaceAll(nonce!, otherNonce!));
  });

  it("answers anonymous public GETs from memory with a fresh nonce each time, matching the CSP", async () => {
    await createSeller(db, { business_name: "Nonce Bakery" });
    const first = await get("/directory?search=nonce");
    const second = await get("/directory?search=nonce");
    const third = await get("/directory?search=nonce");
    expect([first.cache, second.cache, third.cache]).toEqual(["MISS", "HIT", "HIT"]);
    expect(second.text).toContain("Nonce Bakery");
    const seen = [first, second, third].map((r) => {
      const inBody = nonces(r.text);
      expect(inBody.size).toBe(1);
      const [nonce] = inBody;
      expect(r.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      return nonce;
    });
    expect(new Set(seen).size).toBe(3);
    expect(second.text.replaceAll(seen[1], "N")).toBe(first.text.replaceAll(seen[0], "N"));
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, stale-while-revalidate=30");
    expect(second.headers.get("vary")).toContain("Cookie");
  });

  it("sends stored gzip as one stream that decodes to the page", async () => {
    await get("/directory");
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      httpRequest(`${base}/directory`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    });
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(raw.headers["x-cache"]).toBe("HIT");
    const page = gunzipSync(raw.body).toString();
    expect(page).toContain("</html>");
    expect(String(raw.headers["content-security-policy"])).toContain(`'nonce-${[...nonces(page)][0]}'`);
  });

  it("answers 304 to If-None-Match and If-Modified-Since, without a CSP that would not match the browser's copy", async () => {
    const page = await get("/list-your-business");
    const etag = page.headers.get("etag")!;
    expect(etag).toMatch(/^W\//);
    expect(page.headers.get("last-modified")).toBeTruthy();
    const revalidated = await fetch(`${base}/list-your-business`, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect((await fetch(`${base}/list-your-business`, { headers: { "If-None-Match": 'W/"other"' } })).status).toBe(200);
    const api = await get("/api/categories");
    expect(api.headers.get("cache-control")).toBe("public, max-age=0, stale-while-revalidate=30");
    expect(
      (await fetch(`${base}/api/categories`, { headers: { "If-None-Match": api.headers.get("etag")! } })).status,
    ).toBe(304);
  });

  it("never answers a request with a session cookie from the cache, nor marks its answer public", async () => {
    await get("/directory");
    for (let i = 0; i < 2; i++) {
      const signedIn = await get("/directory", { Cookie: adminCookie });
      expect(signedIn.cache).toBeNull();
      expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
      expect(renderedHtml(signedIn.text)).toContain("Sign out");
    }
    const anonymous = await get("/directory");
    expect(anonymous.cache).toBe("HIT");
    expect(renderedHtml(anonymous.text)).not.toContain("Sign out");
    const data = await get("/directory.data", { Cookie: adminCookie });
    expect(data.headers.get("cache-control")).toBe("private, no-cache");
    expect((await get("/admin", { Cookie: adminCookie })).headers.get("cache-control")).toBe("no-store");
  });

  it("treats every spelling of a session cookie the cookie parser forgives as signed in", async () => {
    const value = adminCookie.slice(adminCookie.indexOf("=") + 1);
    const forms = [
      `__session =${value}`,
      `__session\t=${value}`,
      ` __session=${value}`,
      `theme=dark; __session =${value}`,
      `__session="${value}"`,
      `__session=bogus; __session=${value}`,
      `__Session=${value}`,
      `theme=dark,__session=${value}`,
    ];
    for (const cookie of forms) {
      for (const path of ["/coming-soon", "/coming-soon.data"]) {
        const answer = await get(path, { Cookie: cookie });
        expect(answer.cache, `${path} with ${JSON.stringify(cookie)}`).toBeNull();
        expect(answer.headers.get("cache-control") ?? "", JSON.stringify(cookie)).not.toMatch(/public/);
      }
    }
    // A second Cookie header line.
    const twoHeaders = await new Promise<{ cache: string | undefined; cacheControl: string | undefined }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${base}/coming-soon`,
          { headers: { Cookie: ["theme=light", `__session =${value}`] } },
          (res) => {
            res.resume();
            res.on("end", () =>
              resolve({
                cache: res.headers["x-cache"] as string | undefined,
                cacheControl: res.headers["cache-control"],
              }),
            );
          },
        );
        req.on("error", reject);
        req.end();
      },
    );
    expect(twoHeaders.cache).toBeUndefined();
    expect(twoHeaders.cacheControl ?? "").not.toMatch(/public/);
    // And the anonymous visitor after them sees no account.
    const anonymous = await get("/coming-soon");
    expect(renderedHtml(anonymous.text)).not.toContain("Sign out");
  });

  it("keys on the theme cookie", async () => {
    await get("/coming-soon");
    const dark = await get("/coming-soon", { Cookie: "theme=dark" });
    expect(dark.cache).toBe("MISS");
    expect(dark.text).toContain('data-theme="dark"');
    expect((await get("/coming-soon")).text).not.toContain('data-theme="dark"');
  });

  it("shows a review published through the admin API on the next request", async () => {
    const sellerId = await createSeller(db, { business_name: "Review Shop" });
    const reviewId = await createReviewRow(db, sellerId, {
      status: "pending",
      review_text: "Lovely pickles, fresh every week",
    });
    const next = await afterWrite(`/seller/${sellerId}?tab=reviews`, () =>
      admin("PUT", `/api/admin/reviews/${reviewId}`, { status: "published" }),
    );
    expect(next.cache).toBe("MISS");
    expect(next.text).toContain("Lovely pickles, fresh every week");
  });

  it("shows a seller edited, verified and deactivated through the admin API on the next request", async () => {
    const firstCategory = await db.selectFrom("categories").select("id").orderBy("id").executeTakeFirstOrThrow();
    const sellerId = await createSeller(db, {
      business_name: "Edit Me Textiles",
      is_verified: 0,
      categoryIds: [firstCategory.id],
    });
    const edited = await afterWrite(`/seller/${sellerId}`, () =>
      admin("PUT", `/api/sellers/admin/${sellerId}`, { business_name: "Edited Textiles House" }),
    );
    expect(edited.text).toContain("Edited Textiles House");
    expect(renderedHtml(edited.text)).not.toContain("VERIFIED");
    const verified = await afterWrite(`/seller/${sellerId}`, () =>
      admin("POST", `/api/sellers/${sellerId}/verify`, {}),
    );
    expect(renderedHtml(verified.text)).toContain("VERIFIED");
    const listing = await afterWrite("/api/sellers?search=edited", () =>
      admin("POST", "/api/admin/sellers/bulk", { seller_ids: [sellerId], action: "deactivate" }),
    );
    expect(JSON.parse(listing.text).sellers).toEqual([]);
    expect((await get(`/seller/${sellerId}`)).status).toBe(404);
  });

  it("shows a category renamed through the admin API on the next request", async () => {
    const category = await db
      .selectFrom("categories")
      .select(["id", "name"])
      .where("is_active", "=", 1)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const next = await afterWrite("/directory", () =>
      admin("PUT", `/api/admin/categories/${category.id}`, { name: "Wellness and Care" }),
    );
    expect(next.text).toContain("Wellness and Care");
    expect(JSON.parse((await get("/api/categories")).text).map((c: { name: string }) => c.name)).toContain(
      "Wellness and Care",
    );
  });

  it("shows a write by another process (this one, straight to the file) on the next request: an expired subscription", async () => {
    const sellerId = await createSeller(db, { business_name: "Ends Today Crafts", subscription_end_date: todayIso() });
    const yesterday = new Date(Date.now() - 86_400_000);
    const next = await afterWrite("/directory?search=ends", () =>
      db
        .updateTable("sellers")
        .set({ subscription_end_date: todayIso(yesterday) })
        .where("id", "=", sellerId)
        .execute(),
    );
    expect(next.cache).toBe("MISS");
    expect(next.text).not.toContain("Ends Today Crafts");
  });

  it("shows sellers added by `npm run db:seed` on the next request", async () => {
    // A fixed seed: demo sellers are public or not by chance (pending, unverified, lapsed), and with the
    // clock's seed three of them were all hidden about once in twenty runs; seed 42's five include public ones.
    const total = async () => JSON.parse((await get("/api/sellers?limit=1")).text).pagination.total as number;
    const before = await total();
    expect((await get("/api/sellers?limit=1")).cache).toBe("HIT");
    await new Promise<void>((resolve, reject) => {
      const seed = spawn(process.execPath, ["--import", "tsx", "scripts/db-seed.ts", "--demo", "5", "--seed", "42"], {
        env: { ...process.env, ...databaseEnv(site.target), UPLOADS_DIR: join(dir, "uploads") },
        stdio: "ignore",
      });
      seed.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`db:seed exited ${code}`))));
    });
    const seeded = await db
      .selectFrom("sellers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(seeded.n).toBeGreaterThan(0);
    expect(await total()).toBeGreaterThan(before);
  }, 30_000);

  it("answers a hit at the socket with the request's id, the common headers and a request log line", async () => {
    const path = "/directory?search=socket";
    expect((await get(path)).cache).toBe("MISS");
    const hit = await get(path, { "X-Request-Id": "proxy-id-0123456789" });
    expect(hit.cache).toBe("HIT");
    expect(hit.headers.get("x-request-id")).toBe("proxy-id-0123456789");
    for (const [name, value] of Object.entries(RESPONSE_HEADERS)) expect(hit.headers.get(name), name).toBe(value);
    expect(hit.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(self)");
    const ids = [(await get(path)).headers.get("x-request-id"), (await get(path)).headers.get("x-request-id")];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    await expect
      .poll(() => server!.logLines().find((line) => line.reqId === "proxy-id-0123456789"))
      .toMatchObject({
        level: "info",
        msg: "request",
        req: { method: "GET", path: "/directory?search=socket" },
        res: { status: 200 },
        durationMs: expect.any(Number),
      });
    // The hit's line is written in a fixed shape (server/request-basics.ts): the same fields, in the same order,
    // as pino-http's line for an answer Express gave.
    const missLine = server!.logLines().find((line) => (line.req as { path?: string } | undefined)?.path === path);
    const hitLine = server!.logLines().find((line) => line.reqId === "proxy-id-0123456789");
    expect(Object.keys(hitLine!)).toEqual(Object.keys(missLine!));
    expect(hitLine!.pid).toBe(missLine!.pid);
    expect(Date.parse(String(hitLine!.time))).toBeGreaterThanOrEqual(Date.parse(String(missLine!.time)));
    const head = await fetch(base + path, { method: "HEAD", headers: { "Accept-Encoding": "identity" } });
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(Number(head.headers.get("content-length"))).toBe(Buffer.byteLength(hit.text));
    expect(await head.text()).toBe("");
  });

  it("reads the protocol and host of a hit as Express does behind a trusted proxy", async () => {
    const path = "/directory?search=proxied";
    await get(path);
    expect((await get(path)).cache).toBe("HIT");
    // An https answer is another entry (its links and canonical may differ), never the http one.
    expect((await get(path, { "X-Forwarded-Proto": "https" })).cache).toBe("MISS");
    expect((await get(path, { "X-Forwarded-Proto": "https" })).cache).toBe("HIT");
    // A host Express refuses is refused, cached page or not; a GET with a body is Express's to judge.
    const refused = await new Promise<number>((resolve, reject) => {
      httpRequest(`${base}${path}`, { headers: { "X-Forwarded-Host": ",x" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on("error", reject)
        .end();
    });
    expect(refused).toBe(400);
  });

  it("keys on the host the page was rendered for: a forwarded host never answers a plain request", async () => {
    // No PUBLIC_URL here: the canonical, og:url and robots.txt's Sitemap name the request's own host.
    for (const path of ["/directory?search=forwardedhost", "/robots.txt"]) {
      const forwarded = await get(path, { "X-Forwarded-Host": "evil.example" });
      const names = (r: { text: string }) => r.text.includes("evil.example");
      expect(names(forwarded), path).toBe(true);
      const plain = await get(path);
      expect(names(plain), path).toBe(false);
      const again = await get(path);
      expect([again.cache, names(again)], path).toEqual(["HIT", false]);
      // The forwarded host is an entry of its own, its port too (the render keeps the forwarded port).
      expect((await get(path, { "X-Forwarded-Host": "evil.example" })).cache, path).toBe("HIT");
      const ported = await get(path, { "X-Forwarded-Host": "evil.example:8443" });
      expect([ported.cache, ported.text.includes("evil.example:8443")], path).toEqual(["MISS", true]);
    }
  });

  it("counts profile views answered from the cache, and writes them at a clean stop", async () => {
    // A server of its own, so stopping it leaves the shared one to the other tests in any order.
    const own = await startServer({ env: serverEnv() });
    try {
      const sellerId = await createSeller(db, { business_name: "Viewed Pottery", views_count: 10 });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await fetch(`${own.base}/seller/${sellerId}`)).headers.get("x-cache"));
      expect(answers).toEqual(["MISS", "HIT", "HIT", "HIT"]);
      const version = await sql<{ version: number }>`select version from content_version`.execute(db);
      expect(await own.stop()).toBe(0);
      const row = await db
        .selectFrom("sellers")
        .select("views_count")
        .where("id", "=", sellerId)
        .executeTakeFirstOrThrow();
      expect(row.views_count).toBe(14);
      // Writing views is not a content change: it leaves the version (and so the cache) alone.
      expect((await sql<{ version: number }>`select version from content_version`.execute(db)).rows[0].version).toBe(
        version.rows[0].version,
      );
    } finally {
      await own.stop("SIGKILL");
    }
  }, 30_000);
});
