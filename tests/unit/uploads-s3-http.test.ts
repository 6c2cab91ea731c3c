import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import hindiForms from "~/locales/hi-IN/forms.json";
import {
  readObject,
  S3Store,
  UPLOADS_UNAVAILABLE_MESSAGE,
  uploadKey,
  uploadStore,
} from "~/services/upload-store.server";
import { storeImage } from "~/services/uploads.server";
import { pngImage } from "../support/images";
import { type LocalS3, S3RVER_KEY, setEnv, startLocalS3 } from "../support/s3-server";
import { databaseEnv, type RunningServer, startServer } from "../support/server";
import { renderedHtml } from "../support/html";
import { startSite } from "../support/site";
import { createTestDb } from "../support/test-db";

// The built server with its uploads in a bucket (a local s3rver) and a folder of its own that nothing
// else shares: public images keep their /uploads address and cache headers, private files open for
// staff only, and a bucket it cannot use makes /readyz say why (never a 500 on an image).

const ADMIN = { email: "store-admin@example.in", password: "store admin password 2026" };
const SECRET = "uploads-s3-http-secret-0123456789";
/** The bucket of the instance whose writes the S3 server refuses. */
const REFUSING = "bwp-refusing";

let s3: LocalS3;
let db: DB;
let path: string;
let cleanup: () => Promise<void>;
let restoreEnv = () => {};
let dir: string;
const servers: RunningServer[] = [];

const serve = async (name: string, env: Record<string, string> = {}) => {
  const server = await startServer({
    env: {
      ...databaseEnv(path),
      WEB_CONCURRENCY: "1",
      UPLOADS_DIR: join(dir, `uploads-${name}`),
      SESSION_SECRET: SECRET,
      COOKIE_SECURE: "0",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: "",
      ...s3.env,
      ...env,
    },
  });
  servers.push(server);
  return server;
};
// Instance A serves two describes; CI shuffles their order, so whichever runs first starts it.
let instanceA: Promise<RunningServer> | undefined;
const serveA = () => (instanceA ??= serve("a"));

beforeAll(async () => {
  s3 = await startLocalS3("bwp-uploads", [REFUSING]);
  restoreEnv = setEnv(s3.env);
  ({ db, path, cleanup } = await createTestDb());
  dir = mkdtempSync(join(tmpdir(), "bwp-s3-http-"));
}, 30_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  restoreEnv();
  await cleanup();
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** POST /api/upload of a small image. */
async function postImage(server: RunningServer, purpose = "profile_photo"): Promise<Response> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await pngImage(40, 30, 200))], { type: "image/png" }), "photo.png");
  form.set("purpose", purpose);
  return fetch(`${server.base}/api/upload`, { method: "POST", body: form, headers: { Origin: server.base } });
}

async function stored(purpose: "profile_photo" | "id_proof_document", hue: number) {
  const image = await storeImage(db, await pngImage(60, 40, hue), purpose);
  if (!image.ok) throw new Error(image.message);
  return { key: image.key, bytes: (await readObject(uploadStore(), uploadKey(image.visibility, image.key)))! };
}

