import { uniqueClientAddress } from "./fixtures";
import { expect, expectNoA11yViolations, test, uniqueWord, HTTP_ONLY } from "./fixtures";
import { todayIso } from "~/lib/dates";
import { pngImage, SVG_WITH_SCRIPT } from "../support/images";

test.describe("home page", () => {
  test("renders the eighteen sections in order, with figures and featured sellers in the first HTML", async ({
    request,
    db,
    makeSeller,
  }) => {
    await makeSeller({ business_name: `${uniqueWord("feat")} Studio`, is_featured: 1, avg_rating: 5 });
    // The public featured sellers, read in the test's own SQL (not through the app's model) just before
    // and just after the page: a parallel test may add or hide one in between, never both unseen.
    const publicFeatured = async () =>
      (
        await db
          .selectFrom("sellers")
          .select("id")
          .where("is_featured", "=", 1)
          .where("status", "=", "active")
          .where((eb) =>
            eb.or([eb("subscription_end_date", "is", null), eb("subscription_end_date", ">=", todayIso())]),
          )
          .execute()
      ).map((r) => r.id);
    const before = await publicFeatured();
    const html = await (await request.get("/")).text();
    const after = await publicFeatured();
    const order = [
      "hero-heading",
      "benefits-heading",
      "categories-heading",
      "featured-heading",
      "stats-heading",
      "awards-heading",
      "media-heading",
      "testimonials-heading",
      "whatif-heading",
      "ecosystem-heading",
      "pillars-heading",
      "mirror-heading",
      "story-heading",
      "founder-heading",
      "brands-heading",
      "cases-heading",
      "join-heading",
    ].map((id) => html.indexOf(`id="${id}"`));
    expect(order.every((pos) => pos > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html.indexOf('class="site-footer"')).toBeGreaterThan(order.at(-1)!);
    for (const figure of ["150K+", "8,000+", "50K+", "10K+", "1000+", "40K+", "2.5K+", "400+"])
      expect(html).toContain(figure);
    // The featured section links up to six sellers, each featured and public, and as many as there are when fewer.
    const featuredHtml = html.slice(html.indexOf('id="featured-heading"'), html.indexOf('id="stats-heading"'));
    const shown = [...new Set([...featuredHtml.matchAll(/href="\/seller\/(\d+)"/g)].map((m) => Number(m[1])))];
    expect(shown.length).toBeGreaterThanOrEqual(Math.min(6, before.length, after.length));
    expect(shown.length).toBeLessThanOrEqual(Math.min(6, Math.max(before.length, after.length)));
    expect(shown.length).toBeGreaterThan(0);
    const allowed = new Set([...before, ...after]);
    for (const id of shown) expect(allowed.has(id), `seller ${id}`).toBe(true);
    expect(html).not.toContain("youtube-nocookie.com/embed"); // no third-party video before it is opened
  });

  test("hero search goes to the directory, trimmed; blank goes to plain /directory", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Search businesses").fill("  cakes ");
    await page.getByLabel("Search businesses").press("Enter");
    await expect(page).toHaveURL(/\/directory\?search=cakes$/);
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue("cakes");
    await page.goto("/");
    await page.getByLabel("Search businesses").fill("   ");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/directory$/);
  });

  test("category tiles link to the directory categories (docs/decisions/018-sixteen-categories.md)", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: /^Fashion & Jewelry/ })).toHaveAttribute(
      "href",
      "/directory?category=fashion-and-apparel",
    );
    await expect(page.getByRole("link", { name: /^Events & Planning/ })).toHaveAttribute(
      "href",
      "/directory?category=events-and-entertainment",
    );
    // and under each tile, a request for quotes in that category
    await expect(page.getByRole("link", { name: "Ask for a quote: Fashion & Jewelry" })).toHaveAttribute(
      "href",
      "/ask-for-a-quote?category=fashion-and-apparel",
    );
    await page.getByRole("link", { name: /^Food & Catering/ }).click();
    await expect(page).toHaveURL(/category=food-and-beverages/);
  });

  test("carousels: every slide reachable without JS; arrows, dots, wrap and keys with JS", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/");
    const whatIf = page.getByRole("region", { name: "What if carousel" });
    await expect(whatIf.getByRole("group")).toHaveCount(4);
    if (!jsEnabled) {
      await expect(whatIf.getByRole("button")).toHaveCount(0);
      await whatIf.getByText("What if trust came built in?").scrollIntoViewIfNeeded();
      await expect(whatIf.getByText("What if trust came built in?")).toBeVisible();
      return;
    }
    const dots = whatIf.getByRole("button", { name: /Go to slide/ });
    await expect(dots).toHaveCount(4);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await whatIf.getByRole("button", { name: /Previous slide/ }).click();
    await expect(dots.nth(3)).toHaveAttribute("aria-current", "true"); // wrapped to the end
    await whatIf.getByRole("button", { name: /Next slide/ }).click();
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true"); // and back to the start
    await dots.nth(2).click();
    await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
    await expect(whatIf.getByText("What if you never had to grow alone?")).toBeInViewport();
    await whatIf.locator(".carousel-track").focus();
    await page.keyboard.press("ArrowRight");
    await expect(dots.nth(3)).toHaveAttribute("aria-current", "true");
    // a swipe (pointer drag) of more than 50 px moves one slide; a short one does not.
    // Each swipe starts once the smooth scroll of the previous move has come to rest (a busy machine is slow).
    const settle = () =>
      whatIf.locator(".carousel-track").evaluate(
        (track) =>
          new Promise<void>((resolve) => {
            let last = track.scrollLeft;
            let still = 0;
            const check = () => {
              still = track.scrollLeft === last ? still + 1 : 0;
              last = track.scrollLeft;
              if (still >= 6) resolve();
              else setTimeout(check, 50);
            };
            check();
          }),
      );
    await settle();
    const box = (await whatIf.locator(".carousel-track").boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 200, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 170, y);
    await page.mouse.up();
    await expect(dots.nth(3)).toHaveAttribute("aria-current", "true");
    await settle();
    await page.mouse.move(box.x + 200, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, y, { steps: 4 });
    await page.mouse.up();
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  });

  test("the event film loads only when opened", async ({ page, jsEnabled }) => {
    await page.goto("/");
    const trigger = page.getByRole("link", { name: "Watch the event film" });
    await expect(trigger).toHaveAttribute("href", /youtube\.com\/watch/);
    await expect(page.locator("iframe")).toHaveCount(0);
    if (!jsEnabled) return;
    await trigger.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator("iframe")).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    await dialog.getByRole("button", { name: "Close video" }).click();
    await expect(page.locator("iframe")).toHaveCount(0);
  });

  test("counters show their final numbers, and count up with JS", async ({ page, jsEnabled }) => {
    await page.goto("/");
    const stats = page.locator(".stats-band");
    if (!jsEnabled) {
      await expect(stats.locator(".counter").first()).toHaveText("150K+");
      await expect(stats).toContainText("8,000+");
      return;
    }
    // Below the fold the hydrated counter starts from zero, then counts up through values in between.
    const first = stats.locator(".counter").first();
    await expect(first).toHaveText("0K+");
    await first.evaluate((el) => {
      const seen: string[] = ((window as unknown as { __counterSeen: string[] }).__counterSeen = []);
      new MutationObserver(() => seen.push(el.textContent ?? "")).observe(el, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await stats.scrollIntoViewIfNeeded();
    await expect(first).toHaveText("150K+", { timeout: 6000 });
    await expect(stats).toContainText("8,000+", { timeout: 6000 });
    const seen = await page.evaluate(() => (window as unknown as { __counterSeen: string[] }).__counterSeen);
    expect(seen.some((t) => parseFloat(t) > 0 && parseFloat(t) < 150)).toBe(true);
  });

  test("counters do not animate with reduced motion", async ({ clientContext, jsEnabled }) => {
    test.skip(!jsEnabled, "animation needs JavaScript");
    const context = await clientContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator(".stats-band")).toContainText("150K+");
    await page.locator(".stats-band").scrollIntoViewIfNeeded();
    await expect(page.locator(".stats-band")).toContainText("150K+");
    await expect(page.locator(".reveal-pending")).toHaveCount(0);
    await context.close();
  });

  test("reports a Largest Contentful Paint (no scroll-snap jump on first layout ends its recording)", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "reads the entries with a script in the page");
    await page.goto("/");
    await expect(page.locator("#hero-heading")).toBeVisible();
    const lcp = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
              seen.push(e.element?.tagName ?? "?");
          }).observe({ type: "largest-contentful-paint", buffered: true });
          setTimeout(() => resolve(seen), 250);
        }),
    );
    expect(lcp.length).toBeGreaterThan(0);
  });
});

