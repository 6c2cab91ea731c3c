import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~db/client";
import { migrationProvider } from "~db/migrations/index";
import { createSeller, createUserRow } from "~db/seed/factories";
import { hashPassword } from "~/services/password.server";
import { pngImage } from "../support/images";
import type { RunningServer } from "../support/server";
import { type SiteUnderTest, startSite } from "../support/site";
import { spareDatabaseTarget } from "../support/test-db";

// Rate limits come before expensive work, every 429 carries Retry-After, and the dashboard's notices
// follow the reader's permissions — against the built production server (`npm run build` first), one
// process (WEB_CONCURRENCY=1), whose `memory` log line (every second here) carries its count of password
// hashes: a throttled request must not move it.

/** The server's address, known once it has started (its port is chosen right before it binds). */
let base = "";
const SIGNUPS = 3;
const ADMIN = { email: "limits-admin@example.in", password: "a-long-admin-password-1" };
let dir: string;
let server: RunningServer;
let db: DB;
let site: SiteUnderTest | undefined;
let categoryId: number;

beforeAll(async () => {
  site = await startSite("limits", (address) => ({
    SESSION_SECRET: "limits-test-secret-0123456789abcdef",
    PUBLIC_URL: address,
    TRUST_PROXY: "loopback",
    MEMORY_LOG_SECONDS: "1",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_SIGNUP: `${SIGNUPS}/3600`,
    RATE_LIMIT_LOGIN: "2/900",
    RATE_LIMIT_CONTACT: "1/600",
    RATE_LIMIT_NEWSLETTER: "1/600",
    RATE_LIMIT_REVIEW: "1/600",
    RATE_LIMIT_APPLICATION: "1/3600",
    RATE_LIMIT_PASSWORD_RESET_ACCOUNT: "20/3600",
  }));
  ({ base, server, db, dir } = site);
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
  categoryId = categories[0].id;
}, 60_000);

afterAll(() => site?.stop());

let serial = 0;
/** A client address of its own per call, so each test's limits start empty. */
const clientAddress = () => `198.19.${Math.floor(++serial / 250)}.${serial % 250}`;
const uniqueEmail = (prefix: string) => `${prefix}-${++serial}-${Date.now().toString(36)}@example.in`;

type MemoryLine = { msg: string; time: string; passwordHashes?: { total: number; pending: number } };

/** The server's count of password hashes, from its first `memory` line logged after this call. */
async function hashesSoFar(): Promise<number> {
  const mark = Date.now();
  const next = () =>
    (server.logLines() as unknown as MemoryLine[]).find((l) => l.msg === "memory" && Date.parse(l.time) > mark);
  await expect.poll(() => next() !== undefined, { timeout: 10_000, interval: 100 }).toBe(true);
  return next()!.passwordHashes!.total;
}

function register(address: string, email = uniqueEmail("signup"), password = "pass-word-1") {
  return fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, "X-Forwarded-For": address },
    body: JSON.stringify({
      name: "Asha Rao",
      email,
      password,
      mobile: "+919876543210",
      city: "Pune",
      locality: "",
      category_ids: [categoryId],
      subcategory_ids: [],
    }),
  });
}

const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers },
    body: new URLSearchParams(fields).toString(),
  });

async function accountsWith(email: string): Promise<number> {
  return (await db.selectFrom("users").select("id").where("email", "=", email).execute()).length;
}

function expectRetryAfter(res: Response, label: string) {
  expect(res.status, label).toBe(429);
  const seconds = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(seconds) && seconds > 0, `${label}: Retry-After ${res.headers.get("retry-after")}`).toBe(
    true,
  );
}

