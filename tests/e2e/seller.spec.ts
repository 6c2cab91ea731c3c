import { categoryId, expect, signInAs, test, uniqueWord } from "./fixtures";

test.describe("seller profile", () => {
  test("shows the header, overview sections, contact and social links, and counts views", async ({
    page,
    db,
    makeSeller,
  }) => {
    const word = uniqueWord("prof");
    const food = await categoryId(db, "food-and-beverages");
    const id = await makeSeller({
      business_name: `${word} Kitchen`,
      owner_name: "Radha Nair",
      tagline: "Home-style Kerala meals",
      description: "Fresh meals cooked every morning.",
      city: "Bangalore",
      locality: "Jayanagar",
      address: "12, 4th Block, Jayanagar",
      price_range: "500_1000",
      languages: JSON.stringify(["English", "Malayalam"]),
      website: "https://example.in/kitchen",
      instagram: "https://instagram.com/kitchen",
      whatsapp_link: "https://wa.me/919876543210",
      subscription_end_date: "2099-12-31",
      is_verified: 1,
      categoryIds: [food],
      views_count: 10,
    });
    await page.goto(`/seller/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `${word} Kitchen` })).toBeVisible();
    await expect(page.getByText("by Radha Nair")).toBeVisible();
    await expect(page.getByText("Home-style Kerala meals")).toBeVisible();
    await expect(page.getByText("Valid till 31 Dec 2099")).toBeVisible();
    await expect(page.getByText("4.0")).toBeVisible();
    await expect(page.getByText("(0 reviews)")).toBeVisible();
    // contact links go through the counting redirect (tests/e2e/leads.spec.ts), to the seller's own link
    await expect(page.getByRole("link", { name: "Visit Website" })).toHaveAttribute("href", `/go/${id}/website`);
    expect((await page.request.get(`/go/${id}/website`, { maxRedirects: 0 })).headers().location).toBe(
      "https://example.in/kitchen",
    );
    await expect(page.getByRole("heading", { name: "About" })).toBeVisible();
    const features = page.locator(".key-features");
    await expect(features).toContainText("₹500 – ₹1,000");
    await expect(features).toContainText("Jayanagar, Bangalore");
    await expect(features).toContainText("English, Malayalam");
    await expect(features).toContainText("Verified Business");
    await expect(page.getByRole("link", { name: "Call Now" })).toHaveAttribute("href", `/go/${id}/call`);
    expect((await page.request.get(`/go/${id}/call`, { maxRedirects: 0 })).headers().location).toBe(
      "tel:+919876543210",
    );
    await expect(page.getByRole("link", { name: "Chat on WhatsApp" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", `/go/${id}/instagram`);
    expect((await page.request.get(`/go/${id}/instagram`, { maxRedirects: 0 })).headers().location).toBe(
      "https://instagram.com/kitchen",
    );
    await expect(page.getByRole("heading", { name: "Products & Services" })).toBeVisible();
    // Views are counted in memory and written in batches every few seconds (docs/decisions/130-cache-profile-views.md,
    // docs/decisions/177-leads-counted-views.md).
    const storedViews = async () =>
      (await db.selectFrom("sellers").select("views_count").where("id", "=", id).executeTakeFirstOrThrow()).views_count;
    await expect.poll(storedViews, { timeout: 10_000 }).toBe(11);

    await page.getByRole("link", { name: "Tutorials (0)" }).click();
    await expect(page).toHaveURL(/tab=tutorials/);
    await expect(page.getByRole("heading", { name: "No Tutorials Available" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Directory" }).first().click();
    await expect(page).toHaveURL(/\/directory$/);
  });

  test("lists published reviews with seller replies, newest first, their breakdown and marks, and reorders them by the sort links", async ({
    page,
    makeSeller,
    makeReview,
  }) => {
    const id = await makeSeller({ business_name: uniqueWord("rev") });
    await makeReview(id, {
      reviewer_name: "Older Reviewer",
      rating: 4,
      review_text: "Nice work",
      created_at: "2025-01-02T10:00:00Z",
      verified_by: "invitation",
      verified_on: "2025-01-01T10:00:00Z",
      email_confirmed_at: "2025-01-02T11:00:00Z",
    });
    await makeReview(id, {
      reviewer_name: "Newer Reviewer",
      rating: 2,
      review_text: "Late delivery",
      seller_reply: "Sorry, we fixed it",
      created_at: "2025-03-02T10:00:00Z",
    });
    await makeReview(id, { reviewer_name: "Pending Reviewer", status: "pending" });
    await page.goto(`/seller/${id}?tab=reviews`);
    await expect(page.getByRole("link", { name: "Reviews (2)" })).toBeVisible();
    const reviews = page.locator("article.review");
    await expect(reviews).toHaveCount(2);
    await expect(reviews.first()).toContainText("Newer Reviewer");
    await expect(reviews.first()).toContainText("Sorry, we fixed it");
    await expect(page.getByText("Pending Reviewer")).toHaveCount(0);
    await expect(page.getByText("3.0")).toBeVisible();

    // The breakdown by stars and the marks (docs/decisions/222-reviews-people-can-trust.md)
    const breakdown = page.getByTestId("rating-breakdown");
    await expect(breakdown.getByText("4 stars: 1 review")).toBeAttached();
    await expect(breakdown.getByText("2 stars: 1 review")).toBeAttached();
    await expect(breakdown.getByText("5 stars: 0 reviews")).toBeAttached();
    await expect(page.getByText("1 review from a verified customer")).toBeVisible();
    await expect(reviews.last()).toContainText("Verified customer");
    await expect(reviews.last()).toContainText("invited by the seller");
    await expect(reviews.last()).toContainText("email confirmed");
    await expect(page.getByRole("link", { name: "How we check reviews", exact: true })).toHaveAttribute(
      "href",
      "/review-policy",
    );

    // The sort links reorder the list, with or without JavaScript.
    const sort = page.getByRole("navigation", { name: "Sort reviews" });
    await sort.getByRole("link", { name: "Highest rated" }).click();
    await expect(page).toHaveURL(/[?&]sort=highest/);
    await expect(sort.getByRole("link", { name: "Highest rated" })).toHaveAttribute("aria-current", "true");
    await expect(reviews.first()).toContainText("Older Reviewer");
    await sort.getByRole("link", { name: "Newest" }).click();
    await expect(page).toHaveURL(/[?&]sort=newest/);
    await expect(reviews.first()).toContainText("Newer Reviewer");
  });

  test("shows No Reviews Yet when there are none", async ({ page, makeSeller }) => {
    const id = await makeSeller({ business_name: uniqueWord("norev") });
    await page.goto(`/seller/${id}?tab=reviews`);
    await expect(page.getByRole("heading", { name: "No Reviews Yet" })).toBeVisible();
  });

  test("Share uses the system share sheet, else offers WhatsApp and the address to copy; Chat on WhatsApp opens wa.me with 91 + the mobile", async ({
    page,
    makeSeller,
    jsEnabled,
    baseURL,
  }) => {
    const name = `${uniqueWord("share")} Studio`;
    const id = await makeSeller({ business_name: name, mobile: "+919876543210", whatsapp_link: null });
    const profileUrl = `${baseURL}/seller/${id}`;
    if (jsEnabled) {
      // The share sheet itself belongs to the operating system: record what the page hands it.
      await page.addInitScript(() => {
        const shared: ShareData[] = [];
        Object.defineProperty(window, "__shared", { value: shared });
        Object.defineProperty(navigator, "share", {
          configurable: true,
          value: async (data: ShareData) => void shared.push(data),
        });
      });
    }
    await page.goto(`/seller/${id}`);
    await expect(page.getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute("href", `/go/${id}/whatsapp`);
    expect((await page.request.get(`/go/${id}/whatsapp`, { maxRedirects: 0 })).headers().location).toBe(
      "https://wa.me/919876543210",
    );
    if (jsEnabled) {
      await page.getByRole("button", { name: "Share" }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared))
        .toEqual([expect.objectContaining({ url: profileUrl, title: name })]);
    } else {
      await page.locator("summary", { hasText: "Share" }).click();
      const whatsapp = page.getByRole("link", { name: "Share on WhatsApp" });
      await expect(whatsapp).toHaveAttribute("href", `/go/${id}/share`);
      const href = (await page.request.get(`/go/${id}/share`, { maxRedirects: 0 })).headers().location;
      expect(href?.startsWith("https://wa.me/?text=")).toBe(true);
      expect(new URL(href!).searchParams.get("text")).toBe(
        `${name} — Women-led business in Bangalore, on BWP Directory: ${profileUrl}`,
      );
      await expect(page.getByLabel("Link to this profile")).toHaveValue(profileUrl);
    }
  });
});

test.describe("writing a review", () => {
  test("a complete review is stored as pending and the page says it will appear after approval", async ({
    page,
    db,
    makeSeller,
  }) => {
    const id = await makeSeller({ business_name: uniqueWord("write") });
    const name = uniqueWord("Reviewer");
    await page.goto(`/seller/${id}?tab=reviews`);
    await page.getByLabel("Your name").fill(name);
    await page.locator("label[title='4 stars']").click();
    await page.getByLabel("Your review").fill("Beautiful work <b>and</b> on time");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByRole("status")).toContainText("will appear after approval");
    await expect(page).toHaveURL(/review=submitted/);
    const row = await db.selectFrom("reviews").selectAll().where("reviewer_name", "=", name).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      seller_id: id,
      rating: 4,
      status: "pending",
      review_text: "Beautiful work <b>and</b> on time",
    });
    // pending reviews are not shown
    await expect(page.locator("article.review")).toHaveCount(0);
    // a reload does not post again
    await page.reload();
    expect((await db.selectFrom("reviews").select("id").where("reviewer_name", "=", name).execute()).length).toBe(1);
  });

  test("missing fields get clear messages and typed values are kept", async ({ page, db, makeSeller }) => {
    const id = await makeSeller({ business_name: uniqueWord("missing") });
    const name = uniqueWord("Kept");
    await page.goto(`/seller/${id}?tab=reviews`);
    await page.getByLabel("Your name").fill(name);
    // no rating and no text
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Please select a rating")).toBeVisible();
    await expect(page.getByText("Please write your review")).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Please fill all fields and select a rating");
    await expect(page.getByLabel("Your name")).toHaveValue(name);
    expect((await db.selectFrom("reviews").select("id").where("seller_id", "=", id).execute()).length).toBe(0);
  });

  test("a review without stars gets the spec's one message, from the browser's check as from the server's", async ({
    page,
    makeSeller,
    jsEnabled,
  }) => {
    const id = await makeSeller({ business_name: uniqueWord("nostars") });
    await page.goto(`/seller/${id}?tab=reviews`);
    // Focusing a field loads the browser's check (with JavaScript); the form says when it checks in the
    // browser (data-checks="browser", app/lib/form.ts).
    await page.getByLabel("Your name").fill("Asha Rao");
    await page.getByLabel("Your review").fill("Lovely pickles, fresh every week");
    if (jsEnabled)
      await expect(page.locator("form", { has: page.getByLabel("Your review") })).toHaveAttribute(
        "data-checks",
        "browser",
      );
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByRole("alert")).toContainText("Please fill all fields and select a rating");
    await expect(page.getByText("Please select a rating")).toBeVisible();
    // With JavaScript the browser answered (nothing was posted); without, the server did.
    expect(posts).toEqual(jsEnabled ? [] : [`/seller/${id}`]);
  });

  test("a 10,000-character review is refused with its message, keeping the text", async ({ page, db, makeSeller }) => {
    const id = await makeSeller({ business_name: uniqueWord("long") });
    await page.goto(`/seller/${id}?tab=reviews`);
    await page.getByLabel("Your name").fill("Long Writer");
    await page.locator("label[title='5 stars']").click();
    // maxLength stops typing in a browser; set the value directly as a crafted post would
    await page.getByLabel("Your review").evaluate((el) => {
      (el as HTMLTextAreaElement).removeAttribute("maxlength");
      (el as HTMLTextAreaElement).value = "x".repeat(10_000);
    });
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Review must be at most 2,000 characters")).toBeVisible();
    expect((await db.selectFrom("reviews").select("id").where("seller_id", "=", id).execute()).length).toBe(0);
  });

  test("a seller signed in sees on her own page where its reviews come from; a form opened before she signed in is refused, keeping what she typed", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    const me = await signInAs(context, "seller");
    const id = await makeSeller({ user_id: me.id, business_name: uniqueWord("mine") });
    await page.goto(`/seller/${id}?tab=reviews`);
    await expect(page.getByTestId("own-listing")).toContainText("This is your own business");
    await expect(page.getByLabel("Your review")).toHaveCount(0);

    // The form as a visitor sees it, then her session arrives (she signed in in another tab) before she sends it.
    const session = (await context.cookies()).filter((cookie) => cookie.name === "__session");
    expect(session).toHaveLength(1);
    await context.clearCookies({ name: "__session" });
    await page.goto(`/seller/${id}?tab=reviews`);
    await page.getByLabel("Your name").fill("Myself");
    await page.locator("label[title='5 stars']").click();
    await page.getByLabel("Your review").fill("Best shop in town");
    await context.addCookies(session);
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByRole("alert")).toContainText("You cannot review your own business.");
    await expect(page.getByLabel("Your review")).toHaveValue("Best shop in town");
    expect(await db.selectFrom("reviews").select("id").where("seller_id", "=", id).execute()).toEqual([]);

    // From her page to the place where she invites her customers.
    await page.goto(`/seller/${id}?tab=reviews`);
    await page.getByRole("link", { name: "Invite the customers you served" }).click();
    await expect(page).toHaveURL(/\/seller-dashboard#invitations$/);
    await expect(page.getByRole("heading", { name: "Invite customers to review" })).toBeVisible();
  });

  test("shows submitted HTML escaped once published", async ({ page, db, makeSeller }) => {
    const id = await makeSeller({ business_name: uniqueWord("esc") });
    await page.goto(`/seller/${id}?tab=reviews`);
    await page.getByLabel("Your name").fill("<i>Mallory</i>");
    await page.locator("label[title='3 stars']").click();
    await page.getByLabel("Your review").fill("<script>window.__pwned=1</script>");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByRole("status")).toBeVisible();
    await db.updateTable("reviews").set({ status: "published" }).where("seller_id", "=", id).execute();
    await page.goto(`/seller/${id}?tab=reviews`);
    await expect(page.locator("article.review")).toContainText("<script>window.__pwned=1</script>");
    await expect(page.locator("article.review")).toContainText("<i>Mallory</i>");
    // The markup is escaped (what counts with JavaScript off too): no element came from the visitor's text.
    const markup = await page.locator("article.review").innerHTML();
    expect(markup).toContain("&lt;script&gt;window.__pwned=1&lt;/script&gt;");
    expect(markup).toContain("&lt;i&gt;Mallory&lt;/i&gt;");
    await expect(page.locator("article.review script, article.review i")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