test.describe("list your business", () => {
  test("shows the five plans from the plan table, the FAQ, and leads to /register", async ({ page }) => {
    await page.goto("/list-your-business");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Grow your business");
    const plans = page.locator(".plan-card");
    await expect(plans).toHaveCount(5);
    for (const [price, months] of [
      ["₹499", "1 month"],
      ["₹999", "3 months"],
      ["₹1,499", "6 months"],
      ["₹2,999", "12 months"],
      ["₹4,999", "12 months"],
    ]) {
      await expect(plans.filter({ hasText: price }).first()).toContainText(months);
    }
    await expect(plans.filter({ hasText: "Most popular" })).toContainText("₹1,499");
    await expect(plans.filter({ hasText: "Elite" })).toContainText("Featured on home");
    await page.getByText("How much does a listing cost?").click();
    await expect(page.getByText(/₹499 for 1 month, ₹999 for 3 months, ₹1,499 for 6 months/)).toBeVisible();
    await page.getByRole("link", { name: "Register Your Business" }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe("contact", () => {
  test("sends a message, shows the success screen and acknowledges it by mail", async ({ page, db }) => {
    const email = `${uniqueWord("c")}@example.in`;
    await page.goto("/contact");
    await expect(page.getByRole("link", { name: "hello@bwpdirectory.in" }).first()).toBeVisible();
    await page.getByRole("textbox", { name: "Your name" }).fill("Kavya");
    await page.getByRole("main").getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByRole("textbox", { name: "Mobile" }).fill("98450 12345");
    await page.getByRole("combobox", { name: "Query type" }).selectOption("Partnership");
    await page.getByRole("textbox", { name: "Subject" }).fill("Workshop");
    await page.getByRole("textbox", { name: "Message" }).fill("Can we run a workshop together?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent!" })).toBeVisible();
    const row = await db.selectFrom("enquiries").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Kavya",
      query_type: "Partnership",
      subject: "Workshop",
      status: "new",
      mobile: "+919845012345",
    });
    await expect
      .poll(
        async () => (await db.selectFrom("mail_outbox").select("id").where("to_address", "=", email).execute()).length,
      )
      .toBe(1);
    await page.getByRole("link", { name: "Send Another Message" }).click();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  });

  test("requires name, email, query type and message, keeping typed values", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("textbox", { name: "Subject" }).fill("Kept subject");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please fill all required fields").first()).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Your name" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "Subject" })).toHaveValue("Kept subject");
  });

  test("the FAQ quotes the plan table", async ({ page, jsEnabled }) => {
    await page.goto("/contact");
    await page.getByText("What are the subscription plans?").click();
    await expect(page.getByText(/₹999 for 3 months, ₹1,499 for 6 months/)).toBeVisible();
    if (jsEnabled) await expectNoA11yViolations(page);
  });
});

