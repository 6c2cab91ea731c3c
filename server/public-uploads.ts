import { STATUS_CODES } from "node:http";
import { pipeline } from "node:stream/promises";
import type express from "express";
import { IMAGE_VARIANT_WIDTHS } from "~/lib/upload-urls";
import type { Settings } from "~/services/config.server";
import { UPLOAD_CSP } from "~/services/security-headers.server";
import { type ByteRange, isStorableName, uploadKey, uploadStore } from "~/services/upload-store.server";

// The HTTP side of the upload store (app/services/upload-store.server.ts) for the public images at
// /uploads/<name>: read from an S3 bucket (streamed, with byte ranges and ETags as the folder's static
// serving answers them) or redirected to a CDN, and the smaller copies not made yet. The Express chain
// that mounts them, and the folder's static serving, stay in app.ts.

const PUBLIC_UPLOAD_CACHE = "public, max-age=2592000, immutable";

/** The one byte range a request asks of an object (send's rules), "unsatisfiable", or null for the whole. */
function partOf(req: express.Request, object: { size: number; etag?: string }): ByteRange | "unsatisfiable" | null {
  const header = req.headers.range;
  if (!header || !/^ *bytes=/.test(header)) return null;
  const ifRange = req.headers["if-range"];
  // If-Range with an ETag: the range only for that version; with a date: never (no Last-Modified is sent).
  if (ifRange && !(ifRange.includes('"') && object.etag && ifRange.includes(object.etag))) return null;
  const ranges = req.range(object.size, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  if (ranges === undefined || ranges === -2 || ranges.length !== 1) return null;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}

const VARIANT = new RegExp(`^/([A-Za-z0-9][A-Za-z0-9._-]*)\\.w(?:${IMAGE_VARIANT_WIDTHS.join("|")})\\.webp$`);

/**
 * A smaller copy that is not written yet (the background queue makes it after the upload was answered):
 * the page's srcset names it, so its address redirects to the original for now, never cached.
 */
export function variantNotReady(req: express.Request, res: express.Response, next: express.NextFunction): void {
  const match = (req.method === "GET" || req.method === "HEAD") && VARIANT.exec(req.path);
  if (!match) return next();
  res.set("Cache-Control", "no-store").redirect(302, `${req.baseUrl}/${match[1]}.webp`);
}

/**
 * /uploads/<name> from the bucket: redirected to UPLOADS_PUBLIC_URL when set (a CDN in front of the
 * bucket), else streamed from it with the headers the folder's static serving gives. Names are checked
 * by the store's own rule: anything else is not found, never a key.
 */
export function storedPublicUploads(settings: Settings): express.RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    if (!isStorableName(name)) return next();
    if (settings.uploadsPublicUrl) {
      res
        .set("Cache-Control", "public, max-age=86400")
        .redirect(302, `${settings.uploadsPublicUrl}/${encodeURIComponent(name)}`);
      return;
    }
    let object;
    try {
      object = await uploadStore().get(uploadKey("public", name));
    } catch (err) {
      req.log.error({ err }, "reading a public upload from the store failed");
      res.status(503).set("Retry-After", "5").type("text/plain").send("This image cannot be read right now.");
      return;
    }
    if (!object) return next();
    res.set({
      "Cache-Control": PUBLIC_UPLOAD_CACHE,
      "Content-Security-Policy": UPLOAD_CSP,
      "Content-Type": object.contentType ?? "image/webp",
    });
    if (object.etag) res.set("ETag", object.etag);
    if (object.etag && req.headers["if-none-match"] === object.etag) {
      object.stream.destroy();
      res.status(304).end();
      return;
    }
    res.set("Accept-Ranges", "bytes");
    // Byte ranges as the folder's static serving (send) answers them: one range is 206 with Content-Range,
    // an unsatisfiable one 416 with the size, several or a malformed one (or a stale If-Range) the whole image.
    const range = partOf(req, object);
    if (range === "unsatisfiable") {
      object.stream.destroy();
      res.status(416).set("Content-Range", `bytes */${object.size}`).type("text/plain").send(STATUS_CODES[416]);
      return;
    }
    let body = object.stream;
    let length = object.size;
    if (range) {
      object.stream.destroy();
      let part;
      try {
        part = req.method === "HEAD" ? null : await uploadStore().get(uploadKey("public", name), { range });
      } catch (err) {
        req.log.error({ err }, "reading a public upload from the store failed");
        res.status(503).set("Retry-After", "5").type("text/plain").send("This image cannot be read right now.");
        return;
      }
      if (req.method !== "HEAD" && !part) return next();
      res.status(206).set("Content-Range", `bytes ${range.start}-${range.end}/${object.size}`);
      if (part) body = part.stream;
      length = range.end - range.start + 1;
    }
    res.set("Content-Length", String(length));
    if (req.method === "HEAD") {
      body.destroy();
      res.end();
      return;
    }
    await pipeline(body, res).catch(() => undefined);
  };
}
