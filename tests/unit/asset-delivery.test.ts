import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESPONSE_HEADERS, UPLOAD_CSP } from "~/services/security-headers.server";
import { type RunningServer, startServer } from "../support/server";

// The production build served by the real server (the build `npm test` makes before the unit tests):
// precompressed assets, and the image markup of the directory and a profile (srcset, sizes, priority).
/** The server's address, known once it has started (its port is chosen right before it binds). */
let base = "";
let dir: string;
let server: RunningServer | undefined;

/** A raw GET (fetch would decode the body): status, headers and the bytes as sent. */
function rawGet(
  path: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request(`${base}${path}`, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    req.end();
  });
}

const imgTags = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];
const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"))?.[1];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bwp-assets-"));
  server = await startServer({
    env: {
      WEB_CONCURRENCY: "1",
      DATABASE_PATH: join(dir, "site.db"),
      UPLOADS_DIR: join(dir, "uploads"),
      SEED_DEMO: "12",
      SESSION_SECRET: "asset-test-secret-0123456789abcdef",
    },
  });
  base = server.base;
}, 60_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("built assets", () => {
  const entry = readdirSync("build/client/assets").find((n) => /^entry\.client-.*\.js$/.test(n))!;
  const original = readFileSync(join("build/client/assets", entry));

  it("are sent as the brotli or gzip copy the browser accepts, or plain", async () => {
    const br = await rawGet(`/assets/${entry}`, "gzip, deflate, br, zstd");
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gz = await rawGet(`/assets/${entry}`, "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    expect(br.body.length).toBeLessThan(gz.body.length);

    const plain = await rawGet(`/assets/${entry}`, "br;q=0, gzip;q=0");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });
});

describe("the public pages' first download", () => {
  it("holds no zod: root and the public route modules import no chunk with zod in it", () => {
    const assets = "build/client/assets";
    const manifestFile = readdirSync(assets).find((n) => /^manifest-.*\.js$/.test(n))!;
    const manifest = JSON.parse(
      readFileSync(join(assets, manifestFile), "utf8")
        .replace(/^window\.__reactRouterManifest=/, "")
        .replace(/;\s*$/, ""),
    ) as {
      routes: Record<string, { module: string; imports?: string[] }>;
    };
    const publicRoutes = [
      "root",
      "routes/home",
      "routes/directory",
      "routes/seller",
      "routes/contact",
      "routes/list-your-business",
      "routes/register",
      "routes/newsletter",
      "routes/accounts/seller-login",
      "routes/accounts/seller-signup",
    ];
    const withZod = (file: string) => readFileSync(join("build/client", file), "utf8").includes("ZodError");
    for (const id of publicRoutes) {
      const route = manifest.routes[id];
      expect(route, id).toBeDefined();
      const files = [route.module, ...(route.imports ?? [])];
      expect(files.filter(withZod), id).toEqual([]);
    }
    // The validators exist, as a chunk loaded on demand.
    expect(
      readdirSync(assets)
        .filter((n) => n.endsWith(".js"))
        .some((n) => withZod(`/assets/${n}`)),
    ).toBe(true);
  });
});

describe("images in pages", () => {
  it("the directory's cards offer srcset with sizes, width and height; the first loads first, later ones lazily", async () => {
    const html = await (await fetch(`${base}/directory`)).text();
    const cards = imgTags(html).filter((t) => attr(t, "alt")?.endsWith("profile photo"));
    expect(cards.length).toBeGreaterThan(4);
    for (const tag of cards) {
      const src = attr(tag, "src")!;
      expect(attr(tag, "srcset")).toBe(
        `${src.replace(/\.webp$/, ".w160.webp")} 160w, ${src.replace(/\.webp$/, ".w480.webp")} 480w, ${src} 1600w`,
      );
      expect(attr(tag, "sizes")).toBeTruthy();
      expect(Number(attr(tag, "width"))).toBeGreaterThan(0);
      expect(Number(attr(tag, "height"))).toBeGreaterThan(0);
    }
    expect(attr(cards[0], "fetchpriority")).toBe("high");
    expect(cards.slice(1).every((t) => attr(t, "fetchpriority") === undefined)).toBe(true);
    expect(attr(cards.at(-1)!, "loading")).toBe("lazy");

    const small = await fetch(`${base}${attr(cards[0], "srcset")!.split(" ")[0]}`);
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/webp");
    // An upload carries every header of every answer, and its own sandbox.
    for (const [name, value] of Object.entries(RESPONSE_HEADERS)) expect(small.headers.get(name), name).toBe(value);
    expect(small.headers.get("content-security-policy")).toBe(UPLOAD_CSP);
    const missing = await fetch(`${base}/uploads/no-such-file.webp`);
    expect(missing.status).toBe(404);
    for (const [name, value] of Object.entries(RESPONSE_HEADERS)) expect(missing.headers.get(name), name).toBe(value);
  });

  it("a profile's photo is the page's priority image, never lazy", async () => {
    const html = await (await fetch(`${base}/directory`)).text();
    const card = html.match(/href="\/seller\/(\d+)"[^]*?<img\b[^>]*profile photo/);
    expect(card).not.toBeNull();
    const page = await (await fetch(`${base}/seller/${card![1]}`)).text();
    const photo = imgTags(page).find((t) => attr(t, "alt")?.endsWith("profile photo"))!;
    expect(attr(photo, "fetchpriority")).toBe("high");
    expect(attr(photo, "loading")).not.toBe("lazy");
    expect(attr(photo, "srcset")).toContain(".w160.webp 160w");
    expect(attr(photo, "sizes")).toBe("7rem");
    expect(attr(photo, "width")).toBe("112");
  });
});
