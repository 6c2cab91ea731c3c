import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import type { DB } from "~db/client";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { applicationImages, writeRequest } from "../../scripts/reliability/writes";
import { signUpOverApi } from "../support/accounts";
import { pngImage } from "../support/images";
import type { RunningServer } from "../support/server";
import { type SiteUnderTest, startSite } from "../support/site";

// The security probe's findings (docs/reliability.md) against the built production server (`npm run build` first),
// started without
// PUBLIC_URL as a careless deployment would be.

/** The server's address, known once it has started (its port is chosen right before it binds). */
let base = "";
const ADMIN = { email: "hardening-admin@example.in", password: "a-long-admin-password-1" };
let server: RunningServer;
let db: DB;
let site: SiteUnderTest | undefined;
let adminCookie = "";

beforeAll(async () => {
  site = await startSite("hardening", {
    SESSION_SECRET: "hardening-test-secret-0123456789abcdef",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  ({ base, server, db } = site);
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  adminCookie = login.headers.get("set-cookie")!.split(";")[0];
}, 60_000);

afterAll(() => site?.stop());

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
      expect(mail.text_body, mail.subject).toContain(`http://localhost:${server.port}/`);
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

/** my-data.json of a "Download my data" ZIP. */
function exportedJson(zip: Buffer): Promise<{ mails: { subject: string }[] } & Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error("no zip"));
      file.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName !== "my-data.json") return file.readEntry();
        file.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
        });
      });
      file.on("end", () => reject(new Error("no my-data.json")));
      file.readEntry();
    });
  });
}

// The probe's class "data reached through a shared address instead of an id": sign-up needs no proven
// address, so an account must never get (or erase) what merely went to the address it typed.
describe("an account is what is linked to it by id, never what shares its address", () => {
  const json = { "Content-Type": "application/json", Origin: base };

  it("the team's own address cannot become a seller account, by the API or the sign-up page", async () => {
    const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
    for (const email of ["hello@bwpdirectory.in", "HELLO+probe@bwpdirectory.in", "no-reply@bwpdirectory.in"]) {
      const res = await signUpOverApi(base, {
        email,
        categoryId: categories[0].id,
        headers: { "X-Forwarded-For": "198.51.100.40" },
      });
      expect(res.status, email).toBe(400);
      expect(await res.json(), email).toEqual({ error: ACCOUNT_MESSAGES.reservedEmail, field: "email" });
    }
    const page = await fetch(`${base}/seller-signup`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: base,
        "X-Forwarded-For": "198.51.100.41",
      },
      body: new URLSearchParams({
        intent: "continue",
        name: "Not the team",
        email: "hello@bwpdirectory.in",
        mobile: "+919876543210",
        password: "pass-word-1",
        confirm_password: "pass-word-1",
      }),
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("cannot be used for a seller account");
    expect(await db.selectFrom("users").select("id").where("email", "like", "%bwpdirectory.in").execute()).toEqual([]);
  });

  it("an address spelled with a quoted local part or a trailing dot is refused, so no spelling reaches a site address", async () => {
    const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
    for (const email of [
      '"hello"@bwpdirectory.in',
      "hello@bwpdirectory.in.",
      '"someone"@example.in',
      "a@example..in",
    ]) {
      const res = await signUpOverApi(base, { email, categoryId: categories[0].id });
      expect(res.status, email).toBe(400);
      expect(await res.json(), email).toEqual({ error: "Email is invalid" });
    }
    expect(await db.selectFrom("users").select("id").where("email", "like", "%bwpdirectory.in%").execute()).toEqual([]);
  });

  it("walks the export and the deletion of an account whose address other people's mail went to", async () => {
    const marker = `shared-${Date.now().toString(36)}`;
    const address = `${marker}@example.test`;
    const ids = {
      sellerIds: [],
      categoryIds: ((await (await fetch(`${base}/api/categories`)).json()) as { id: number }[]).map((c) => c.id),
      images: await applicationImages(),
    };
    // First, other people's mail to the address: a listing application naming it (the applicant's
    // acknowledgement, and the team's notice with the applicant's details) and a visitor's contact message.
    const application = writeRequest("application", marker, ids, 0);
    const applied = await fetch(`${base}${application.path}`, {
      method: "POST",
      headers: { ...json, "X-Forwarded-For": "198.51.100.42" },
      body: application.body,
    });
    expect(applied.status).toBe(201);
    const contact = writeRequest("contact", marker, ids, 0);
    expect((await fetch(`${base}${contact.path}`, { method: "POST", headers: json, body: contact.body })).status).toBe(
      201,
    );
    const before = await db.selectFrom("mail_outbox").select(["id", "subject", "to_address"]).orderBy("id").execute();
    const others = before.filter((m) => m.to_address === address || m.subject.includes(marker));
    expect(others.length).toBeGreaterThanOrEqual(3);

    // Then someone signs up with the address.
    const signup = writeRequest("signup", marker, ids, 0);
    const registered = await fetch(`${base}${signup.path}`, {
      method: "POST",
      headers: { ...json, "X-Forwarded-For": "198.51.100.43" },
      body: signup.body,
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.get("set-cookie")!.split(";")[0];
    const download = async () => {
      const res = await fetch(`${base}/seller-account/my-data.zip`, { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      return exportedJson(Buffer.from(await res.arrayBuffer()));
    };
    // Unproven: no mail at all. Proven: only her own, by subject, with no link in it.
    expect((await download()).mails).toEqual([]);
    await db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("email", "=", address)
      .execute();
    const data = await download();
    expect(data.mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Please confirm your email address/)]);
    const text = JSON.stringify(data);
    for (const leak of ["token=", "UTR", "New listing application", "We received your listing application"])
      expect(text).not.toContain(leak);
    expect(text).not.toContain(`"business_name":"${marker}"`);

    // Her deletion takes her own rows only: the others' mail (the team's notice among them) stays.
    const deleted = await fetch(`${base}/seller-account`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
      body: new URLSearchParams({ intent: "delete", confirm: "on", current_password: "reliability-pass-123" }),
      redirect: "manual",
    });
    expect(deleted.status).toBe(302);
    expect(await db.selectFrom("users").select("id").where("email", "=", address).execute()).toEqual([]);
    const after = await db
      .selectFrom("mail_outbox")
      .select("id")
      .where(
        "id",
        "in",
        others.map((m) => m.id),
      )
      .execute();
    expect(after).toHaveLength(others.length);
    expect(errorLines()).toEqual([]);
  });
});

describe("pages that are not there", () => {
  it("an unknown or ended seller's 404 is never public (no shared cache keeps it)", async () => {
    for (const path of ["/seller/999999999", "/hi/seller/999999999", "/seller/999999999.data"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control") ?? "", path).not.toMatch(/public/);
    }
  });

  it("a page under an unknown language prefix is a 404, signed in or not, never a redirect to sign in", async () => {
    for (const path of ["/fr/seller-dashboard", "/fr/seller-account", "/fr/directory"]) {
      const res = await fetch(`${base}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(404);
    }
    const post = await fetch(`${base}/fr/seller-dashboard`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: "intent=profile",
    });
    expect(post.status).toBe(404);
  });
});
