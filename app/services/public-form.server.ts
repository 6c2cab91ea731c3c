import { getDb } from "~db/client";
import { HONEYPOT_FIELD } from "~/components/forms";
import { consume, tooManyMessage } from "./rate-limit.server";

export const HONEYPOT_MESSAGE = "Your submission could not be accepted. Please try again.";

export type AbuseCheck = { ok: true } | { ok: false; status: 400 | 429; message: string; headers?: HeadersInit };

/** The shared guard of public forms: the honeypot must be empty and the client within its rate limit. */
export function checkPublicForm(scope: string, clientAddress: string, honeypotValue: unknown): AbuseCheck {
  if (typeof honeypotValue === "string" && honeypotValue.trim() !== "") {
    return { ok: false, status: 400, message: HONEYPOT_MESSAGE };
  }
  const rate = consume(getDb(), scope, clientAddress);
  if (!rate.allowed) {
    return { ok: false, status: 429, message: tooManyMessage(rate.retryAfterSeconds), headers: { "Retry-After": String(rate.retryAfterSeconds) } };
  }
  return { ok: true };
}

export { HONEYPOT_FIELD };
