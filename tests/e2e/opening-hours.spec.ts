import { emptyWeek, type OpeningHours, WEEKDAYS } from "~/lib/opening-hours";
import { categoryId, expect, signInAs, test, uniqueWord } from "./fixtures";

// Opening hours (docs/decisions/214-opening-hours-one-json-column-state-from-the-clock.md): the seller's
// and the staff's plain forms (seven rows, with and without JavaScript: both projects run each test), their
// refusals in the page's language with what was typed kept, the profile's week, and the directory's "Open
// now" filter with its badge and chip. The clock table and the cache are tests/unit/open-now*.test.ts's.

const ALWAYS: OpeningHours = {
  week: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ opens: "00:00", closes: "24:00" }]])) as OpeningHours["week"],
  by_appointment: false,
  special_days: [],
};
const NEVER: OpeningHours = {
  week: emptyWeek(),
  by_appointment: false,
  special_days: [{ from: "2099-01-01", to: "2099-01-01", label: "Far holiday", hours: [] }],
};

test.describe("opening hours", () => {
  test("the seller edits her week and a special day; refusals are said at their field", async ({
    page,
    context,
    db,
    makeSeller,
  }) => {
    const me = await signInAs(context, "seller");
    const sellerId = await makeSeller({
      user_id: me.id,
      business_name: uniqueWord("hours"),
      address: "1 MG Road",
      city: "Bangalore",
      pincode: "560001",
    });
    await page.goto("/seller-dashboard");
    await page.getByLabel("Monday", { exact: true }).fill("10-19");
    await page.getByLabel("Tuesday", { exact: true }).fill("14:00-18:00, 10:00-13:00");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Give the ranges in the order of the day")).toBeVisible();
    await expect(page.getByLabel("Tuesday", { exact: true })).toHaveValue("14:00-18:00, 10:00-13:00");
    await expect(page.getByLabel("Tuesday", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Monday", { exact: true })).toHaveValue("10-19");

    // The checks across days and rows, once each day reads well: Friday past midnight into Saturday's
    // hours, a special day without its name.
    await page.getByLabel("Tuesday", { exact: true }).fill("10:00-13:00, 16:00-20:00");
    await page.getByLabel("Friday", { exact: true }).fill("20:00-03:00");
    await page.getByLabel("Saturday", { exact: true }).fill("02:00-10:00");
    const diwali = page.getByRole("group", { name: "Special day 1" });
    await diwali.getByLabel("From").fill("2030-10-25");
    await diwali.getByLabel("To").fill("2030-10-26");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("These hours overlap (each other, or the day before's past midnight)")).toBeVisible();
    await expect(page.getByText("Say what the special day is (e.g. Diwali)")).toBeVisible();
    await expect(page.getByLabel("Saturday", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Saturday", { exact: true }).fill("10:00-19:00");
    await diwali.getByLabel("What it is (e.g. Diwali)").fill("Diwali");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Your profile has been saved.")).toBeVisible();
    const row = await db
      .selectFrom("sellers")
      .select("opening_hours")
      .where("id", "=", sellerId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.opening_hours!)).toEqual({
      week: {
        ...emptyWeek(),
        mon: [{ opens: "10:00", closes: "19:00" }],
        tue: [
          { opens: "10:00", closes: "13:00" },
          { opens: "16:00", closes: "20:00" },
        ],
        fri: [{ opens: "20:00", closes: "03:00" }],
        sat: [{ opens: "10:00", closes: "19:00" }],
      },
      by_appointment: false,
      special_days: [{ from: "2030-10-25", to: "2030-10-26", label: "Diwali", hours: [] }],
    });
    // The form shows what is stored.
    await page.goto("/seller-dashboard");
    await expect(page.getByLabel("Monday", { exact: true })).toHaveValue("10:00-19:00");
    await expect(diwali.getByLabel("What it is (e.g. Diwali)")).toHaveValue("Diwali");

    // Her profile: the state now and the week.
    await page.goto(`/seller/${sellerId}`);
    await expect(page.getByTestId("opening-state")).toHaveText(/^(Open · closes|Closed · opens) /);
    const week = page.getByTestId("opening-week");
    await expect(week.getByRole("row", { name: /Monday/ })).toContainText("10 am – 7 pm");
    await expect(week.getByRole("row", { name: /Sunday/ })).toContainText("Closed");
    await expect(page.getByTestId("opening-special")).toContainText("Diwali");

    // In Hindi, the refusal in the page's language.
    await page.goto("/hi/seller-dashboard");
    await page.getByLabel("बुधवार", { exact: true }).fill("दस बजे");
    await page.getByRole("button", { name: "प्रोफ़ाइल सहेजें" }).click();
    await expect(page.getByText("समय 10:00-19:00 की तरह लिखें, कई समय कॉमा से", { exact: true })).toBeVisible();
  });

  test("staff edit the hours in the seller editor, by appointment too", async ({ page, context, db, makeSeller }) => {
    await signInAs(context, "admin");
    const id = await makeSeller({
      business_name: uniqueWord("staffhours"),
      categoryIds: [await categoryId(db, "fashion-and-apparel")],
    });
    await page.goto(`/admin/sellers/edit/${id}`);
    await page.getByLabel("Sunday", { exact: true }).fill("09:00-12:00, 11:00-13:00");
    await page.getByRole("button", { name: "Update Seller" }).click();
    await expect(page.getByText("These hours overlap (each other, or the day before's past midnight)")).toBeVisible();
    await expect(page.getByLabel("Sunday", { exact: true })).toHaveValue("09:00-12:00, 11:00-13:00");
    await page.getByLabel("Sunday", { exact: true }).fill("09:00-12:00");
    await page.getByLabel("By appointment only (no fixed hours)").check();
    await page.getByRole("button", { name: "Update Seller" }).click();
    await expect(page.getByText("Seller updated successfully.")).toBeVisible();
    const row = await db.selectFrom("sellers").select("opening_hours").where("id", "=", id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.opening_hours!)).toEqual({ week: emptyWeek(), by_appointment: true, special_days: [] });
    await page.goto(`/seller/${id}`);
    await expect(page.getByTestId("opening-state")).toHaveText("By appointment");
  });

  test("the directory's Open now filter keeps the open sellers, with a badge and a chip", async ({
    page,
    makeSeller,
  }) => {
    const word = uniqueWord("opennow");
    await makeSeller({ business_name: `${word} Always`, opening_hours: JSON.stringify(ALWAYS) });
    await makeSeller({ business_name: `${word} Never`, opening_hours: JSON.stringify(NEVER) });
    await makeSeller({ business_name: `${word} Unsaid` });
    await page.goto(`/directory?search=${word}`);
    const cards = page.getByTestId("seller-card");
    await expect(cards).toHaveCount(3);
    await expect(page.getByTestId("open-now-badge")).toHaveCount(1);
    await page.getByRole("checkbox", { name: "Open now" }).check();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/open_now=1/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`${word} Always`);
    await expect(cards.first().getByTestId("open-now-badge")).toHaveText("Open now");
    await expect(page.getByRole("checkbox", { name: "Open now" })).toBeChecked();
    await page.getByRole("link", { name: "Remove the filter: open now" }).click();
    await expect(page).not.toHaveURL(/open_now/);
    await expect(cards).toHaveCount(3);

    await page.goto(`/hi/directory?search=${word}`);
    await page.getByRole("checkbox", { name: "अभी खुले" }).check();
    await page.getByRole("button", { name: "खोजें", exact: true }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByTestId("open-now-badge")).toHaveText("अभी खुला है");
  });
});
