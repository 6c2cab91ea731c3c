/** Public address of a stored public upload key (or an absolute URL kept as is). Private keys are never passed here. */
export function publicUploadUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  if (/^https?:\/\//.test(key) || key.startsWith("/")) return key;
  return `/uploads/${encodeURIComponent(key)}`;
}

/**
 * Each public image is also kept at these widths beside the original (`<name>.w160.webp`, `<name>.w480.webp`),
 * so pages can offer a `srcset`. Originals are at most IMAGE_MAX_EDGE wide; a variant is never wider than its original.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 480] as const;
export const IMAGE_MAX_EDGE = 1600;

/** The stored name of an image's copy at `width` ("abc.webp" → "abc.w160.webp"). */
export function variantName(name: string, width: number): string {
  return name.replace(/\.webp$/, `.w${width}.webp`);
}

const LOCAL_WEBP = /^\/uploads\/[^/?#]+\.webp$/;

/**
 * `srcset` for an image address: the variants and the original for our own public WebP uploads, nothing
 * for anything else (external addresses keep a plain `src`). The original's width is not stored with
 * the address; the IMAGE_MAX_EDGE descriptor only makes browsers prefer the 480 px copy up to that need.
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !LOCAL_WEBP.test(url)) return undefined;
  return [...IMAGE_VARIANT_WIDTHS.map((w) => `${variantName(url, w)} ${w}w`), `${url} ${IMAGE_MAX_EDGE}w`].join(", ");
}
