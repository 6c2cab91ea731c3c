// Who the cache may answer: a visitor without an account's cookie.

/**
 * Whether a request may be answered as an anonymous visitor: it carries no cookie but `theme`. Cookie
 * parsers forgive a great deal (`__session =x`, a tab before `=`, quotes, a second Cookie header, another
 * case), so this does not try to read a session the way one of them would: any cookie name other than
 * `theme`, in any spelling, or the word "session" anywhere, and the request is not anonymous.
 */
export function isAnonymousCookieHeader(cookieHeader: string | string[] | null | undefined): boolean {
  if (!cookieHeader) return true;
  const header = Array.isArray(cookieHeader) ? cookieHeader.join("; ") : cookieHeader;
  if (/session/i.test(header)) return false;
  return header
    .split(/[;,]/)
    .filter((part) => part.trim() !== "")
    .every((part) => /^theme=/.test(part.trim()));
}