describe("the server on an S3 bucket, with no shared folder", () => {
  let site: RunningServer;
  beforeAll(async () => {
    site = await serveA();
  }, 90_000);

  it("is ready, and serves public images from the bucket at /uploads with the folder's cache headers", async () => {
    const ready = await fetch(`${site.base}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks.uploads).toEqual({ ok: true });

    const photo = await stored("profile_photo", 20);
    const answer = await fetch(`${site.base}/uploads/${photo.key}`);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(photo.bytes)).toBe(true);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=2592000, immutable");
    expect(answer.headers.get("content-security-policy")).toContain("sandbox");
    const etag = answer.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(`${site.base}/uploads/${photo.key}`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    const head = await fetch(`${site.base}/uploads/${photo.key}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(photo.bytes.byteLength));
    const copy = await fetch(`${site.base}/uploads/${photo.key.replace(".webp", ".w160.webp")}`);
    expect(copy.status).toBe(200);
    await copy.arrayBuffer();
  });

  it("never serves a private file or anything outside public/ at /uploads", async () => {
    const proof = await stored("id_proof_document", 40);
    for (const path of [
      `/uploads/${proof.key}`,
      `/uploads/..%2fprivate%2f${proof.key}`,
      `/uploads/%2e%2e/private/${proof.key}`,
      `/uploads/private/${proof.key}`,
      "/uploads/..%2f..%2f..%2fetc%2fpasswd",
      "/uploads/missing.webp",
    ]) {
      const answer = await fetch(`${site.base}${path}`);
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).not.toContain("RIFF");
    }
  });

  it("streams a private file to staff only, never stored by a cache", async () => {
    const proof = await stored("id_proof_document", 60);
    const anonymous = await fetch(`${site.base}/admin/uploads/${proof.key}`, { redirect: "manual" });
    expect(anonymous.status).not.toBe(200);
    expect(Buffer.from(await anonymous.arrayBuffer()).includes(proof.bytes.subarray(0, 64))).toBe(false);

    const login = await fetch(`${site.base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.base },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const answer = await fetch(`${site.base}/admin/uploads/${proof.key}`, { headers: { Cookie: cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("content-length")).toBe(String(proof.bytes.byteLength));
    expect(Buffer.from(await answer.arrayBuffer()).equals(proof.bytes)).toBe(true);
  });
});

// The several-instances test on object storage (tests/unit/several-instances.test.ts is the rest of it):
// in the PostgreSQL run the three instances share one PostgreSQL database, one bucket, and no folder.
describe("three instances on one database and one bucket, each with a folder of its own", () => {
  let a: RunningServer;
  let b: RunningServer;
  let c: RunningServer;
  beforeAll(async () => {
    [a, b, c] = await Promise.all([serveA(), serve("b"), serve("c")]);
  }, 90_000);

  const upload = async (server: RunningServer, purpose: string | null, hue: number) => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await pngImage(50, 40, hue))], { type: "image/png" }), "photo.png");
    if (purpose) form.set("purpose", purpose);
    const answer = await fetch(`${server.base}/api/upload`, {
      method: "POST",
      body: form,
      headers: { Origin: server.base },
    });
    expect(answer.status).toBe(201);
    return (await answer.json()) as { url: string; key: string; visibility: string };
  };
  const signIn = async (server: RunningServer, path: string, account: { email: string; password: string }) => {
    const login = await fetch(`${server.base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.base },
      body: JSON.stringify(account),
    });
    expect(login.status).toBe(200);
    return login.headers.get("set-cookie")!.split(";")[0]!;
  };
  const adminOn = (server: RunningServer) => signIn(server, "/api/admin/login", ADMIN);
  const bytesOf = async (answer: Response) => Buffer.from(await answer.arrayBuffer());

  it("an image uploaded through A is served by B and C; a private one opens for staff on B and for no one else", async () => {
    const photo = await upload(a, "profile_photo", 100);
    expect(photo.url).toBe(`/uploads/${photo.key}`);
    const onA = await bytesOf(await fetch(`${a.base}${photo.url}`));
    for (const other of [b, c]) {
      const answer = await fetch(`${other.base}${photo.url}`);
      expect(answer.status, other.base).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=2592000, immutable");
      expect((await bytesOf(answer)).equals(onA), other.base).toBe(true);
    }

    const unassigned = await upload(a, null, 120);
    const proof = await upload(a, "id_proof_document", 125);
    // A seller of the site, signed in on B: not staff.
    const seller = { email: `instances-seller-${Date.now()}@example.in`, password: "a seller password 2026" };
    const categoryId = (await db.selectFrom("categories").select("id").executeTakeFirstOrThrow()).id;
    const registered = await fetch(`${a.base}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: a.base },
      body: JSON.stringify({
        name: "Instance Seller",
        ...seller,
        mobile: "+919876543210",
        city: "Bangalore",
        locality: "",
        category_ids: [categoryId],
        subcategory_ids: [],
      }),
    });
    expect(registered.status).toBe(201);
    const sellerCookie = await signIn(b, "/api/auth/login", seller);
    const staff = await adminOn(b);
    for (const file of [unassigned, proof]) {
      expect(file.visibility).toBe("private");
      expect(file.url).toBe(`/admin/uploads/${file.key}`);
      for (const server of [b, c]) {
        const outside = await fetch(`${server.base}/uploads/${file.key}`);
        expect(outside.status).toBe(404);
        expect((await bytesOf(outside)).includes(Buffer.from("RIFF"))).toBe(false);
      }
      // Signed out: the back office's sign-in page, coming back to the file afterwards.
      const anonymous = await fetch(`${b.base}${file.url}`, { redirect: "manual" });
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(file.url)}`);
      expect((await bytesOf(anonymous)).includes(Buffer.from("RIFF"))).toBe(false);
      // Signed in as a seller: no permission.
      const refused = await fetch(`${b.base}${file.url}`, { redirect: "manual", headers: { Cookie: sellerCookie } });
      expect(refused.status).toBe(403);
      expect((await bytesOf(refused)).includes(Buffer.from("RIFF"))).toBe(false);

      const opened = await fetch(`${b.base}${file.url}`, { headers: { Cookie: staff } });
      expect(opened.status).toBe(200);
      expect(opened.headers.get("cache-control")).toBe("private, no-store");
      expect((await bytesOf(opened)).subarray(0, 4).toString()).toBe("RIFF");
    }
  });

  it("a seller deleted through B takes her files with her: gone on A and C too, and from the bucket", async () => {
    const [photo, proof, payment] = [
      await upload(a, "profile_photo", 150),
      await upload(a, "id_proof_document", 155),
      await upload(a, "payment_screenshot", 160),
    ];
    const categoryId = (await db.selectFrom("categories").select("id").executeTakeFirstOrThrow()).id;
    const applied = await fetch(`${a.base}/api/sellers/submit`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: a.base },
      body: JSON.stringify({
        name: "Deleted Across",
        mobile: "+91 98765 43210",
        email: `instances-deleted-${Date.now()}@example.in`,
        category_ids: [categoryId],
        id_proof_type: "pan_card",
        plan: "6m",
        business_name: "Deleted Across Instances",
        city: "Bangalore",
        pincode: "560001",
        address: "1 Church Street",
        payment_reference: `7777${String(Date.now()).slice(-8)}`,
        id_proof_document: proof.url,
        payment_screenshot: payment.url,
        profile_photo: photo.url,
      }),
    });
    expect(applied.status).toBe(201);
    const sellerId = ((await applied.json()) as { seller_id: number }).seller_id;
    const staffOn = new Map([
      [a, await adminOn(a)],
      [c, await adminOn(c)],
    ]);
    for (const server of [a, c]) {
      const image = await fetch(`${server.base}${photo.url}`);
      expect(image.status).toBe(200);
      await image.arrayBuffer();
      const document = await fetch(`${server.base}${proof.url}`, { headers: { Cookie: staffOn.get(server)! } });
      expect(document.status).toBe(200);
      await document.arrayBuffer();
    }

    const deleted = await fetch(`${b.base}/api/admin/sellers/${sellerId}`, {
      method: "DELETE",
      headers: { Cookie: await adminOn(b), Origin: b.base },
    });
    expect(deleted.status).toBe(200);
    for (const server of [a, c]) {
      const gone = await fetch(`${server.base}${photo.url}`);
      expect(gone.status, server.base).toBe(404);
      await gone.arrayBuffer();
      for (const file of [proof, payment]) {
        const answer = await fetch(`${server.base}${file.url}`, { headers: { Cookie: staffOn.get(server)! } });
        expect(answer.status, `${server.base}${file.url}`).toBe(404);
        await answer.arrayBuffer();
      }
    }
    const store = uploadStore();
    for (const key of [
      uploadKey("public", photo.key),
      uploadKey("private", proof.key),
      uploadKey("private", payment.key),
    ])
      expect(await store.exists(key), key).toBe(false);
  });

  it("no instance kept an upload in a folder of its own: the bucket holds them all", () => {
    for (const name of ["a", "b", "c"]) {
      const folder = join(dir, `uploads-${name}`);
      const files = existsSync(folder)
        ? readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
        : [];
      expect(
        files.map((e) => join(e.parentPath, e.name)),
        folder,
      ).toEqual([]);
    }
  });
});

