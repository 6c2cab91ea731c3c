import { z } from "zod";
import { API_LIST_MAX_LIMIT, ENQUIRY_PAGE_SIZE } from "./constants";

// One way to read a list's filters from a URL, for every admin list and its /api twin.

export const searchFilter = z.string().trim().max(100, "search must be at most 100 characters");

export type FilterShape = Record<string, z.ZodType<string>>;
export type FilterValues<S extends FilterShape> = { [K in keyof S]: z.output<S[K]> };

/**
 * A list's filters from a URL. The page is lenient (a value it does not know falls back to "" = all);
 * the API is strict and answers the first bad value's message (400).
 */
export function filtersFrom<S extends FilterShape>(
  shape: S,
  params: URLSearchParams,
): { values: FilterValues<S>; error: string | null } {
  const values = {} as Record<string, string>;
  let error: string | null = null;
  for (const [key, schema] of Object.entries(shape)) {
    const parsed = schema.safeParse(params.get(key) ?? "");
    if (parsed.success) values[key] = parsed.data;
    else {
      values[key] = "";
      error ??= parsed.error.issues[0]?.message ?? `Invalid ${key}`;
    }
  }
  return { values: values as FilterValues<S>, error };
}

/** The page's reading: unknown values mean "all". */
export const pageFilters =
  <S extends FilterShape>(shape: S) =>
  (params: URLSearchParams) =>
    filtersFrom(shape, params).values;

const apiPagingSchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(100_000, "page is too large"),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${API_LIST_MAX_LIMIT}` })
    .int(`limit must be a whole number from 1 to ${API_LIST_MAX_LIMIT}`)
    .min(1, `limit must be a whole number from 1 to ${API_LIST_MAX_LIMIT}`)
    .max(API_LIST_MAX_LIMIT, `limit must be a whole number from 1 to ${API_LIST_MAX_LIMIT}`),
});

/** The API's reading: strict filters plus page (default 1) and limit (default 20, at most 100). */
export function apiListQuery<S extends FilterShape>(shape: S, params: URLSearchParams) {
  const { values, error } = filtersFrom(shape, params);
  if (error) return { ok: false as const, message: error };
  const paging = apiPagingSchema.safeParse({
    page: params.get("page") || "1",
    limit: params.get("limit") || String(ENQUIRY_PAGE_SIZE),
  });
  if (!paging.success) return { ok: false as const, message: paging.error.issues[0]?.message ?? "Invalid paging" };
  return { ok: true as const, filters: values, paging: paging.data };
}
