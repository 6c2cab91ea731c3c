import type { Page } from "@playwright/test";
import type { DB } from "~db/client";
import { SLUG_MESSAGE } from "~/lib/validation/messages";
import { expect, expectNoA11yViolations, expectRefused, signInAs, test, uniqueWord, HTTP_ONLY } from "./fixtures";

// The admin Categories section with JavaScript on and off: tabs with counts, the editors (slug made
// from the name, duplicate slug refused with the typed values kept), activate/deactivate and what an
// inactive category means for the public choices, delete with its confirm step, and the JSON API.
// Each test makes its own categories (unique words) and never touches the seeded ones.

async function makeCategory(db: DB, name: string, extra: { description?: string; is_active?: 0 | 1 } = {}) {
  const stamp = new Date().toISOString();
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const row = await db
    .insertInto("categories")
    .values({
      name,
      slug,
      description: extra.description ?? null,
      icon: null,
      is_active: extra.is_active ?? 1,
      sort_order: 100,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning(["id", "slug"])
    .executeTakeFirstOrThrow();
  return row;
}

async function makeSubcategory(db: DB, categoryId: number, name: string) {
  const stamp = new Date().toISOString();
  const row = await db
    .insertInto("subcategories")
    .values({
      category_id: categoryId,
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      icon: null,
      is_active: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const rowOf = (page: Page, name: string) =>
  page.locator("tbody tr", { has: page.getByRole("rowheader", { name, exact: true }) });
const flash = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test.describe("admin categories", () => {
  test("lists categories and subcategories in tabs whose counts match their tables", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("tabs");
    const cat = await makeCategory(db, `${word} Pottery`, { description: "Hand-thrown clay" });
    await makeSubcategory(db, cat.id, `${word} Mugs`);
    await makeSubcategory(db, cat.id, `${word} Vases`);
    await makeSeller({ business_name: `${word} Studio`, categoryIds: [cat.id] });

    await page.goto("/admin/categories");
    await expect(page.getByRole("heading", { name: "Categories Management" })).toBeVisible();
    await expect(rowOf(page, `${word} Pottery`)).toBeVisible();
    const catRows = await page.locator("tbody tr").count();
    await expect(page.getByRole("link", { name: `Categories (${catRows})` })).toHaveAttribute("aria-current", "page");
    const row = rowOf(page, `${word} Pottery`);
    await expect(row.locator("td")).toHaveText([
      "🏪",
      cat.slug,
      "Hand-thrown clay",
      "2",
      "1",
      "Active",
      /Edit.*Deactivate.*Delete/,
    ]);
    for (const header of ["Icon", "Name", "Slug", "Description", "Subcategories", "Sellers", "Status", "Actions"])
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();

    await page.getByRole("link", { name: /^Subcategories \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/\?tab=subcategories$/);
    const total = Number(
      (await page.getByRole("link", { name: /^Subcategories \(\d+\)$/ }).textContent())!.match(/\d+/)![0],
    );
    await expect(page.getByText(new RegExp(`^Showing 1 to ${Math.min(total, 25)} of ${total} results$`))).toBeVisible();

    await page.goto("/admin/categories");
    await rowOf(page, `${word} Pottery`)
      .getByRole("link", { name: `2 subcategories of ${word} Pottery` })
      .click();
    await expect(page).toHaveURL(new RegExp(`\\?tab=subcategories&category=${cat.id}$`));
    await expect(page.getByRole("link", { name: /^Subcategories \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
    await expect(rowOf(page, `${word} Mugs`).locator("td").nth(2)).toHaveText(`${word} Pottery`);
    await expect(page.locator("tbody tr")).toHaveCount(2);
    await expect(page.getByText("Showing 1 to 2 of 2 results")).toBeVisible();
    await expect(page.getByLabel("Parent category")).toHaveValue(String(cat.id));
    for (const header of ["Icon", "Name", "Slug", "Parent category", "Sellers", "Status", "Actions"])
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  });

  test("creates a category with the slug made from the name; a duplicate slug is refused with the typed values kept", async ({
    page,
    context,
    db,
    jsEnabled,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("new");
    const slug = `${word}-pottery-and-clay`;
    await page.goto("/admin/categories");
    await page.getByRole("link", { name: "Add Category" }).click();
    await expect(page).toHaveURL(/\/admin\/categories\/new$/);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`${word} Pottery & Clay`);
    if (jsEnabled) await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await page.getByLabel("Description").fill("Hand-made <b>clay</b> things");
    await page.getByLabel("Icon").fill("🏺");
    await page.getByLabel("Name in Hindi (हिन्दी)").fill("  मिट्टी के बर्तन  ");
    await page.getByRole("button", { name: "Create Category" }).click();
    await expect(flash(page, "Category created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/categories$/);
    await expect(rowOf(page, `${word} Pottery & Clay`).locator("td")).toHaveText([
      "🏺",
      slug,
      "Hand-made <b>clay</b> things",
      "0",
      "0",
      "Active",
      /Edit/,
    ]);
    const created = await db
      .selectFrom("categories")
      .select(["id", "is_active", "name_hi", "name_kn"])
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({ is_active: 1, name_hi: "मिट्टी के बर्तन", name_kn: null });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("target_type", "=", "category")
      .where("target_id", "=", String(created.id))
      .execute();
    expect(audit).toEqual([{ action: "category.create", actor_email: expect.stringContaining("@example.test") }]);

    await page.goto("/admin/categories/new");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`${word} Ceramics`);
    await page.getByLabel("Slug").fill(slug);
    await page.getByLabel("Description").fill("Typed description survives");
    await page.getByLabel("Name in Kannada (ಕನ್ನಡ)").fill("ಮಣ್ಣಿನ ಪಾತ್ರೆ");
    await page.getByRole("button", { name: "Create Category" }).click();
    await expect(
      page.getByText(`The slug "${slug}" is already used by another category. Choose another slug.`),
    ).toBeVisible();
    await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(`${word} Ceramics`);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await expect(page.getByLabel("Description")).toHaveValue("Typed description survives");
    await expect(page.getByLabel("Name in Kannada (ಕನ್ನಡ)")).toHaveValue("ಮಣ್ಣಿನ ಪಾತ್ರೆ");
    expect(
      await db.selectFrom("categories").select("id").where("name", "=", `${word} Ceramics`).executeTakeFirst(),
    ).toBeUndefined();

    const refused = await page.request.post("/admin/categories/new", {
      form: { name: `${word} Ceramics`, slug, description: "x" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(`${slug}&quot; is already used by another category. Choose another slug.`);
    const bad = await page.request.post("/admin/categories/new", {
      form: { name: `${word} Bad`, slug: "Not a slug!" },
      maxRedirects: 0,
    });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain("Use lowercase letters");
    const tooLong = await page.request.post("/admin/categories/new", {
      form: { name: `${word} Long`, name_hi: "क".repeat(81) },
      maxRedirects: 0,
    });
    expect(tooLong.status()).toBe(400);
    expect(await tooLong.text()).toContain("Name in Hindi must be at most 80 characters");
  });

  test("edits a category; unknown ids are a 404 page", async ({ page, context, db }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("edit");
    const cat = await makeCategory(db, `${word} Candles`);
    await page.goto("/admin/categories");
    await rowOf(page, `${word} Candles`)
      .getByRole("link", { name: `Edit ${word} Candles` })
      .click();
    await expect(page.getByRole("heading", { name: `Edit Category: ${word} Candles` })).toBeVisible();
    await expect(page.getByLabel("Slug")).toHaveValue(cat.slug);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`${word} Candles & Soaps`);
    await page.getByLabel("Description").fill("Hand-poured");
    await page.getByRole("button", { name: "Update Category" }).click();
    await expect(flash(page, "Category updated successfully!")).toBeVisible();
    expect(
      await db
        .selectFrom("categories")
        .select(["name", "slug", "description"])
        .where("id", "=", cat.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ name: `${word} Candles & Soaps`, slug: cat.slug, description: "Hand-poured" });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details", "ip"])
      .where("target_type", "=", "category")
      .where("target_id", "=", String(cat.id))
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe("category.update");
    expect(JSON.parse(audit.details!).changes.name).toEqual([`${word} Candles`, `${word} Candles & Soaps`]);
    expect(audit.ip).toBeTruthy();

    for (const path of [
      "/admin/categories/edit/999999999",
      "/admin/subcategories/edit/999999999",
      "/admin/categories/edit/abc",
    ]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    }
  });

  test("a deactivated category leaves the directory filters and the /register choices, its seller stays listed; activate brings it back", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("inact");
    const name = `${word} Terrariums`;
    const cat = await makeCategory(db, name);
    await makeSubcategory(db, cat.id, `${word} Moss Jars`);
    await makeSeller({ business_name: `${word} Green Jar`, categoryIds: [cat.id] });
    const directoryOptions = async () => (await page.request.get("/directory")).text();

    expect(await directoryOptions()).toContain(`>${name}</option>`);
    await page.goto("/admin/categories");
    await rowOf(page, name)
      .getByRole("button", { name: `Deactivate ${name}` })
      .click();
    await expect(flash(page, "Category deactivated successfully!")).toBeVisible();
    await expect(rowOf(page, name).getByText("Inactive", { exact: true })).toBeVisible();

    await page.goto("/directory");
    await expect(page.getByLabel("Category", { exact: true }).locator("option", { hasText: name })).toHaveCount(0);
    await page.goto(`/directory?search=${word}`);
    await expect(page.getByText(`${word} Green Jar`).first()).toBeVisible();
    await page.goto("/register");
    await expect(page.getByRole("checkbox", { name: "Fashion & Apparel" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: `${word} Moss Jars` })).toHaveCount(0);
    const wizard = await (await page.request.get("/api/categories")).json();
    expect(wizard.map((c: { name: string }) => c.name)).not.toContain(name);

    await page.goto("/admin/categories");
    await rowOf(page, name)
      .getByRole("button", { name: `Activate ${name}` })
      .click();
    await expect(flash(page, "Category activated successfully!")).toBeVisible();
    expect(await directoryOptions()).toContain(`>${name}</option>`);
    const actions = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_type", "=", "category")
      .where("target_id", "=", String(cat.id))
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["category.deactivate", "category.activate"]);
  });

  test("deletes a category with its subcategories after the confirm step; its seller keeps the other category and stays listed", async ({
    page,
    context,
    db,
    makeSeller,
    jsEnabled,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("del");
    const name = `${word} Doomed`;
    const cat = await makeCategory(db, name);
    const kept = await makeCategory(db, `${word} Kept`);
    const sub = await makeSubcategory(db, cat.id, `${word} Doomed Sub`);
    const seller = await makeSeller({
      business_name: `${word} Survivor`,
      categoryIds: [cat.id, kept.id],
      subcategoryIds: [sub],
    });
    const lonely = await makeSeller({ business_name: `${word} Lonely`, categoryIds: [cat.id] });

    await page.goto("/admin/categories");
    await rowOf(page, name).getByRole("link", { name: "Delete" }).click();
    const step = jsEnabled ? page.getByRole("dialog") : page.locator("section .confirm-panel");
    await expect(step).toContainText(
      `Are you sure you want to delete the category "${name}"? This will also delete its 1 subcategory.`,
    );
    await expect(step).toContainText("a seller left with no category stays listed in the directory");
    if (!jsEnabled) {
      await step.getByRole("link", { name: "Cancel" }).click();
      await expect(page.locator("section .confirm-panel")).toHaveCount(0);
      await rowOf(page, name).getByRole("link", { name: "Delete" }).click();
    }
    await step.getByRole("button", { name: "Delete" }).click();
    await expect(flash(page, `Category "${name}" with its 1 subcategory deleted successfully.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/categories$/);
    await expect(rowOf(page, name)).toHaveCount(0);
    expect(await db.selectFrom("categories").select("id").where("id", "=", cat.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("subcategories").select("id").where("id", "=", sub).executeTakeFirst()).toBeUndefined();
    expect(
      await db
        .selectFrom("sellers")
        .select(["id", "category_names"])
        .where("id", "in", [seller, lonely])
        .orderBy("id")
        .execute(),
    ).toEqual([
      { id: seller, category_names: `${word} Kept` },
      { id: lonely, category_names: "" },
    ]);
    await page.goto(`/directory?search=${word}`);
    await expect(page.getByText(`${word} Lonely`).first()).toBeVisible();
    await expect(page.getByText(`${word} Survivor`).first()).toBeVisible();
  });

  test("creates a subcategory under a parent (missing parent refused), edits and deletes it", async ({
    page,
    context,
    db,
    jsEnabled,
  }) => {
    await signInAs(context, "admin");
    const word = uniqueWord("sub");
    const parent = await makeCategory(db, `${word} Bakery`);
    await page.goto("/admin/categories?tab=subcategories");
    await page.getByRole("link", { name: "Add Subcategory" }).click();
    await expect(page).toHaveURL(/\/admin\/subcategories\/new$/);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`${word} Bread`);
    await page.getByRole("button", { name: "Create Subcategory" }).click();
    await expect(page.getByText("Please choose a parent category")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(`${word} Bread`);
    await page.getByLabel("Parent category").selectOption({ label: `${word} Bakery` });
    if (jsEnabled) {
      await page.getByRole("textbox", { name: "Name", exact: true }).fill(`${word} Bread`);
      await expect(page.getByLabel("Slug")).toHaveValue(`${parent.slug}-${word}-bread`);
    }
    await page.getByRole("button", { name: "Create Subcategory" }).click();
    await expect(flash(page, "Subcategory created successfully!")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?tab=subcategories&category=${parent.id}$`));
    const row = rowOf(page, `${word} Bread`);
    await expect(row.locator("td")).toHaveText([
      "🏪",
      `${parent.slug}-${word}-bread`,
      `${word} Bakery`,
      "0",
      "Active",
      /Edit.*Deactivate.*Delete/,
    ]);
    const created = await db
      .selectFrom("subcategories")
      .select(["id", "category_id"])
      .where("name", "=", `${word} Bread`)
      .executeTakeFirstOrThrow();
    expect(created.category_id).toBe(parent.id);

    await row.getByRole("link", { name: `Edit ${word} Bread` }).click();
    await expect(page.getByLabel("Parent category")).toHaveValue(String(parent.id));
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`${word} Sourdough`);
    await page.getByLabel("Active").uncheck();
    await page.getByRole("button", { name: "Update Subcategory" }).click();
    await expect(flash(page, "Subcategory updated successfully!")).toBeVisible();
    await expect(rowOf(page, `${word} Sourdough`).getByText("Inactive", { exact: true })).toBeVisible();

    await rowOf(page, `${word} Sourdough`).getByRole("link", { name: "Delete" }).click();
    const step = jsEnabled ? page.getByRole("dialog") : page.locator("section .confirm-panel");
    await expect(step).toContainText(`Are you sure you want to delete the subcategory "${word} Sourdough"?`);
    await step.getByRole("button", { name: "Delete" }).click();
    await expect(flash(page, `Subcategory "${word} Sourdough" deleted successfully.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?tab=subcategories&category=${parent.id}$`));
    expect(
      await db.selectFrom("subcategories").select("id").where("id", "=", created.id).executeTakeFirst(),
    ).toBeUndefined();
    const actions = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_type", "=", "subcategory")
      .where("target_id", "=", String(created.id))
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["subcategory.create", "subcategory.update", "subcategory.delete"]);
  });

  test("moderators and sellers cannot reach categories", async ({ page, context }) => {
    const res = await page.goto("/admin/categories");
    expect(page.url()).toContain("/admin/login");
    expect(res?.status()).toBe(200);
    await signInAs(context, "moderator");
    for (const path of ["/admin/categories", "/admin/categories/new", "/admin/subcategories/new"]) {
      expect((await page.goto(path))?.status()).toBe(403);
    }
    await page.goto("/admin");
    await expect(page.getByRole("link", { name: "Categories", exact: true })).toHaveCount(0);
  });

  test(
    "JSON API: lists, create, update, delete, and clear refusals",
    HTTP_ONLY,
    async ({ page, context, request, db, makeSeller }) => {
      const word = uniqueWord("api");
      expect((await request.get("/api/admin/categories")).status()).toBe(401);
      await signInAs(context, "moderator");
      const forbidden = await page.request.get("/api/admin/categories");
      expect(forbidden.status()).toBe(403);
      expect(await forbidden.json()).toEqual({ error: "You do not have permission to do this" });
      expect((await page.request.put("/api/admin/categories/1", { data: { is_active: false } })).status()).toBe(403);
      await context.clearCookies();
      await signInAs(context, "admin");

      const created = await page.request.post("/api/admin/categories", {
        data: { name: `${word} Hampers`, description: "Festive boxes", icon: "🎁" },
      });
      expect(created.status()).toBe(201);
      const { id, message } = await created.json();
      expect(message).toBe("Category created successfully!");
      await makeSeller({ categoryIds: [id] });
      const list = await (await page.request.get("/api/admin/categories")).json();
      expect(list.categories.find((c: { id: number }) => c.id === id)).toEqual({
        id,
        name: `${word} Hampers`,
        slug: `${word}-hampers`,
        description: "Festive boxes",
        icon: "🎁",
        is_active: true,
        subcategory_count: 0,
        seller_count: 1,
      });

      const dup = await page.request.post("/api/admin/categories", {
        data: { name: `${word} Other`, slug: `${word}-hampers` },
      });
      expect(dup.status()).toBe(409);
      expect((await dup.json()).error).toBe(
        `The slug "${word}-hampers" is already used by another category. Choose another slug.`,
      );
      for (const [data, status, message] of [
        [{ name: "" }, 400, "Category name is required"],
        [{ name: `${word} X`, slug: "UPPER case" }, 400, SLUG_MESSAGE],
        [{ name: `${word} Y`, is_active: "yes" }, 400, "is_active must be true or false"],
      ] as const) {
        await expectRefused(await page.request.post("/api/admin/categories", { data }), status, message);
      }

      const put = await page.request.put(`/api/admin/categories/${id}`, { data: { is_active: false } });
      expect(put.status()).toBe(200);
      expect(await put.json()).toEqual({ success: true, message: "Category deactivated successfully!" });
      expect(
        (await db.selectFrom("categories").select("is_active").where("id", "=", id).executeTakeFirstOrThrow())
          .is_active,
      ).toBe(0);
      await expectRefused(
        await page.request.put(`/api/admin/categories/${id}`, { data: { is_active: "off" } }),
        400,
        "is_active must be true or false",
      );
      await expectRefused(
        await page.request.put(`/api/admin/categories/${id}`, { data: {} }),
        400,
        "Send at least one field to change (name, slug, description, icon or is_active)",
      );
      expect((await page.request.put("/api/admin/categories/999999999", { data: { is_active: true } })).status()).toBe(
        404,
      );
      expect((await page.request.put("/api/admin/categories/abc", { data: { is_active: true } })).status()).toBe(404);
      expect((await page.request.get(`/api/admin/categories/${id}`)).status()).toBe(405);

      const missingParent = await page.request.post("/api/admin/subcategories", { data: { name: `${word} Boxes` } });
      expect(missingParent.status()).toBe(400);
      expect((await missingParent.json()).error).toBe("Please choose a parent category");
      await expectRefused(
        await page.request.post("/api/admin/subcategories", {
          data: { name: `${word} Boxes`, category_id: 999999999 },
        }),
        400,
        "The parent category does not exist. Please choose another.",
      );
      const sub = await page.request.post("/api/admin/subcategories", {
        data: { name: `${word} Boxes`, category_id: id },
      });
      expect(sub.status()).toBe(201);
      const subId = (await sub.json()).id;
      const subs = await (await page.request.get("/api/admin/subcategories")).json();
      expect(subs.subcategories.find((s: { id: number }) => s.id === subId)).toEqual({
        id: subId,
        category_id: id,
        name: `${word} Boxes`,
        slug: `${word}-hampers-${word}-boxes`,
        icon: null,
        is_active: true,
        category_name: `${word} Hampers`,
        category_icon: "🎁",
        seller_count: 0,
      });
      await expectRefused(
        await page.request.post("/api/admin/subcategories", { data: { name: `${word} boxes`, category_id: id } }),
        409,
        `${word} Hampers already has a subcategory named "${word} boxes".`,
      );
      expect(
        (await (await page.request.put(`/api/admin/subcategories/${subId}`, { data: { is_active: false } })).json())
          .message,
      ).toBe("Subcategory deactivated successfully!");
      await expectRefused(
        await page.request.put(`/api/admin/subcategories/${subId}`, { data: { category_id: 999999999 } }),
        400,
        "The parent category does not exist. Please choose another.",
      );
      expect(
        (await page.request.put("/api/admin/subcategories/999999999", { data: { is_active: true } })).status(),
      ).toBe(404);

      const delSub = await page.request.delete(`/api/admin/subcategories/${subId}`);
      expect(await delSub.json()).toEqual({
        success: true,
        message: `Subcategory "${word} Boxes" deleted successfully.`,
      });
      expect((await page.request.delete(`/api/admin/subcategories/${subId}`)).status()).toBe(404);
      const del = await page.request.delete(`/api/admin/categories/${id}`);
      expect(del.status()).toBe(200);
      expect((await page.request.delete(`/api/admin/categories/${id}`)).status()).toBe(404);
      const crossSite = await page.request.delete(`/api/admin/categories/${id}`, {
        headers: { Origin: "https://evil.example" },
      });
      expect(crossSite.status()).toBe(403);
    },
  );

  test("has no accessibility violations with a flash, a field error and the delete dialog", async ({
    page,
    context,
    db,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "axe-core runs as a script in the page (the no-JS pages are walked in a11y.spec.ts)");
    await signInAs(context, "admin");
    const word = uniqueWord("axecat");
    const cat = await makeCategory(db, `${word} Axe`);
    await page.goto("/admin/categories");
    await rowOf(page, `${word} Axe`)
      .getByRole("button", { name: `Deactivate ${word} Axe` })
      .click();
    await expect(flash(page, "Category deactivated successfully!")).toBeVisible();
    await expectNoA11yViolations(page);
    await rowOf(page, `${word} Axe`).getByRole("link", { name: "Delete" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goto("/admin/categories/new");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(`${word} Axe Two`);
    await page.getByLabel("Slug").fill(cat.slug);
    await page.getByRole("button", { name: "Create Category" }).click();
    await expect(page.getByText("is already used by another category")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
