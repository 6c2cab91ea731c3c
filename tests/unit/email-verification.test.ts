import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { DB } from "~db/client";
import { VERIFY_EMAIL_MESSAGES } from "~/lib/validation/messages";
import { reloadConfig } from "~/services/config.server";
import { verificationUrl, VERIFICATION_LINK_HOURS } from "~/services/email-verification.server";
import { sessionCookieOf, signUpOverApi } from "../support/accounts";
import { pngImage } from "../support/images";
import { type SiteUnderTest, startSite } from "../support/site";
import { renderedHtml } from "../support/html";
import { createUserRow } from "~db/seed/factories";

// Email verification and the daily upload cap, over HTTP against the built server (`npm run build`
// first), with low limits so each limit is reached in a few requests. The test reads the server's
// SQLite file for the mails it queued (the outbox) and to check what changed.
/** The server's address, known once it has started (its port is chosen right before it binds). */
let base = "";
const SECRET = "email-verification-test-secret-0123456789";
let db: DB;
let site: SiteUnderTest | undefined;
let categoryId: number;

beforeAll(async () => {
  site = await startSite("verify", (address) => ({
    SEED_DEMO: "0",
    SESSION_SECRET: SECRET,
    PUBLIC_URL: address,
    TRUST_PROXY: "loopback",
    RATE_LIMIT_VERIFY_EMAIL: "4/3600",
    RATE_LIMIT_VERIFY_EMAIL_ACCOUNT: "2/3600",
    RATE_LIMIT_UPLOAD_DAILY: "2/86400",
  }));
  ({ base, db } = site);
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
  categoryId = categories[0].id;
}, 60_000);

afterAll(() => site?.stop());

let serial = 0;
function clientAddress(): string {
  serial++;
  return `198.18.${Math.floor(serial / 250)}.${serial % 250}`;
}

/** A seller signed up through POST /api/auth/register; her session cookie. */
async function register(address = clientAddress()) {
  const email = `verify-${++serial}-${Date.now().toString(36)}@example.in`;
  const res = await signUpOverApi(base, {
    email,
    categoryId,
    headers: { "X-Forwarded-For": address },
  });
  expect(res.status).toBe(201);
  const cookie = sessionCookieOf(res);
  const { user } = (await res.json()) as { user: { id: number } };
  return { email, cookie, id: user.id, address };
}

/** The verification mails queued for an address (the outbox is written before the send). */
async function verificationMails(email: string, atLeast = 1) {
  const until = Date.now() + 5_000;
  for (;;) {
    const rows = await db
      .selectFrom("mail_outbox")
      .select(["text_body", "status"])
      .where("to_address", "=", email)
      .where("subject", "like", "Please confirm your email%")
      .execute();
    if (rows.length >= atLeast && rows.every((r) => r.status !== "queued")) return rows;
    if (Date.now() > until) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function linkIn(text: string): URL {
  const match = text.match(/http:\/\/\S+\/verify-email\?\S+/);
  expect(match).not.toBeNull();
  return new URL(match![0]);
}

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  redirect: "manual" as const,
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  body: new URLSearchParams(fields).toString(),
});

async function verifiedAt(id: number) {
  return (await db.selectFrom("users").select("email_verified_at").where("id", "=", id).executeTakeFirstOrThrow())
    .email_verified_at;
}

