import sharp from "sharp";
import { IMAGE_MAX_BYTES } from "~/lib/constants";
import { APPLICATION_MESSAGES } from "~/lib/schemas";

// Every uploaded image is judged by its content, never by its name or declared type (decision 19):
// decoded by sharp within a pixel budget, refused when it carries markup, then re-encoded (which drops
// metadata such as camera location) before it is stored.

/** Decompression-bomb guard: images over this many pixels are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 40_000_000; // e.g. 8000 × 5000
/** Stored images are scaled down to fit this box. */
const MAX_EDGE = 1600;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
/** Markup that has no business inside an image (HTML/SVG/PHP polyglots). */
const MARKUP = /<(?:script|html|body|svg|iframe|object|embed|\?php|!doctype)\b|javascript:/i;

export const PIXELS_TOO_LARGE_MESSAGE = "This image has too many pixels. Please resize it (for example to 800×600) and try again.";

export type ProcessedImage = { ok: true; data: Buffer; width: number; height: number; mime: "image/webp" };
export type ImageRefusal = { ok: false; status: 400 | 413; message: string };

export async function processImage(input: Uint8Array, options: { maxBytes?: number; quality?: number } = {}): Promise<ProcessedImage | ImageRefusal> {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  if (input.byteLength === 0) return { ok: false, status: 400, message: APPLICATION_MESSAGES.notImage };
  if (input.byteLength > maxBytes) return { ok: false, status: 413, message: APPLICATION_MESSAGES.tooBig };
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (MARKUP.test(buffer.toString("latin1"))) return { ok: false, status: 400, message: APPLICATION_MESSAGES.notImage };

  try {
    // sharp() itself throws synchronously on some inputs (an empty buffer); the awaits reject on the rest.
    const meta = await sharp(buffer, { limitInputPixels: false, failOn: "error" }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      return { ok: false, status: 400, message: APPLICATION_MESSAGES.notImage };
    }
    if (meta.width * meta.height > MAX_INPUT_PIXELS) return { ok: false, status: 400, message: PIXELS_TOO_LARGE_MESSAGE };
    const { data, info } = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 })
      .rotate() // apply the camera orientation before the EXIF block is dropped
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: options.quality ?? 82 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, data, width: info.width, height: info.height, mime: "image/webp" };
  } catch {
    return { ok: false, status: 400, message: APPLICATION_MESSAGES.notImage };
  }
}