test.describe("newsletter", () => {
  test("the home call to action subscribes (source homepage_final_cta), idempotently", async ({
    page,
    db,
    jsEnabled,
  }) => {
    const email = `${uniqueWord("n")}@example.in`;
    await page.goto("/");
    const cta = page.locator("#join");
    await cta.getByRole("textbox", { name: "Email address" }).fill(email);
    await cta.getByRole("button", { name: "Subscribe" }).click();
    if (jsEnabled) {
      await expect(cta.getByRole("status")).toContainText("Thank you for subscribing!");
      await expect(cta.getByRole("status")).toBeHidden({ timeout: 8000 }); // shown for 5 seconds
      await expect(cta.getByRole("textbox", { name: "Email address" })).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/newsletter\?status=subscribed/);
      await expect(page.getByRole("status")).toContainText("Thank you for subscribing!");
    }
    const rows = await db.selectFrom("newsletter_subscriptions").selectAll().where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].source).toBe("homepage_final_cta");

    await page.goto("/contact");
    const footer = page.locator(".site-footer");
    await footer.getByRole("textbox", { name: "Email address" }).fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status").filter({ hasText: "already subscribed" })).toBeVisible();
    expect(
      await db.selectFrom("newsletter_subscriptions").select("id").where("email", "=", email).execute(),
    ).toHaveLength(1);
  });

  test("says 'Please enter your email address' when empty, and refuses a malformed one", async ({ page }) => {
    await page.goto("/contact");
    const footer = page.locator(".site-footer");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await page.goto("/newsletter");
    await page.getByRole("main").getByRole("textbox", { name: "Email address" }).fill("nope@");
    await page.getByRole("main").getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  });
});

