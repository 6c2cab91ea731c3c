import { addMonths, todayIso } from "~/lib/dates";
import { pngImage } from "../support/images";
import { categoryId, expect, signInAs, test, uniqueWord } from "./fixtures";
import { IMAGE_VARIANT_WIDTHS, variantName } from "~/lib/upload-urls";

// The admin's seller editor (/admin/sellers/edit/{id} and /admin/sellers/new), with JavaScript on and
// off: one form for both, the same field groups as /register, typed values kept after a refused post,
// images replaced through the image service, a real seller created, 'Seller Not Found' with 404.
test.describe("admin seller editor", () => {
  test("edits every section; going active sets the subscription; the audit row holds before and after", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    await signInAs(context, "admin");
    const fashion = await categoryId(db, "fashion-and-apparel");
    const food = await categoryId(db, "food-and-beverages");
    const word = uniqueWord("edit");
    const id = await makeSeller({
      business_name: `${word} Sarees`,
      owner_name: "Asha Rao",
      status: "pending",
      is_paid: 0,
      payment_status: "pending",
      amount_paid: 999,
      subscription_months: 3,
      categoryIds: [fashion],
    });

    await page.goto(`/admin/sellers/edit/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit Seller: ${word} Sarees`);
    for (const section of [
      "Basic Information",
      "Business Information",
      "In Hindi and Kannada",
      "Business Categories",
      "Subcategories",
      "Online Presence",
      "Documents and Images",
      "Additional Details",
    ]) {
      await expect(page.locator("legend", { hasText: section }).first()).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "BWP Identity Card" })).toBeVisible();
    await expect(page.getByText("Not Verified", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Asha Rao");
    await expect(page.getByLabel("Package")).toHaveValue("3m");

    await page.getByLabel("Business name").fill(`${word} Handlooms`);
    await page.getByRole("textbox", { name: "Instagram" }).fill("instagram.com/asha");
    await page.getByRole("checkbox", { name: "Food & Beverages" }).check();
    await page.getByLabel("Status", { exact: true }).selectOption("active");
    await page.getByLabel("Payment status").selectOption("paid");
    await page.getByRole("checkbox", { name: "Paid", exact: true }).check();
    await page.getByRole("checkbox", { name: "Verified", exact: true }).check();
    await page.getByLabel("Aadhaar number").fill("1234 5678 9012");
    await page.getByLabel("GST number").fill("29abcde1234f1z5");
    await page.getByLabel("Admin notes").fill("Called her on Monday; <b>UTR</b> matched.");
    await page.getByLabel("About your business in Hindi (हिन्दी)").fill("कर्नाटक के करघों की हाथ से बुनी साड़ियाँ");
    await page.getByRole("button", { name: "Update Seller" }).click();

    await expect(page).toHaveURL(/\/admin\/sellers$/);
    await expect(page.getByRole("status").filter({ hasText: "Seller updated successfully." })).toBeVisible();
    const saved = await db
      .selectFrom("sellers")
      .select([
        "business_name",
        "instagram",
        "status",
        "is_paid",
        "is_verified",
        "payment_status",
        "aadhaar_number",
        "gst_number",
        "admin_notes",
        "subscription_start_date",
        "subscription_end_date",
        "category_names",
        "description_hi",
        "tagline_kn",
      ])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({
      description_hi: "कर्नाटक के करघों की हाथ से बुनी साड़ियाँ",
      tagline_kn: null,
      business_name: `${word} Handlooms`,
      instagram: "https://instagram.com/asha",
      status: "active",
      is_paid: 1,
      is_verified: 1,
      payment_status: "paid",
      aadhaar_number: "XXXX-XXXX-9012",
      gst_number: "29ABCDE1234F1Z5",
      admin_notes: "Called her on Monday; <b>UTR</b> matched.",
      subscription_start_date: todayIso(),
      subscription_end_date: addMonths(todayIso(), 3),
      category_names: "Fashion & Apparel, Food & Beverages",
    });
    const links = await db
      .selectFrom("seller_categories")
      .select("category_id")
      .where("seller_id", "=", id)
      .orderBy("position")
      .execute();
    expect(links.map((l) => l.category_id)).toEqual([fashion, food]);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details", "actor_email"])
      .where("target_type", "=", "seller")
      .where("target_id", "=", String(id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["seller.update"]);
    const changes = JSON.parse(audit[0].details!).changes;
    expect(changes.business_name).toEqual([`${word} Sarees`, `${word} Handlooms`]);
    expect(changes.status).toEqual(["pending", "active"]);
    expect(JSON.stringify(changes)).not.toContain("123456789012");
    // She is live and gets the approval email; the card is now available from the editor.
    expect((await page.request.get(`/seller/${id}`)).status()).toBe(200);
    const email = (await db.selectFrom("sellers").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
    const mail = await db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("to_address", "=", email)
      .where("subject", "like", "Your listing is live%")
      .executeTakeFirst();
    expect(mail?.subject).toMatch(/Your listing is live/);
    await page.goto(`/admin/sellers/edit/${id}`);
    await expect(page.getByRole("link", { name: "View Identity Card" })).toHaveAttribute(
      "href",
      `/api/admin/sellers/${id}/identity-card?format=view`,
    );
    await expect(page.getByRole("link", { name: "Download Card" })).toHaveAttribute("target", "_blank");
    await expect(page.getByLabel("Aadhaar number")).toHaveValue("XXXX-XXXX-9012");
    await expect(page.getByLabel("Admin notes")).toHaveValue("Called her on Monday; <b>UTR</b> matched.");
  });

  test("a refused save shows each message next to its field and keeps what was typed", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    await signInAs(context, "admin");
    const id = await makeSeller({
      business_name: uniqueWord("keep"),
      categoryIds: [await categoryId(db, "fashion-and-apparel")],
      subscription_start_date: "2026-01-10",
    });
    await page.goto(`/admin/sellers/edit/${id}`);
    await page.getByLabel("Business name").fill("Typed Name Survives");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-email");
    await page.getByLabel("Subscription end").fill("2025-12-31");
    await page.getByLabel("GST number").fill("12345");
    await page.getByRole("button", { name: "Update Seller" }).click();
    await expect(page.getByText("Email is invalid")).toBeVisible();
    await expect(page.getByText("The subscription cannot end before it starts")).toBeVisible();
    await expect(page.getByText(/15-character GSTIN/)).toBeVisible();
    await expect(page.getByLabel("Business name")).toHaveValue("Typed Name Survives");
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("not-an-email");
    const stored = await db
      .selectFrom("sellers")
      .select(["business_name", "email"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.business_name).not.toBe("Typed Name Survives");
    // The server refuses the same post with 400 whatever the browser checks.
    const res = await page.request.post(`/admin/sellers/edit/${id}`, {
      multipart: {
        name: "A",
        email: "bad",
        mobile: "1",
        city: "Bangalore",
        category_ids: "1",
        status: "active",
        payment_status: "paid",
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(400);
  });

  test("replacing the photo and the ID document goes through the image service; the old files go", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    await signInAs(context, "admin");
    const id = await makeSeller({
      business_name: uniqueWord("photo"),
      categoryIds: [await categoryId(db, "fashion-and-apparel")],
    });
    await page.goto(`/admin/sellers/edit/${id}`);
    await expect(page.getByRole("img", { name: "Profile photo: not uploaded" })).toBeVisible();
    await page
      .getByLabel("Replace profile photo")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await pngImage(80, 60, 120) });
    await page
      .getByLabel("Replace ID document")
      .setInputFiles({ name: "pan.png", mimeType: "image/png", buffer: await pngImage(80, 60, 200) });
    await page.getByRole("button", { name: "Update Seller" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Seller updated successfully." })).toBeVisible();
    const first = await db
      .selectFrom("sellers")
      .select(["profile_photo", "id_proof_document"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const uploads = await db
      .selectFrom("uploads")
      .select(["key", "visibility", "seller_id", "purpose"])
      .where("key", "in", [first.profile_photo!, first.id_proof_document!])
      .orderBy("visibility")
      .execute();
    expect(uploads).toEqual([
      { key: first.id_proof_document, visibility: "private", seller_id: id, purpose: "id_proof_document" },
      { key: first.profile_photo, visibility: "public", seller_id: id, purpose: "profile_photo" },
    ]);
    // The ID document is private: staff open it through the guarded route, nobody through /uploads.
    expect((await page.request.get(`/admin/uploads/${first.id_proof_document}`)).status()).toBe(200);
    expect((await page.request.get(`/uploads/${first.id_proof_document}`)).status()).toBe(404);
    await page.goto(`/admin/sellers/edit/${id}`);
    await expect(page.getByRole("link", { name: /Profile photo of .*full size/ })).toHaveAttribute(
      "href",
      `/uploads/${first.profile_photo}`,
    );
    await page
      .getByLabel("Replace profile photo")
      .setInputFiles({ name: "new.png", mimeType: "image/png", buffer: await pngImage(80, 60, 30) });
    await page.getByRole("button", { name: "Update Seller" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Seller updated successfully." })).toBeVisible();
    const second = await db
      .selectFrom("sellers")
      .select("profile_photo")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(second.profile_photo).not.toBe(first.profile_photo);
    expect(
      await db.selectFrom("uploads").select("key").where("key", "=", first.profile_photo!).executeTakeFirst(),
    ).toBeUndefined();
    expect((await page.request.get(`/uploads/${first.profile_photo}`)).status()).toBe(404);
    // Its smaller copies went with it; the new photo has its own.
    for (const w of IMAGE_VARIANT_WIDTHS) {
      expect((await page.request.get(`/uploads/${variantName(first.profile_photo!, w)}`)).status()).toBe(404);
      expect((await page.request.get(`/uploads/${variantName(second.profile_photo!, w)}`)).status()).toBe(200);
    }
  });

  test("Add Seller creates a real seller from the same editor", async ({ page, context, db }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("new");
    await page.goto("/admin/sellers");
    await page.getByRole("link", { name: "Add Seller" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Seller");
    await page.getByLabel("Full name").fill("Kavya Iyer");
    await page.getByLabel("Mobile number").fill("98450 12345");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(`${word}@example.test`);
    await page.getByLabel("Business name").fill(`${word} Bakes`);
    await page.getByRole("combobox", { name: "City", exact: true }).selectOption("Chennai");
    await page.getByRole("checkbox", { name: "Food & Beverages" }).check();
    await page.getByLabel("Package").selectOption("elite");
    await page.getByRole("button", { name: "Create Seller" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Seller created successfully." })).toBeVisible();
    const row = await db
      .selectFrom("sellers")
      .select(["id", "owner_name", "mobile", "city", "status", "amount_paid", "subscription_months", "category_names"])
      .where("email", "=", `${word}@example.test`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      owner_name: "Kavya Iyer",
      mobile: "+919845012345",
      city: "Chennai",
      status: "pending",
      amount_paid: 4999,
      subscription_months: 12,
      category_names: "Food & Beverages",
    });
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_type", "=", "seller")
      .where("target_id", "=", String(row.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["seller.create"]);
    await page.goto(`/admin/sellers?search=${word}`);
    await expect(page.locator("tbody tr")).toHaveCount(1);
  });

  test("an unknown seller is 'Seller Not Found' with 404 (axe: tests/e2e/a11y.spec.ts)", async ({ page, context }) => {
    await signInAs(context, "admin");
    const res = await page.goto("/admin/sellers/edit/999999999");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Seller Not Found" })).toBeVisible();
    await expect(page.getByText("The seller you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Sellers" })).toBeVisible();
    expect((await page.goto("/admin/sellers/edit/abc"))?.status()).toBe(404);
  });
});
