import pino from "pino";
import { nodeEnvironment } from "./config.server";

// One JSON line per event on standard output (pino). The server sets the level from LOG_LEVEL at boot;
// the unit tests log only warnings. Secrets never reach a line: request lines carry no headers and a
// redacted query (see server/app.ts), and these paths are censored wherever they appear.

/**
 * pino's ISO time (`,"time":"2026-12-01T00:50:21.123Z"`), made once per millisecond: under load a cached hit's
 * line formatted the same instant about ten times (pino's `isoTime` was 2 % of a hit's time in a profile).
 */
let lastTimeMs = -1;
let lastTime = "";
function isoTimeOncePerMs(): string {
  const now = Date.now();
  if (now !== lastTimeMs) {
    lastTimeMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

export const logger = pino({
  level: nodeEnvironment() === "test" ? "warn" : "info",
  base: { pid: process.pid },
  timestamp: isoTimeOncePerMs,
  formatters: { level: (label) => ({ level: label }) },
  redact: {
    paths: [
      "password",
      "*.password",
      "cookie",
      "*.cookie",
      "authorization",
      "*.authorization",
      "headers",
      "*.headers",
      "token",
      "*.token",
      "secret",
      "*.secret",
    ],
    censor: "[redacted]",
  },
});

/**
 * For request lines only: they carry the method, a redacted path and the status, never a header, cookie
 * or body (server/request-basics.ts builds them), so the redaction pass (about half the cost of a line)
 * is left out. Follows the main logger's level.
 */
export const requestLineLogger = logger.child({}, { redact: { paths: [], censor: "[redacted]" } });

// Query parameters whose values may be secret (sign-in links, OAuth answers, reset tokens, addresses), and
// where a visitor is (near me's PIN code or position: docs/decisions/211-near-me-pin-code-centres-in-memory.md).
const SECRET_PARAMS = /token|code|state|pass|secret|key|auth|session|email|nonce|sig|^near$/i;

/** A request target for the log: the path, and the query with possibly secret values replaced. */
export function loggablePath(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url.length > 512 ? `${url.slice(0, 512)}…` : url;
  const path = url.slice(0, Math.min(q, 512));
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = [...params].map(
    ([name, value]) =>
      `${encodeURIComponent(name)}=${SECRET_PARAMS.test(name) ? "[redacted]" : encodeURIComponent(value.slice(0, 100))}`,
  );
  return kept.length ? `${path}?${kept.join("&").slice(0, 512)}` : path;
}