describe("sign-up takes its limit before the password hash", () => {
  it("POST /api/auth/register: the sign-ups the limit allows hash, a throttled one answers 429 and hashes nothing", async () => {
    const address = clientAddress();
    const start = await hashesSoFar();
    for (let i = 0; i < SIGNUPS; i++) expect((await register(address)).status).toBe(201);
    const allowed = await hashesSoFar();
    expect(allowed - start).toBe(SIGNUPS);
    // A long password costs the same to refuse: the refusal comes first.
    const email = uniqueEmail("throttled");
    const refused = await register(address, email, "p".repeat(128));
    expectRetryAfter(refused, "throttled sign-up");
    expect((await refused.json()).error).toMatch(/^Too many attempts\./);
    expect(await accountsWith(email)).toBe(0);
    expect(await hashesSoFar()).toBe(allowed);
  });

  it("parallel case: 10 sign-ups at once from one address, exactly the limit's worth pass and hash", async () => {
    const address = clientAddress();
    const start = await hashesSoFar();
    const answers = await Promise.all(Array.from({ length: 10 }, () => register(address)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SIGNUPS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - SIGNUPS);
    for (const res of answers.filter((r) => r.status === 429)) expectRetryAfter(res, "parallel sign-up");
    expect((await hashesSoFar()) - start).toBe(SIGNUPS);
  });

  it("the sign-up page: step 1 from an address with no sign-up left answers 429 before the hash, and step 2's 429 carries Retry-After", async () => {
    const address = clientAddress();
    const step1 = (email: string) => ({
      intent: "continue",
      name: "Asha Rao",
      email,
      mobile: "9876543210",
      password: "long-enough-1",
      confirm_password: "long-enough-1",
    });
    // Step 1 while sign-ups are left: one hash, and the page's sealed token for step 2.
    const before = await hashesSoFar();
    const firstEmail = uniqueEmail("page");
    const first = await postForm("/seller-signup", step1(firstEmail), { "X-Forwarded-For": address });
    expect(first.status).toBe(200);
    const pending = /name="pending" value="([^"]+)"/.exec(await first.text())?.[1];
    expect(pending).toBeDefined();
    expect((await hashesSoFar()) - before).toBe(1);

    for (let i = 0; i < SIGNUPS; i++) expect((await register(address)).status).toBe(201);
    const used = await hashesSoFar();
    const refused = await postForm("/seller-signup", step1(uniqueEmail("page")), { "X-Forwarded-For": address });
    expectRetryAfter(refused, "sign-up step 1");
    expect(await refused.text()).toContain("Too many attempts");
    // Step 2 with the token step 1 sealed: the sign-up itself is refused, with the wait.
    const create = await postForm(
      "/seller-signup",
      {
        ...step1(""),
        intent: "create",
        email: firstEmail,
        pending: pending!,
        city: "Pune",
        category_ids: String(categoryId),
        terms: "on",
      },
      { "X-Forwarded-For": address },
    );
    expectRetryAfter(create, "sign-up step 2");
    expect(await hashesSoFar()).toBe(used);
  });
});

describe("a reset link posted many times at once queues one hash per allowed attempt, not per post", () => {
  it("20 parallel posts of one valid link: one sets the password, at most the limit's worth hash, the rest are 429 with Retry-After or 400", async () => {
    const email = uniqueEmail("reset");
    expect((await register(clientAddress(), email)).status).toBe(201);
    expect((await postForm("/forgot-password", { email }, { "X-Forwarded-For": clientAddress() })).status).toBe(200);
    let link: URL | undefined;
    await expect
      .poll(async () => {
        const mail = await db
          .selectFrom("mail_outbox")
          .select("text_body")
          .where("to_address", "=", email)
          .where("subject", "like", "Choose a new password%")
          .executeTakeFirst();
        const found = mail?.text_body.match(/http:\/\/\S+\/reset-password\?\S+/);
        link = found ? new URL(found[0]) : undefined;
        return link !== undefined;
      })
      .toBe(true);
    const fields = {
      link_id: link!.searchParams.get("id")!,
      link_expires: link!.searchParams.get("expires")!,
      link_token: link!.searchParams.get("token")!,
      password: "a-new-password-1",
      confirm_password: "a-new-password-1",
    };
    const before = await hashesSoFar();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postForm("/reset-password", fields, { "X-Forwarded-For": clientAddress() })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(1);
    expect(
      statuses.every((s) => s === 302 || s === 400 || s === 429),
      statuses.join(" "),
    ).toBe(true);
    // Which of the others are 429 (the account's password-work limit) and which 400 (the link already used)
    // depends on how fast the winner's hash ends: with an 18 ms Argon2id hash the link is often used before
    // the limit is reached. What must hold either way: at most the limit's worth of hashes ran.
    const throttled = answers.filter((r) => r.status === 429);
    for (const res of throttled) expectRetryAfter(res, "reset post");
    expect((await hashesSoFar()) - before).toBeLessThanOrEqual(5);
  });
});

