import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, openDatabase } from "~db/client";
import { pngImage } from "../support/images";
import { databaseEnv, freePort, type RunningServer, startServer } from "../support/server";
import { type SpareDatabase, spareDatabaseTarget } from "../support/test-db";

// Issue 19's findings against the built production server (`npm run build` first), started without
// PUBLIC_URL as a careless deployment would be.

const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "hardening-admin@example.in", password: "a-long-admin-password-1" };
let dir: string;
let server: RunningServer;
let db: DB;
let site: SpareDatabase | undefined;
let adminCookie = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bwp-hardening-"));
  site = await spareDatabaseTarget(dir, "site");
  server = await startServer({
    port: PORT,
    env: {
      WEB_CONCURRENCY: "1",
      ...databaseEnv(site.target),
      UPLOADS_DIR: join(dir, "uploads"),
      SESSION_SECRET: "hardening-test-secret-0123456789abcdef",
      COOKIE_SECURE: "0",
      SMTP_URL: "",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  db = openDatabase(site.target);
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  adminCookie = login.headers.get("set-cookie")!.split(";")[0];
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await server?.stop("SIGKILL");
  await site?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** A request with headers fetch will not send (Host) or methods it refuses (TRACE). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>(
    (resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      });
      req.on("error", reject);
      req.end(body);
    },
  );
}

const errorLines = () => server.logLines().filter((line) => line.level === "error" || line.level === "fatal");

describe("mailed links are built from the configuration, never from the Host header (finding 4)", () => {
  it("sign-up's verification link and the newsletter's unsubscribe link ignore Host: evil.example", async () => {
    const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
    const email = `host-${Date.now().toString(36)}@example.in`;
    const evil = { Host: "evil.example", Origin: "http://evil.example", "Content-Type": "application/json" };
    const registered = await raw(
      "POST",
      "/api/auth/register",
      evil,
      JSON.stringify({
        name: "Asha",
        email,
        password: "pass-word-1",
        mobile: "+919876543210",
        city: "Pune",
        locality: "",
        category_ids: [categories[0].id],
        subcategory_ids: [],
      }),
    );
    expect(registered.status).toBe(201);
    const subscribed = await raw("POST", "/api/enquiries/newsletter", evil, JSON.stringify({ email }));
    expect(subscribed.status).toBe(200);
    const mails = await db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", email)
      .execute();
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text_body, mail.subject).not.toContain("evil.example");
      expect(mail.text_body, mail.subject).toContain(`http://localhost:${PORT}/`);
    }
  });
});

describe("methods no route serves (finding 5)", () => {
  it("answer 405 with Allow on every kind of path, logged as the client's error", async () => {
    const before = errorLines().length;
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK", "SEARCH"]) {
      for (const path of ["/", "/directory", "/api/sellers", "/uploads/x.webp", "/admin/uploads/x.webp"]) {
        const res = await raw(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, `${method} ${path}`).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      }
    }
    // OPTIONS on a page and a cross-site post to a page: refused, and not logged as the server's error.
    expect((await raw("OPTIONS", "/directory")).status).toBe(405);
    const crossSite = { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" };
    expect((await raw("POST", "/contact", crossSite, "name=x")).status).toBe(400); // React Router's own check
    expect((await raw("POST", "/contact.data", crossSite, "name=x")).status).toBe(400);
    await expect.poll(() => server.logLines().filter((l) => l.msg === "request").length).toBeGreaterThan(15);
    expect(errorLines().slice(before)).toEqual([]);
  });
});

describe("/theme checks the Origin like every other write (finding 7)", () => {
  it("refuses a foreign Origin with 403 and follows its own", async () => {
    const body = "theme=dark&redirectTo=%2Fdirectory";
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const foreign = await raw("POST", "/theme", { ...form, Origin: "https://evil.example" }, body);
    expect(foreign.status).toBe(403);
    expect(foreign.headers["set-cookie"]).toBeUndefined();
    const own = await raw("POST", "/theme", { ...form, Origin: base }, body);
    expect(own.status).toBe(302);
    expect(own.headers.location).toBe("/directory");
  });
});

describe("a private upload carries its headers on every path (finding 6)", () => {
  it("as /admin/uploads/<key> and as /admin/uploads/<key>.data", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(await pngImage(40, 30))], "id.png", { type: "image/png" }));
    const uploaded = await fetch(`${base}/api/upload`, { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/^\/admin\/uploads\/[a-f0-9]{32}\.webp$/);
    for (const path of [url, `${url}.data`]) {
      const res = await fetch(`${base}${path}`, { headers: { Cookie: adminCookie }, redirect: "manual" });
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      expect(res.headers.get("content-security-policy"), path).toBe("default-src 'none'; sandbox");
    }
  });
});