test.describe("public forms API", HTTP_ONLY, () => {
  test("POST /api/enquiries/contact and /api/enquiries/newsletter", async ({ request, db }) => {
    const email = `${uniqueWord("api")}@example.in`;
    const missing = await request.post("/api/enquiries/contact", { data: { name: "A", email } });
    expect(missing.status()).toBe(400);
    expect(await missing.json()).toEqual({ error: "Please fill all required fields" });
    const ok = await request.post("/api/enquiries/contact", {
      data: { name: "A", email, query_type: "Feedback", message: "Great site" },
    });
    expect(ok.status()).toBe(201);
    expect(await ok.json()).toMatchObject({ success: true });
    expect(await db.selectFrom("enquiries").select("id").where("email", "=", email).execute()).toHaveLength(1);

    const empty = await request.post("/api/enquiries/newsletter", { data: { email: "" } });
    expect(await empty.json()).toEqual({ error: "Please enter your email address" });
    const first = await request.post("/api/enquiries/newsletter", { data: { email, source: "homepage_final_cta" } });
    expect(await first.json()).toMatchObject({ success: true, message: expect.stringContaining("Thank you") });
    const second = await request.post("/api/enquiries/newsletter", { data: { email } });
    expect(second.status()).toBe(200);
    expect(await second.json()).toMatchObject({
      success: true,
      message: expect.stringContaining("already subscribed"),
    });
    const honeypot = await request.post("/api/enquiries/newsletter", {
      data: { email: `x${email}`, company_website: "spam" },
    });
    expect(honeypot.status()).toBe(400);
    expect(await honeypot.json()).toEqual({ error: "Your submission could not be accepted. Please try again." });
  });

  test("POST /api/upload then /api/sellers/submit", async ({ request, db }) => {
    const file = (buffer: Buffer, name: string, mimeType: string, purpose: string) => ({
      multipart: { purpose, file: { name, mimeType, buffer } },
    });
    const up = async (purpose: string) => {
      const res = await request.post("/api/upload", file(await pngImage(), "a.png", "image/png", purpose));
      expect(res.status()).toBe(201);
      return (await res.json()) as { url: string };
    };
    const photo = await up("profile_photo");
    expect(photo.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect((await request.get(photo.url)).headers()["content-type"]).toBe("image/webp");
    const id = await up("id_proof_document");
    expect(id.url).toMatch(/^\/admin\/uploads\//);
    const pay = await up("payment_screenshot");
    const svg = await request.post("/api/upload", file(SVG_WITH_SCRIPT, "x.png", "image/png", "product_image"));
    expect(svg.status()).toBe(400);
    expect(await svg.json()).toEqual({ error: "Please select a valid image file." });
    const big = await request.post(
      "/api/upload",
      file(Buffer.alloc(205 * 1024, 7), "big.png", "image/png", "product_image"),
    );
    expect(big.status()).toBe(413);
    expect(await big.json()).toEqual({ error: "Image must be smaller than 200KB. Please compress your image first." });

    const email = `${uniqueWord("apisub")}@example.in`;
    const category = await db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", "fitness-and-sports")
      .executeTakeFirstOrThrow();
    const payload = {
      name: "Neha",
      mobile: "+919812345678",
      email,
      category_ids: [category.id],
      subcategory_ids: [],
      business_name: "Neha Fitness",
      city: "Pune",
      area: "Baner",
      pincode: "411045",
      address: "1 Baner Road",
      id_proof_type: "driving_license",
      id_proof_document: id.url,
      payment_screenshot: pay.url,
      profile_photo: photo.url,
      product_images: [],
      amount_paid: 2999,
      subscription_months: 12,
    };
    const noName = await request.post("/api/sellers/submit", { data: { ...payload, name: "" } });
    expect(noName.status()).toBe(400);
    expect(await noName.json()).toEqual({ error: "Name is required" });
    const res = await request.post("/api/sellers/submit", { data: payload });
    expect(res.status()).toBe(201);
    const body = await res.json();
    const seller = await db
      .selectFrom("sellers")
      .selectAll()
      .where("id", "=", body.seller_id)
      .executeTakeFirstOrThrow();
    expect(seller).toMatchObject({ email, status: "pending", amount_paid: 2999, subscription_months: 12, is_paid: 0 });
    const again = await request.post("/api/sellers/submit", { data: { ...payload, email: `b${email}` } });
    // the images now belong to the first application
    expect(again.status()).toBe(400);
    expect(await again.json()).toEqual({
      error: "id_proof_document: This image was not found. Please upload it again.",
    });
  });

  test("contact answers 429 after too many messages from one client", async ({ playwright }) => {
    const client = await playwright.request.newContext({
      baseURL: process.env.E2E_BASE_URL,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
    });
    const answers: { status: number; body: unknown }[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await client.post("/api/enquiries/contact", {
        data: { name: "R", email: "r@example.in", query_type: "Other", message: `m${i}` },
      });
      answers.push({ status: res.status(), body: await res.json() });
    }
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[5]).toEqual({
      status: 429,
      body: { error: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/) },
    });
    await client.dispose();
  });
});