describe("a bucket the server cannot use, or a public address in front of it", () => {
  it("wrong credentials: /readyz 503 naming the settings, and an image is a 503, not a 500", async () => {
    const photo = await stored("profile_photo", 80);
    const site = await serve("wrong-key", { S3_ACCESS_KEY_ID: "WRONGKEY", S3_SECRET_ACCESS_KEY: "not-the-secret" });
    const ready = await fetch(`${site.base}/readyz`);
    expect(ready.status).toBe(503);
    const body = await ready.json();
    expect(body.checks.uploads.detail).toContain("S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY");
    expect(JSON.stringify(body)).not.toContain("not-the-secret");
    const image = await fetch(`${site.base}/uploads/${photo.key}`);
    expect(image.status).toBe(503);
    await image.arrayBuffer();
    const refused = await postImage(site);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: UPLOADS_UNAVAILABLE_MESSAGE });
  }, 90_000);

  // One server for both (each start costs seconds of CI): with a public address its images never touch the bucket.
  it("UPLOADS_PUBLIC_URL: /uploads/<name> redirects there; a missing bucket: /readyz 503 naming S3_BUCKET, an upload 503", async () => {
    const site = await serve("cdn", {
      UPLOADS_PUBLIC_URL: "https://cdn.example.com/bwp/",
      S3_BUCKET: "bwp-no-such-bucket",
    });
    const answer = await fetch(`${site.base}/uploads/abc.webp`, { redirect: "manual" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("https://cdn.example.com/bwp/abc.webp");
    const outside = await fetch(`${site.base}/uploads/..%2fprivate%2fabc.webp`, { redirect: "manual" });
    expect(outside.status).toBe(404);

    const ready = await fetch(`${site.base}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks.uploads).toEqual({
      ok: false,
      detail: 'S3_BUCKET: the bucket "bwp-no-such-bucket" does not exist',
    });
    const refused = await postImage(site);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: UPLOADS_UNAVAILABLE_MESSAGE });
  }, 90_000);
});

describe("a bucket that refuses writes (a policy denying PutObject)", () => {
  let site: RunningServer;
  let bucket: S3Store;
  let categoryId: number;
  beforeAll(async () => {
    site = await serve("refusing", { S3_BUCKET: REFUSING });
    bucket = new S3Store({
      bucket: REFUSING,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
      forcePathStyle: true,
    });
    categoryId = (await db.selectFrom("categories").select("id").executeTakeFirstOrThrow()).id;
  }, 90_000);

  const inBucket = async () => [...(await bucket.list("public/")), ...(await bucket.list("private/"))];
  const uploadRows = async () => (await db.selectFrom("uploads").select("key").execute()).map((r) => r.key);
  const image = async (hue: number) => new Uint8Array(await pngImage(40, 30, hue));
  const applicant = {
    name: "Refused Applicant",
    mobile: "+91 98765 43210",
    id_proof_type: "pan_card",
    plan: "6m",
    business_name: "Bucket Refusal Crafts",
    city: "Bangalore",
    pincode: "560001",
    address: "12 MG Road",
  };
  const expectRefused = (answer: Response) => {
    expect(answer.status).toBe(503);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  };
  const applicationsBy = async (email: string) =>
    (await db.selectFrom("sellers").select("id").where("email", "=", email).execute()).length;

  it("POST /api/upload: 503 with Retry-After and a message, nothing stored, and /readyz says why", async () => {
    const lift = s3.refuseWrites(REFUSING);
    try {
      const rows = await uploadRows();
      for (const purpose of ["profile_photo", "id_proof_document", ""]) {
        const form = new FormData();
        form.set("file", new Blob([await image(10)], { type: "image/png" }), "photo.png");
        if (purpose) form.set("purpose", purpose);
        const answer = await fetch(`${site.base}/api/upload`, {
          method: "POST",
          body: form,
          headers: { Origin: site.base },
        });
        expectRefused(answer);
        expect(await answer.json()).toEqual({ error: UPLOADS_UNAVAILABLE_MESSAGE });
      }
      expect(await inBucket()).toEqual([]);
      expect(await uploadRows()).toEqual(rows);
      const ready = await fetch(`${site.base}/readyz`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).checks.uploads.detail).toContain(`"${REFUSING}"`);
    } finally {
      lift();
    }
  });

  it("/register without JavaScript: refused after two files, a 503 page with the message (in the page's language) and her values; no application, no file", async () => {
    const email = `refused-register-${Date.now()}@example.in`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...applicant, email, category_ids: String(categoryId), terms: "on" }))
      form.append(k, v);
    for (const [i, field] of ["id_proof_document", "payment_screenshot", "profile_photo"].entries())
      form.append(field, new File([await image(30 + i)], "a.png", { type: "image/png" }));
    const rows = await uploadRows();
    const said = { en: UPLOADS_UNAVAILABLE_MESSAGE, hi: hindiForms.uploadsUnavailable };
    for (const [path, message] of [
      ["/register", said.en],
      ["/hi/register", said.hi],
    ] as const) {
      // The ID proof and the payment screenshot are stored; the profile photo is refused.
      const lift = s3.refuseWrites(REFUSING, { after: 2 });
      try {
        const answer = await fetch(`${site.base}${path}`, {
          method: "POST",
          redirect: "manual",
          body: form,
          headers: { Origin: site.base },
        });
        expectRefused(answer);
        const page = renderedHtml(await answer.text());
        const alert = /<div class="form-error"[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(page)?.[1] ?? "";
        expect(alert, path).toContain(message);
        expect(page, path).toContain('value="Bucket Refusal Crafts"');
        expect(page, path).toContain(`value="${email}"`);
      } finally {
        lift();
      }
    }
    expect(said.hi).not.toBe(said.en);
    expect(await applicationsBy(email)).toBe(0);
    expect(await inBucket()).toEqual([]);
    expect(await uploadRows()).toEqual(rows);
  });

  it("the back office's seller editor: refused, a 503 page with the message and the typed values; no seller, no file", async () => {
    const login = await fetch(`${site.base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.base },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const email = `refused-editor-${Date.now()}@example.in`;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Editor Refused",
      email,
      mobile: "+91 98765 43210",
      business_name: "Editor Refusal Weaves",
      city: "Bangalore",
      category_ids: String(categoryId),
      status: "pending",
      payment_status: "pending",
    }))
      form.append(k, v);
    for (const [i, field] of ["profile_photo", "id_proof_document", "payment_screenshot"].entries())
      form.append(field, new File([await image(70 + i)], "a.png", { type: "image/png" }));
    const rows = await uploadRows();
    const lift = s3.refuseWrites(REFUSING);
    try {
      const answer = await fetch(`${site.base}/admin/sellers/new`, {
        method: "POST",
        redirect: "manual",
        body: form,
        headers: { Origin: site.base, Cookie: cookie },
      });
      const page = renderedHtml(await answer.text());
      expectRefused(answer);
      expect(page).toContain(UPLOADS_UNAVAILABLE_MESSAGE);
      expect(page).toContain('value="Editor Refusal Weaves"');
      expect(page).toContain(`value="${email}"`);
    } finally {
      lift();
    }
    expect(await applicationsBy(email)).toBe(0);
    expect(await inBucket()).toEqual([]);
    expect(await uploadRows()).toEqual(rows);
  });

  it("POST /api/sellers/submit with data-URL images: refused after one file, 503 JSON; no application, no file", async () => {
    const email = `refused-submit-${Date.now()}@example.in`;
    const dataUrl = `data:image/png;base64,${Buffer.from(await image(50)).toString("base64")}`;
    const rows = await uploadRows();
    const lift = s3.refuseWrites(REFUSING, { after: 1 });
    try {
      const answer = await fetch(`${site.base}/api/sellers/submit`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: site.base },
        body: JSON.stringify({
          ...applicant,
          email,
          category_ids: [categoryId],
          payment_reference: `5555${String(Date.now()).slice(-8)}`,
          id_proof_document: dataUrl,
          payment_screenshot: dataUrl,
          profile_photo: dataUrl,
        }),
      });
      expectRefused(answer);
      expect(await answer.json()).toEqual({ error: UPLOADS_UNAVAILABLE_MESSAGE });
    } finally {
      lift();
    }
    expect(await applicationsBy(email)).toBe(0);
    expect(await inBucket()).toEqual([]);
    expect(await uploadRows()).toEqual(rows);
  });
});

