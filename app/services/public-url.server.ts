import { config } from "./config.server";

/** The site's public origin for links in pages and redirects (canonical, QR codes, OAuth): PUBLIC_URL when set, else the request's own. */
export function publicOrigin(request: Request): string {
  return config().publicUrl || new URL(request.url).origin;
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
