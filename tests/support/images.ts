import sharp from "sharp";
import { deflateSync } from "node:zlib";

// Image inputs for the upload tests, made on the fly (no binary fixtures in the repository).

/** A small real PNG (a gradient, so it is not trivially compressible). */
export async function pngImage(width = 64, height = 48, hue = 0): Promise<Buffer> {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      raw[i] = (x * 4 + hue) & 255;
      raw[i + 1] = (y * 5) & 255;
      raw[i + 2] = ((x + y) * 3) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels } }).png().toBuffer();
}

/** A JPEG carrying EXIF metadata with a GPS position. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp(await pngImage(80, 60))
    .jpeg()
    .withExif({
      IFD0: { Make: "TestCam", Model: "Secret Model" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1" },
    })
    .toBuffer();
}

/** Random-noise PNG of at least `bytes` bytes (noise does not compress). */
export async function pngOfAtLeast(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 8;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 256) | 0;
  const png = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  if (png.length < bytes) throw new Error("noise png too small");
  return png;
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A decompression bomb: a valid 1-bit PNG of width × height pixels that is only a few dozen KB. */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = Math.ceil(width / 8) + 1;
  const raw = Buffer.alloc(rowBytes * height); // all zero: filter byte 0 and black pixels
  const idat = deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const HTML_PAGE = Buffer.from(
  "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
);
export const TEXT_FILE = Buffer.from("just some notes, not an image\n");

/** A real GIF image with an HTML payload appended (a GIF/HTML polyglot). */
export async function gifHtmlPolyglot(): Promise<Buffer> {
  const gif = await sharp(await pngImage(16, 16))
    .gif()
    .toBuffer();
  return Buffer.concat([gif, Buffer.from("<html><script>alert(1)</script></html>")]);
}