describe("email verification of password sign-ups", () => {
  it("mails a signed link at sign-up; GET only asks, the POST verifies (audited), and /api/users/me says so", async () => {
    const seller = await register();
    const [mail] = await verificationMails(seller.email);
    const link = linkIn(mail.text_body);
    expect(link.origin).toBe(base);
    expect(Number(link.searchParams.get("expires")) * 1000).toBeGreaterThan(
      Date.now() + (VERIFICATION_LINK_HOURS - 1) * 3600_000,
    );

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Confirm my email");
    // The form posts back to the link itself (the page's loader reads it again after the action).
    expect(html).toContain(`action="/verify-email${link.search.replace(/&/g, "&amp;")}"`);
    expect(await verifiedAt(seller.id)).toBeNull(); // a mail scanner's GET changes nothing

    const confirmed = await fetch(link, form(Object.fromEntries(link.searchParams)));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(VERIFY_EMAIL_MESSAGES.verified);
    expect(await verifiedAt(seller.id)).not.toBeNull();
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id"])
      .where("action", "=", "account.email_verified")
      .where("actor_user_id", "=", seller.id)
      .execute();
    expect(audit).toHaveLength(1);
    const me = await (await fetch(`${base}/api/users/me`, { headers: { Cookie: seller.cookie } })).json();
    expect(me).toMatchObject({ email: seller.email, email_verified: true });

    // The same link again: already verified, no second audit row.
    const again = await fetch(link, form(Object.fromEntries(link.searchParams)));
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(VERIFY_EMAIL_MESSAGES.alreadyVerified);
  });

  it("refuses a tampered link (token, account id or expiry changed) with 400 and verifies nothing", async () => {
    const seller = await register();
    const other = await register();
    const link = linkIn((await verificationMails(seller.email))[0].text_body);
    const params = Object.fromEntries(link.searchParams);
    const flipped = params.token.slice(0, -1) + (params.token.endsWith("A") ? "B" : "A");
    const tampered: Record<string, string>[] = [
      { ...params, token: flipped },
      { ...params, id: String(other.id) },
      { ...params, expires: String(Number(params.expires) + 86_400) },
      { ...params, token: "" },
      { id: "abc", expires: params.expires, token: params.token },
    ];
    for (const bad of tampered) {
      const get = await fetch(`${base}/verify-email?${new URLSearchParams(bad)}`);
      expect(get.status).toBe(400);
      expect(await get.text()).toContain(VERIFY_EMAIL_MESSAGES.badLink);
      const post = await fetch(`${base}/verify-email?${new URLSearchParams(bad)}`, form(bad));
      expect(post.status).toBe(400);
    }
    expect(await verifiedAt(seller.id)).toBeNull();
    expect(await verifiedAt(other.id)).toBeNull();
  });

  it("refuses an expired link with 400 and says it expired", async () => {
    const seller = await register();
    // The server's secret: this link is genuine, only old. Read again from the environment (another file
    // of this worker may have loaded the settings already), and put back after.
    const previousSecret = process.env.SESSION_SECRET;
    process.env.SESSION_SECRET = SECRET;
    reloadConfig();
    onTestFinished(() => {
      process.env.SESSION_SECRET = previousSecret;
      reloadConfig();
    });
    const old = verificationUrl(
      base,
      { id: seller.id, email: seller.email },
      Date.now() - (VERIFICATION_LINK_HOURS * 3600 + 60) * 1000,
    );
    const page = await fetch(old);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(VERIFY_EMAIL_MESSAGES.expired);
    const post = await fetch(old, form(Object.fromEntries(new URL(old).searchParams)));
    expect(post.status).toBe(400);
    expect(await verifiedAt(seller.id)).toBeNull();
    // Made a minute ago, it works: the refusal was the expiry, not the signature.
    const fresh = verificationUrl(base, { id: seller.id, email: seller.email }, Date.now() - 60_000);
    expect((await fetch(fresh)).status).toBe(200);
  });

  it("limits 'Send a new link' per account (429 with the wait), and per client address", async () => {
    const seller = await register();
    const resend = (who: { cookie: string; address: string }) =>
      fetch(
        `${base}/seller-dashboard`,
        form({ intent: "resend_verification" }, { Cookie: who.cookie, "X-Forwarded-For": who.address }),
      );
    const dashboard = await (await fetch(`${base}/seller-dashboard`, { headers: { Cookie: seller.cookie } })).text();
    expect(dashboard).toContain("Verify your email");
    expect(dashboard).toContain("Send a new link");

    for (let i = 0; i < 2; i++) {
      const ok = await resend(seller);
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).toBe("/seller-dashboard?verification=sent#verify-email");
    }
    const third = await resend(seller);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await third.text()).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
    expect(await verificationMails(seller.email, 3)).toHaveLength(3); // sign-up + two resends, not the refused one

    // Per address (4 here; the refused try counted too): a second account from the same address gets the one remaining send.
    const neighbour = await register(seller.address);
    expect((await resend(neighbour)).status).toBe(302);
    expect((await resend(neighbour)).status).toBe(429);
    // Another address and account is not held.
    const elsewhere = await register();
    expect((await resend(elsewhere)).status).toBe(302);
  });

  it("a verified account sees no notice and a resend sends nothing", async () => {
    const seller = await register();
    await db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("id", "=", seller.id)
      .execute();
    expect(
      renderedHtml(await (await fetch(`${base}/seller-dashboard`, { headers: { Cookie: seller.cookie } })).text()),
    ).not.toContain("Verify your email");
    const before = (await verificationMails(seller.email)).length;
    expect(
      (
        await fetch(
          `${base}/seller-dashboard`,
          form({ intent: "resend_verification" }, { Cookie: seller.cookie, "X-Forwarded-For": seller.address }),
        )
      ).status,
    ).toBe(302);
    expect(await verificationMails(seller.email)).toHaveLength(before);
  });
});

