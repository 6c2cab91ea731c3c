import { getDb } from "~db/client";
import { consume, retryAfterHeaders, throttled } from "./rate-limit.server";

export const HONEYPOT_MESSAGE = "Your submission could not be accepted. Please try again.";

export type AbuseCheck = { ok: true } | { ok: false; status: 400 | 429; message: string; headers?: HeadersInit };

/** The shared guard of public forms: the honeypot must be empty and the client within its rate limit. */
export async function checkPublicForm(
  scope: string,
  clientAddress: string,
  honeypotValue: unknown,
): Promise<AbuseCheck> {
  if (typeof honeypotValue === "string" && honeypotValue.trim() !== "") {
    return { ok: false, status: 400, message: HONEYPOT_MESSAGE };
  }
  const rate = await consume(getDb(), scope, clientAddress);
  if (!rate.allowed) {
    const refusal = throttled(rate.retryAfterSeconds);
    return { ...refusal, headers: retryAfterHeaders(refusal) };
  }
  return { ok: true };
}

/** The daily cap's answer: the window is a day, so the wait is said in hours. */
export function tooManyUploadsMessage(retryAfterSeconds: number): string {
  const hours = Math.max(1, Math.ceil(retryAfterSeconds / 3600));
  return `You have uploaded too many images today. Please try again in ${hours} hour${hours === 1 ? "" : "s"}.`;
}

/**
 * The per-address daily cap on stored images (UPLOAD_DAILY), across every public way in: each image of
 * a request counts, so one application with nine images uses nine.
 */
export async function checkDailyUploads(clientAddress: string, images: number): Promise<AbuseCheck> {
  for (let i = 0; i < images; i++) {
    const rate = await consume(getDb(), "upload_daily", clientAddress);
    if (!rate.allowed) {
      const refusal = throttled(rate.retryAfterSeconds, tooManyUploadsMessage(rate.retryAfterSeconds));
      return { ...refusal, headers: retryAfterHeaders(refusal) };
    }
  }
  return { ok: true };
}
