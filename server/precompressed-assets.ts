// Precompressed build assets: `npm run build` writes a brotli (quality 11) and a gzip (level 9) copy
// beside each compressible file of build/client/assets, once; the server then sends the copy a browser
// accepts instead of compressing on every request at the `compression` middleware's fast levels.
// Usage (the build's last step): tsx server/precompressed-assets.ts [folder]
import type { NextFunction, Request, Response } from "express";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { constants, brotliCompressSync, gzipSync } from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".txt", ".map", ".html"]);
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** Writes `<file>.br` and `<file>.gz` for each compressible file of `dir` (only when smaller). */
export function writePrecompressed(dir: string): {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
} {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!COMPRESSIBLE.has(extname(name)) || !statSync(path).isFile()) continue;
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    totals.files += 1;
    totals.bytes += body.length;
    totals.brotliBytes += Math.min(br.length, body.length);
    totals.gzipBytes += Math.min(gz.length, body.length);
  }
  return totals;
}

/** The encodings a request accepts (`q=0` refuses one). */
function accepted(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (token && !(q && Number(q.slice(2)) === 0)) out.add(token);
  }
  return out;
}

/**
 * Express middleware for a folder of built assets: answers a GET/HEAD with the `.br` or `.gz` copy the
 * client accepts (brotli first), typed as the original file. Anything else falls through to the next
 * handler (express.static serves the plain file). The folder is listed once: build assets never change
 * while the server runs.
 */
export function precompressedAssets(
  dir: string,
  { maxAge = "1y", immutable = true }: { maxAge?: string; immutable?: boolean } = {},
) {
  const root = resolve(dir);
  let names: Set<string>;
  try {
    names = new Set(readdirSync(root));
  } catch {
    names = new Set();
  }
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next(); // a malformed escape: not one of ours
    }
    // Only a plain file name of the folder itself (no sub-paths, no dot files).
    if (!name || name.includes("/") || name.includes("\\") || name.startsWith(".") || !names.has(name)) return next();
    const accepts = accepted(req.headers["accept-encoding"]);
    const encoding = ENCODINGS.find((e) => accepts.has(e.name) && names.has(name + e.suffix));
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(extname(name));
    res.setHeader("Content-Encoding", encoding.name);
    res.sendFile(name + encoding.suffix, { root, maxAge, immutable, dotfiles: "deny" }, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        next();
      }
    });
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dir = process.argv[2] ?? "build/client/assets";
  const t = writePrecompressed(dir);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `precompressed ${t.files} files in ${dir}: ${kb(t.bytes)} → brotli ${kb(t.brotliBytes)}, gzip ${kb(t.gzipBytes)}`,
  );
}