describe.each(["folder", "s3"] as const)("public and private files over HTTP, %s backend", (backend) => {
  let base: string;
  let stop = async () => {};
  let url: string;
  let bytes: Buffer;
  let etag: string;
  const upload = async (purpose: string, hue: number) => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await pngImage(60, 40, hue))], { type: "image/png" }), "p.png");
    form.set("purpose", purpose);
    const answer = await fetch(`${base}/api/upload`, { method: "POST", body: form, headers: { Origin: base } });
    expect(answer.status).toBe(201);
    return (await answer.json()) as { url: string; key: string };
  };
  beforeAll(async () => {
    if (backend === "s3") base = (await serveA()).base;
    else {
      const site = await startSite("range-folder", {
        S3_BUCKET: undefined,
        S3_ENDPOINT: undefined,
        SESSION_SECRET: SECRET,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      });
      base = site.base;
      stop = site.stop;
    }
    url = `${base}${(await upload("profile_photo", 140)).url}`;
    const whole = await fetch(url);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    etag = whole.headers.get("etag")!;
    bytes = Buffer.from(await whole.arrayBuffer());
  }, 90_000);
  afterAll(() => stop());

  const get = (headers: Record<string, string>, method = "GET") => fetch(url, { method, headers });

  it("one range: 206 with Content-Range and exactly those bytes (first, open-ended, suffix)", async () => {
    const size = bytes.byteLength;
    for (const [range, start, end] of [
      ["bytes=0-9", 0, 9],
      ["bytes=10-", 10, size - 1],
      ["bytes=-7", size - 7, size - 1],
      ["bytes=5-99999999", 5, size - 1],
    ] as const) {
      const answer = await get({ Range: range });
      expect(answer.status, range).toBe(206);
      expect(answer.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(answer.headers.get("content-length"), range).toBe(String(end - start + 1));
      expect(Buffer.from(await answer.arrayBuffer()).equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
    const head = await get({ Range: "bytes=0-9" }, "HEAD");
    expect(head.status).toBe(206);
    expect(head.headers.get("content-length")).toBe("10");
  });

  it("an unsatisfiable range is 416 with the size; several, malformed or a stale If-Range get the whole image", async () => {
    const size = bytes.byteLength;
    const beyond = await get({ Range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
    await beyond.arrayBuffer();
    for (const headers of <Record<string, string>[]>[
      { Range: "bytes=0-1,5-6" },
      { Range: "bytes=x-y" },
      { Range: "bytes=0-9", "If-Range": '"not-this-version"' },
    ]) {
      const answer = await get(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    }
    const fresh = await get({ Range: "bytes=0-9", "If-Range": etag });
    expect(fresh.status).toBe(206);
    await fresh.arrayBuffer();
  });

  it("no address reaches a private file from /uploads or leaves the store from either route, staff included", async () => {
    const proof = await upload("id_proof_document", 145);
    const photoKey = url.slice(url.lastIndexOf("/") + 1);
    const login = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const staff = { Cookie: login.headers.get("set-cookie")!.split(";")[0]! };
    const opened = await fetch(`${base}${proof.url}`, { headers: staff });
    expect(opened.status).toBe(200);
    const secret = Buffer.from(await opened.arrayBuffer());
    const paths = [
      `/uploads/${proof.key}`,
      `/uploads/private/${proof.key}`,
      `/uploads/..%2fprivate%2f${proof.key}`,
      `/uploads/.%2e%2fprivate%2f${proof.key}`,
      `/uploads/..%5cprivate%5c${proof.key}`,
      `/uploads/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
      `/uploads/..%252fprivate%252f${proof.key}`,
      `/uploads/Private%2f${proof.key}`,
      `/admin/uploads/..%2fpublic%2f${photoKey}`,
      `/admin/uploads/..%2f..%2f..%2f..%2fetc%2fpasswd`,
      `/admin/uploads/${proof.key}%00.png`,
      `/admin/uploads/${proof.key.toUpperCase()}`,
      `/admin/uploads/..%2fprivate%2f${proof.key}`,
    ];
    for (const path of paths) {
      const answer = await fetch(`${base}${path}`, { headers: path.startsWith("/admin") ? staff : {} });
      expect([400, 404], path).toContain(answer.status);
      const body = Buffer.from(await answer.arrayBuffer());
      expect(body.includes(secret.subarray(0, 64)), path).toBe(false);
      expect(body.includes(Buffer.from("root:")), path).toBe(false);
    }
  });
});
