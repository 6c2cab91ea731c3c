import { describe, expect, it } from "vitest";
import { haversineKm } from "~/lib/geo";
import { metresPerPixel, offsetOf, positionAtOffset, tilesAround, tileUrl, worldPixel } from "~/lib/map-tiles";
import { parseSettings, SettingsError } from "~/services/config.server";
import { osmTile } from "../support/tile-server";

// The small maps' tile arithmetic (lib/map-tiles.ts) against the slippy-map formulas as OpenStreetMap's wiki
// writes them (tile numbers from degrees), and the MAP_TILES_URL setting.

const KORAMANGALA = { lat: 12.935, lng: 77.624 };
const BANDRA = { lat: 19.06, lng: 72.836 };

describe("the small maps' tiles", () => {
  it("puts a position in the tile OpenStreetMap's formula names, at every zoom", () => {
    for (const place of [KORAMANGALA, BANDRA, { lat: -33.86, lng: 151.21 }, { lat: 0.001, lng: -0.001 }]) {
      for (const zoom of [0, 5, 13, 14, 18]) {
        const pixel = worldPixel(place, zoom);
        expect({ x: Math.floor(pixel.x / 256), y: Math.floor(pixel.y / 256) }).toEqual(
          osmTile(place.lat, place.lng, zoom),
        );
      }
    }
    // Pinned: Koramangala's tile at zoom 14.
    const pixel = worldPixel(KORAMANGALA, 14);
    expect([Math.floor(pixel.x / 256), Math.floor(pixel.y / 256)]).toEqual([11724, 7598]);
  });

  it("turns a click's offset back into the position there, and a position into its offset", () => {
    for (const [dx, dy] of [
      [0, 0],
      [120, -45],
      [-300, 110],
    ]) {
      const at = positionAtOffset(KORAMANGALA, 14, dx, dy);
      const back = offsetOf(KORAMANGALA, 14, at);
      expect(back.x).toBeCloseTo(dx, 6);
      expect(back.y).toBeCloseTo(dy, 6);
    }
    // 100 px east at zoom 14 in Bengaluru is 100 pixels' worth of metres on the ground.
    const east = positionAtOffset(KORAMANGALA, 14, 100, 0);
    expect(haversineKm(KORAMANGALA, east) * 1000).toBeCloseTo(100 * metresPerPixel(KORAMANGALA.lat, 14), -1);
    expect(metresPerPixel(KORAMANGALA.lat, 14)).toBeCloseTo(9.31, 2);
    // North is up: a negative offset is a larger latitude.
    expect(positionAtOffset(KORAMANGALA, 14, 0, -50).lat).toBeGreaterThan(KORAMANGALA.lat);
  });

  it("lays out every tile the map's box needs, each placed from the centre, and no other", () => {
    const template = "https://tiles.example.org/{z}/{x}/{y}.png?key=k";
    const tiles = tilesAround(template, KORAMANGALA, 13, 420, 100);
    const centre = worldPixel(KORAMANGALA, 13);
    const columns = [Math.floor((centre.x - 420) / 256), Math.floor((centre.x + 420) / 256)];
    const rows = [Math.floor((centre.y - 100) / 256), Math.floor((centre.y + 100) / 256)];
    expect(tiles).toHaveLength((columns[1] - columns[0] + 1) * (rows[1] - rows[0] + 1));
    const own = osmTile(KORAMANGALA.lat, KORAMANGALA.lng, 13);
    const middle = tiles.find((t) => t.src === `https://tiles.example.org/13/${own.x}/${own.y}.png?key=k`);
    expect(middle).toBeDefined();
    // The centre lies inside its own tile: its corner is up and left of the centre, within a tile.
    expect(middle!.left).toBeLessThanOrEqual(0);
    expect(middle!.left).toBeGreaterThan(-256);
    expect(middle!.top).toBeLessThanOrEqual(0);
    expect(middle!.top).toBeGreaterThan(-256);
    // Neighbours sit a tile apart.
    const east = tiles.find((t) => t.src.includes(`/13/${own.x + 1}/${own.y}.png`));
    expect(east!.left - middle!.left).toBe(256);
    expect(tileUrl("https://t.example/{z}/{y}/{x}", 3, 1, 2)).toBe("https://t.example/3/2/1");
  });

  it("wraps at the antimeridian and stops at the poles' edge", () => {
    const across = tilesAround("/{z}/{x}/{y}", { lat: 0, lng: 179.99 }, 3, 300, 100);
    expect(across.map((t) => t.src)).toEqual([
      "/3/6/3",
      "/3/7/3",
      "/3/0/3",
      "/3/1/3",
      "/3/6/4",
      "/3/7/4",
      "/3/0/4",
      "/3/1/4",
    ]);
    // The tile east of the antimeridian is drawn east of it, not at the far side of the world.
    expect(across[2].left - across[1].left).toBe(256);
    const north = tilesAround("/{z}/{x}/{y}", { lat: 85, lng: 0 }, 2, 100, 300);
    expect(north.every((t) => /^\/2\/[12]\/[01]$/.test(t.src))).toBe(true);
    expect(north).toHaveLength(4);
  });
});

describe("MAP_TILES_URL", () => {
  const problemsOf = (env: NodeJS.ProcessEnv) => {
    try {
      parseSettings(env);
    } catch (e) {
      if (e instanceof SettingsError) return e.problems.join("\n");
      throw e;
    }
    return "";
  };

  it("is off unless set, and takes a tile address with its credit and origin", () => {
    expect(parseSettings({}).mapTiles).toBeNull();
    expect(parseSettings({ MAP_TILES_URL: "https://tile.example.org:8443/osm/{z}/{x}/{y}.png" }).mapTiles).toEqual({
      url: "https://tile.example.org:8443/osm/{z}/{x}/{y}.png",
      attribution: "© OpenStreetMap contributors",
      origin: "https://tile.example.org:8443",
    });
    expect(
      parseSettings({ MAP_TILES_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png", MAP_TILES_ATTRIBUTION: "© Local maps" })
        .mapTiles,
    ).toMatchObject({ attribution: "© Local maps", origin: "http://127.0.0.1:9" });
  });

  it("refuses an address without the three places or not http(s), naming the setting", () => {
    const message = "MAP_TILES_URL: must be an http(s) address of the tiles with {z}, {x} and {y}";
    expect(problemsOf({ MAP_TILES_URL: "https://tile.example.org/{z}/{x}.png" })).toContain(message);
    expect(problemsOf({ MAP_TILES_URL: "ftp://tile.example.org/{z}/{x}/{y}.png" })).toContain(message);
    expect(problemsOf({ MAP_TILES_URL: "tile.example.org/{z}/{x}/{y}.png" })).toContain(message);
    expect(problemsOf({ MAP_TILES_URL: "https://t.example/{z}/{x}/{y}.png", MAP_TILES_ATTRIBUTION: " " })).toContain(
      "MAP_TILES_ATTRIBUTION: must name the map's source",
    );
  });
});
