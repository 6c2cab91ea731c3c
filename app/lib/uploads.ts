/** Public address of a stored public upload key (or an absolute URL kept as is). Private keys are never passed here. */
export function publicUploadUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  if (/^https?:\/\//.test(key) || key.startsWith("/")) return key;
  return `/uploads/${encodeURIComponent(key)}`;
}
