import { renderedHtml } from "../support/html";
import type { APIRequestContext } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { categoryId, createUser, expect, signInAs, test, uniqueWord, HTTP_ONLY } from "./fixtures";
import type { DB } from "~db/client";

/** Rows in every table a refused contact, sign-in or newsletter post could have written, found by the test's own word. */
async function rowsNaming(db: DB, word: string) {
  const like = `%${word}%`;
  const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
  return {
    enquiries: await count(
      db
        .selectFrom("enquiries")
        .select("id")
        .where((eb) => eb.or([eb("name", "like", like), eb("email", "like", like), eb("message", "like", like)])),
    ),
    newsletter: await count(db.selectFrom("newsletter_subscriptions").select("id").where("email", "like", like)),
    mail: await count(db.selectFrom("mail_outbox").select("id").where("to_address", "like", like)),
    notifications: await count(
      db
        .selectFrom("notifications")
        .select("id")
        .where((eb) => eb.or([eb("title", "like", like), eb("message", "like", like)])),
    ),
    audit: await count(
      db
        .selectFrom("audit_log")
        .select("id")
        .where((eb) => eb.or([eb("actor_email", "like", like), eb("details", "like", like)])),
    ),
    rateLimits: await count(db.selectFrom("rate_limits").select("key").where("key", "like", like)),
    signInAddresses: await count(db.selectFrom("sign_in_addresses").select("email").where("email", "like", like)),
    users: await count(db.selectFrom("users").select("id").where("email", "like", like)),
  };
}
const NONE = {
  enquiries: 0,
  newsletter: 0,
  mail: 0,
  notifications: 0,
  audit: 0,
  rateLimits: 0,
  signInAddresses: 0,
  users: 0,
};

