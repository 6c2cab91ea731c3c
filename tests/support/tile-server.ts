import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import sharp from "sharp";

// A local stand-in of a map tile server for the tests (never the network): `/{z}/{x}/{y}.png` answers a
// 256 px PNG, streets on a pale ground, shaded by the tile's place so that neighbours differ; anything else
// 404. It records the tiles asked for. Run as a script (the browser tests' webServer), it listens on
// TILES_PORT.

export type TileStandIn = {
  /** the MAP_TILES_URL to give the site */
  template: string;
  /** the tiles asked for, as "z/x/y" */
  requested: string[];
  close: () => Promise<void>;
};

/**
 * The tile holding a position at a zoom, by OpenStreetMap's wiki's "lon./lat. to tile numbers", written out
 * here independently of the site's lib/map-tiles.ts.
 */
export function osmTile(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const latRad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.asinh(Math.tan(latRad)) / Math.PI) / 2) * n),
  };
}

const TILE = /^\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/;
const made = new Map<string, Promise<Buffer>>();

function tilePng(x: number, y: number): Promise<Buffer> {
  const key = `${(x + y) % 2}`;
  let png = made.get(key);
  if (!png) {
    const ground = key === "0" ? "#efe9df" : "#e9e4da";
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
      <rect width="256" height="256" fill="${ground}"/>
      <path d="M0 64H256M0 192H256M64 0V256M192 0V256" stroke="#ffffff" stroke-width="6"/>
      <path d="M0 128H256M128 0V256" stroke="#f6d77a" stroke-width="9"/>
      <circle cx="40" cy="220" r="18" fill="#c8e3bd"/>
    </svg>`;
    png = sharp(Buffer.from(svg)).png().toBuffer();
    made.set(key, png);
  }
  return png;
}

export async function startTileStandIn(port = 0): Promise<TileStandIn> {
  const requested: string[] = [];
  const server: Server = createServer((req, res) => {
    const match = TILE.exec(new URL(req.url ?? "/", "http://stand-in").pathname);
    if (req.method !== "GET" || !match) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("no such tile");
      return;
    }
    requested.push(`${match[1]}/${match[2]}/${match[3]}`);
    tilePng(Number(match[2]), Number(match[3])).then(
      (png) => res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "max-age=3600" }).end(png),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    template: `http://127.0.0.1:${bound}/{z}/{x}/{y}.png`,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.env.TILES_PORT);
  if (!port) throw new Error("TILES_PORT is not set");
  const standIn = await startTileStandIn(port);
  console.log(`tile stand-in listening on ${standIn.template}`);
}
