import { roundPosition } from "~/lib/geo";
import { osmTile } from "../support/tile-server";
import type { Page, Response } from "@playwright/test";
import { expect, signInAs, test, uniqueWord } from "./fixtures";

// The small maps (MAP_TILES_URL: the browser tests' servers take their tiles from support/tile-server.ts):
// a seller's profile shows her PIN code's area, never her own point; her dashboard shows her point, and with
// JavaScript a click or the arrow keys on the map move it into her field. Without JavaScript the maps are
// the same pictures (the server lays out the tiles). The arithmetic is tests/unit/map-tiles.test.ts's.

const TILES_ORIGIN = new URL(process.env.E2E_MAP_TILES_URL!.replace(/\{[zxy]\}/g, "0")).origin;

/** Opens a page, recording the answers of the tile server to it. */
async function openWithTiles(page: Page, path: string) {
  const answered = new Map<string, number>();
  const record = (response: Response) => {
    if (response.url().startsWith(TILES_ORIGIN)) answered.set(response.url(), response.status());
  };
  page.on("response", record);
  const response = await page.goto(path);
  return { response: response!, answered, stop: () => page.off("response", record) };
}

/** The tiles the map draws (its background layers), each answered 200 by the stand-in: none was blocked (CSP). */
async function expectTilesLoaded(page: Page, opened: Awaited<ReturnType<typeof openWithTiles>>): Promise<string[]> {
  const { answered } = opened;
  const style = (await page.locator(".static-map-picture").getAttribute("style")) ?? "";
  const tiles = [...style.matchAll(/url\("([^"]+)"\)/g)].map((m) => m[1]);
  expect(tiles.length).toBeGreaterThan(0);
  await expect.poll(() => tiles.filter((tile) => answered.get(tile) !== 200)).toEqual([]);
  opened.stop();
  return tiles;
}

test.describe("small maps", () => {
  test("her profile shows her PIN code's area, not her own point, in the page's language", async ({
    page,
    db,
    makeSeller,
  }) => {
    const id = await makeSeller({
      business_name: uniqueWord("mapped"),
      pincode: "560034",
      locality: "Koramangala",
      city: "Bangalore",
    });
    const centre = await db
      .selectFrom("sellers")
      .select(["latitude", "longitude"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // She moved her point ~850 m from her PIN code's centre (12.926, 77.622): the public map must not follow it.
    await db.updateTable("sellers").set({ latitude: 12.931, longitude: 77.628 }).where("id", "=", id).execute();

    const opened = await openWithTiles(page, `/seller/${id}`);
    expect(opened.response.headers()["content-security-policy"]).toContain(
      `img-src 'self' data: blob: ${TILES_ORIGIN};`,
    );
    const area = page.getByRole("region", { name: "Her area on the map" });
    await expect(area.getByRole("img", { name: "Map of the area around Koramangala, Bangalore" })).toBeVisible();
    await expect(area).toContainText("The circle is the area of her PIN code, not her address.");
    await expect(area).toContainText("Map: © the tests' tile stand-in");
    const tiles = await expectTilesLoaded(page, opened);
    // The map is centred on her PIN code's centre to two decimals: its tile is drawn, the circle about it.
    const shown = { lat: roundPosition(centre.latitude!, 2), lng: roundPosition(centre.longitude!, 2) };
    const own = osmTile(shown.lat, shown.lng, 13);
    expect(tiles).toContain(`${TILES_ORIGIN}/13/${own.x}/${own.y}.png`);
    await expect(area.locator(".static-map-area")).toHaveCount(1);
    await expect(area.getByTestId("map-pin")).toHaveCount(0);

    await page.goto(`/hi/seller/${id}`);
    const hindi = page.getByRole("region", { name: "नक्शे पर उनका क्षेत्र" });
    await expect(hindi.getByRole("img", { name: "Koramangala, Bangalore के आसपास के क्षेत्र का नक्शा" })).toBeVisible();
    await expect(hindi).toContainText("नक्शा: © the tests' tile stand-in");
  });

  test("her dashboard shows her point; with JavaScript a click or the arrow keys on the map move it, saved with her profile", async ({
    page,
    context,
    db,
    jsEnabled,
    makeSeller,
  }) => {
    const me = await signInAs(context, "seller");
    const sellerId = await makeSeller({
      user_id: me.id,
      business_name: uniqueWord("picker"),
      address: "1 Road",
      city: "Bangalore",
      pincode: "560034",
    });
    const opened = await openWithTiles(page, "/seller-dashboard");
    const point = page.getByLabel("Point (latitude, longitude), optional");
    const map = page.getByRole("img", { name: "Your point on a map of your PIN code's area" });
    await expect(map).toBeVisible();
    await expectTilesLoaded(page, opened);
    const pin = page.getByTestId("map-pin");
    /** Where the pin's tip is, in pixels from the map's centre (both measured in one frame: the page may be scrolling). */
    const tipOf = () =>
      pin.evaluate((marker) => {
        const [box, view] = [
          marker.getBoundingClientRect(),
          marker.closest(".static-map-view")!.getBoundingClientRect(),
        ];
        return {
          x: box.x + box.width / 2 - (view.x + view.width / 2),
          y: box.y + box.height - (view.y + view.height / 2),
        };
      });
    // At her centre: the pin's tip is the map's centre.
    const atCentre = await tipOf();
    expect(Math.abs(atCentre.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(atCentre.y)).toBeLessThanOrEqual(1);
    const pick = page.getByRole("button", { name: "Move your point: click the map, or use the arrow keys" });

    if (!jsEnabled) {
      // The picture only: her point is typed (tests/e2e/near-me.spec.ts), the pin follows when saved.
      await expect(pick).toHaveCount(0);
      await expect(page.getByText("Tap the map where you are")).toHaveCount(0);
      await point.fill("12.931, 77.628");
    } else {
      await expect(
        page.getByText("Tap the map where you are to move your point there, then save your profile."),
      ).toBeVisible();
      // 60 px right and 40 px up of the centre: east and north of it, and the pin goes there.
      const mapBox = (await pick.boundingBox())!;
      await pick.click({ position: { x: mapBox.width / 2 + 60, y: mapBox.height / 2 - 40 } });
      await expect(point).not.toHaveValue("");
      const [lat, lng] = (await point.inputValue()).split(", ").map(Number);
      const centre = await db
        .selectFrom("sellers")
        .select(["latitude", "longitude"])
        .where("id", "=", sellerId)
        .executeTakeFirstOrThrow();
      expect(lng - centre.longitude!).toBeCloseTo(60 * (360 / (256 * 2 ** 14)), 3);
      expect(lat).toBeGreaterThan(centre.latitude!);
      // The pin went where she clicked (to within the rounding of the stored point, ~10 px).
      const tip = await tipOf();
      expect(Math.abs(tip.x - 60)).toBeLessThanOrEqual(6);
      expect(Math.abs(tip.y + 40)).toBeLessThanOrEqual(6);
      // The arrow keys move it a stored step (0.001°) at a time.
      await pick.press("ArrowRight");
      await expect(point).toHaveValue(`${lat.toFixed(3)}, ${(lng + 0.001).toFixed(3)}`);
      await pick.press("ArrowUp");
      await expect(point).toHaveValue(`${(lat + 0.001).toFixed(3)}, ${(lng + 0.001).toFixed(3)}`);
      // Typing moves the pin back to where the text says.
      await point.fill("12.931, 77.628");
    }
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Your profile has been saved.")).toBeVisible();
    expect(
      await db
        .selectFrom("sellers")
        .select(["latitude", "longitude"])
        .where("id", "=", sellerId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ latitude: 12.931, longitude: 77.628 });
    // After the save the pin stands at her point, north-east of her PIN code's centre (12.926, 77.622): 0.006° east
    // is ~70 px at zoom 14, 0.005° north ~60 px up.
    await expect(point).toHaveValue("12.931, 77.628");
    const saved = await tipOf();
    expect(Math.abs(saved.x - 70)).toBeLessThanOrEqual(6);
    expect(Math.abs(saved.y + 60)).toBeLessThanOrEqual(6);
  });
});
