import { z } from "zod";
import { API_MAX_LIMIT, DIRECTORY_PAGE_SIZE, REVIEW_MAX_LENGTH, REVIEWER_NAME_MAX_LENGTH, SEARCH_MAX_LENGTH } from "./constants";

// One schema per input, shared by the page's form action and its /api twin.

const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim().slice(0, max));

/** Query of the directory page and GET /api/sellers. Bad paging is refused by the API, the page falls back. */
export const directoryQuerySchema = z.object({
  search: optionalText(SEARCH_MAX_LENGTH),
  category: optionalText(80),
  city: optionalText(40),
  featured: z
    .enum(["true", "false", "1", "0"], { error: "featured must be true or false" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
  page: z.coerce
    .number({ error: "page must be a whole number of 1 or more" })
    .int("page must be a whole number of 1 or more")
    .min(1, "page must be a whole number of 1 or more")
    .max(1_000_000, "page is too large")
    .default(1),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${API_MAX_LIMIT}` })
    .int(`limit must be a whole number from 1 to ${API_MAX_LIMIT}`)
    .min(1, `limit must be a whole number from 1 to ${API_MAX_LIMIT}`)
    .max(API_MAX_LIMIT, `limit must be a whole number from 1 to ${API_MAX_LIMIT}`)
    .default(DIRECTORY_PAGE_SIZE),
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

export function searchParamsObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  return out;
}

/** A positive database id in a URL segment; anything else is "not found". */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}

export const REVIEW_MISSING_MESSAGE = "Please fill all fields and select a rating";

/** True when a review post lacks its name, rating or text (the spec's one message covers that case). */
export function isReviewIncomplete(input: { reviewer_name?: unknown; rating?: unknown; review_text?: unknown }): boolean {
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  return blank(input.reviewer_name) || blank(input.rating) || blank(input.review_text);
}

export const reviewSchema = z.object({
  reviewer_name: z
    .string({ error: "Please enter your name" })
    .trim()
    .min(1, "Please enter your name")
    .max(REVIEWER_NAME_MAX_LENGTH, `Name must be at most ${REVIEWER_NAME_MAX_LENGTH} characters`),
  rating: z
    .number({ error: (iss) => (iss.input === undefined ? "Please select a rating" : "Rating must be a whole number from 1 to 5") })
    .int("Rating must be a whole number from 1 to 5")
    .min(1, "Rating must be a whole number from 1 to 5")
    .max(5, "Rating must be a whole number from 1 to 5"),
  review_text: z
    .string({ error: "Please write your review" })
    .trim()
    .min(1, "Please write your review")
    .max(REVIEW_MAX_LENGTH, `Review must be at most ${REVIEW_MAX_LENGTH.toLocaleString("en-IN")} characters`),
});
export type ReviewInput = z.output<typeof reviewSchema>;

export const apiReviewSchema = reviewSchema.extend({
  seller_id: z
    .number({ error: "seller_id must be a seller's id" })
    .int("seller_id must be a seller's id")
    .positive("seller_id must be a seller's id"),
});