describe("every 429 carries Retry-After", () => {
  it("the sign-in doors: /admin/login, /seller-login, POST /api/auth/login and /api/admin/login", async () => {
    for (const path of ["/admin/login", "/seller-login"]) {
      const address = clientAddress();
      const wrong = { email: ADMIN.email, password: "not-the-password" };
      expect((await postForm(path, wrong, { "X-Forwarded-For": address })).status, path).toBe(401);
      expect((await postForm(path, wrong, { "X-Forwarded-For": address })).status, path).toBe(401);
      const refused = await postForm(path, wrong, { "X-Forwarded-For": address });
      expectRetryAfter(refused, path);
      expect(await refused.text()).toContain("Too many attempts");
    }
    for (const path of ["/api/auth/login", "/api/admin/login"]) {
      const address = clientAddress();
      const send = () =>
        fetch(`${base}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: base, "X-Forwarded-For": address },
          body: JSON.stringify({ email: ADMIN.email, password: "not-the-password" }),
        });
      await send();
      await send();
      expectRetryAfter(await send(), path);
    }
  });

  it("the public forms' pages: /contact, /newsletter, a review on /seller/:id and /register", async () => {
    const contact = { name: "Asha", email: "asha@example.in", query_type: "General Inquiry", message: "Hello" };
    const sellerId = await createSeller(db, { status: "active" });
    const review = { reviewer_name: "Asha", rating: "5", review_text: "Lovely work." };
    const forms: [string, Record<string, string>][] = [
      ["/contact", contact],
      ["/newsletter", { email: "news@example.in" }],
      [`/seller/${sellerId}`, review],
    ];
    for (const [path, fields] of forms) {
      const address = clientAddress();
      expect((await postForm(path, fields, { "X-Forwarded-For": address })).status, path).toBe(302);
      expectRetryAfter(await postForm(path, fields, { "X-Forwarded-For": address }), path);
    }
    const address = clientAddress();
    const application = async () => {
      const form = new FormData();
      const fields = {
        name: "Asha Rao",
        mobile: "+91 98765 43210",
        email: uniqueEmail("apply"),
        category_ids: String(categoryId),
        id_proof_type: "pan_card",
        plan: "6m",
        business_name: "Asha Crafts",
        city: "Bangalore",
        pincode: "560001",
        address: "12 MG Road",
        terms: "on",
      };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      for (const field of ["id_proof_document", "payment_screenshot", "profile_photo"])
        form.append(
          field,
          new File([new Uint8Array(await pngImage(40, 30, ++serial))], "a.png", { type: "image/png" }),
        );
      return fetch(`${base}/register`, {
        method: "POST",
        redirect: "manual",
        body: form,
        headers: { Origin: base, "X-Forwarded-For": address },
      });
    };
    expect((await application()).status).toBe(302);
    expectRetryAfter(await application(), "/register");
  });

  it("a staff member's own password change on /admin/settings", async () => {
    const login = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, "X-Forwarded-For": clientAddress() },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const change = {
      intent: "password",
      current_password: "not-the-password",
      new_password: "another-long-password-2",
      confirm_password: "another-long-password-2",
    };
    expect((await postForm("/admin/settings", change, { Cookie: cookie })).status).toBe(400);
    expect((await postForm("/admin/settings", change, { Cookie: cookie })).status).toBe(400);
    expectRetryAfter(await postForm("/admin/settings", change, { Cookie: cookie }), "/admin/settings");
  });
});

describe("the dashboard's notices show only what the reader may see", () => {
  async function staffCookie(role: "admin" | "moderator") {
    const email = uniqueEmail(role);
    await createUserRow(db, { email, name: role, role, password_hash: await hashPassword("a-long-staff-password-1") });
    const login = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, "X-Forwarded-For": clientAddress() },
      body: JSON.stringify({ email, password: "a-long-staff-password-1" }),
    });
    expect(login.status).toBe(200);
    return login.headers.get("set-cookie")!.split(";")[0];
  }

  it("an application's UTR is in the admin's dashboard (page and JSON), never in a moderator's", async () => {
    const utr = `4321${String(Date.now()).slice(-8)}`;
    const dataUrl = `data:image/png;base64,${(await pngImage(40, 30)).toString("base64")}`;
    const applied = await fetch(`${base}/api/sellers/submit`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": clientAddress() },
      body: JSON.stringify({
        name: "Meera Iyer",
        mobile: "+91 98765 43210",
        email: uniqueEmail("utr"),
        category_ids: [categoryId],
        id_proof_type: "pan_card",
        plan: "6m",
        business_name: "Meera Pickles",
        city: "Chennai",
        pincode: "600090",
        address: "3 Beach Road",
        payment_reference: utr,
        id_proof_document: dataUrl,
        payment_screenshot: dataUrl,
        profile_photo: dataUrl,
      }),
    });
    expect(applied.status).toBe(201);
    const admin = await staffCookie("admin");
    const moderator = await staffCookie("moderator");
    const read = async (cookie: string) => {
      const json = await fetch(`${base}/api/admin/dashboard`, { headers: { Cookie: cookie } });
      const page = await fetch(`${base}/admin`, { headers: { Cookie: cookie } });
      expect(json.status).toBe(200);
      expect(page.status).toBe(200);
      return { json: await json.text(), page: await page.text() };
    };
    const forAdmin = await read(admin);
    expect(forAdmin.json).toContain("Meera Pickles");
    expect(forAdmin.json).toContain(`UTR ${utr}`);
    expect(forAdmin.page).toContain(`UTR ${utr}`);
    const forModerator = await read(moderator);
    expect(forModerator.json).toContain("Meera Pickles");
    expect(forModerator.page).toContain("Meera Pickles");
    expect(forModerator.json).not.toContain(utr);
    expect(forModerator.page).not.toContain(utr);
  });
});

describe("the notices' payment-reference migration", () => {
  it("moves the UTR of an existing application notice out of its text, and leaves other notices alone", async () => {
    const old = await spareDatabaseTarget(dir, "notices");
    const before = openDatabase(old.target);
    try {
      expect(
        (await new Migrator({ db: before, provider: migrationProvider }).migrateTo("2026-11-26T0100_forgiving_search"))
          .error,
      ).toBeUndefined();
      const stamp = new Date().toISOString();
      const notice = (title: string, message: string, type: string) =>
        before
          .insertInto("notifications")
          .values({ title, message, type, link: null, is_read: 0, created_at: stamp })
          .returning("id")
          .executeTakeFirstOrThrow();
      const withUtr = await notice(
        "New listing application",
        "Asha Crafts (Asha Rao, Pune) applied for the Basic plan: ₹2,999 for 6 months, UTR 123456789012.",
        "application",
      );
      const without = await notice(
        "New listing application",
        "Asha Crafts (Asha Rao, Pune) applied for the Basic plan: ₹2,999 for 6 months.",
        "application",
      );
      const review = await notice("Review reported", "A visitor reported review #4: spam, UTR 1.", "review");
      await migrateToLatest(before);
      const rows = await before
        .selectFrom("notifications")
        .select(["id", "message", "payment_reference"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        {
          id: withUtr.id,
          message: "Asha Crafts (Asha Rao, Pune) applied for the Basic plan: ₹2,999 for 6 months.",
          payment_reference: "123456789012",
        },
        {
          id: without.id,
          message: "Asha Crafts (Asha Rao, Pune) applied for the Basic plan: ₹2,999 for 6 months.",
          payment_reference: null,
        },
        { id: review.id, message: "A visitor reported review #4: spam, UTR 1.", payment_reference: null },
      ]);
    } finally {
      await before.destroy();
      await old.drop();
    }
  });
});

describe("npm run user:create", () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/user-create.ts", ...args], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_PATH: join(dir, "never-opened.db") },
      timeout: 30_000,
    });

  it("--help prints the usage and exits 0", () => {
    const help = run("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run user:create -- --role admin\|moderator --email/);
    expect(help.stderr).toBe("");
  });

  it("an unknown option prints the usage and exits 2, without a stack trace", () => {
    const unknown = run("--rol", "admin");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--rol'");
    expect(unknown.stderr).toContain("Usage: npm run user:create");
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  });
});
