import { categoryId, expect, signInAs, test, uniqueWord } from "./fixtures";

// Near me on the directory: a visitor's PIN code in the search panel (a plain GET form: the same with and
// without JavaScript), nearest first with each card's distance, a radius, chips to take either away, an
// unknown PIN code said at its field, in Hindi and Kannada too; "Use my location" with JavaScript (the browser's
// position, asked on her click, rounded into the URL), absent without it. A seller's own point on her profile,
// within her PIN code's area. The API, the distances' arithmetic and the area's rule are tests/unit/near-me*.test.ts's.

test.describe("near me", () => {
  test("finds the nearest by PIN code, within a distance, and says an unknown one", async ({
    page,
    db,
    makeSeller,
  }) => {
    const word = uniqueWord("near");
    const food = await categoryId(db, "food-and-beverages");
    await makeSeller({
      business_name: `${word} Dosa`,
      pincode: "560034",
      locality: "Koramangala",
      categoryIds: [food],
    });
    await makeSeller({ business_name: `${word} Idli`, pincode: "560102", locality: "HSR Layout", categoryIds: [food] });
    await makeSeller({ business_name: `${word} Vada`, pincode: "560066", locality: "Whitefield", categoryIds: [food] });

    await page.goto("/directory");
    await page.getByLabel("Search", { exact: true }).fill(word);
    await page.getByLabel("Near PIN code").fill("560102");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`search=${word}.*near=560102`));
    const cards = page.getByTestId("seller-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText(`${word} Idli`);
    await expect(cards.nth(0).getByTestId("distance")).toHaveText("0 km");
    await expect(cards.nth(1)).toContainText(`${word} Dosa`);
    await expect(cards.nth(1).getByTestId("distance")).toHaveText("2.9 km");
    await expect(cards.nth(2)).toContainText(`${word} Vada`);
    await expect(page.getByLabel("Active filters")).toContainText("Near 560102");

    await page.getByLabel("Distance", { exact: true }).selectOption("5");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/within_km=5/);
    await expect(cards).toHaveCount(2);
    await expect(page.getByLabel("Near PIN code")).toHaveValue("560102");
    await expect(page.getByLabel("Distance", { exact: true })).toHaveValue("5");

    await page.getByRole("link", { name: "Remove distance: within 5 km" }).click();
    await expect(cards).toHaveCount(3);
    await expect(page).not.toHaveURL(/within_km/);
    await page.getByRole("link", { name: "Remove near 560102" }).click();
    await expect(page).not.toHaveURL(/near=/);
    await expect(page.getByTestId("distance")).toHaveCount(0);

    await page.getByLabel("Near PIN code").fill("999999");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("The PIN code 999999 does not exist. Please check its six digits.")).toBeVisible();
    await expect(page.getByLabel("Near PIN code")).toHaveValue("999999");
    await expect(page.getByLabel("Near PIN code")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue(word);
    await expect(cards).toHaveCount(3);
  });

  test("in Hindi and Kannada, with the page's words", async ({ page, makeSeller }) => {
    const word = uniqueWord("near");
    await makeSeller({ business_name: `${word} Dosa`, pincode: "560034" });
    await makeSeller({ business_name: `${word} Idli`, pincode: "560102" });
    await page.goto(`/hi/directory?search=${word}`);
    await page.getByLabel("पिन कोड के पास").fill("560034");
    await page.getByLabel("दूरी", { exact: true }).selectOption("5");
    await page.getByRole("button", { name: "खोजें", exact: true }).click();
    await expect(page).toHaveURL(/\/hi\/directory\?.*near=560034.*within_km=5/);
    await expect(page.getByTestId("distance")).toHaveText(["0 कि.मी.", "2.9 कि.मी."]);
    await page.goto(`/kn/directory?search=${word}&near=560034`);
    await expect(page.getByTestId("distance")).toHaveText(["0 ಕಿ.ಮೀ.", "2.9 ಕಿ.ಮೀ."]);
    await expect(page.getByLabel("ಪಿನ್ ಕೋಡ್ ಹತ್ತಿರ")).toHaveValue("560034");
  });

  test.describe("use my location", () => {
    // Koramangala, a little off its PIN code's centre: rounded to 12.93,77.62 in the URL.
    test.use({ geolocation: { latitude: 12.93114, longitude: 77.62381 } });

    test("with JavaScript, her click asks for the position and lists the nearest; without it, the PIN code form", async ({
      page,
      context,
      jsEnabled,
      makeSeller,
    }) => {
      const word = uniqueWord("here");
      await makeSeller({ business_name: `${word} Dosa`, pincode: "560034" });
      await makeSeller({ business_name: `${word} Vada`, pincode: "560066" });
      await page.goto(`/directory?search=${word}`);
      const button = page.getByRole("button", { name: "Use my location" });
      if (!jsEnabled) {
        // The plain form is the whole control: no button, the PIN code field still works.
        await expect(page.getByLabel("Near PIN code")).toBeVisible();
        await expect(button).toHaveCount(0);
        await page.getByLabel("Near PIN code").fill("560066");
        await page.getByRole("button", { name: "Search" }).click();
        await expect(page.getByTestId("seller-card").first()).toContainText(`${word} Vada`);
        return;
      }
      // Refused first: a clear message, nothing sent.
      await button.click();
      await expect(page.getByRole("alert")).toHaveText(
        "Your browser did not share your location. Allow it for this site, or type your PIN code.",
      );
      await expect(page).not.toHaveURL(/near=/);
      await context.grantPermissions(["geolocation"]);
      await button.click();
      await expect(page).toHaveURL(new RegExp(`search=${word}.*near=12\\.93%2C77\\.62`));
      const cards = page.getByTestId("seller-card");
      await expect(cards.nth(0)).toContainText(`${word} Dosa`);
      await expect(cards.nth(1)).toContainText(`${word} Vada`);
      await expect(page.getByLabel("Near PIN code")).toHaveValue("12.93,77.62");
    });
  });

  test.describe("her own point on her profile", () => {
    // ~500 m from Koramangala's centre, in its area: kept as 12.931, 77.624.
    test.use({ geolocation: { latitude: 12.93114, longitude: 77.62381 } });

    test("she moves it within her PIN code's area, typed or (with JavaScript) from her location; one outside is refused at its field", async ({
      page,
      context,
      db,
      jsEnabled,
      makeSeller,
    }) => {
      const me = await signInAs(context, "seller");
      const sellerId = await makeSeller({
        user_id: me.id,
        business_name: uniqueWord("point"),
        address: "1 Road",
        city: "Bangalore",
        pincode: "560034",
      });
      await page.goto("/seller-dashboard");
      const point = page.getByLabel("Point (latitude, longitude), optional");
      const save = page.getByRole("button", { name: "Save Profile" });
      await expect(point).toHaveValue("");
      // Indiranagar's centre is not in Koramangala's area: said at the field, what she typed kept.
      await point.fill("12.978, 77.641");
      await save.click();
      await expect(
        page.getByText(
          "This point is not in your PIN code's area. Choose a point nearer its centre, or leave the field empty to use the centre",
        ),
      ).toBeVisible();
      await expect(point).toHaveValue("12.978, 77.641");
      const useLocation = page.getByRole("button", { name: "Use my location" });
      if (jsEnabled) {
        await context.grantPermissions(["geolocation"]);
        await useLocation.click();
        await expect(point).toHaveValue("12.931, 77.624");
      } else {
        await expect(useLocation).toHaveCount(0);
        await point.fill("12.93114, 77.62381");
      }
      await save.click();
      await expect(page.getByText("Your profile has been saved.")).toBeVisible();
      await expect(point).toHaveValue("12.931, 77.624");
      expect(
        await db
          .selectFrom("sellers")
          .select(["latitude", "longitude"])
          .where("id", "=", sellerId)
          .executeTakeFirstOrThrow(),
      ).toEqual({ latitude: 12.931, longitude: 77.624 });
    });
  });
});
