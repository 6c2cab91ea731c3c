import { z } from "zod";
import { API_MAX_LIMIT, DIRECTORY_PAGE_SIZE, SEARCH_MAX_LENGTH } from "../constants";
import { queryText } from "./fields";
import { parsePosition, PINCODE_PATTERN, type Position } from "../geo";
import { searchParamsObject } from "./params";

/** The widest `within_km` the API takes (the directory's form offers 2, 5, 10 and 25). */
export const WITHIN_KM_MAX = 1000;
const WITHIN_KM_MESSAGE = `within_km must be a number of kilometres greater than 0 and at most ${WITHIN_KM_MAX}`;

/** Query of the directory page and GET /api/sellers. Bad paging is refused by the API, the page falls back. */
export const directoryQuerySchema = z.object({
  search: queryText(SEARCH_MAX_LENGTH),
  category: queryText(80),
  city: queryText(40),
  featured: z
    .enum(["true", "false", "1", "0"], { error: "featured must be true or false" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
  /** only the sellers open at the moment of the request (India's time) */
  open_now: z
    .enum(["true", "false", "1", "0"], { error: "open_now must be true or false" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
  /** a 6-digit PIN code or `<lat>,<lng>`: read by `nearOf`, checked against the PIN codes by the server */
  near: queryText(60),
  within_km: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      const km = Number(v);
      if (Number.isFinite(km) && km > 0 && km <= WITHIN_KM_MAX) return km;
      ctx.addIssue({ code: "custom", message: WITHIN_KM_MESSAGE });
      return z.NEVER;
    }),
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

/**
 * The directory's query string as fields for `directoryQuerySchema`, for the page and GET /api/sellers
 * alike. `q` (the suggest API's name, and what people type by hand) is another name for `search`.
 */
export function directoryQueryFields(params: URLSearchParams): Record<string, string> {
  const { q, ...fields } = searchParamsObject(params);
  if (fields.search === undefined && q !== undefined) fields.search = q;
  return fields;
}

/** GET /api/search/suggest?q=: the words typed so far (longer than a search can be is refused). */
export const suggestQuerySchema = z.object({
  q: z
    .string({ error: "q must be text" })
    .max(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`)
    .optional()
    .transform((q) => q ?? ""),
});

/**
 * What `near` says: a PIN code (its six digits) or a position (`<lat>,<lng>` in degrees, within the
 * Earth's range); "malformed" for anything else, undefined when not given.
 */
export function nearOf(near: string): { pincode: string } | { position: Position } | "malformed" | undefined {
  const text = near.trim();
  if (!text) return undefined;
  if (PINCODE_PATTERN.test(text)) return { pincode: text };
  const position = parsePosition(text);
  return position ? { position } : "malformed";
}
