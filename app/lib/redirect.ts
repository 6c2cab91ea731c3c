const SAME = "http://same-site.invalid";

/**
 * A same-site path to go back to after a post; anything a browser could read as another origin falls
 * back: other hosts, `//host`, schemes, backslashes (read as slashes), control characters such as a tab
 * (browsers drop them, so `/\t/evil.example` becomes `//evil.example`), and encoded slashes at the
 * start. The answer is the parser's normalised, percent-encoded path, so it is always a valid
 * Location header (no character outside Latin-1).
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length > 2048 || !to.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(to) || /^\/(\/|%2f|%5c)/i.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, SAME);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME) return fallback;
  // What is returned is checked, not only what came in: dot segments (`/.//host`, `/x/..//host`,
  // `/%2e//host`) normalise into `//host`, which a browser reads as another origin.
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || /^\/[/\\]/.test(path)) return fallback;
  return path;
}

/** A way back into the admin portal only (after a staff sign-in); anything else is /admin. */
export function safeAdminPath(to: FormDataEntryValue | string | null | undefined): string {
  const path = safeRedirectPath(to, "/admin");
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin?") ? path : "/admin";
}