describe("staff see whether a seller's account email is verified", () => {
  it("the admin seller record carries email_verified (false, then true; null without an account)", async () => {
    const seller = await register();
    const admin = await createUserRow(db, {
      email: `admin-${Date.now()}@example.in`,
      name: "Admin",
      role: "admin",
      password_hash: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    const { createCookie } = await import("react-router");
    const { randomBytes } = await import("node:crypto");
    const sessionId = randomBytes(32).toString("base64url");
    await db
      .insertInto("sessions")
      .values({
        id: sessionId,
        user_id: admin.id,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        ip: null,
        user_agent: "test",
      })
      .execute();
    const cookie = (await createCookie("__session", { secrets: [SECRET] }).serialize(sessionId)).split(";")[0];
    const listing = await db
      .selectFrom("sellers")
      .select("id")
      .where("user_id", "=", seller.id)
      .executeTakeFirstOrThrow();
    const record = async (id: number) =>
      (await (await fetch(`${base}/api/sellers/admin/${id}`, { headers: { Cookie: cookie } })).json()) as {
        email_verified: boolean | null;
      };

    expect((await record(listing.id)).email_verified).toBe(false);
    const list = (await (
      await fetch(`${base}/api/admin/sellers?search=${encodeURIComponent(seller.email)}`, {
        headers: { Cookie: cookie },
      })
    ).json()) as { sellers: { id: number; email_verified: boolean | null }[] };
    expect(list.sellers.find((s) => s.id === listing.id)?.email_verified).toBe(false);
    const page = await (
      await fetch(`${base}/admin/sellers?search=${encodeURIComponent(seller.email)}`, { headers: { Cookie: cookie } })
    ).text();
    expect(page).toContain("Email not verified");

    await db
      .updateTable("users")
      .set({ email_verified_at: new Date().toISOString() })
      .where("id", "=", seller.id)
      .execute();
    expect((await record(listing.id)).email_verified).toBe(true);
    const editor = await (
      await fetch(`${base}/admin/sellers/edit/${listing.id}`, { headers: { Cookie: cookie } })
    ).text();
    expect(editor).toContain("Email verified");

    const stamp = new Date().toISOString();
    const noAccount = await db
      .insertInto("sellers")
      .values({
        owner_name: "No Account",
        email: "walk-in@example.in",
        mobile: "+919876543210",
        city: "Pune",
        status: "pending",
        is_paid: 0,
        is_verified: 0,
        is_featured: 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await record(noAccount.id)).email_verified).toBeNull();
  });
});

describe("daily upload cap per client address (UPLOAD_DAILY)", () => {
  const upload = async (address: string) => {
    const body = new FormData();
    body.append(
      "file",
      new Blob([new Uint8Array(await pngImage(40, 30, serial++))], { type: "image/png" }),
      "photo.png",
    );
    return fetch(`${base}/api/upload`, { method: "POST", body, headers: { "X-Forwarded-For": address } });
  };
  const storedUploads = async () =>
    Number(
      (
        await db
          .selectFrom("uploads")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("POST /api/upload: the day's images are stored, the next is 429 with the reason, other addresses go on", async () => {
    const address = clientAddress();
    expect((await upload(address)).status).toBe(201);
    expect((await upload(address)).status).toBe(201);
    const before = await storedUploads();
    const refused = await upload(address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3600);
    expect((await refused.json()).error).toMatch(
      /^You have uploaded too many images today\. Please try again in \d+ hours?\.$/,
    );
    expect(await storedUploads()).toBe(before);
    expect((await upload(clientAddress())).status).toBe(201);
  });

  it("the data-URL images of POST /api/sellers/submit count too: three over a cap of two are refused before any is stored", async () => {
    const address = clientAddress();
    const dataUrl = `data:image/png;base64,${(await pngImage(40, 30)).toString("base64")}`;
    const before = await storedUploads();
    const res = await fetch(`${base}/api/sellers/submit`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
      body: JSON.stringify({
        name: "Asha Rao",
        mobile: "+91 98765 43210",
        email: "asha-upload@example.in",
        category_ids: [categoryId],
        id_proof_type: "pan_card",
        plan: "6m",
        business_name: "Asha Crafts",
        city: "Bangalore",
        pincode: "560001",
        address: "12 MG Road",
        payment_reference: "123456789012",
        id_proof_document: dataUrl,
        payment_screenshot: dataUrl,
        profile_photo: dataUrl,
      }),
    });
    expect(res.status).toBe(429);
    expect((await res.json()).error).toMatch(/too many images today/);
    expect(await storedUploads()).toBe(before);
  });
});
