import { config } from "./config.server";

/** Security headers for every HTML document; scripts run only with the per-request nonce. */
export function applySecurityHeaders(headers: Headers, nonce: string, isDev: boolean): void {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${isDev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'unsafe-inline'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${isDev ? " ws: wss:" : ""}`,
    "frame-src https://www.youtube-nocookie.com",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  headers.set("Content-Security-Policy", csp);
  // X-Content-Type-Options, Referrer-Policy and X-Frame-Options are set for every response by the server (scripts/server.ts).
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (!isDev && config().hsts) headers.set("Strict-Transport-Security", "max-age=31536000");
}
