import { config } from "./config.server";
import { paymentGateway } from "./payments/index.server";

/** Headers every answer of the server carries (pages, JSON, files, uploads, redirects, errors), set once by the server. */
export const RESPONSE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
} as const;

/** Uploaded files are served as inert data: nothing in one can run or load anything. */
export const UPLOAD_CSP = "default-src 'none'; sandbox";

/** Security headers for every HTML document; scripts run only with the per-request nonce. */
export function applySecurityHeaders(headers: Headers, nonce: string, isDev: boolean): void {
  // The small maps' tiles come from their server (MAP_TILES_URL), when set.
  const tiles = config().mapTiles;
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${isDev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${tiles ? ` ${tiles.origin}` : ""}`,
    "font-src 'self'",
    `connect-src 'self'${isDev ? " ws: wss:" : ""}`,
    "frame-src https://www.youtube-nocookie.com",
    // With online payments on, "Pay ₹X now" posts to /pay, which redirects to the gateway's hosted page.
    `form-action 'self'${(paymentGateway()?.pageOrigins ?? []).map((o) => ` ${o}`).join("")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  headers.set("Content-Security-Policy", csp);
  // RESPONSE_HEADERS are set for every answer by the server (server/app.ts).
  // Geolocation for the site's own pages only: the directory's "Use my location" (components/use-my-location.tsx).
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  if (!isDev && config().hsts) headers.set("Strict-Transport-Security", "max-age=31536000");
}
