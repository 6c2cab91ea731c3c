import type { Position } from "./geo";

// The small maps (docs/decisions/220-small-maps-from-tiles-without-a-library.md): the square tiles every
// map tile server serves at `{z}/{x}/{y}` (Web Mercator, 256 px, 2^z × 2^z of them at zoom z), laid out
// around a point so that the point sits at the map's centre whatever the map's width. Isomorphic: the
// server places the tiles in the HTML (no JavaScript needed to see a map), the seller's dashboard turns a
// click back into a position.

export const TILE_SIZE = 256;

/** Where the tiles come from (MAP_TILES_URL, MAP_TILES_ATTRIBUTION): null when the maps are off. */
export type MapTilesSource = { url: string; attribution: string };

/** A tile's address and its top-left corner in pixels from the map's centre. */
export type PlacedTile = { src: string; left: number; top: number };

type Pixel = { x: number; y: number };

/** A position's pixel in the whole world's map at a zoom (x eastwards from 180° W, y southwards from ~85° N). */
export function worldPixel({ lat, lng }: Position, zoom: number): Pixel {
  const size = TILE_SIZE * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** The position at a pixel of the whole world's map at a zoom: worldPixel's inverse. */
export function positionOfWorldPixel({ x, y }: Pixel, zoom: number): Position {
  const size = TILE_SIZE * 2 ** zoom;
  const n = Math.PI - (2 * Math.PI * y) / size;
  return { lat: (Math.atan(Math.sinh(n)) * 180) / Math.PI, lng: (x / size) * 360 - 180 };
}

/** The position at an offset in pixels from the map's centre (a click on the map). */
export function positionAtOffset(centre: Position, zoom: number, dx: number, dy: number): Position {
  const at = worldPixel(centre, zoom);
  return positionOfWorldPixel({ x: at.x + dx, y: at.y + dy }, zoom);
}

/** A position's offset in pixels from the map's centre (where a marker goes). */
export function offsetOf(centre: Position, zoom: number, point: Position): Pixel {
  const at = worldPixel(centre, zoom);
  const to = worldPixel(point, zoom);
  return { x: to.x - at.x, y: to.y - at.y };
}

/** Metres on the ground one pixel spans at a latitude and zoom. */
export function metresPerPixel(lat: number, zoom: number): number {
  return (2 * Math.PI * 6_378_137 * Math.cos((lat * Math.PI) / 180)) / (TILE_SIZE * 2 ** zoom);
}

/** A tile's address from the source's template (`{z}`, `{x}`, `{y}`). */
export function tileUrl(template: string, zoom: number, x: number, y: number): string {
  return template.replaceAll("{z}", String(zoom)).replaceAll("{x}", String(x)).replaceAll("{y}", String(y));
}

/**
 * The tiles that cover a map of up to `halfWidth` × `halfHeight` pixels each side of its centre, each with
 * its place relative to the centre (the map's own width may be anything up to twice halfWidth).
 */
export function tilesAround(
  template: string,
  centre: Position,
  zoom: number,
  halfWidth: number,
  halfHeight: number,
): PlacedTile[] {
  const at = worldPixel(centre, zoom);
  const count = 2 ** zoom;
  const tiles: PlacedTile[] = [];
  const rows = [Math.floor((at.y - halfHeight) / TILE_SIZE), Math.floor((at.y + halfHeight) / TILE_SIZE)];
  const columns = [Math.floor((at.x - halfWidth) / TILE_SIZE), Math.floor((at.x + halfWidth) / TILE_SIZE)];
  for (let y = Math.max(0, rows[0]); y <= Math.min(count - 1, rows[1]); y++) {
    for (let x = columns[0]; x <= columns[1]; x++) {
      const wrapped = ((x % count) + count) % count;
      tiles.push({
        src: tileUrl(template, zoom, wrapped, y),
        left: Math.round(x * TILE_SIZE - at.x),
        top: Math.round(y * TILE_SIZE - at.y),
      });
    }
  }
  return tiles;
}