// Bad input through the page forms' own actions (what a browser without JavaScript posts, and what
// an attacker sends): a bad rating, 10,000-character fields and HTML in every rendered field of the
// review, contact, sign-up, profile and application forms (the application's are in register.spec.ts).
// Each answer has its status and message, nothing is stored from a refused post, and HTML that is
// accepted comes back escaped wherever it is shown.
// These are plain posts with no page script involved: they run once, in the no-JavaScript project.
test.describe("bad input through the forms", HTTP_ONLY, () => {
  const long = "x".repeat(10_000);
  const FORM_TYPE_MESSAGE =
    "Please send this form as a normal web form (application/x-www-form-urlencoded or multipart/form-data).";
  const HTML = `<img src=x onerror=alert(1)><script>alert(2)</script>`;
  const ESCAPED = "&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;";

  async function post(request: APIRequestContext, path: string, form: Record<string, string>) {
    const res = await request.post(path, { form, maxRedirects: 0 });
    return { status: res.status(), html: await res.text(), location: res.headers().location };
  }

  test("a page form larger than its limit is refused with 413 before it is parsed; nothing is stored", async ({
    request,
    db,
    baseURL,
  }) => {
    const word = uniqueWord("huge");
    for (const path of ["/contact", "/seller-login", "/admin/login", "/newsletter"]) {
      const res = await request.post(path, {
        form: {
          name: word,
          email: `${word}@example.test`,
          query_type: "General Inquiry",
          message: "m".repeat(300_000),
          password: "x",
        },
        maxRedirects: 0,
      });
      expect(res.status(), path).toBe(413);
      expect(renderedHtml(await res.text()), path).toContain(
        "This form is too large to send. Please shorten what you typed and try again.",
      );
    }
    expect(await rowsNaming(db, word)).toEqual(NONE);
    // Beyond the server's own cap (the largest form, the application, stays under it) nothing is read at all.
    // The answer comes from the declared length alone, before any of the body is sent.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${baseURL}/register`,
        {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(13 * 1024 * 1024) },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => {
            resolve({ status: res.statusCode ?? 0, body });
            req.destroy();
          });
        },
      );
      req.on("error", reject);
      req.write("--x\r\n");
    });
    expect(answer).toEqual({ status: 413, body: "This request is too large." });
  });

  test("sign-up step 1 is throttled per address before any work, and does not reveal staff accounts", async ({
    request,
    db,
  }) => {
    const staff = await createUser(db, { role: "moderator" });
    const seller = await createUser(db, { role: "seller" });
    const step1 = (email: string) => ({
      intent: "continue",
      name: "Asha Rao",
      email,
      mobile: "9876543210",
      password: "long-enough-1",
      confirm_password: "long-enough-1",
    });
    const sellerTaken = await request.post("/seller-signup", { form: step1(seller.email), maxRedirects: 0 });
    expect(sellerTaken.status()).toBe(400);
    expect(renderedHtml(await sellerTaken.text())).toContain("An account with this email already exists");
    const staffEmail = await request.post("/seller-signup", { form: step1(staff.email), maxRedirects: 0 });
    expect(staffEmail.status()).toBe(200);
    expect(renderedHtml(await staffEmail.text())).not.toContain("already exists");
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push(
        (
          await request.post("/seller-signup", { form: step1(`${uniqueWord("burst")}@example.test`), maxRedirects: 0 })
        ).status(),
      );
    expect(statuses.slice(0, 18).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(18)).toEqual([429, 429]);
    const throttled = await request.post("/seller-signup", {
      form: step1(`${uniqueWord("burst")}@example.test`),
      maxRedirects: 0,
    });
    expect(throttled.status()).toBe(429);
    expect(renderedHtml(await throttled.text())).toMatch(
      /Too many attempts\. Please wait \d+ minutes? and try again\./,
    );
  });

  test("a page form posted as another content type is refused with 415, never a 500", async ({ request }) => {
    for (const path of ["/contact", "/seller-login", "/admin/login", "/register", "/theme", "/newsletter"]) {
      const json = await request.post(path, { data: { email: "a@b.in" }, maxRedirects: 0 });
      expect(json.status(), path).toBe(415);
      expect(renderedHtml(await json.text()), path).toContain(FORM_TYPE_MESSAGE);
      const text = await request.post(path, {
        data: "email=a@b.in",
        headers: { "Content-Type": "text/plain" },
        maxRedirects: 0,
      });
      expect(text.status(), path).toBe(415);
      expect(renderedHtml(await text.text()), path).toContain(FORM_TYPE_MESSAGE);
    }
  });

  test("a redirect target a browser could read as another site goes to the default page instead", async ({
    request,
  }) => {
    for (const to of [
      "/\t/evil.example",
      "/%09/evil.example".replace("%09", "\t"),
      "//evil.example",
      "/\\evil.example",
      "/%2fevil.example",
      "/caf\u00e9/\u0100",
    ]) {
      const res = await request.post("/theme", { form: { theme: "dark", redirectTo: to }, maxRedirects: 0 });
      expect(res.status(), to).toBe(302);
      const location = res.headers().location;
      expect(location, to).toMatch(/^\/(?!\/)/);
      expect(location, to).not.toContain("evil.example");
    }
  });

  test("sign-out is same-origin only: a cross-site link or form signs nobody out", async ({ page, context }) => {
    await signInAs(context, "seller");
    expect((await page.request.get("/api/logout", { headers: { "Sec-Fetch-Site": "cross-site" } })).status()).toBe(403);
    expect((await page.request.get("/api/logout", { headers: { Origin: "https://evil.example" } })).status()).toBe(403);
    expect(
      (
        await page.request.post("/logout", { form: {}, headers: { Origin: "https://evil.example" }, maxRedirects: 0 })
      ).status(),
    ).toBe(403);
    expect((await page.request.get("/api/users/me")).status()).toBe(200);
    expect((await page.request.get("/api/logout", { headers: { "Sec-Fetch-Site": "same-origin" } })).status()).toBe(
      200,
    );
    expect((await page.request.get("/api/users/me")).status()).toBe(401);
  });

  test("security headers on every kind of response, and no-store on personal pages", async ({ page, context }) => {
    for (const path of ["/api/sellers", "/api/categories", "/robots-none", "/favicon.svg", "/directory"]) {
      const res = await page.request.get(path);
      expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers()["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    }
    await signInAs(context, "seller");
    for (const path of ["/register", "/register.data"]) {
      expect((await page.request.get(path)).headers()["cache-control"], path).toBe("private, no-store");
    }
  });

  test("review: a bad rating, 10,000 characters, and HTML shown escaped", async ({ request, db, makeSeller }) => {
    const id = await makeSeller({ business_name: uniqueWord("bad") });
    const path = `/seller/${id}?tab=reviews`;
    for (const rating of ["9", "0", "2.5", "abc"]) {
      const res = await post(request, path, { reviewer_name: "Asha", rating, review_text: "Nice" });
      expect(res.status, rating).toBe(400);
      expect(res.html, rating).toContain("Rating must be a whole number from 1 to 5");
    }
    const tooLong = await post(request, path, { reviewer_name: long, rating: "4", review_text: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain("Name must be at most 80 characters");
    expect(tooLong.html).toContain("Review must be at most 2,000 characters");
    expect(await db.selectFrom("reviews").select("id").where("seller_id", "=", id).execute()).toEqual([]);

    const html = await post(request, path, { reviewer_name: HTML, rating: "4", review_text: HTML });
    expect(html.status).toBe(302);
    await db.updateTable("reviews").set({ status: "published" }).where("seller_id", "=", id).execute();
    const page = await (await request.get(path)).text();
    expect(page).toContain(ESCAPED);
    expect(page).not.toContain(HTML);
  });

  test("contact: 10,000 characters refused, HTML kept as text", async ({ request, db }) => {
    const email = `${uniqueWord("contact")}@example.test`;
    const base = {
      name: "Ritu",
      email,
      mobile: "",
      query_type: "General Inquiry",
      subject: "Hello",
      message: "A question",
    };
    const tooLong = await post(request, "/contact", { ...base, name: long, subject: long, message: long });
    expect(tooLong.status).toBe(400);
    for (const message of [
      "Name must be at most 100 characters",
      "Subject must be at most 150 characters",
      "Message must be at most 5,000 characters",
    ])
      expect(tooLong.html).toContain(message);
    expect(await rowsNaming(db, email)).toEqual(NONE);
    // Typed values survive the failed post, escaped.
    const kept = await post(request, "/contact", { ...base, name: HTML, message: "" });
    expect(kept.status).toBe(400);
    expect(kept.html).toContain("Please fill all required fields");
    expect(kept.html).not.toContain(HTML);
    expect(kept.html).toContain("&lt;img src=x onerror=alert(1)&gt;");

    const ok = await post(request, "/contact", { ...base, name: HTML, subject: HTML, message: HTML });
    expect(ok.status).toBe(302);
    expect(
      await db.selectFrom("enquiries").select(["name", "message"]).where("email", "=", email).executeTakeFirstOrThrow(),
    ).toEqual({ name: HTML, message: HTML });
  });

  test("sign-up: 10,000 characters refused, HTML in the name kept escaped on step 2", async ({ request, db }) => {
    const email = `${uniqueWord("su")}@example.test`;
    const step1 = {
      intent: "continue",
      name: long,
      mobile: "9876543210",
      email,
      password: "good-password-1",
      confirm_password: "good-password-1",
    };
    const tooLong = await post(request, "/seller-signup", step1);
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain("Name must be at most 100 characters");
    const html = await post(request, "/seller-signup", { ...step1, name: HTML });
    expect(html.status).toBe(200);
    expect(html.html).toContain("Business Categories");
    expect(html.html).not.toContain(HTML);
    expect(html.html).toContain(ESCAPED);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  test("seller profile: 10,000 characters refused, HTML shown escaped on the public profile", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    const me = await signInAs(context, "seller");
    const food = await categoryId(db, "food-and-beverages");
    const id = await makeSeller({ user_id: me.id, business_name: uniqueWord("prof"), categoryIds: [food] });
    const profile = { intent: "profile", business_name: "Mine", city: "Pune", pincode: "411004", address: "1 FC Road" };
    const tooLong = await page.request.post("/seller-dashboard", {
      form: { ...profile, business_name: long, tagline: long, business_description: long, address: long },
      maxRedirects: 0,
    });
    expect(tooLong.status()).toBe(400);
    const body = await tooLong.text();
    for (const message of [
      "Business name must be at most 120 characters",
      "Tagline must be at most 160 characters",
      "Description must be at most 2,000 characters",
      "Address must be at most 300 characters",
    ])
      expect(body).toContain(message);
    expect(
      (await db.selectFrom("sellers").select("address").where("id", "=", id).executeTakeFirstOrThrow()).address,
    ).not.toBe(long);

    const ok = await page.request.post("/seller-dashboard", {
      form: { ...profile, tagline: HTML, business_description: HTML },
      maxRedirects: 0,
    });
    expect(ok.status()).toBe(302);
    expect(ok.headers().location).toBe("/seller-dashboard?saved=profile#profile");
    const html = await (await page.request.get(`/seller/${id}`)).text();
    expect(html).toContain(ESCAPED);
    expect(html).not.toContain(HTML);
  });
});
