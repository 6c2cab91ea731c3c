import pLimit from "p-limit";
import { IMAGE_MAX_BYTES } from "~/lib/constants";
import { IMAGE_MAX_EDGE, IMAGE_VARIANT_WIDTHS, variantName } from "~/lib/upload-urls";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import { loadSharp } from "./sharp.server";
import { readObject, type UploadStore, uploadKey, type Visibility } from "./upload-store.server";

// Every uploaded image is judged by its content, never by its name or declared type
// (docs/decisions/020-images-checked-by-content.md): decoded by sharp within a pixel budget, refused when it carries
// markup, then re-encoded (which drops metadata such as camera location) before it is stored.

/** Decompression-bomb guard: images over this many pixels are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 40_000_000; // e.g. 8000 × 5000
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
/** Markup that has no business inside an image (HTML/SVG/PHP polyglots). */
const MARKUP = /<(?:script|html|body|svg|iframe|object|embed|\?php|!doctype)\b|javascript:/i;

export const PIXELS_TOO_LARGE_MESSAGE =
  "This image has too many pixels. Please resize it (for example to 800×600) and try again.";
/** Each edge, and the long side against the short one, are bounded too: a 1 × 40,000,000 strip is cheap to send and slow to decode. */
export const MAX_INPUT_EDGE = 10_000;
export const MAX_ASPECT_RATIO = 20;
export const SHAPE_MESSAGE =
  "This image is too long or too narrow. Please crop or resize it (for example to 800×600) and try again.";
/** One image's decoding and re-encoding may take this long; beyond it the image is refused. */
export const IMAGE_TIME_LIMIT_SECONDS = 5;

// Images are processed two at a time, one libvips thread each (loadSharp), so one client's images never
// hold the others' for long: with the bounds above no image takes more than a second or two, and the time
// limit caps the rest. No libvips operation cache: every upload is a new image, so the cache (50 MB by
// default) only kept decoded pixels nobody asked for again, in native memory (docs/reliability.md).
const imageSlots = pLimit(2);

export type ProcessedImage = { ok: true; data: Buffer; width: number; height: number; mime: "image/webp" };
export type ImageRefusal = { ok: false; reason: "invalid" | "too_large"; message: string };

export function processImage(
  input: Uint8Array,
  options: { maxBytes?: number; quality?: number } = {},
): Promise<ProcessedImage | ImageRefusal> {
  return imageSlots(() => processImageNow(input, options));
}

async function processImageNow(
  input: Uint8Array,
  options: { maxBytes?: number; quality?: number },
): Promise<ProcessedImage | ImageRefusal> {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  if (input.byteLength === 0) return { ok: false, reason: "invalid", message: APPLICATION_MESSAGES.notImage };
  if (input.byteLength > maxBytes) return { ok: false, reason: "too_large", message: APPLICATION_MESSAGES.tooBig };
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (MARKUP.test(buffer.toString("latin1")))
    return { ok: false, reason: "invalid", message: APPLICATION_MESSAGES.notImage };

  const sharp = await loadSharp();
  try {
    // sharp() itself throws synchronously on some inputs (an empty buffer); the awaits reject on the rest.
    const meta = await sharp(buffer, { limitInputPixels: false, failOn: "error" }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      return { ok: false, reason: "invalid", message: APPLICATION_MESSAGES.notImage };
    }
    // Judged from the header alone, before a pixel is decoded.
    if (meta.width * meta.height > MAX_INPUT_PIXELS)
      return { ok: false, reason: "invalid", message: PIXELS_TOO_LARGE_MESSAGE };
    const [long, short] = meta.width >= meta.height ? [meta.width, meta.height] : [meta.height, meta.width];
    if (long > MAX_INPUT_EDGE || long / short > MAX_ASPECT_RATIO)
      return { ok: false, reason: "invalid", message: SHAPE_MESSAGE };
    const { data, info } = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 })
      .timeout({ seconds: IMAGE_TIME_LIMIT_SECONDS })
      .rotate() // apply the camera orientation before the EXIF block is dropped
      .resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: options.quality ?? 82 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, data, width: info.width, height: info.height, mime: "image/webp" };
  } catch {
    return { ok: false, reason: "invalid", message: APPLICATION_MESSAGES.notImage };
  }
}

/**
 * Writes the smaller copies of a stored public image beside it (`variantName`), each scaled to its width
 * (never enlarged). `data` is the stored WebP (it was checked and re-encoded when stored).
 */
export async function writeImageVariants(store: UploadStore, name: string, data: Buffer): Promise<void> {
  const sharp = await loadSharp();
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const copy = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    await store.put(uploadKey("public", variantName(name, width)), copy, { contentType: "image/webp" });
  }
}

/**
 * Writes the copies of a stored public image from its original, unless the image is removed meanwhile:
 * "gone" when the original is not there, before or after the copies were written. Its remover
 * (`removeImageFiles`) deletes the original first and the copies after it, so an original still there
 * once the copies are written means any later removal deletes these copies too, and an original gone
 * by then means the removal may have run before the copies existed: they are deleted here.
 */
export async function writeImageVariantsOf(store: UploadStore, name: string): Promise<"done" | "gone"> {
  const original = await readObject(store, uploadKey("public", name));
  if (!original) return "gone";
  await writeImageVariants(store, name, original);
  if (await store.exists(uploadKey("public", name))) return "done";
  await removeImageFiles(store, "public", name);
  return "gone";
}

/** Writes the copies of a stored public image that are missing (images stored before variants existed). */
export async function ensureImageVariants(store: UploadStore, name: string): Promise<boolean> {
  const present = await Promise.all(
    IMAGE_VARIANT_WIDTHS.map((w) => store.exists(uploadKey("public", variantName(name, w)))),
  );
  if (present.every(Boolean)) return false;
  return (await writeImageVariantsOf(store, name)) === "done";
}

/**
 * Removes a stored image and its copies: the original first, then the copies (the order a copy being
 * written meanwhile relies on, `writeImageVariantsOf`).
 */
export async function removeImageFiles(store: UploadStore, visibility: Visibility, name: string): Promise<void> {
  await store.delete(uploadKey(visibility, name));
  await Promise.all(
    IMAGE_VARIANT_WIDTHS.map((w) => variantName(name, w)).map((n) => store.delete(uploadKey(visibility, n))),
  );
}
