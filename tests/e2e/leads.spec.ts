import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHmac } from "node:crypto";
import { promisify } from "node:util";
import { addDays, addMonths, todayIso } from "~/lib/dates";
import {
  E2E_SESSION_SECRET,
  expect,
  expectNoA11yViolations,
  mailedLink,
  signInAs,
  test,
  uniqueWord,
  awayFromIndianMidnight,
} from "./fixtures";
import { type DB, migrateToLatest, openDatabase } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { storedPositionOf } from "~db/pincodes";

// Leads and renewals (docs/decisions/176-leads-first-party-redirect-not-script.md to 181-leads-renewals.md): the
// counting redirect of a profile's links, the leads on the seller's dashboard and admin page, the renewal countdown and
// its path, the renewal filter and approval, the monthly report's opt-out.

const leadCount = async (db: DB, sellerId: number, kind: string) => {
  const row = await db
    .selectFrom("seller_leads")
    .select((eb) => eb.fn.sum<number>("count").as("n"))
    .where("seller_id", "=", sellerId)
    .where("kind", "=", kind)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

// Several page loads, popups and batched writes per test on a shared, busy machine.
test.describe.configure({ timeout: 120_000 });

test.describe("the tap redirect", () => {
  test("the profile's contact links go through /go and count once per visitor, with JavaScript on and off", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    const id = await makeSeller({
      business_name: uniqueWord("tap"),
      mobile: "+919876543210",
      website: "https://shop.example.in/cakes",
      instagram: "https://instagram.example/cakes",
      whatsapp_link: "https://wa.me/919845067890",
      pincode: "560034",
    });
    await page.goto(`/seller/${id}`);
    const website = page.getByRole("link", { name: "Visit Website" });
    await expect(page.getByRole("link", { name: "Directions" })).toHaveAttribute("href", `/go/${id}/directions`);
    await expect(website).toHaveAttribute("href", `/go/${id}/website`);
    await expect(website).toHaveAttribute("rel", /nofollow/);
    await expect(page.getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute("href", `/go/${id}/whatsapp`);
    await expect(page.getByRole("link", { name: "Call Now" })).toHaveAttribute("href", `/go/${id}/call`);
    await expect(page.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", `/go/${id}/instagram`);

    // a visitor's clicks (each opens a tab; the outside site itself is not reachable from the test machine)
    for (const link of [website, website, page.getByRole("link", { name: "Instagram" })]) {
      const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
      await tab.waitForLoadState();
      await tab.close();
    }
    // counted in memory, written every few seconds; the repeat within minutes is not counted
    await expect.poll(() => leadCount(db, id, "website"), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => leadCount(db, id, "social"), { timeout: 15_000 }).toBe(1);

    const call = await page.request.get(`/go/${id}/call`, { maxRedirects: 0 });
    expect(call.status()).toBe(302);
    expect(call.headers().location).toBe("tel:+919876543210");
    expect(call.headers()["cache-control"]).toBe("no-store");
    const chat = await page.request.get(`/go/${id}/whatsapp`, { maxRedirects: 0 });
    expect(chat.headers().location).toBe("https://wa.me/919845067890");
    // Directions lead to her PIN code's area to two decimals (about a kilometre), never nearer her door.
    const centre = storedPositionOf("560034")!;
    const directions = await page.request.get(`/go/${id}/directions`, { maxRedirects: 0 });
    expect(directions.status()).toBe(302);
    expect(directions.headers().location).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${centre.lat.toFixed(2)},${centre.lng.toFixed(2)}`,
    );
    const bot = await page.request.get(`/go/${id}/whatsapp`, {
      maxRedirects: 0,
      headers: {
        "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "X-Forwarded-For": "198.19.250.1",
      },
    });
    expect(bot.status()).toBe(302);
    // A last tap of another kind: once its row is written, every earlier tap has been written too (one batch
    // holds all that is waiting), so the counts below are final, not the first 1 a poll happened to see.
    expect((await page.request.get(`/go/${id}/share`, { maxRedirects: 0 })).status()).toBe(302);
    await expect.poll(() => leadCount(db, id, "share"), { timeout: 15_000 }).toBe(1);
    expect({
      website: await leadCount(db, id, "website"),
      social: await leadCount(db, id, "social"),
      call: await leadCount(db, id, "call"),
      whatsapp: await leadCount(db, id, "whatsapp"),
      directions: await leadCount(db, id, "directions"),
    }).toEqual({ website: 1, social: 1, call: 1, whatsapp: 1, directions: 1 });
  });

  test("Share counts: the WhatsApp share link without the share sheet, the beacon with it", async ({
    page,
    db,
    context,
    makeSeller,
    jsEnabled,
    baseURL,
  }) => {
    const id = await makeSeller({ business_name: uniqueWord("shr") });
    await context.route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ status: 200, body: "outside" }));
    if (jsEnabled) {
      await page.addInitScript(() => {
        Object.defineProperty(navigator, "share", { configurable: true, value: async () => undefined });
      });
      await page.goto(`/seller/${id}`);
      await page.getByRole("button", { name: "Share" }).click();
    } else {
      await page.goto(`/seller/${id}`);
      await page.locator("summary", { hasText: "Share" }).click();
      const link = page.getByRole("link", { name: "Share on WhatsApp" });
      await expect(link).toHaveAttribute("href", `/go/${id}/share`);
      const shared = await page.request.get(`/go/${id}/share`, { maxRedirects: 0 });
      const target = new URL(shared.headers().location!);
      expect(target.origin + target.pathname).toBe("https://wa.me/");
      expect(target.searchParams.get("text")).toContain(`${baseURL}/seller/${id}`);
    }
    await expect.poll(() => leadCount(db, id, "share"), { timeout: 15_000 }).toBe(1);
  });

  test("an unknown target or seller, a missing link or a hidden listing is a clear 404 page", async ({
    page,
    makeSeller,
  }) => {
    const id = await makeSeller({ business_name: uniqueWord("nolink"), facebook_link: null, website: null });
    const hidden = await makeSeller({
      business_name: uniqueWord("hid"),
      status: "pending",
      website: "https://x.example",
    });
    for (const path of [
      `/go/${id}/telegram`,
      `/go/${id}/facebook`,
      `/go/${id}/website`,
      `/go/${hidden}/website`,
      "/go/999999999/whatsapp",
      "/go/abc/whatsapp",
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Link not available" })).toBeVisible();
      await expect(page.getByText(/^This link is not available/)).toBeVisible();
    }
  });
});

test.describe("leads on the dashboard", () => {
  test("the seller sees the last 30 days per kind, the change, the chart and its table; the countdown leads to renewal in two taps", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    await awayFromIndianMidnight();
    const me = await signInAs(context, "seller");
    const today = todayIso();
    const id = await makeSeller({
      user_id: me.id,
      business_name: uniqueWord("leads"),
      status: "active",
      is_paid: 1,
      payment_status: "paid",
      subscription_start_date: addMonths(today, -12),
      subscription_end_date: addDays(today, 3),
      payment_screenshot: "private/p.webp",
      id_proof_document: "private/i.webp",
    });
    await db
      .insertInto("seller_leads")
      .values([
        { seller_id: id, day: today, kind: "view", count: 40 },
        { seller_id: id, day: today, kind: "whatsapp", count: 6 },
        { seller_id: id, day: addDays(today, -29), kind: "call", count: 2 },
        { seller_id: id, day: addDays(today, -30), kind: "whatsapp", count: 2 }, // the 30 days before
        { seller_id: id, day: addDays(today, -30), kind: "call", count: 4 },
      ])
      .execute();
    // the reminder mail's link
    await page.goto("/seller-dashboard?renew=1#renew");
    await expect(page.getByTestId("lead-view-total")).toHaveText("40");
    await expect(page.getByTestId("lead-whatsapp-total")).toHaveText("6");
    await expect(page.getByTestId("lead-whatsapp-change")).toContainText("+200%");
    await expect(page.getByTestId("lead-call-change")).toContainText("−50%");
    await expect(page.getByTestId("lead-view-change")).toContainText("new");
    const chart = page.getByTestId("lead-chart");
    await expect(chart.getByRole("img")).toHaveAttribute("aria-label", /40 profile views and 8 contact taps/);
    await expect(chart.locator("svg rect")).toHaveCount(3); // today's two bars, and one 29 days ago
    await chart.getByText("Show as a table").click();
    const rows = chart.getByRole("table").locator("tbody tr");
    await expect(rows).toHaveCount(30);
    await expect(rows.last()).toContainText("40");
    await expect(page.getByText("Your listing ends in 3 days.")).toBeVisible();
    await page.getByRole("link", { name: "Renew now" }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("staff see the same figures on the seller's admin page; a renewal waits in its own filter and its approval extends from the old end date", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    await awayFromIndianMidnight();
    await signInAs(context, "admin");
    const today = todayIso();
    const end = addDays(today, 5);
    const name = uniqueWord("renew");
    const id = await makeSeller({
      business_name: name,
      status: "active",
      is_verified: 1,
      is_paid: 1,
      payment_status: "pending",
      subscription_months: 6,
      amount_paid: 1499,
      subscription_start_date: addMonths(today, -6),
      subscription_end_date: end,
      renewal_requested_at: new Date().toISOString(),
    });
    const other = await makeSeller({ business_name: `${name}x`, status: "active" });
    await db.insertInto("seller_leads").values({ seller_id: id, day: today, kind: "call", count: 9 }).execute();

    await page.goto(`/admin/sellers/edit/${id}`);
    await expect(page.getByRole("heading", { name: "Leads (last 30 days)" })).toBeVisible();
    await expect(page.getByTestId("lead-call-total")).toHaveText("9");
    await expect(page.getByText("Renewal to check")).toBeVisible();

    await page.goto(`/admin/sellers?search=${name}`);
    await page.getByLabel("Renewal").selectOption("waiting");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(/renewal=waiting/);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(name);
    await expect(rows.first()).toContainText("Renewal to check");
    await expect(rows.first()).not.toContainText(`${name}x`);

    await page.goto(`/admin/sellers?renewal=waiting&details=${id}`);
    await page.getByRole("button", { name: "Verify & Make Live" }).click();
    await expect(page.getByRole("status").first()).toBeVisible();
    const row = await db
      .selectFrom("sellers")
      .select(["subscription_end_date", "renewal_requested_at", "payment_status"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      subscription_end_date: addMonths(end, 6),
      renewal_requested_at: null,
      payment_status: "paid",
    });
    void other;
  });
});

test.describe("the monthly report's opt-out", () => {
  const BAD_LINK =
    "This link is not valid. Open the link from your latest monthly report, or write to us to stop the reports.";
  const token = (id: number) =>
    createHmac("sha256", E2E_SESSION_SECRET).update(`performance-mail-off${id}`).digest("base64url");

  test("one button stops the reports; a forged link is refused", async ({ page, db, makeSeller, jsEnabled }) => {
    const id = await makeSeller({ business_name: uniqueWord("optout") });
    await page.goto(`/seller-mails/off?seller=${id}&token=${token(id)}`);
    await expect(page.getByRole("heading", { name: "Stop the monthly report?" })).toBeVisible();
    if (jsEnabled) await expectNoA11yViolations(page); // axe runs as a script; a11y.spec.ts walks these without JS
    await page.getByRole("button", { name: "Stop monthly reports" }).click();
    await expect(page.getByRole("status")).toHaveText("You will get no more monthly reports.");
    if (jsEnabled) await expectNoA11yViolations(page); // axe runs as a script; a11y.spec.ts walks these without JS
    const row = await db
      .selectFrom("sellers")
      .select("performance_mail_off")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.performance_mail_off).toBe(1);

    // A link of hers altered to another seller: refused on opening and on posting, and that seller still
    // gets her reports.
    const other = await makeSeller({ business_name: uniqueWord("optout-other") });
    const forged = await page.goto(`/seller-mails/off?seller=${other}&token=${token(id)}`);
    expect(forged?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
    await expect(page.getByText(BAD_LINK)).toBeVisible();
    for (const form of [
      { seller: String(other), token: token(id) },
      { seller: String(other), token: `${token(other)}x` },
      { seller: String(other), token: "" },
    ]) {
      const posted = await page.request.post("/seller-mails/off", {
        form,
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(posted.status()).toBe(400);
      expect(await posted.text()).toContain(BAD_LINK);
    }
    const untouched = await db
      .selectFrom("sellers")
      .select("performance_mail_off")
      .where("id", "=", other)
      .executeTakeFirstOrThrow();
    expect(untouched.performance_mail_off).toBe(0);
  });
});

/** The sellers' hourly mail job, run once by the operators' tool against a database with a set clock. */
async function runReminderJobOn(day: string, baseURL: string, databasePath: string) {
  await promisify(execFile)(
    "node_modules/.bin/tsx",
    ["scripts/seller-mails.ts", "--now", `${day}T10:00:00+05:30`, "--only", "reminders"],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_PATH: databasePath,
        SESSION_SECRET: E2E_SESSION_SECRET,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: "warn",
      },
    },
  );
}

test.describe("renewal reminders", () => {
  test("the operators' tool puts the 14-day reminder in the outbox on its day, not the day before; the mail's link leads to renewal in two taps", async ({
    page,
    context,
    db,
    makeSeller,
    baseURL,
  }) => {
    let link = "";
    const me = await signInAs(context, "seller");
    const listing = {
      business_name: uniqueWord("renew"),
      email: me.email,
      status: "active",
      is_paid: 1,
      payment_status: "paid",
      payment_screenshot: "private/p.webp",
      id_proof_document: "private/i.webp",
    } as const;
    const id = await makeSeller({ ...listing, user_id: me.id });
    // The job mails every listing of its database whose end date falls in its window: on the shared
    // database that is any other test's listing too. It runs on a database of its own holding only this
    // listing, with a fixed end date; its mail's link then leads her on the shared site.
    const folder = mkdtempSync(join(tmpdir(), "bwp-renewal-job-"));
    const own = openDatabase(join(folder, "job.db"));
    try {
      await migrateToLatest(own);
      const end = "2030-05-10";
      await createSeller(own, { ...listing, subscription_start_date: addDays(end, -365), subscription_end_date: end });
      const subjects = async () =>
        (
          await own
            .selectFrom("mail_outbox")
            .select("subject")
            .where("to_address", "=", me.email)
            .orderBy("id")
            .execute()
        ).map((m) => m.subject);
      // The operators' tool runs the job with a set clock: 14 days before the end, the first reminder. Every
      // threshold, the repeats and the parallel runs are the unit suite's (leads-and-renewals.test.ts, both
      // engines); here the tool and the mail's link are what is shown, so a run costs one process.
      await runReminderJobOn(addDays(end, -15), baseURL!, join(folder, "job.db"));
      expect(await subjects(), "15 days before").toEqual([]);
      await runReminderJobOn(addDays(end, -14), baseURL!, join(folder, "job.db"));
      expect(await subjects(), "14 days before").toEqual(["Your BWP Directory listing ends in 14 days"]);
      link = await mailedLink(own, me.email, "/seller-dashboard");
    } finally {
      await own.destroy();
      rmSync(folder, { recursive: true, force: true });
    }

    // The days pass: the end date is now three days away by the real clock. Tap 1, the mail's link; tap 2, Renew now.
    await db
      .updateTable("sellers")
      .set({ subscription_end_date: addDays(todayIso(), 3) })
      .where("id", "=", id)
      .execute();
    expect(link.startsWith(`${baseURL}/seller-dashboard?renew=1`)).toBe(true);
    await page.goto(link);
    await page.getByRole("link", { name: "Renew now" }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});
