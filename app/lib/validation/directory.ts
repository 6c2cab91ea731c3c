import { z } from "zod";
import { API_MAX_LIMIT, DIRECTORY_PAGE_SIZE, SEARCH_MAX_LENGTH } from "../constants";
import { queryText } from "./fields";
import { searchParamsObject } from "./params";

/** Query of the directory page and GET /api/sellers. Bad paging is refused by the API, the page falls back. */
export const directoryQuerySchema = z.object({
  search: queryText(SEARCH_MAX_LENGTH),
  category: queryText(80),
  city: queryText(40),
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
