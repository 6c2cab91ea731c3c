import { config } from "./config.server";

/** The site's public origin for links in pages and redirects (canonical, QR codes, OAuth): PUBLIC_URL when set, else the request's own. */
export function publicOrigin(request: Request): string {
  const configured = config().publicUrl;
  if (configured) return configured;
  // The scheme can come from a trusted proxy's X-Forwarded-Proto: anything but https is served as http (a
  // scheme such as gopher has no web origin at all, and would make every link "null").
  const url = new URL(request.url);
  return `${url.protocol === "https:" ? "https" : "http"}://${url.host}`;
}

/**
 * The origin of links sent by mail (email verification, newsletter unsubscribe, password reset). Never the
 * request's `Host` header, which a client chooses: PUBLIC_URL, or without it the server's own local
 * address (a development default; a production start without PUBLIC_URL is warned about).
 */
export function mailLinkOrigin(): string {
  const settings = config();
  return settings.publicUrl || `http://localhost:${settings.port}`;
}
